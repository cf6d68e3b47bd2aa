package kernel

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzCheck feeds arbitrary databases to the second checker: it must return an error or a
// verdict per $p, never panic or hang.
func FuzzCheck(f *testing.F) {
	for _, dir := range []string{"good", "broken", "incomplete"} {
		files, _ := filepath.Glob(filepath.Join("testdata", dir, "*.mm"))
		for _, p := range files {
			b, err := os.ReadFile(p)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(b)
		}
	}
	f.Add([]byte(demo + "th $p |- t = t $= " + th1Compressed + " $."))
	f.Fuzz(func(t *testing.T, src []byte) {
		db, err := Parse(src)
		if err != nil {
			return
		}
		r := db.Verify(1)
		if len(r.Verdicts) != len(db.proofs) {
			t.Fatalf("%d verdicts for %d proofs", len(r.Verdicts), len(db.proofs))
		}
		for _, v := range r.Verdicts {
			if v.Status != Pass && v.Reason == "" {
				t.Fatalf("%s: %s with no reason", v.Label, v.Status)
			}
		}
	})
}
