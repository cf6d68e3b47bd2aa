package policy_test

import (
	"context"
	"testing"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/binding"
	"github.com/theoremdb/theoremdb/ent/claim"
	"github.com/theoremdb/theoremdb/ent/decision"
	"github.com/theoremdb/theoremdb/ent/hold"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
)

// TestEstablishedResolvesBlocksQualify: an established RESOLVES binding holds the problem for
// staff whatever the claim's object type, and blocks qualify — also after staff released the
// hold with keep-prospecting — until the binding is corrected or the problem archived.
func TestEstablishedResolvesBlocksQualify(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		for _, ot := range []claim.ObjectType{claim.ObjectTypeCOMPUTATION, claim.ObjectTypeLEMMA, claim.ObjectTypeCLAIM} {
			t.Run(string(ot), func(t *testing.T) {
				ctx := context.Background()
				f := newFixture(t, d)
				agent := f.account(t, "bot", role.Agent)
				staff := f.account(t, "sam", role.Operator, role.Reviewer)
				p := f.submitChecked(t, f.member)
				c, err := f.svc.AttachClaim(ctx, agent, policy.ClaimInput{ProblemID: p.ID, ObjectType: ot,
					Summary: "An exhaustive search settles every case of the statement.", Relation: binding.RelationADDRESSES})
				if err != nil {
					t.Fatal(err)
				}
				if _, _, err := f.svc.ReviewClaim(ctx, f.reviewer, policy.ClaimReviewInput{ClaimID: c.ID, Status: claim.StatusESTABLISHED,
					Relation: binding.RelationRESOLVES, Note: "The search covers the whole statement."}); err != nil {
					t.Fatal(err)
				}
				hs, _ := f.svc.Client().Hold.Query().Where(hold.ProblemID(p.ID), hold.ReleasedAtIsNil()).All(ctx)
				if len(hs) != 1 || hs[0].Reason != hold.ReasonANSWER_CLAIM {
					t.Fatalf("holds after an established RESOLVES %s = %+v; want one ANSWER_CLAIM hold", ot, hs)
				}
				if _, err := f.decide(ctx, staff, policy.DecisionInput{ProblemID: p.ID, Action: decision.ActionKEEP_PROSPECTING,
					Notes: packet.DecisionNotes{Reason: "Compare the scope first.", OpenStatus: "o"}, RevisionRequests: []string{"State the scope of the search."},
					IdempotencyKey: "staff-1"}); err != nil {
					t.Fatalf("staff keep-prospecting = %v", err)
				}
				_, err = f.decide(ctx, f.reviewer, policy.DecisionInput{ProblemID: p.ID, Action: decision.ActionQUALIFY,
					Notes: qualifyNotes(), IdempotencyKey: "q-1"})
				if err == nil {
					got, _ := f.svc.Client().Problem.Get(ctx, p.ID)
					t.Fatalf("a reviewer qualified as open a problem an established RESOLVES %s answers (state %s)", ot, got.State)
				}
				// Correcting the binding lifts the block.
				if _, _, err := f.svc.ReviewClaim(ctx, staff, policy.ClaimReviewInput{ClaimID: c.ID, Status: claim.StatusESTABLISHED,
					Relation: binding.RelationADDRESSES, Note: "It covers only the small cases."}); err != nil {
					t.Fatal(err)
				}
				res, err := f.decide(ctx, f.reviewer, policy.DecisionInput{ProblemID: p.ID, Action: decision.ActionQUALIFY,
					Notes: qualifyNotes(), IdempotencyKey: "q-2"})
				if err != nil || res.Problem.State != problem.StateACCEPTED {
					t.Errorf("qualify after the binding was corrected = %v", err)
				}
			})
		}
	})
}
