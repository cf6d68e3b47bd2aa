package gates_test

import (
	"context"
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
