package policy_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/decision"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/ent/lanereview"
	"github.com/theoremdb/theoremdb/lanes"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
)

// TestLaneRegister: registering a lane writes its register entry (SHADOW, the operator
// accountable), approval makes it ACTIVE, and a lane runs only with an entry that lets it: a
// DRAFT lane is not called, a SHADOW one is called but never counts.
func TestLaneRegister(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newPanelFixture(t, d)
		f.panel(t, true)
		f.switches(t, true, true, true)
		if _, err := f.svc.LaneRegister(ctx, f.reviewer); !errors.Is(err, policy.ErrForbidden) {
			t.Errorf("a reviewer reads the register: %v", err)
		}
		reg, err := f.svc.LaneRegister(ctx, f.operator)
		if err != nil || len(reg) != 4 {
			t.Fatalf("register = %+v, %v", reg, err)
		}
		var critique policy.LaneRegisterEntry
		for _, e := range reg {
			if e.Status != policy.RegisterActive || e.AccountableOwner != "@otto" || e.ClaimText == "" || e.OutcomeContractVersion == "" ||
				e.FalsePositiveConsequence == "" || e.FalseNegativeConsequence == "" || e.AmbiguityOwner == "" {
				t.Errorf("entry of an approved lane = %+v; want ACTIVE with every field", e)
			}
			if e.Identity == "critique.a" {
				critique = e
			}
		}

		// An unapproved new lane is SHADOW.
		l, err := f.svc.AddLane(ctx, f.operator, policy.LaneInput{Identity: "formal.shadow", Role: string(lanes.FormalReadiness),
			Provider: "baseline"})
		if err != nil {
			t.Fatal(err)
		}
		reg, _ = f.svc.LaneRegister(ctx, f.operator)
		if i := slices.IndexFunc(reg, func(e policy.LaneRegisterEntry) bool { return e.LaneID == l.ID }); i < 0 || reg[i].Status != policy.RegisterShadow {
			t.Errorf("a new lane's entry: %+v", reg)
		}

		// Refusals.
		bad := critique
		bad.Status = "LIVE"
		if _, err := f.svc.SetLaneRegisterEntry(ctx, f.operator, bad); len(policy.FieldErrors(err)) == 0 {
			t.Errorf("status LIVE: %v", err)
		}
		bad = critique
		bad.AccountableOwner = " "
		if _, err := f.svc.SetLaneRegisterEntry(ctx, f.operator, bad); len(policy.FieldErrors(err)) == 0 {
			t.Errorf("no accountable owner: %v", err)
		}

		// The critique lane back to DRAFT: it is not called, and the panel is incomplete.
		critique.Status = "draft"
		critique.ClaimText = "The statement is well posed."
		got, err := f.svc.SetLaneRegisterEntry(ctx, f.operator, critique)
		if err != nil || got.Status != policy.RegisterDraft || got.ClaimText != "The statement is well posed." || got.UpdatedBy != "@otto" {
			t.Fatalf("SetLaneRegisterEntry = %+v, %v", got, err)
		}
		if n, _ := f.svc.Client().Event.Query().Where(event.Kind(policy.KindLaneRegisterSet)).Count(ctx); n != 1 {
			t.Errorf("%d register events; want 1", n)
		}
		g := f.run(t)
		if !slices.Contains(g.ReasonCodes, "PANEL_INCOMPLETE") {
			t.Errorf("with the critique lane DRAFT: %+v", g)
		}
		n, _ := f.svc.Client().LaneReview.Query().Where(lanereview.ProblemID(f.problem.ID), lanereview.LaneID(critique.LaneID)).Count(ctx)
		if n != 0 {
			t.Errorf("the DRAFT lane was called %d times", n)
		}

		// SHADOW: called and recorded, never counted.
		critique.Status = policy.RegisterShadow
		if _, err := f.svc.SetLaneRegisterEntry(ctx, f.operator, critique); err != nil {
			t.Fatal(err)
		}
		p := f.submitChecked(t, f.member)
		g, err = f.svc.RunPanel(ctx, *p.CurrentRevisionID, f.cfg)
		if err != nil || g == nil {
			t.Fatal(err)
		}
		n, _ = f.svc.Client().LaneReview.Query().Where(lanereview.ProblemID(p.ID), lanereview.LaneID(critique.LaneID)).Count(ctx)
		if n != 1 || g.Recommendation != string(policy.RouteAdministratorReview) || !slices.Contains(g.ReasonCodes, "LANE_UNAPPROVED") {
			t.Errorf("SHADOW lane: %d reviews, record %+v; want one review that does not count", n, g)
		}
	})
}

