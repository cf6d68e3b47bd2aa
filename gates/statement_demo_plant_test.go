//go:build calibrate

package gates_test

import (
	"math/rand/v2"
	"testing"

	"github.com/theoremdb/theoremdb/gates"
)

// TestStatementPlantersOnDemoPackets plants each defect into every demo packet: the check must
// report FAIL or NEEDS_HUMAN on at least 95% of the planted packets (the calibration's goal).
func TestStatementPlantersOnDemoPackets(t *testing.T) {
	t.Parallel()
	revs := stDemoRevisions(t)
	g, _ := gates.ByName(gates.Statement)
	for _, c := range g.Checks {
		plant, ok := gates.PlanterOf(c.ID)
		if !ok {
			continue
		}
		t.Run(c.ID, func(t *testing.T) {
			t.Parallel()
			planted, caught := 0, 0
			i := uint64(0)
			for key, r := range revs {
				i++
				for s := range uint64(3) {
					cp := r.Clone()
					if !plant(cp, rand.New(rand.NewPCG(i, s))) {
						continue
					}
					planted++
					found := false
					for _, f := range stDemoRun(cp).Findings {
						if f.Check == c.ID && (f.Verdict == gates.Fail || f.Verdict == gates.NeedsHuman) {
							found = true
						}
					}
					if found {
						caught++
					} else {
						t.Logf("missed in %s (seed %d): %s", key, s, cp.Statement)
					}
				}
			}
			if planted == 0 {
				t.Fatal("the planter found no place in any demo packet")
			}
			if recall := float64(caught) / float64(planted); recall < 0.95 {
				t.Errorf("recall %.3f (%d of %d); want at least 0.95", recall, caught, planted)
			}
		})
	}
}
