package policy_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/hold"
	"github.com/theoremdb/theoremdb/ent/lanereview"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/lanes"
	"github.com/theoremdb/theoremdb/policy"
)

// panelFixture has a problem whose gates passed and a panel of three lanes on one provider.
type panelFixture struct {
	*fixture
	problem  *ent.Problem
	provider *verdictProvider
	audit    *verdictProvider
	cfg      policy.PanelConfig
}

func newPanelFixture(t *testing.T, d string) *panelFixture {
	t.Helper()
	f := newBarePanelFixture(t, d)
	f.problem = f.submitChecked(t, f.member)
	return f
}

// newBarePanelFixture is a panel fixture with no problem yet.
func newBarePanelFixture(t *testing.T, d string) *panelFixture {
	t.Helper()
	f := &panelFixture{fixture: newFixture(t, d)}
	f.provider = newVerdictProvider(t, "model-a-2026-01")
	f.audit = newVerdictProvider(t, "model-b-2026-02")
	f.cfg = policy.PanelConfig{AuditSeed: []byte("test seed"),
		Build: func(c lanes.Config) (lanes.Lane, error) {
			return lanes.New(c, lanes.WithEnv(func(string) (string, bool) { return "test-key", true }))
		}}
	return f
}

func (f *panelFixture) addLane(t *testing.T, identity string, role lanes.Role, p *verdictProvider, approve bool) *ent.Lane {
	t.Helper()
	ctx := context.Background()
	l, err := f.svc.AddLane(ctx, f.operator, policy.LaneInput{Identity: identity, Role: string(role), Provider: "openai",
		BaseURL: p.URL + "/v1", Model: p.model, ModelVersion: p.model})
	if err != nil {
		t.Fatalf("AddLane(%s) = %v", identity, err)
	}
	if approve {
		if l, err = f.svc.ApproveLane(ctx, f.operator, l.ID); err != nil {
			t.Fatalf("ApproveLane(%s) = %v", identity, err)
		}
	}
	return l
}

func (f *panelFixture) panel(t *testing.T, approve bool) {
	t.Helper()
	f.addLane(t, "prior-art.a", lanes.PriorArt, f.provider, approve)
	f.addLane(t, "critique.a", lanes.MathCritique, f.provider, approve)
	f.addLane(t, "formal.a", lanes.FormalReadiness, f.provider, approve)
	f.addLane(t, "audit.b", lanes.Audit, f.audit, true)
}

func (f *panelFixture) switches(t *testing.T, master, agent, audit bool) {
	t.Helper()
	for name, on := range map[string]bool{"master": master, "agent-review": agent, "audit-lane": audit} {
		if err := f.svc.SetSwitch(context.Background(), f.operator, name, on, "test"); err != nil {
			t.Fatalf("SetSwitch(%s) = %v", name, err)
		}
	}
}

func (f *panelFixture) run(t *testing.T) *policy.PublicationGateView {
	t.Helper()
	g, err := f.svc.RunPanel(context.Background(), *f.problem.CurrentRevisionID, f.cfg)
	if err != nil || g == nil {
		t.Fatalf("RunPanel() = %+v, %v", g, err)
	}
	return g
}

