package graph_test

import (
	"context"
	"slices"
	"testing"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
)

// TestPublicationGateOverGraphQL: the public publication_gate record and the staff hold a
// panel with no lanes leaves, as an agent reads them; the lanes and switches for operators.
func TestPublicationGateOverGraphQL(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		a := newAPI(t, d)
		member := a.token("ada")
		opTok := a.token("otto", role.Operator)
		op, err := a.svc.AccountByHandle(ctx, "otto")
		if err != nil {
			t.Fatal(err)
		}
		id := a.submit("ada", "Good integers")
		rev := a.revision(id)
		runs, err := a.svc.GateRunsToDo(ctx, rev)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range runs {
			if err := a.svc.RecordGateResult(ctx, r.ID, "test", gates.Result{Gate: gates.Name(r.Gate), Version: r.Version,
				Outcome: gates.OutcomePass}); err != nil {
				t.Fatal(err)
			}
		}
		const q = `query($id: String!) { problem(id: $id) { state hold { reason } publicationGate { version recommendation
			lanes { role provider modelVersion promptVersion } switches { master agentReview auditLane } searchWindow auditState reasonCodes } } }`
		var out struct {
			Problem struct {
				State           string
				Hold            *struct{ Reason string }
				PublicationGate *struct {
					Version        int
					Recommendation string
					Lanes          []struct{ Role string }
					Switches       struct{ Master, AgentReview, AuditLane bool }
					SearchWindow   int
					AuditState     string
					ReasonCodes    []string
				}
			}
		}
		if r := a.do("", q, map[string]any{"id": id}, &out); len(r.Errors) > 0 || out.Problem.PublicationGate != nil {
			t.Fatalf("before the panel: %s", r.Body)
		}
		for _, s := range []string{"master", "agent-review"} {
			if err := a.svc.SetSwitch(ctx, op, s, true, "launch"); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := a.svc.RunPanel(ctx, rev, policy.PanelConfig{}); err != nil {
			t.Fatal(err)
		}
		if r := a.do("", q, map[string]any{"id": id}, &out); len(r.Errors) > 0 {
			t.Fatal(string(r.Body))
		}
		g := out.Problem.PublicationGate
		if g == nil || g.Version != 1 || g.Recommendation != "ADMINISTRATOR_REVIEW" || !g.Switches.Master || !g.Switches.AgentReview ||
			g.Switches.AuditLane || g.SearchWindow != 365 || len(g.ReasonCodes) == 0 || !slices.Contains(g.ReasonCodes, "PANEL_INCOMPLETE") {
			t.Errorf("publicationGate = %+v", g)
		}
		if out.Problem.Hold == nil || out.Problem.Hold.Reason != "AGENT_PANEL" || out.Problem.State != "PROSPECTING" {
			t.Errorf("state %s, hold %+v; want PROSPECTING held AGENT_PANEL", out.Problem.State, out.Problem.Hold)
		}

		if _, err := a.svc.AddLane(ctx, op, policy.LaneInput{Identity: "critique.x", Role: "MATH_CRITIQUE", Provider: "anthropic",
			BaseURL: "https://api.anthropic.com", Model: "m", ModelVersion: "m-1"}); err != nil {
			t.Fatal(err)
		}
		const lq = `{ lanes { identity role provider modelVersion promptVersion approved keyConfigured } gateSwitches { master auditLane } }`
		var lanes struct {
			Lanes []struct {
				Identity, Role, PromptVersion string
				Approved, KeyConfigured       bool
			}
		}
		if r := a.do(opTok, lq, nil, &lanes); len(r.Errors) > 0 {
			t.Fatal(string(r.Body))
		}
		if len(lanes.Lanes) != 1 || lanes.Lanes[0].Role != "MATH_CRITIQUE" || lanes.Lanes[0].Approved || lanes.Lanes[0].PromptVersion == "" {
			t.Errorf("lanes = %+v", lanes.Lanes)
		}
		if r := a.do(member, `{ lanes { identity } }`, nil, nil); len(r.Errors) == 0 || r.Errors[0].Extensions["code"] != "FORBIDDEN" {
			t.Errorf("a member read the lanes: %s", r.Body)
		}

		// The report: the lane has no reviews, so its rates are unknown (null), never 0%.
		const rq = `query($since: Date, $until: Date) { laneReport(since: $since, until: $until) { since until goldPackets
			lanes { identity role calls escalation { count of rate low high } escalationChange { rate } goldAccuracy { of rate } notes } } }`
		var rep struct {
			LaneReport struct {
				GoldPackets int
				Lanes       []struct {
					Identity   string
					Calls      int
					Escalation struct {
						Count, Of int
						Rate      *float64
					}
					GoldAccuracy struct{ Rate *float64 }
					Notes        []string
				}
			}
		}
		if r := a.do(opTok, rq, map[string]any{"since": "2026-01-01", "until": "2030-12-31"}, &rep); len(r.Errors) > 0 {
			t.Fatal(string(r.Body))
		}
		if len(rep.LaneReport.Lanes) != 1 || rep.LaneReport.Lanes[0].Identity != "critique.x" || rep.LaneReport.Lanes[0].Calls != 0 ||
			rep.LaneReport.Lanes[0].Escalation.Rate != nil || rep.LaneReport.Lanes[0].GoldAccuracy.Rate != nil || rep.LaneReport.GoldPackets == 0 {
			t.Errorf("laneReport = %+v", rep.LaneReport)
		}
		if r := a.do(opTok, rq, map[string]any{"since": "2026-12-01", "until": "2026-11-01"}, nil); len(r.Errors) == 0 {
			t.Errorf("a period that ends before it starts was answered: %s", r.Body)
		}
		if r := a.do(member, rq, nil, nil); len(r.Errors) == 0 || r.Errors[0].Extensions["code"] != "FORBIDDEN" {
			t.Errorf("a member read the lane report: %s", r.Body)
		}
	})
}
