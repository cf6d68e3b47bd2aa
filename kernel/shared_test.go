package kernel

import (
	"errors"
	"testing"
)

// TestSharedDatabases passes every proof of every database of the shared data with the second
// checker, and finds the same verdict as the C verifier on every label.
func TestSharedDatabases(t *testing.T) {
	for _, tc := range []struct {
		file   string
		proofs int
	}{
		{"demo0.mm", 1}, {"miu.mm", 1}, {"peano.mm", 0}, {"hol.mm", 151}, {"ql.mm", 1140},
		{"nf.mm", 5975}, {"big-unifier.mm", 2},
	} {
		t.Run(tc.file, func(t *testing.T) {
			src := sharedDB(t, tc.file)
			rep, err := Check(src, 0)
			if err != nil {
				t.Fatalf("Check(%s): %v", tc.file, err)
			}
			if len(rep.Verdicts) != tc.proofs {
				t.Errorf("Check(%s) found %d proofs; want %d", tc.file, len(rep.Verdicts), tc.proofs)
			}
			for _, v := range rep.Verdicts {
				if v.Status != Pass {
					t.Errorf("Check(%s): %s %s at step %d: %s", tc.file, v.Label, v.Status, v.Step, v.Reason)
				}
			}
			c := compare(t, src)
			if tc.proofs == 0 {
				if _, err := Compare(t.Context(), cExec(t), src); !errors.Is(err, ErrNoProofs) {
					t.Errorf("Compare(%s) = %v; want ErrNoProofs", tc.file, err)
				}
				return
			}
			if c.MetamathErr != nil || c.SecondErr != nil {
				t.Fatalf("Compare(%s): metamath: %v; second: %v", tc.file, c.MetamathErr, c.SecondErr)
			}
			if len(c.Rows) != tc.proofs {
				t.Errorf("Compare(%s) has %d rows; want %d", tc.file, len(c.Rows), tc.proofs)
			}
			for _, r := range c.Rows {
				if !r.OK() {
					t.Errorf("Compare(%s) %s: %s", tc.file, r.Label, r.Reason())
				}
			}
		})
	}
}
