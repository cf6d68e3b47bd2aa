package gates_test

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/seed"
)

// stDemoNow is after every demo packet's reference search.
var stDemoNow = time.Date(2026, time.December, 1, 12, 0, 0, 0, time.UTC)

// stDemoRevisions builds the gates' packet of every demo submission and revision.
func stDemoRevisions(t *testing.T) map[string]*gates.Revision {
	t.Helper()
	out := map[string]*gates.Revision{}
	for _, p := range seed.Packets() {
		r, err := policy.GateRevisionOf(p.Input, stDemoNow, false)
		if err != nil {
			t.Fatalf("demo packet %s: %v", p.Key, err)
		}
		r.ProblemID = "demo:" + p.Key
		out[p.Key] = r
	}
	if len(out) == 0 {
		t.Fatal("seed.Packets() is empty")
	}
	return out
}

func stDemoRun(r *gates.Revision) gates.Result {
	g, _ := gates.ByName(gates.Statement)
	return gates.RunGate(context.Background(), g, r, gates.Env{Now: func() time.Time { return stDemoNow }}, 0)
}

// TestStatementGateDemoPackets checks that the statement gate passes every demo problem: no
// FAIL, no UNKNOWN, and NEEDS_HUMAN only from the check that is always a person's.
func TestStatementGateDemoPackets(t *testing.T) {
	t.Parallel()
	for key, r := range stDemoRevisions(t) {
		t.Run(key, func(t *testing.T) {
			t.Parallel()
			res := stDemoRun(r)
			if res.Reason != "" {
				t.Fatalf("the gate did not run: %s", res.Reason)
			}
			for _, f := range res.Findings {
				if f.Verdict != gates.Pass && f.Check != "statement.explicit-objects" {
					t.Errorf("%s %s at %s %q: %s", f.Check, f.Verdict, f.Span.Field, f.Span.Quote, f.Behaviour)
				}
			}
		})
	}
}

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
