package policy_test

import (
	"context"
	"flag"
	"fmt"
	"testing"
	"time"

	"pgregory.net/rapid"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/decision"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/ent/reputationentry"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
)

// TestReputationConserved drives random sequences of submissions,
// decisions, revisions and elapsed windows and checks after every step that
// no reputation point is made or lost: for every account, available plus
// escrowed equals grants minus forfeits, escrow equals the number of its
// problems whose stake is held, and nothing is ever negative.
func TestReputationConserved(t *testing.T) {
	t.Parallel()
	if f := flag.Lookup("rapid.checks"); f != nil && f.Value.String() == "100" {
		_ = f.Value.Set("25") // each check writes to a real database
	}
	dbtest.Each(t, func(t *testing.T, d string) {
		f := newFixture(t, d)
		ctx := context.Background()
		run := 0
		rapid.Check(t, func(rt *rapid.T) {
			run++
			accounts := make([]*ent.Account, 3)
			for i := range accounts {
				a, err := f.svc.CreateAccount(ctx, fmt.Sprintf("p%d-%d", run, i), "", nil)
				if err != nil {
					rt.Fatal(err)
				}
				accounts[i] = a
			}
			var mine []string
			steps := rapid.IntRange(1, 25).Draw(rt, "steps")
			for step := range steps {
				switch op := rapid.IntRange(0, 5).Draw(rt, "op"); op {
				case 0, 1: // submit
					a := rapid.SampledFrom(accounts).Draw(rt, "submitter")
					p, err := f.svc.Submit(ctx, a, validInput())
					if err != nil && policy.FieldErrors(err) == nil {
						rt.Fatalf("Submit() = %v", err)
					}
					if p != nil {
						mine = append(mine, p.ID)
					}
				case 2, 3: // decide
					if len(mine) == 0 {
						continue
					}
					id := rapid.SampledFrom(mine).Draw(rt, "problem")
					in := policy.DecisionInput{ProblemID: id, IdempotencyKey: fmt.Sprintf("r%d-s%d", run, step)}
					switch rapid.IntRange(0, 3).Draw(rt, "action") {
					case 0:
						in.Action, in.Notes = decision.ActionQUALIFY, qualifyNotes()
					case 1:
						in.Action, in.Notes, in.RevisionRequests = decision.ActionKEEP_PROSPECTING, packet.DecisionNotes{Reason: "r"}, []string{"fix"}
					case 2:
						in.Action, in.ReasonCode, in.Notes = decision.ActionARCHIVE, reason(decision.ReasonCodeKNOWN_ANSWER), packet.DecisionNotes{Reason: "r"}
					case 3:
						in.Action, in.MergeInto = decision.ActionMERGE, rapid.SampledFrom(mine).Draw(rt, "survivor")
						in.Notes = packet.DecisionNotes{Reason: "r", DuplicateCheck: "d"}
					}
					if _, err := f.decide(ctx, f.reviewer, in); err != nil && policy.FieldErrors(err) == nil {
						rt.Fatalf("RecordDecision(%+v) = %v", in, err)
					}
				case 4: // time passes; the sweep accepts what is due
					f.clock.Advance(time.Duration(rapid.IntRange(1, 96).Draw(rt, "hours")) * time.Hour)
					if _, err := f.svc.AcceptOverdue(ctx); err != nil {
						rt.Fatal(err)
					}
				case 5: // revise
					if len(mine) == 0 {
						continue
					}
					id := rapid.SampledFrom(mine).Draw(rt, "revised")
					a := rapid.SampledFrom(accounts).Draw(rt, "reviser")
					if _, _, err := f.svc.Revise(ctx, a, id, "", validInput()); err != nil && policy.FieldErrors(err) == nil {
						rt.Fatalf("Revise() = %v", err)
					}
				}
				checkConservation(rt, f, accounts)
			}
		})
		if _, err := f.svc.VerifyLog(ctx); err != nil {
			t.Fatal(err)
		}
	})
}

func checkConservation(rt *rapid.T, f *fixture, accounts []*ent.Account) {
	ctx := context.Background()
	c := f.svc.Client()
	for _, a := range accounts {
		rep, err := f.svc.Reputation(ctx, a.ID)
		if err != nil {
			rt.Fatal(err)
		}
		grants, forfeits := 0, 0
		for _, e := range rep.Entries {
			switch e.Kind {
			case reputationentry.KindGRANT:
				grants += e.Amount
			case reputationentry.KindFORFEIT:
				forfeits += e.Amount
			}
		}
		held, err := c.Problem.Query().Where(problem.ProposerID(a.ID), problem.StakeStateEQ(problem.StakeStateESCROWED)).Count(ctx)
		if err != nil {
			rt.Fatal(err)
		}
		switch {
		case rep.Balance < 0 || rep.Escrowed < 0:
			rt.Fatalf("@%s: negative reputation: %d available, %d escrowed", a.Handle, rep.Balance, rep.Escrowed)
		case rep.Balance+rep.Escrowed != grants-forfeits:
			rt.Fatalf("@%s: %d available + %d escrowed != %d granted - %d forfeited", a.Handle, rep.Balance, rep.Escrowed, grants, forfeits)
		case rep.Escrowed != held*policy.Stake:
			rt.Fatalf("@%s: %d escrowed but %d problems hold a stake", a.Handle, rep.Escrowed, held)
		}
	}
	ps, err := c.Problem.Query().All(ctx)
	if err != nil {
		rt.Fatal(err)
	}
	want := map[problem.State]problem.StakeState{
		problem.StatePROSPECTING: problem.StakeStateESCROWED, problem.StateACCEPTED: problem.StakeStateRETURNED,
		problem.StateARCHIVED: problem.StakeStateFORFEITED, problem.StateMERGED: problem.StakeStateFORFEITED,
	}
	for _, p := range ps {
		if p.StakeState == nil || *p.StakeState != want[p.State] {
			rt.Fatalf("%s is %s with stake %s", p.ID, p.State, p.StakeState)
		}
	}
}
