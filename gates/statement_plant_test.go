//go:build calibrate

package gates

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestStatementPlanters(t *testing.T) {
	t.Parallel()
	for _, c := range statementGate.Checks {
		if !c.Certifies {
			continue
		}
		t.Run(strings.TrimPrefix(c.ID, "statement."), func(t *testing.T) {
			t.Parallel()
			plant, _ := PlanterOf(c.ID)
			for seed := range uint64(20) {
				r := clean()
				if !plant(r, rand.New(rand.NewPCG(seed, 7))) {
					t.Fatalf("seed %d: the planter found no place in the fixture", seed)
				}
				if got := stWorst(stRun(t, r), c.ID); got != Fail && got != NeedsHuman {
					t.Errorf("seed %d: %s = %s after planting; want FAIL or NEEDS_HUMAN\ntitle: %s\nstatement: %s", seed, c.ID, got, r.Title, r.Statement)
				}
			}
		})
	}
}

func TestStatementPlantersLeaveOriginal(t *testing.T) {
	t.Parallel()
	orig := clean()
	for _, c := range statementGate.Checks {
		if p, ok := PlanterOf(c.ID); ok {
			cp := orig.Clone()
			p(cp, rand.New(rand.NewPCG(1, 2)))
		}
	}
	if diff := cmp.Diff(clean(), orig); diff != "" {
		t.Errorf("planting into a clone changed the original (-want +got):\n%s", diff)
	}
}
