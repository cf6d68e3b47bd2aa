package policy_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/binding"
	"github.com/theoremdb/theoremdb/ent/claim"
	"github.com/theoremdb/theoremdb/ent/decision"
	"github.com/theoremdb/theoremdb/ent/hold"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
)

// TestReviewClaim: a claim's status changes only through review; RESOLVES never comes from an
// agent account, even one that is also a reviewer; nobody reviews their own claim; and a review
// that makes a claim a machine-readable answer holds the problem for staff.
func TestReviewClaim(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		agent := f.account(t, "bot", role.Agent, role.Reviewer)
		p := f.submit(t, f.member)
		c, err := f.svc.AttachClaim(ctx, agent, policy.ClaimInput{ProblemID: p.ID, Summary: "A counterexample of size 12 disproves the statement.",
			Relation: binding.RelationADDRESSES})
		if err != nil {
			t.Fatal(err)
		}
		_, err = f.svc.AttachClaim(ctx, agent, policy.ClaimInput{ProblemID: p.ID, Summary: "It is false.", Relation: binding.RelationRESOLVES})
		if diff := cmp.Diff([]errKey{{"relation", policy.CodeAgentCannotResolve}}, keys(err)); diff != "" {
			t.Errorf("an agent-reviewer attaches RESOLVES (-want +got):\n%s", diff)
		}
		review := func(actorName string, in policy.ClaimReviewInput) error {
			t.Helper()
			a, _ := f.svc.AccountByHandle(ctx, actorName)
			_, _, err := f.svc.ReviewClaim(ctx, a, in)
			return err
		}
		in := policy.ClaimReviewInput{ClaimID: c.ID, Status: claim.StatusESTABLISHED, Relation: binding.RelationRESOLVES,
			Note: "The counterexample checks out and covers the whole statement."}
		// An agent account reviews no claim, whatever its second role.
		if err := review("bot", in); !errors.Is(err, policy.ErrForbidden) {
			t.Errorf("an agent-reviewer reviews as RESOLVES: %v; want forbidden", err)
		}
		self := in
		self.Relation = binding.RelationADDRESSES
		if err := review("bot", self); !errors.Is(err, policy.ErrForbidden) {
			t.Errorf("an agent-reviewer reviews its own claim: %v; want forbidden", err)
		}
		author := f.account(t, "rex", role.Reviewer)
		own, err := f.svc.AttachClaim(ctx, author, policy.ClaimInput{ProblemID: p.ID, Summary: "A bound of order n log n holds for the count.",
			Relation: binding.RelationADDRESSES})
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff([]errKey{{"claimId", policy.CodeSelfReview}}, keys(review("rex", policy.ClaimReviewInput{ClaimID: own.ID,
			Status: claim.StatusESTABLISHED, Relation: binding.RelationADDRESSES, Note: "Mine."}))); diff != "" {
			t.Errorf("the author reviews their own claim (-want +got):\n%s", diff)
		}
		if err := review(f.member.Handle, in); err == nil {
			t.Error("a member reviewed a claim")
		}
		c2, p2, err := f.svc.ReviewClaim(ctx, f.reviewer, in)
		if err != nil {
			t.Fatalf("ReviewClaim() = %v", err)
		}
		if c2.Status != claim.StatusESTABLISHED {
			t.Errorf("claim status = %s; want ESTABLISHED", c2.Status)
		}
		hs, _ := f.svc.Client().Hold.Query().Where(hold.ProblemID(p2.ID), hold.ReleasedAtIsNil()).All(ctx)
		if len(hs) != 1 || hs[0].Reason != hold.ReasonANSWER_CLAIM || hs[0].ClaimID == nil || *hs[0].ClaimID != c.ID {
			t.Errorf("holds after an established RESOLVES claim = %+v; want one ANSWER_CLAIM hold naming it", hs)
		}
		cs, err := f.svc.Claims(ctx, p.ID)
		if err != nil || len(cs) != 2 || !cs[0].Answer || cs[1].Answer {
			t.Errorf("Claims() = %+v, %v; want the established RESOLVES claim reported as an answer, the other not", cs, err)
		}
	})
}

// TestNoReviewOfClaimsOnOwnProblem: a reviewer does not review the claims on a problem they
// submitted (refuting an answer would keep it from staff).
func TestNoReviewOfClaimsOnOwnProblem(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		p := f.submit(t, f.reviewer)
		c, err := f.svc.AttachClaim(ctx, f.member, policy.ClaimInput{ProblemID: p.ID, Summary: "A counterexample.", Relation: binding.RelationADDRESSES})
		if err != nil {
			t.Fatal(err)
		}
		_, _, err = f.svc.ReviewClaim(ctx, f.reviewer, policy.ClaimReviewInput{ClaimID: c.ID, Status: claim.StatusREFUTED,
			Relation: binding.RelationADDRESSES, Note: "Not a counterexample."})
		if diff := cmp.Diff([]errKey{{"claimId", policy.CodeSelfReview}}, keys(err)); diff != "" {
			t.Errorf("the proposer reviews a claim on their problem (-want +got):\n%s", diff)
		}
	})
}

// TestNoSelfReview: a reviewer cannot decide on their own submission.
func TestNoSelfReview(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		p := f.submitChecked(t, f.reviewer)
		_, err := f.decide(ctx, f.reviewer, policy.DecisionInput{ProblemID: p.ID, Action: decision.ActionKEEP_PROSPECTING,
			Notes: packet.DecisionNotes{Reason: "r"}, RevisionRequests: []string{"More."}, IdempotencyKey: "k"})
		if diff := cmp.Diff([]errKey{{"problemId", policy.CodeSelfReview}}, keys(err)); diff != "" {
			t.Errorf("a reviewer decides on their own submission (-want +got):\n%s", diff)
		}
	})
}

// TestAnswerHoldsAnAcceptedProblem: an answer established on a problem already accepted holds it
// for staff too, who settle it; before any review the problem is not held.
func TestAnswerHoldsAnAcceptedProblem(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		p := f.submit(t, f.member)
		f.clock.Advance(policy.DefaultChallengeWindow + time.Hour)
		if ok, err := f.svc.AcceptElapsed(ctx, p.ID); !ok || err != nil {
			t.Fatalf("AcceptElapsed() = %v, %v", ok, err)
		}
		c, err := f.svc.AttachClaim(ctx, f.member, policy.ClaimInput{ProblemID: p.ID, Summary: "A proof for every n, in the cited preprint.",
			Relation: binding.RelationADDRESSES})
		if err != nil {
			t.Fatal(err)
		}
		if n, _ := f.svc.Client().Hold.Query().Where(hold.ProblemID(p.ID)).Count(ctx); n != 0 {
			t.Fatalf("%d holds before the claim was reviewed", n)
		}
		if _, _, err := f.svc.ReviewClaim(ctx, f.reviewer, policy.ClaimReviewInput{ClaimID: c.ID, Status: claim.StatusESTABLISHED,
			Relation: binding.RelationRESOLVES, Note: "The preprint's proof covers the whole statement."}); err != nil {
			t.Fatal(err)
		}
		hs, _ := f.svc.Client().Hold.Query().Where(hold.ProblemID(p.ID), hold.ReleasedAtIsNil()).All(ctx)
		if len(hs) != 1 || hs[0].Reason != hold.ReasonANSWER_CLAIM {
			t.Errorf("holds on the accepted problem after an established answer = %+v; want one ANSWER_CLAIM hold", hs)
		}
	})
}