func (f *panelFixture) holds(t *testing.T) []*ent.Hold {
	t.Helper()
	hs, err := f.svc.Client().Hold.Query().Where(hold.ProblemID(f.problem.ID), hold.ReleasedAtIsNil()).All(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return hs
}

// TestPanelRoutes runs the panel against lanes over HTTP on both databases: each route of the
// review gate, its record, its hold, and the audit path.
func TestPanelRoutes(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()

		t.Run("switches off: no call, a NONE record, no hold", func(t *testing.T) {
			f := newPanelFixture(t, d)
			f.panel(t, true)
			f.switches(t, true, false, true)
			g := f.run(t)
			if g.Recommendation != policy.RecommendationNone || !slices.Equal(g.ReasonCodes, []string{"AGENT_REVIEW_SWITCH_OFF"}) ||
				f.provider.calls.Load() != 0 || len(f.holds(t)) != 0 {
				t.Errorf("record %+v, %d calls, holds %d", g, f.provider.calls.Load(), len(f.holds(t)))
			}
		})

		t.Run("three approved lanes that qualify, audited and affirmed: recommended, never accepted early", func(t *testing.T) {
			f := newPanelFixture(t, d)
			f.panel(t, true)
			f.switches(t, true, true, true)
			g := f.run(t)
			if g.Recommendation != string(policy.RouteEarlyAcceptance) || len(f.holds(t)) != 0 {
				t.Fatalf("record %+v, holds %v", g, f.holds(t))
			}
			// The first qualifying recommendation of the week always goes to the audit lane.
			if g.AuditState != string(policy.AuditAffirmed) || f.audit.calls.Load() != 1 || len(g.Lanes) != 4 {
				t.Errorf("audit state %s, %d audit calls, lanes %+v", g.AuditState, f.audit.calls.Load(), g.Lanes)
			}
			p, err := f.svc.Client().Problem.Get(ctx, f.problem.ID)
			if err != nil || p.State != problem.StatePROSPECTING {
				t.Errorf("after a recommendation the problem is %s (%v); want PROSPECTING until the deadline", p.State, err)
			}
			pk, err := f.svc.ProblemPacket(ctx, f.problem.ID)
			if err != nil || pk.PublicationGate == nil || pk.PublicationGate.Version != 1 {
				t.Errorf("the packet's record = %+v, %v", pk.PublicationGate, err)
			}
			n, _ := f.svc.Client().LaneReview.Query().Where(lanereview.ProblemID(f.problem.ID)).Count(ctx)
			if n != 4 {
				t.Errorf("%d lane reviews stored; want 4", n)
			}
			// Once recorded, the revision is not reviewed again.
			if again, err := f.svc.RunPanel(ctx, *f.problem.CurrentRevisionID, f.cfg); again != nil || err != nil {
				t.Errorf("a second run = %+v, %v; want nothing", again, err)
			}
		})

		t.Run("an unapproved lane: administrator review, held", func(t *testing.T) {
			f := newPanelFixture(t, d)
			f.panel(t, false)
			f.switches(t, true, true, true)
			g := f.run(t)
			hs := f.holds(t)
			if g.Recommendation != string(policy.RouteAdministratorReview) || !slices.Contains(g.ReasonCodes, "LANE_UNAPPROVED") ||
				len(hs) != 1 || hs[0].Reason != hold.ReasonAGENT_PANEL || hs[0].Authority != policy.AuthorityPublicationGate {
				t.Errorf("record %+v, holds %+v", g, hs)
			}
		})

		t.Run("the audit switch closed: a selected sample cannot publish", func(t *testing.T) {
			f := newPanelFixture(t, d)
			f.panel(t, true)
			f.switches(t, true, true, false)
			g := f.run(t)
			if g.Recommendation != string(policy.RouteAdministratorReview) || f.audit.calls.Load() != 0 || len(f.holds(t)) != 1 {
				t.Errorf("record %+v, %d audit calls", g, f.audit.calls.Load())
			}
		})

		t.Run("no lanes: invalid configuration, held", func(t *testing.T) {
			f := newPanelFixture(t, d)
			f.switches(t, true, true, true)
			g := f.run(t)
			if g.Recommendation != string(policy.RouteAdministratorReview) || len(g.ReasonCodes) == 0 || len(f.holds(t)) != 1 {
				t.Errorf("record %+v", g)
			}
		})
	})
}

