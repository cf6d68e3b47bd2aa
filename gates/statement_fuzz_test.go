package gates

import (
	"encoding/json"
	"os"
	"testing"
)

// FuzzStatementAnalyse: the statement gate reads whatever the TeX reader read, malformed or
// past a limit, without failing.
func FuzzStatementAnalyse(f *testing.F) {
	var seeds []string // shared with the TeX reader's fuzz test
	if b, err := os.ReadFile("../tex/testdata/fuzz_seeds.json"); err != nil || json.Unmarshal(b, &seeds) != nil {
		f.Fatalf("read the seeds: %v", err)
	}
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r := clean()
		r.Statement = s
		_ = stAnalyse(r)
	})
}
