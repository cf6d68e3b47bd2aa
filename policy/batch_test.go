package policy_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/decision"
	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
)

// TestBatchStops: three failures of one check in a UTC week from one generator propose a stop;
// an operator's stop refuses qualify for the generator's candidates, and only theirs, until it
// is lifted.
func TestBatchStops(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		agent := f.account(t, "gen-7", role.Agent)
		generated := func() string {
			in := validInput()
			in.Provenance.GeneratedBy = "Gen-7's model, prompt v2 -- x' OR '1'='1"
			p, err := f.svc.Submit(ctx, agent, in)
			if err != nil {
				t.Fatal(err)
			}
			return p.ID
		}
		fail := func(id string) {
			t.Helper()
			p, _ := f.svc.Client().Problem.Get(ctx, id)
			runs, _ := f.svc.GateRunsToDo(ctx, *p.CurrentRevisionID)
			for _, r := range runs {
				res := gates.Result{Gate: gates.Name(r.Gate), Outcome: gates.OutcomePass, Started: f.clock.Now(), Finished: f.clock.Now()}
				if r.Gate == "STATEMENT" {
					res.Outcome = gates.OutcomeFail
					res.Findings = []gates.Finding{{Check: "statement.variable-domain", Criterion: "c", Policy: gates.PolicyVersion,
						Span: gates.Span{Field: "statement"}, Behaviour: "$m$ has no domain.", Evidence: gates.Contradicts,
						Verdict: gates.Fail, Fix: "Give m a domain.", Consequence: gates.BlocksQualify}}
				}
				if err := f.svc.RecordGateResult(ctx, r.ID, "d", res); err != nil {
					t.Fatal(err)
				}
			}
		}
		for range 2 {
			fail(generated())
		}
		if ps, _ := f.svc.StopProposals(ctx); len(ps) != 0 {
			t.Errorf("a stop was proposed after two failures: %+v", ps)
		}
		fail(generated())
		ps, err := f.svc.StopProposals(ctx)
		if err != nil || len(ps) != 1 || ps[0].Source != "generator:gen-7's model, prompt v2 -- x' or '1'='1" || ps[0].Check != "statement.variable-domain" || ps[0].Failures != 3 {
			t.Fatalf("StopProposals() = %+v, %v; want one for the generator", ps, err)
		}
		if _, err := f.svc.StopBatch(ctx, f.reviewer, ps[0].Source, "why"); err == nil {
			t.Error("a reviewer stopped a batch")
		}
		stop, err := f.svc.StopBatch(ctx, f.operator, ps[0].Source, "Undeclared variables in three statements this week.")
		if err != nil {
			t.Fatal(err)
		}
		candidate := generated()
		if err := f.passGates(ctx, mustRevision(t, f, candidate)); err != nil {
			t.Fatal(err)
		}
		_, err = f.decide(ctx, f.reviewer, policy.DecisionInput{ProblemID: candidate, Action: decision.ActionQUALIFY,
			Notes: qualifyNotes(), IdempotencyKey: "q1"})
		if diff := cmp.Diff([]errKey{{"action", policy.CodeBatchStopped}}, keys(err)); diff != "" {
			t.Errorf("qualify of a stopped batch's candidate (-want +got):\n%s", diff)
		}
		items, _ := f.svc.ReviewQueue(ctx, f.reviewer, 50)
		marked := 0
		for _, it := range items {
			if it.Stopped != "" {
				marked++
			}
		}
		if marked != 4 {
			t.Errorf("%d queue rows marked stopped; want the generator's 4", marked)
		}
		// A later revision that leaves generatedBy blank stays in the stopped batch.
		in := validInput()
		in.Provenance.GeneratedBy = "Gen-7's model, prompt v2 -- x' OR '1'='1"
		mixed, err := f.svc.Submit(ctx, f.member, in)
		if err != nil {
			t.Fatal(err)
		}
		in.Provenance.GeneratedBy = ""
		if _, _, err := f.svc.Revise(ctx, f.member, mixed.ID, "", in); err != nil {
			t.Fatal(err)
		}
		if err := f.passGates(ctx, mustRevision(t, f, mixed.ID)); err != nil {
			t.Fatal(err)
		}
		_, err = f.decide(ctx, f.reviewer, policy.DecisionInput{ProblemID: mixed.ID, Action: decision.ActionQUALIFY,
			Notes: qualifyNotes(), IdempotencyKey: "q-mixed"})
		if diff := cmp.Diff([]errKey{{"action", policy.CodeBatchStopped}}, keys(err)); diff != "" {
			t.Errorf("qualify of a revision that dropped its generator (-want +got):\n%s", diff)
		}
		own := f.submitChecked(t, f.member)
		if _, err := f.decide(ctx, f.reviewer, policy.DecisionInput{ProblemID: own.ID, Action: decision.ActionQUALIFY,
			Notes: qualifyNotes(), IdempotencyKey: "q2"}); err != nil {
			t.Errorf("qualify of a member's problem while another batch is stopped = %v", err)
		}
		if err := f.svc.LiftBatch(ctx, f.operator, stop.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := f.decide(ctx, f.reviewer, policy.DecisionInput{ProblemID: candidate, Action: decision.ActionQUALIFY,
			Notes: qualifyNotes(), IdempotencyKey: "q3"}); err != nil {
			t.Errorf("qualify after the stop was lifted = %v", err)
		}
	})
}

func mustRevision(t *testing.T, f *fixture, id string) string {
	t.Helper()
	p, err := f.svc.Client().Problem.Get(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return *p.CurrentRevisionID
}