// TestAppeals: the proposer appeals a decision once with a reason; the appeal disputes the
// problem for the panel; an operator other than the decision's reviewer upholds it and proposes
// a new version of the criterion it showed wrong, which the versioned criteria show.
func TestAppeals(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newPanelFixture(t, d)
		p := f.problem
		res, err := f.decide(ctx, f.reviewer, policy.DecisionInput{ProblemID: p.ID, Action: decision.ActionKEEP_PROSPECTING,
			Notes: packet.DecisionNotes{Reason: "r"}, RevisionRequests: []string{"State the domain of n."}, IdempotencyKey: "k1"})
		if err != nil {
			t.Fatal(err)
		}
		dec := res.Decision.ID
		if _, err := f.svc.AppealDecision(ctx, f.reviewer, dec, "I did not submit it, but I disagree."); !errors.Is(err, policy.ErrForbidden) {
			t.Errorf("someone else's appeal: %v", err)
		}
		if _, err := f.svc.AppealDecision(ctx, f.member, dec, "short"); len(policy.FieldErrors(err)) == 0 {
			t.Errorf("a short reason: %v", err)
		}
		reason := "The statement says n ranges over the positive integers in its first sentence."
		a, err := f.svc.AppealDecision(ctx, f.member, dec, reason)
		if err != nil || a.State != "OPEN" || a.Reason != reason || a.DecisionID != dec || a.Proposer != "@ada" {
			t.Fatalf("AppealDecision = %+v, %v", a, err)
		}
		if _, err := f.svc.AppealDecision(ctx, f.member, dec, reason); len(policy.FieldErrors(err)) == 0 ||
			policy.FieldErrors(err)[0].Code != policy.CodeConflict {
			t.Errorf("a second appeal of the decision: %v; want CONFLICT", err)
		}

		// An open appeal is human work: the panel routes the problem to people.
		f.panel(t, true)
		f.switches(t, true, true, true)
		if g := f.run(t); !slices.Contains(g.ReasonCodes, "DISPUTED") {
			t.Errorf("with an open appeal the panel recorded %+v; want DISPUTED", g)
		}

		// The appeals queue, and who answers.
		q, err := f.svc.Appeals(ctx, f.operator, 10)
		if err != nil || len(q) != 1 || q[0].ID != a.ID || q[0].DecisionAction != "KEEP_PROSPECTING" {
			t.Errorf("appeals queue = %+v, %v", q, err)
		}
		if _, err := f.svc.Appeals(ctx, f.reviewer, 10); !errors.Is(err, policy.ErrForbidden) {
			t.Errorf("a reviewer reads the appeals queue: %v", err)
		}
		in := policy.ResolveAppealInput{AppealID: a.ID, Upheld: true, Resolution: "The domain is stated; the check read only the formula.",
			Check: "statement.variable-domain", Proposed: "Every variable has a domain, stated in words or in a formula; a quantifier's range may be given in the sentence that introduces it."}
		lead := f.account(t, "lena", role.Operator)
		if _, err := f.svc.ResolveAppeal(ctx, lead, policy.ResolveAppealInput{AppealID: a.ID, Upheld: false, Resolution: "No: dismissed because.",
			Check: "statement.variable-domain", Proposed: "x"}); len(policy.FieldErrors(err)) == 0 {
			t.Errorf("a dismissed appeal that proposes a criterion: %v", err)
		}
		got, err := f.svc.ResolveAppeal(ctx, lead, in)
		if err != nil || got.State != "UPHELD" || got.ResolvedBy != "@lena" || got.CriterionChangeID == "" {
			t.Fatalf("ResolveAppeal = %+v, %v", got, err)
		}
		if _, err := f.svc.ResolveAppeal(ctx, lead, in); len(policy.FieldErrors(err)) == 0 {
			t.Errorf("answering twice: %v", err)
		}
		cs, err := f.svc.CriterionChanges(ctx, 10)
		if err != nil || len(cs) != 1 || cs[0].Check != "statement.variable-domain" || cs[0].Version != 2 || cs[0].Gate != "STATEMENT" ||
			!strings.HasPrefix(cs[0].Previous, "Every variable has a domain") || cs[0].Proposed != in.Proposed || cs[0].Why != in.Resolution ||
			cs[0].AppealID != a.ID || cs[0].State != "PROPOSED" {
			t.Errorf("versioned criteria = %+v, %v", cs, err)
		}
		for _, k := range []string{policy.KindAppealOpened, policy.KindAppealResolved, policy.KindCriterionProposed} {
			if n, _ := f.svc.Client().Event.Query().Where(event.Kind(k)).Count(ctx); n != 1 {
				t.Errorf("%d %s events; want 1", n, k)
			}
		}
		if _, err := f.svc.VerifyLog(ctx); err != nil {
			t.Error(err)
		}
	})
}

