package policy_test

import (
	"context"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/decision"
	"github.com/theoremdb/theoremdb/ent/flag"
	"github.com/theoremdb/theoremdb/ent/reference"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
)

// TestAgentUnderASecondRole: what an agent account may not do — decide, second-review, confirm a
// locator, send to staff — it may not do under a second role (reviewer or operator) either.
func TestAgentUnderASecondRole(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		for _, second := range []role.Role{role.Reviewer, role.Operator} {
			bot := f.account(t, "bot-"+string(second), role.Agent, second)
			p := f.submitChecked(t, f.member)
			if _, err := f.svc.SendToStaff(ctx, bot, p.ID, "Please look at this."); !errors.Is(err, policy.ErrForbidden) {
				t.Errorf("an agent-%s sends to staff: %v; want forbidden", second, err)
			}
			refs, _ := f.svc.Client().Reference.Query().Where(reference.RevisionID(*p.CurrentRevisionID), reference.LocatorNEQ("")).All(ctx)
			if len(refs) == 0 {
				t.Fatal("the fixture has no reference with a locator")
			}
			if err := f.svc.ConfirmLocator(ctx, bot, refs[0].ID, "Found it on the page."); !errors.Is(err, policy.ErrForbidden) {
				t.Errorf("an agent-%s confirms a locator: %v; want forbidden", second, err)
			}
			_, err := f.decide(ctx, bot, policy.DecisionInput{ProblemID: p.ID, Action: decision.ActionQUALIFY, Notes: qualifyNotes(),
				IdempotencyKey: "k"})
			if !errors.Is(err, policy.ErrForbidden) {
				t.Errorf("an agent-%s qualifies: %v; want forbidden", second, err)
			}
			perm := policy.PermissionsOn(bot, p, f.clock.Now())
			if perm.Review || perm.SendToStaff || perm.ReviewClaims {
				t.Errorf("an agent-%s is offered %+v", second, perm)
			}
		}
		// A second review: the first qualify of the week is selected; an agent-reviewer may not
		// review it again.
		p := f.submitChecked(t, f.member)
		first, err := f.decide(ctx, f.reviewer, policy.DecisionInput{ProblemID: p.ID, Action: decision.ActionQUALIFY, Notes: qualifyNotes(),
			IdempotencyKey: "q"})
		if err != nil {
			t.Fatal(err)
		}
		bot := f.account(t, "bot-second", role.Agent, role.Reviewer)
		_, err = f.svc.RecordDecision(ctx, bot, policy.DecisionInput{ProblemID: p.ID, RevisionID: first.Decision.RevisionID,
			Action: decision.ActionQUALIFY, Notes: qualifyNotes(), IdempotencyKey: "s", SecondReviewOf: first.Decision.ID})
		if !errors.Is(err, policy.ErrForbidden) {
			t.Errorf("an agent-reviewer second-reviews: %v; want forbidden", err)
		}
	})
}

// TestNoOneActsOnTheirOwnProblem: in no role does anyone act on their own problem — a reviewer
// does not send their own submission to staff, and a moderator or operator does not claim,
// dismiss or remove a flag case on their own problem.
func TestNoOneActsOnTheirOwnProblem(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		own := f.submit(t, f.reviewer)
		_, err := f.svc.SendToStaff(ctx, f.reviewer, own.ID, "Please look at my own problem.")
		if diff := cmp.Diff([]errKey{{"problemId", policy.CodeSelfReview}}, keys(err)); diff != "" {
			t.Errorf("a reviewer sends their own submission to staff (-want +got):\n%s\nerr = %v", diff, err)
		}
		if perm := policy.PermissionsOn(f.reviewer, own, f.clock.Now()); perm.Review || perm.SendToStaff {
			t.Errorf("the proposer-reviewer is offered %+v on their own problem", perm)
		}
		for _, r := range []role.Role{role.Moderator, role.Operator} {
			mod := f.account(t, "mod-"+string(r), r)
			p, err := f.svc.Submit(ctx, mod, validInput())
			if err != nil {
				t.Fatal(err)
			}
			eve := f.account(t, "eve-"+string(r))
			res, err := f.svc.FlagProblem(ctx, eve, policy.FlagInput{ProblemID: p.ID, Reason: flag.ReasonKNOWN_ANSWER, Explanation: because})
			if err != nil {
				t.Fatal(err)
			}
			_, err = f.svc.ClaimCase(ctx, mod, res.Case.ID)
			if diff := cmp.Diff([]errKey{{"caseId", policy.CodeSelfReview}}, keys(err)); diff != "" {
				t.Errorf("a %s claims the flag case on their own problem (-want +got):\n%s\nerr = %v", r, diff, err)
			}
			other := f.account(t, "other-"+string(r), role.Moderator)
			if _, err := f.svc.ClaimCase(ctx, other, res.Case.ID); err != nil {
				t.Fatal(err)
			}
			if _, err := f.svc.DismissCase(ctx, mod, res.Case.ID, "Nothing wrong here."); err == nil {
				t.Errorf("a %s dismissed the flag on their own problem", r)
			}
			if _, _, err := f.svc.RemoveProblem(ctx, mod, res.Case.ID, "Removing my own."); err == nil {
				t.Errorf("a %s removed their own problem through a flag case", r)
			}
		}
	})
}

var _ = packet.DecisionNotes{}