// TestPanelRepeatedDefectsCloseTheGate: a provider that keeps failing sends each problem to
// administrator review, and the third failure of one lane in a week closes the agent-review
// switch, recorded as an event.
func TestPanelRepeatedDefectsCloseTheGate(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newPanelFixture(t, d)
		f.panel(t, true)
		f.switches(t, true, true, true)
		f.provider.set(lanes.Qualify, true)
		for i := range 3 {
			p := f.submitChecked(t, f.member)
			g, err := f.svc.RunPanel(ctx, *p.CurrentRevisionID, f.cfg)
			if err != nil || g == nil {
				t.Fatalf("run %d: %+v, %v", i, g, err)
			}
			if g.Recommendation != string(policy.RouteAdministratorReview) || !slices.Contains(g.ReasonCodes, "PROVIDER_FAILURE") {
				t.Errorf("run %d: record %+v", i, g)
			}
		}
		sw, err := f.svc.Switches(ctx)
		if err != nil || sw.AgentReview || !sw.Master {
			t.Fatalf("switches after three failures = %+v, %v; want agent review closed", sw, err)
		}
		evs, err := f.svc.Client().Event.Query().All(ctx)
		if err != nil {
			t.Fatal(err)
		}
		closed := false
		for _, e := range evs {
			if e.Kind == policy.KindSwitchSet && strings.Contains(e.Payload, `"on":false`) && e.Authority == policy.AuthorityPublicationGate {
				closed = true
			}
		}
		if !closed {
			t.Error("no switch.set event records the closing")
		}
		// With the gate closed, the next problem is not reviewed by the lanes.
		calls := f.provider.calls.Load()
		p := f.submitChecked(t, f.member)
		if g, err := f.svc.RunPanel(ctx, *p.CurrentRevisionID, f.cfg); err != nil || g.Recommendation != policy.RecommendationNone ||
			f.provider.calls.Load() != calls {
			t.Errorf("after the closing: %+v, %v, %d new calls", g, err, f.provider.calls.Load()-calls)
		}
	})
}

// TestLaneRegistry: operators only, identities distinct, approval and switches recorded.
func TestLaneRegistry(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newPanelFixture(t, d)
		in := policy.LaneInput{Identity: "critique.x", Role: "MATH_CRITIQUE", Provider: "openai", BaseURL: f.provider.URL + "/v1",
			Model: "m", ModelVersion: "m-1"}
		if _, err := f.svc.AddLane(ctx, f.reviewer, in); err == nil {
			t.Error("a reviewer registered a lane")
		}
		l, err := f.svc.AddLane(ctx, f.operator, in)
		if err != nil {
			t.Fatal(err)
		}
		if l.PromptVersion == "" || l.ApprovedAt != nil {
			t.Errorf("a new lane: prompt %q, approved %v", l.PromptVersion, l.ApprovedAt)
		}
		if _, err := f.svc.AddLane(ctx, f.operator, in); err == nil {
			t.Error("a second lane with the same identity was registered")
		}
		bad := in
		bad.Identity, bad.Role = "nobody", "CRITIC"
		if _, err := f.svc.AddLane(ctx, f.operator, bad); err == nil {
			t.Error("a lane with an unknown role was registered")
		}
		if _, err := f.svc.ApproveLane(ctx, f.reviewer, l.ID); err == nil {
			t.Error("a reviewer approved a lane")
		}
		if l, err = f.svc.ApproveLane(ctx, f.operator, "critique.x"); err != nil || l.ApprovedAt == nil || l.ApprovedByID == nil ||
			*l.ApprovedByID != f.operator.ID {
			t.Errorf("ApproveLane = %+v, %v", l, err)
		}
		if err := f.svc.SetSwitch(ctx, f.operator, "sideways", true, ""); err == nil {
			t.Error("an unknown switch was set")
		}
		if err := f.svc.SetSwitch(ctx, f.reviewer, "master", true, ""); err == nil {
			t.Error("a reviewer set a switch")
		}
		sw, _ := f.svc.Switches(ctx)
		if sw.Master || sw.AgentReview || sw.AuditLane {
			t.Errorf("switches never set = %+v; want all off", sw)
		}
		if err := f.svc.SetSwitch(ctx, f.operator, "master", true, "launch"); err != nil {
			t.Fatal(err)
		}
		if err := f.svc.SetSwitch(ctx, f.operator, "master", false, "pause"); err != nil {
			t.Fatal(err)
		}
		if sw, _ = f.svc.Switches(ctx); sw.Master {
			t.Error("master still on after being turned off")
		}
		kinds := map[string]int{}
		evs, _ := f.svc.Client().Event.Query().All(ctx)
		for _, e := range evs {
			if e.Actor == f.operator.ID {
				kinds[e.Kind]++
			}
		}
		if kinds[policy.KindLaneAdded] != 1 || kinds[policy.KindLaneApproved] != 1 || kinds[policy.KindSwitchSet] != 2 {
			t.Errorf("operator events = %v", kinds)
		}
	})
}
