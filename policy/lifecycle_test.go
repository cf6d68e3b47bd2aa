package policy_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/decision"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
)

func qualifyNotes() packet.DecisionNotes {
	return packet.DecisionNotes{
		StatementAndAcceptance: "Every variable has a domain; the acceptance is a proof or a certified counterexample.",
		OpenStatus:             "zbMATH and arXiv checked on 2026-03-01; Elsholtz–Tao 2013 is the strongest count.",
		ReferenceCoverage:      "Guy D11 and Elsholtz–Tao; no later resolution found.",
		DuplicateCheck:         "No TheoremDB problem on 4/n; searched titles and objects.",
		HeroVisual:             "Neutral generated fallback; no bespoke art.",
		Uncertainty:            "None that affects publication.",
		Reason:                 "All gates pass.",
	}
}

func TestSubmitGivesIDDeadlineAndEscrow(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		f := newFixture(t, d)
		ctx := context.Background()
		p := f.submit(t, f.member)
		if p.ID != "TDB-1" || p.Number != 1 {
			t.Errorf("Submit() id = %s, number %d; want TDB-1, 1", p.ID, p.Number)
		}
		if want := f.clock.Now().Add(policy.DefaultChallengeWindow); !p.Deadline.Equal(want) {
			t.Errorf("deadline = %v; want %v", p.Deadline, want)
		}
		if p.Slug != "erdos-straus-conjecture" {
			t.Errorf("slug = %q; want erdos-straus-conjecture", p.Slug)
		}
		if p.State != problem.StatePROSPECTING || *p.StakeState != problem.StakeStateESCROWED {
			t.Errorf("state, stake = %s, %s; want PROSPECTING, ESCROWED", p.State, p.StakeState)
		}
		rep, err := f.svc.Reputation(ctx, f.member.ID)
		if err != nil {
			t.Fatal(err)
		}
		if rep.Balance != 19 || rep.Escrowed != 1 {
			t.Errorf("reputation = %d available, %d escrowed; want 19, 1", rep.Balance, rep.Escrowed)
		}
		p2 := f.submit(t, f.member)
		if p2.ID != "TDB-2" || p2.Slug != "erdos-straus-conjecture-2" {
			t.Errorf("second Submit() = %s %s; want TDB-2 erdos-straus-conjecture-2", p2.ID, p2.Slug)
		}
		for _, ref := range []string{"TDB-1", "tdb-1", "erdos-straus-conjecture"} {
			got, err := f.svc.Problem(ctx, ref)
			if err != nil || got.ID != "TDB-1" {
				t.Errorf("Problem(%q) = %v, %v; want TDB-1", ref, got, err)
			}
		}
		if _, err := f.svc.Problem(ctx, "TDB-99"); !errors.Is(err, policy.ErrNotFound) {
			t.Errorf("Problem(TDB-99) error = %v; want ErrNotFound", err)
		}
		if n, err := f.svc.VerifyLog(ctx); err != nil || n != 5 {
			t.Errorf("VerifyLog() = %d, %v; want 5 events, nil", n, err)
		}
	})
}

func TestLifecycle(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		p := f.submit(t, f.member)
		res, err := f.decide(ctx, f.reviewer, policy.DecisionInput{ProblemID: p.ID,
			Action: decision.ActionQUALIFY, Notes: qualifyNotes(), IdempotencyKey: "k1"})
		if err != nil {
			t.Fatalf("qualify: %v", err)
		}
		if res.Problem.State != problem.StateACCEPTED || *res.Problem.AcceptanceAuthority != problem.AcceptanceAuthorityREVIEWER {
			t.Errorf("after qualify: %s by %v", res.Problem.State, res.Problem.AcceptanceAuthority)
		}
		// A second problem reaches its deadline and is accepted by default.
		p2 := f.submit(t, f.member)
		f.clock.Advance(policy.DefaultChallengeWindow)
		ok, err := f.svc.AcceptElapsed(ctx, p2.ID)
		if err != nil || !ok {
			t.Fatalf("AcceptElapsed() = %v, %v; want true", ok, err)
		}
		if ok, err := f.svc.AcceptElapsed(ctx, p2.ID); err != nil || ok {
			t.Errorf("second AcceptElapsed() = %v, %v; want false, nil", ok, err)
		}
		rep, _ := f.svc.Reputation(ctx, f.member.ID)
		if rep.Balance != 20 || rep.Escrowed != 0 {
			t.Errorf("reputation = %d, %d; want 20, 0", rep.Balance, rep.Escrowed)
		}
		_ = time.Second
	})
}