// TestContestedItems: when the panel's lanes disagree on a revision, it is tagged contested (an
// event) and goes to the contract owner's queue; a panel in agreement leaves nothing there.
func TestContestedItems(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newPanelFixture(t, d)
		dissent := newVerdictProvider(t, "model-c-2026-03")
		dissent.set(lanes.KeepProspecting, false)
		f.addLane(t, "prior-art.a", lanes.PriorArt, f.provider, true)
		f.addLane(t, "critique.c", lanes.MathCritique, dissent, true)
		f.addLane(t, "formal.a", lanes.FormalReadiness, f.provider, true)
		f.switches(t, true, true, true)
		agreed := f.submitChecked(t, f.member)
		dissent.set(lanes.Qualify, false)
		if _, err := f.svc.RunPanel(ctx, *agreed.CurrentRevisionID, f.cfg); err != nil {
			t.Fatal(err)
		}
		dissent.set(lanes.KeepProspecting, false)
		g := f.run(t)
		if g.Recommendation != string(policy.RouteAdministratorReview) {
			t.Errorf("a split panel recommended %s", g.Recommendation)
		}
		evs, err := f.svc.Client().Event.Query().Where(event.Kind(policy.KindContested)).All(ctx)
		if err != nil || len(evs) != 1 || evs[0].Subject != f.problem.ID || !strings.Contains(evs[0].Payload, "keep_prospecting") {
			t.Errorf("contested events = %+v, %v", evs, err)
		}
		q, err := f.svc.ContractQueue(ctx, f.operator, 10)
		if err != nil {
			t.Fatal(err)
		}
		var contested []string
		for _, it := range q.Items {
			if it.Kind == "CONTESTED" {
				contested = append(contested, it.ProblemID)
				if !strings.Contains(it.Behaviour, "math_critique: keep_prospecting") || !strings.Contains(it.Behaviour, "the lanes disagree") {
					t.Errorf("contested item says %q", it.Behaviour)
				}
			}
		}
		if len(contested) != 1 || contested[0] != f.problem.ID {
			t.Errorf("contested items %v; want %s alone", contested, f.problem.ID)
		}
	})
}

