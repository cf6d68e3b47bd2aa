package gates

import (
	"context"
	"strings"
	"testing"
)

// TestCopyCheckWithoutIndexSaysHowToBuildOne: with no copy-check index the copy check is
// UNKNOWN, and its finding (which the review page shows) says plainly that no index exists and
// how an operator builds one and runs the check again.
func TestCopyCheckWithoutIndexSaysHowToBuildOne(t *testing.T) {
	t.Parallel()
	res := RunGate(context.Background(), provenanceGate, clean(), testEnv(), 0)
	for _, f := range res.Findings {
		if f.Check != checkProvenanceCopy {
			continue
		}
		if f.Verdict != Unknown {
			t.Errorf("copy check with no index = %s; want UNKNOWN", f.Verdict)
		}
		for _, want := range []string{"No copy-check index", "theoremdb corpus add", "theoremdb corpus build", "theoremdb gates rerun --gate provenance"} {
			if !strings.Contains(f.Behaviour, want) {
				t.Errorf("the finding %q does not say %q", f.Behaviour, want)
			}
		}
		return
	}
	t.Fatal("no copy-check finding")
}
