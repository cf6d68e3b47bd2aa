package policy_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/decision"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/policy"
)

// TestRevisionOfAnAcceptedProblem: a proposer's revision of an accepted problem is only
// proposed; the accepted revision stays current and public until a reviewer adopts the new one
// (qualify, its gates passing) or declines it (keep-prospecting, with reasons).
func TestRevisionOfAnAcceptedProblem(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		p := f.submit(t, f.member)
		if _, err := f.decide(ctx, f.reviewer, policy.DecisionInput{ProblemID: p.ID, Action: decision.ActionQUALIFY,
			Notes: qualifyNotes(), IdempotencyKey: "q"}); err != nil {
			t.Fatal(err)
		}
		accepted := *p.CurrentRevisionID
		in := validInput()
		in.Title = "Erdős–Straus conjecture, restated"
		got, rev, err := f.svc.Revise(ctx, f.member, p.ID, "", in)
		if err != nil {
			t.Fatal(err)
		}
		if got.State != problem.StateACCEPTED || *got.CurrentRevisionID != accepted || got.PendingRevisionID == nil ||
			*got.PendingRevisionID != rev.ID || got.Title != p.Title {
			t.Fatalf("after revising an accepted problem: %s, current %s, pending %v, title %q", got.State, *got.CurrentRevisionID, got.PendingRevisionID, got.Title)
		}
		pk, _ := f.svc.ProblemPacket(ctx, p.ID)
		if pk.Rev().ID != accepted || pk.Problem.Edges.PendingRevision == nil || pk.Problem.Edges.PendingRevision.ID != rev.ID {
			t.Errorf("packet: current %s, pending %+v", pk.Rev().ID, pk.Problem.Edges.PendingRevision)
		}
		on := func(action decision.Action, key string) policy.DecisionInput {
			in := policy.DecisionInput{ProblemID: p.ID, RevisionID: rev.ID, Action: action, IdempotencyKey: key,
				Notes: qualifyNotes()}
			if action == decision.ActionKEEP_PROSPECTING {
				in.RevisionRequests = []string{"Keep the original title: it names the conjecture."}
			}
			if action == decision.ActionARCHIVE {
				code := decision.ReasonCodeOTHER
				in.ReasonCode = &code
			}
			return in
		}
		_, err = f.svc.RecordDecision(ctx, f.reviewer, on(decision.ActionQUALIFY, "a1"))
		if diff := cmp.Diff([]errKey{{"action", policy.CodeConflict}}, keys(err)); diff != "" {
			t.Errorf("adopting before its gates ran (-want +got):\n%s", diff)
		}
		_, err = f.svc.RecordDecision(ctx, f.reviewer, on(decision.ActionARCHIVE, "a2"))
		if diff := cmp.Diff([]errKey{{"action", policy.CodeInvalid}}, keys(err)); diff != "" {
			t.Errorf("archiving through a proposed revision (-want +got):\n%s", diff)
		}
		if err := f.passGates(ctx, rev.ID); err != nil {
			t.Fatal(err)
		}
		res, err := f.svc.RecordDecision(ctx, f.reviewer, on(decision.ActionQUALIFY, "a3"))
		if err != nil {
			t.Fatalf("adopting the proposed revision = %v", err)
		}
		if res.Problem.State != problem.StateACCEPTED || *res.Problem.CurrentRevisionID != rev.ID ||
			res.Problem.PendingRevisionID != nil || res.Problem.Title != in.Title {
			t.Errorf("after adoption: %s, current %s, pending %v, title %q", res.Problem.State, *res.Problem.CurrentRevisionID,
				res.Problem.PendingRevisionID, res.Problem.Title)
		}
		// A further revision, declined: the adopted one stays.
		in.Title = "Another title"
		_, rev, err = f.svc.Revise(ctx, f.member, p.ID, "", in)
		if err != nil {
			t.Fatal(err)
		}
		res, err = f.svc.RecordDecision(ctx, f.reviewer, on(decision.ActionKEEP_PROSPECTING, "a4"))
		if err != nil {
			t.Fatalf("declining = %v", err)
		}
		if res.Problem.PendingRevisionID != nil || res.Problem.Title != "Erdős–Straus conjecture, restated" {
			t.Errorf("after declining: pending %v, title %q", res.Problem.PendingRevisionID, res.Problem.Title)
		}
	})
}