// TestDrift: the panel roles' agreement with people is measured per window; when the newest
// window's agreement drops past the margin an alert event is written, once per window.
func TestDrift(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newBarePanelFixture(t, d)
		f.panel(t, true)
		f.switches(t, true, true, true)
		cfg := policy.DriftConfig{Window: 24 * time.Hour, Windows: 2, Margin: 0.1, MinCompared: 1}

		agreed := f.submitChecked(t, f.member)
		if _, err := f.svc.RunPanel(ctx, *agreed.CurrentRevisionID, f.cfg); err != nil {
			t.Fatal(err)
		}
		if _, err := f.decide(ctx, f.reviewer, policy.DecisionInput{ProblemID: agreed.ID, Action: decision.ActionQUALIFY,
			Notes: qualifyNotes(), IdempotencyKey: "d1"}); err != nil {
			t.Fatal(err)
		}
		f.clock.Advance(24 * time.Hour)
		split := f.submitChecked(t, f.member)
		if _, err := f.svc.RunPanel(ctx, *split.CurrentRevisionID, f.cfg); err != nil {
			t.Fatal(err)
		}
		if _, err := f.decide(ctx, f.reviewer, policy.DecisionInput{ProblemID: split.ID, Action: decision.ActionKEEP_PROSPECTING,
			Notes: packet.DecisionNotes{Reason: "r"}, RevisionRequests: []string{"Name the domain."}, IdempotencyKey: "d2"}); err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.Drift(ctx, f.reviewer, f.clock.Now(), cfg); !errors.Is(err, policy.ErrForbidden) {
			t.Errorf("a reviewer reads drift: %v", err)
		}
		for range 2 {
			rows, err := f.svc.CheckDrift(ctx, f.clock.Now(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			if len(rows) != 3 {
				t.Fatalf("drift rows = %+v", rows)
			}
			for _, r := range rows {
				if len(r.Points) != 2 || r.Points[0].Agreed.Count != 1 || r.Points[0].Agreed.Of != 1 || r.Points[1].Agreed.Count != 0 ||
					r.Points[1].Agreed.Of != 1 || !r.Alert || r.Drop != 1 {
					t.Errorf("drift of %s = %+v", r.Criterion, r)
				}
			}
		}
		if n, _ := f.svc.Client().Event.Query().Where(event.Kind(policy.KindDriftAlert)).Count(ctx); n != 3 {
			t.Errorf("%d drift alerts; want one per criterion", n)
		}
		alerts, err := f.svc.DriftAlerts(ctx, f.operator, 10)
		if err != nil || len(alerts) != 3 {
			t.Fatalf("DriftAlerts = %+v, %v", alerts, err)
		}
		for _, al := range alerts {
			if al.Drop != 1 || al.Agreed.Count != 0 || al.Agreed.Of != 1 || al.Previous.Count != 1 || al.Previous.Of != 1 ||
				al.Margin != cfg.Margin || al.Until.Sub(al.Since) != 24*time.Hour || al.At.IsZero() {
				t.Errorf("drift alert = %+v", al)
			}
		}
		if _, err := f.svc.DriftAlerts(ctx, f.reviewer, 10); !errors.Is(err, policy.ErrForbidden) {
			t.Errorf("a reviewer reads the drift alerts: %v", err)
		}
	})
}

// TestParaphraseFlip: with the panel run a second time on the reworded packet, a role whose
// recommendation flips tags the item contested, and the second answers are not stored.
func TestParaphraseFlip(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newPanelFixture(t, d)
		f.panel(t, true)
		f.switches(t, true, true, true)
		f.cfg.Paraphrase = true
		f.provider.mu.Lock()
		f.provider.flipAfter, f.provider.flipTo = 3, lanes.KeepProspecting // the three first answers, then the reworded run
		f.provider.mu.Unlock()
		f.run(t)
		if n := f.provider.calls.Load(); n != 6 {
			t.Errorf("%d panel calls; want 3 and 3 on the reworded packet", n)
		}
		if n, _ := f.svc.Client().LaneReview.Query().Where(lanereview.ProblemID(f.problem.ID), lanereview.Audit(false)).Count(ctx); n != 3 {
			t.Errorf("%d panel reviews stored; want the first run's 3", n)
		}
		q, err := f.svc.ContractQueue(ctx, f.operator, 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(q.Items) != 1 || q.Items[0].Kind != "CONTESTED" || !strings.Contains(q.Items[0].Behaviour, "flips on the reworded packet") ||
			!strings.Contains(q.Items[0].Behaviour, "qualify → keep_prospecting") {
			t.Errorf("contract queue = %+v", q.Items)
		}
	})
}
