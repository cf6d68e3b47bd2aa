package graph_test

import (
	"context"
	"testing"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/workers"
)

// TestChecksThroughGraphQL: a submission's checks are PENDING at once; once the gates have run,
// Revision.checks lists every gate with its version, outcome and findings (check, criterion,
// verdict, evidence, behaviour, fix, consequence, span), and Problem.checkSummary sums them.
func TestChecksThroughGraphQL(t *testing.T) {
	t.Parallel()
	const q = `query($id: String!) { problem(id: $id) {
		checkSummary { outcome failing needsHuman pending }
		currentRevision { checks { gate version outcome findings {
			id check criterion verdict evidence behaviour fix consequence span { field start end quote } } } } } }`
	type result struct {
		Problem struct {
			CheckSummary struct {
				Outcome                      string
				Failing, NeedsHuman, Pending int
			}
			CurrentRevision struct {
				Checks []struct {
					Gate, Version, Outcome string
					Findings               []struct {
						ID, Check, Criterion, Verdict, Evidence, Behaviour, Fix, Consequence string
						Span                                                                 struct {
							Field      string
							Start, End int
							Quote      string
						}
					}
				}
			}
		}
	}
	dbtest.Each(t, func(t *testing.T, d string) {
		a := newAPI(t, d)
		a.token("ada")
		id := a.submit("ada", "Good integers")
		var before result
		if r := a.do("", q, map[string]any{"id": id}, &before); len(r.Errors) > 0 {
			t.Fatal(r.Body)
		}
		if s := before.Problem.CheckSummary; s.Outcome != "PENDING" || s.Pending != len(gates.All()) {
			t.Errorf("checkSummary before the gates ran = %+v; want every gate pending", s)
		}
		if err := workers.RunGates(context.Background(), a.svc, gates.Env{}, a.revision(id)); err != nil {
			t.Fatal(err)
		}
		var after result
		if r := a.do("", q, map[string]any{"id": id}, &after); len(r.Errors) > 0 {
			t.Fatal(r.Body)
		}
		checks := after.Problem.CurrentRevision.Checks
		if len(checks) != len(gates.All()) {
			t.Fatalf("%d checks; want %d", len(checks), len(gates.All()))
		}
		failing := 0
		for i, c := range checks {
			if c.Gate != string(gates.All()[i].Name) || c.Version != gates.All()[i].Version || c.Outcome == "PENDING" {
				t.Errorf("check %d = %s v%s %s; want %s v%s, run", i, c.Gate, c.Version, c.Outcome, gates.All()[i].Name, gates.All()[i].Version)
			}
			if c.Outcome == "FAIL" {
				failing++
			}
			for _, f := range c.Findings {
				if f.ID == "" || f.Check == "" || f.Criterion == "" || f.Behaviour == "" || f.Span.Field == "" {
					t.Errorf("%s: incomplete finding %+v", c.Gate, f)
				}
				if f.Verdict == "FAIL" && (f.Fix == "" || f.Consequence != gates.BlocksQualify || f.Evidence != "CONTRADICTS") {
					t.Errorf("%s: failing finding %s has fix %q, consequence %q, evidence %s", c.Gate, f.Check, f.Fix, f.Consequence, f.Evidence)
				}
				if f.Span.End < f.Span.Start {
					t.Errorf("%s: span %+v", f.Check, f.Span)
				}
			}
		}
		// The test packet has no open-status record, no hero handoff: those gates fail.
		if s := after.Problem.CheckSummary; s.Outcome != "FAIL" || s.Failing != failing || failing == 0 || s.Pending != 0 {
			t.Errorf("checkSummary = %+v with %d failing gates", s, failing)
		}
	})
}
