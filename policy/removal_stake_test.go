package policy_test

import (
	"context"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/decision"
	"github.com/theoremdb/theoremdb/ent/flag"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
)

// TestRemovalAfterTheDeadlineReturnsTheStake: the challenge period is over once the deadline
// passes, even before the acceptance job has run, so a removal then returns the stake as
// acceptance would have; during the period it forfeits it.
func TestRemovalAfterTheDeadlineReturnsTheStake(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		mod := f.account(t, "mona", role.Moderator)
		during, after := f.submit(t, f.member), f.submit(t, f.member)
		remove := func(id string) *problem.StakeState {
			t.Helper()
			fr, err := f.svc.FlagProblem(ctx, f.operator, policy.FlagInput{ProblemID: id, Reason: flag.ReasonABUSE,
				Explanation: "The statement contains abusive text aimed at a person."})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := f.svc.ClaimCase(ctx, mod, fr.Case.ID); err != nil {
				t.Fatal(err)
			}
			_, p, err := f.svc.RemoveProblem(ctx, mod, fr.Case.ID, "Abusive text in the statement.")
			if err != nil {
				t.Fatal(err)
			}
			return p.StakeState
		}
		if st := remove(during.ID); *st != problem.StakeStateFORFEITED {
			t.Errorf("removal during the challenge period: stake %s; want FORFEITED", *st)
		}
		f.clock.Advance(policy.DefaultChallengeWindow + time.Minute) // the acceptance job has not run
		if st := remove(after.ID); *st != problem.StakeStateRETURNED {
			t.Errorf("removal after the deadline: stake %s; want RETURNED", *st)
		}
		rep, _ := f.svc.Reputation(ctx, f.member.ID)
		if rep.Balance != policy.FirstSubmissionGrant-policy.Stake || rep.Escrowed != 0 {
			t.Errorf("proposer reputation = %d available, %d escrowed; want %d, 0", rep.Balance, rep.Escrowed, policy.FirstSubmissionGrant-policy.Stake)
		}
	})
}

// TestHeldProblemPastDeadlineStakeAgrees: a problem held for staff is still in its challenge after
// its deadline (the hold suspends default acceptance), so a removal forfeits its stake exactly as
// a staff archive does.
func TestHeldProblemPastDeadlineStakeAgrees(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		mod := f.account(t, "mona", role.Moderator)
		staff := f.account(t, "sam", role.Operator)
		removed, archived := f.submit(t, f.member), f.submit(t, f.member)
		for _, p := range []*ent.Problem{removed, archived} {
			if _, err := f.svc.SendToStaff(ctx, f.reviewer, p.ID, "The known-answer search needs staff."); err != nil {
				t.Fatal(err)
			}
		}
		f.clock.Advance(policy.DefaultChallengeWindow + time.Hour)
		res, err := f.decide(ctx, staff, policy.DecisionInput{ProblemID: archived.ID, Action: decision.ActionARCHIVE,
			ReasonCode: ptr(decision.ReasonCodeKNOWN_ANSWER), IdempotencyKey: "a",
			Notes: packet.DecisionNotes{Reason: "Answered in the cited survey, Theorem 3."}})
		if err != nil {
			t.Fatal(err)
		}
		fr, err := f.svc.FlagProblem(ctx, f.operator, policy.FlagInput{ProblemID: removed.ID, Reason: flag.ReasonABUSE,
			Explanation: "The statement contains abusive text aimed at a person."})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.ClaimCase(ctx, mod, fr.Case.ID); err != nil {
			t.Fatal(err)
		}
		_, p, err := f.svc.RemoveProblem(ctx, mod, fr.Case.ID, "Abusive text in the statement.")
		if err != nil {
			t.Fatal(err)
		}
		if *res.Problem.StakeState != problem.StakeStateFORFEITED || *p.StakeState != *res.Problem.StakeState {
			t.Errorf("held past the deadline: staff archive leaves the stake %s, removal %s; want both FORFEITED",
				*res.Problem.StakeState, *p.StakeState)
		}
	})
}
