package policy_test

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/decision"
	"github.com/theoremdb/theoremdb/ent/flag"
	"github.com/theoremdb/theoremdb/ent/moderationcase"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
)

const because = "The answer is in a 2024 paper; see its Theorem 2."

func TestFlagsAndCases(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		mod := f.account(t, "mona", role.Moderator)
		p := f.submit(t, f.member)
		other := f.submit(t, f.member)
		eve := f.account(t, "eve")

		res, err := f.svc.FlagProblem(ctx, eve, policy.FlagInput{ProblemID: p.ID, Reason: flag.ReasonKNOWN_ANSWER, Explanation: because})
		if err != nil || !res.Opened || res.Case.State != moderationcase.StateOPEN {
			t.Fatalf("FlagProblem() = %+v, %v; want a new open case", res, err)
		}
		// A second account joins the same case; the same account cannot flag twice.
		zed := f.account(t, "zed")
		res2, err := f.svc.FlagProblem(ctx, zed, policy.FlagInput{ProblemID: p.Slug, Reason: flag.ReasonKNOWN_ANSWER, Explanation: because})
		if err != nil || res2.Opened || res2.Case.ID != res.Case.ID {
			t.Errorf("second flag = %+v, %v; want it to join case %s", res2, err, res.Case.ID)
		}
		_, err = f.svc.FlagProblem(ctx, eve, policy.FlagInput{ProblemID: p.ID, Reason: flag.ReasonOTHER, Explanation: because})
		if diff := cmp.Diff([]errKey{{"", policy.CodeConflict}}, keys(err)); diff != "" {
			t.Errorf("second open flag by one account (-want +got):\n%s", diff)
		}
		for _, tc := range []struct {
			in   policy.FlagInput
			want []errKey
		}{
			{policy.FlagInput{ProblemID: p.ID, Reason: "BORING", Explanation: because}, []errKey{{"reason", policy.CodeInvalid}}},
			{policy.FlagInput{ProblemID: p.ID, Reason: flag.ReasonOTHER}, []errKey{{"explanation", policy.CodeRequired}}},
			{policy.FlagInput{ProblemID: p.ID, Reason: flag.ReasonOTHER, Explanation: "bad"}, []errKey{{"explanation", policy.CodeInvalid}}},
			{policy.FlagInput{ProblemID: p.ID, Reason: flag.ReasonOTHER, Explanation: strings.Repeat("x", policy.MaxExplanation+1)}, []errKey{{"explanation", policy.CodeTooLong}}},
			{policy.FlagInput{ProblemID: p.ID, Reason: flag.ReasonDUPLICATE, Explanation: because}, []errKey{{"duplicateOf", policy.CodeRequired}}},
			{policy.FlagInput{ProblemID: p.ID, Reason: flag.ReasonDUPLICATE, Explanation: because, DuplicateOf: p.ID}, []errKey{{"duplicateOf", policy.CodeInvalid}}},
			{policy.FlagInput{ProblemID: "TDB-404", Reason: flag.ReasonOTHER, Explanation: because}, []errKey{{"problemId", policy.CodeNotFound}}},
		} {
			_, err := f.svc.FlagProblem(ctx, f.member, tc.in)
			if diff := cmp.Diff(tc.want, keys(err)); diff != "" {
				t.Errorf("FlagProblem(%+v) (-want +got):\n%s", tc.in, diff)
			}
		}
		if _, err := f.svc.FlagProblem(ctx, f.member, policy.FlagInput{ProblemID: p.ID, Reason: flag.ReasonDUPLICATE,
			Explanation: because, DuplicateOf: other.ID}); err != nil {
			t.Errorf("duplicate flag naming another problem: %v", err)
		}

		// Only moderators work cases; a case is claimed before it is resolved.
		if _, err := f.svc.ClaimCase(ctx, eve, res.Case.ID); err == nil {
			t.Error("a member claimed a case")
		}
		_, err = f.svc.DismissCase(ctx, mod, res.Case.ID, "not relevant")
		if diff := cmp.Diff([]errKey{{"caseId", policy.CodeConflict}}, keys(err)); diff != "" {
			t.Errorf("dismiss before claim (-want +got):\n%s", diff)
		}
		if _, err := f.svc.ClaimCase(ctx, mod, res.Case.ID); err != nil {
			t.Fatal(err)
		}
		c, err := f.svc.DismissCase(ctx, mod, res.Case.ID, "The cited paper solves a different variant.")
		if err != nil || c.State != moderationcase.StateDISMISSED {
			t.Fatalf("DismissCase() = %+v, %v", c, err)
		}
		// With the case closed, eve may flag again; the problem was never hidden.
		res3, err := f.svc.FlagProblem(ctx, eve, policy.FlagInput{ProblemID: p.ID, Reason: flag.ReasonINCORRECT_STATEMENT, Explanation: because})
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := f.svc.Problem(ctx, p.ID); got.State != problem.StatePROSPECTING {
			t.Errorf("a flagged problem is %s; want still prospecting", got.State)
		}
		// Removal: tombstone, stake forfeited in the challenge period.
		if _, err := f.svc.ClaimCase(ctx, mod, res3.Case.ID); err != nil {
			t.Fatal(err)
		}
		_, removed, err := f.svc.RemoveProblem(ctx, mod, res3.Case.ID, "The statement is copied from a paywalled source.")
		if err != nil || removed.State != problem.StateREMOVED || removed.RemovalReason == nil || *removed.StakeState != problem.StakeStateFORFEITED {
			t.Fatalf("RemoveProblem() = %+v, %v", removed, err)
		}
		if n, _ := f.svc.Client().ModerationCase.Query().Where(moderationcase.ProblemID(p.ID),
			moderationcase.StateIn(moderationcase.StateOPEN, moderationcase.StateCLAIMED)).Count(ctx); n != 0 {
			t.Errorf("%d cases still open on a removed problem", n)
		}
		_, err = f.svc.FlagProblem(ctx, zed, policy.FlagInput{ProblemID: p.ID, Reason: flag.ReasonOTHER, Explanation: because})
		if diff := cmp.Diff([]errKey{{"problemId", policy.CodeConflict}}, keys(err)); diff != "" {
			t.Errorf("flag on a removed problem (-want +got):\n%s", diff)
		}
		if ok, err := f.svc.AcceptElapsed(ctx, p.ID); ok || err != nil {
			t.Errorf("AcceptElapsed(removed) = %v, %v; want nothing", ok, err)
		}

		// Removal after acceptance keeps the returned stake returned.
		if _, err := f.decide(ctx, f.reviewer, policy.DecisionInput{ProblemID: other.ID, Action: decision.ActionQUALIFY,
			Notes: qualifyNotes(), IdempotencyKey: "q"}); err != nil {
			t.Fatal(err)
		}
		r4, err := f.svc.FlagProblem(ctx, zed, policy.FlagInput{ProblemID: other.ID, Reason: flag.ReasonABUSE, Explanation: because})
		if err != nil {
			t.Fatal(err)
		}
		f.svc.ClaimCase(ctx, mod, r4.Case.ID)
		if _, removed, err = f.svc.RemoveProblem(ctx, mod, r4.Case.ID, "Abusive text in the statement."); err != nil || *removed.StakeState != problem.StakeStateRETURNED {
			t.Errorf("removal after acceptance: stake %v, %v; want RETURNED", removed.StakeState, err)
		}
		rep, _ := f.svc.Reputation(ctx, f.member.ID)
		if rep.Balance != 19 || rep.Escrowed != 0 {
			t.Errorf("proposer reputation = %d, %d; want 19 (one forfeited), 0", rep.Balance, rep.Escrowed)
		}

		log, err := f.svc.ModerationLog(ctx, 10, 0)
		if err != nil || len(log) != 3 || !log[0].Removed || log[0].Moderator != "mona" || log[2].Removed {
			t.Errorf("ModerationLog() = %+v, %v", log, err)
		}
		if _, err := f.svc.VerifyLog(ctx); err != nil {
			t.Error(err)
		}
		_ = packet.DecisionNotes{}
	})
}

func TestFlagRateLimit(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t, "sqlite3")
	var ids []string
	for range policy.FlagRateLimit + 1 {
		ids = append(ids, f.submit(t, f.member).ID)
	}
	eve := f.account(t, "eve")
	for i, id := range ids {
		_, err := f.svc.FlagProblem(ctx, eve, policy.FlagInput{ProblemID: id, Reason: flag.ReasonOTHER, Explanation: because})
		if i < policy.FlagRateLimit && err != nil {
			t.Fatalf("flag %d: %v", i+1, err)
		}
		if i == policy.FlagRateLimit {
			if diff := cmp.Diff([]errKey{{"", policy.CodeConflict}}, keys(err)); diff != "" {
				t.Errorf("flag over the rate limit (-want +got):\n%s", diff)
			}
		}
	}
	f.clock.Advance(policy.FlagRateWindow)
	if _, err := f.svc.FlagProblem(ctx, eve, policy.FlagInput{ProblemID: ids[len(ids)-1], Reason: flag.ReasonOTHER, Explanation: because}); err != nil {
		t.Errorf("flag after the window: %v", err)
	}
}
