package server_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/lanes"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
	"github.com/theoremdb/theoremdb/ui"
	"github.com/theoremdb/theoremdb/ui/pagetest"
)

// postLanes posts a form of /admin/lanes, follows its redirect back, and returns the page and
// its flash.
func (s *site) postLanes(b *http.Client, path string, form url.Values) ([]byte, string) {
	s.t.Helper()
	code, _, h := s.post(b, path, form)
	if code != http.StatusSeeOther || h.Get("Location") != "/admin/lanes" {
		s.t.Fatalf("form answered %d to %q; want 303 to /admin/lanes", code, h.Get("Location"))
	}
	_, body, _ := s.get(b, "/admin/lanes")
	ns := pagetest.Select(s.t, body, "flash")
	if len(ns) == 0 {
		return body, ""
	}
	return body, pagetest.Text(ns[0])
}

// TestLanesPage: an operator registers, approves and disables lanes and sets the switches on
// /admin/lanes, each through the policy and each an event naming them; a refused registration
// shows the form again with what to fix; nobody else may see or post to the page, and no key is
// ever shown.
func TestLanesPage(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d string) {
		s := newSite(t, d)
		ctx := context.Background()
		const secret = "sk-page-test-secret"
		t.Setenv("THEOREMDB_LANE_KEY_PANEL_PRIOR_ART_1", secret)
		staff, otto := s.signedIn(t, "otto", role.Operator)
		rev, _ := s.signedIn(t, "rita", role.Reviewer)

		if code, _, h := s.get(s.browser(), "/admin/lanes"); code != http.StatusSeeOther || !strings.HasPrefix(h.Get("Location"), "/signin") {
			t.Errorf("anonymous /admin/lanes = %d to %q; want the sign-in page", code, h.Get("Location"))
		}
		register := url.Values{"identity": {"panel.prior-art-1"}, "role": {"PRIOR_ART"}, "provider": {"openai"},
			"baseUrl": {"http://127.0.0.1:8000/v1"}, "model": {"model-a"}, "modelVersion": {"model-a-2026-01"}, "promptVersion": {""}}
		for _, tc := range []struct {
			method, path string
			form         url.Values
		}{
			{"GET", "/admin/lanes", nil},
			{"POST", "/admin/lanes", register},
			{"POST", "/admin/lanes/panel.prior-art-1/approve", url.Values{}},
			{"POST", "/admin/lanes/panel.prior-art-1/disable", url.Values{}},
			{"POST", "/admin/switches/master", url.Values{"state": {"on"}}},
		} {
			var code int
			if tc.method == "GET" {
				code, _, _ = s.get(rev, tc.path)
			} else {
				code, _, _ = s.post(rev, tc.path, tc.form)
			}
			if code != http.StatusForbidden {
				t.Errorf("reviewer %s %s = %d; want 403", tc.method, tc.path, code)
			}
		}

		code, body, _ := s.get(staff, "/admin/lanes")
		if code != http.StatusOK {
			t.Fatalf("operator /admin/lanes = %d", code)
		}
		pagetest.Check(t, "/admin/lanes empty", body)
		if text(t, body, "lanes-empty") == "" || !strings.Contains(text(t, body, "gate-state"), "closed") {
			t.Error("an empty page does not say there are no lanes and the gate is closed")
		}
		if n := len(pagetest.Select(t, body, "switch-form")); n != 3 {
			t.Errorf("%d switch forms; want master, agent review and audit lane", n)
		}
		if !regexp.MustCompile(`<a href="/admin/review"`).Match(body) || text(t, body, "staff-nav") == "" {
			t.Error("the page does not link back to the staff console")
		}

		// Refusals keep what was typed and say what to fix, field by field.
		for _, tc := range []struct {
			name  string
			set   map[string]string
			field string
			says  string
		}{
			{"identity", map[string]string{"identity": "panel prior art"}, "identity", "letters, digits"},
			{"model version", map[string]string{"modelVersion": ""}, "modelVersion", "model version"},
			{"base URL", map[string]string{"baseUrl": "ftp://example.org"}, "baseUrl", "http or https"},
			{"prompt", map[string]string{"promptVersion": "v9"}, "promptVersion", "v9"},
		} {
			form := url.Values{}
			for k, v := range register {
				form[k] = v
			}
			for k, v := range tc.set {
				form.Set(k, v)
			}
			code, body, _ := s.post(staff, "/admin/lanes", form)
			if code != http.StatusUnprocessableEntity {
				t.Errorf("register with a bad %s = %d; want 422", tc.name, code)
				continue
			}
			pagetest.Check(t, "/admin/lanes refused "+tc.name, body)
			if got := text(t, body, "error-"+tc.field); !strings.Contains(got, tc.says) {
				t.Errorf("register with a bad %s: the %s field says %q; want %q", tc.name, tc.field, got, tc.says)
			}
			if !strings.Contains(string(body), `value="model-a"`) {
				t.Errorf("register with a bad %s: the form lost what was typed", tc.name)
			}
		}

		_, flash := s.postLanes(staff, "/admin/lanes", register)
		if !strings.Contains(flash, "Registered the lane panel.prior-art-1") {
			t.Errorf("flash after registering = %q", flash)
		}
		baseline := url.Values{"identity": {"baseline.formal"}, "role": {"FORMAL_READINESS"}, "provider": {"baseline"}}
		body, _ = s.postLanes(staff, "/admin/lanes", baseline)
		pagetest.Check(t, "/admin/lanes with lanes", body)
		if strings.Contains(string(body), secret) {
			t.Fatal("the page shows a lane's key")
		}
		rows := pagetest.Select(t, body, "lane-row")
		if len(rows) != 2 {
			t.Fatalf("%d lane rows; want 2", len(rows))
		}
		row := pagetest.Text(rows[1]) // ordered by role: FORMAL_READINESS before PRIOR_ART
		for _, want := range []string{"panel.prior-art-1", "Prior art", "OpenAI-compatible", "model-a-2026-01", "v1", "not approved", "enabled", "set"} {
			if !strings.Contains(row, want) {
				t.Errorf("the lane row %q lacks %q", row, want)
			}
		}
		// The variable's name may break after each underscore (<wbr>), and reads whole.
		if key := pagetest.Text(pagetest.Select(t, body, "lane-key")[1]); !strings.Contains(strings.ReplaceAll(key, " ", ""), "THEOREMDB_LANE_KEY_PANEL_PRIOR_ART_1") {
			t.Errorf("the lane's key cell %q does not name THEOREMDB_LANE_KEY_PANEL_PRIOR_ART_1", key)
		}
		if got := pagetest.Text(rows[0]); !strings.Contains(got, "not needed") || !strings.Contains(got, "Deterministic baseline") {
			t.Errorf("the baseline's row = %q", got)
		}

		l, err := s.svc.ViewLanes(ctx, otto)
		if err != nil || len(l.Lanes) != 2 {
			t.Fatalf("lanes = %v, %v", l, err)
		}
		i := slices.IndexFunc(l.Lanes, func(x policy.LaneView) bool { return x.Identity == "panel.prior-art-1" })
		if i < 0 {
			t.Fatal("the lane panel.prior-art-1 is not registered")
		}
		lane := l.Lanes[i]
		if !strings.Contains(string(body), `action="/admin/lanes/`+lane.ID+`/approve"`) {
			t.Fatal("no Approve button for the unapproved lane")
		}
		body, flash = s.postLanes(staff, "/admin/lanes/"+lane.ID+"/approve", url.Values{})
		if flash != "Approved the lane panel.prior-art-1." {
			t.Errorf("flash after approving = %q", flash)
		}
		if strings.Contains(string(body), `action="/admin/lanes/`+lane.ID+`/approve"`) {
			t.Error("an approved lane still offers Approve")
		}
		if got := pagetest.Text(pagetest.Select(t, body, "lane-row")[1]); !strings.Contains(got, "@otto") {
			t.Errorf("the approved lane's row = %q; want the approving operator", got)
		}
		_, flash = s.postLanes(staff, "/admin/lanes/panel.prior-art-1/approve", url.Values{})
		if !strings.Contains(flash, "Not approved: The lane panel.prior-art-1 is already approved.") {
			t.Errorf("flash after approving twice = %q", flash)
		}
		body, flash = s.postLanes(staff, "/admin/lanes/"+lane.ID+"/disable", url.Values{})
		if !strings.Contains(flash, "Disabled the lane panel.prior-art-1") {
			t.Errorf("flash after disabling = %q", flash)
		}
		if got := pagetest.Text(pagetest.Select(t, body, "lane-row")[1]); !strings.Contains(got, "disabled") {
			t.Errorf("the disabled lane's row = %q", got)
		}
		if code, _, _ := s.post(staff, "/admin/lanes/lan_nothing/approve", url.Values{}); code != http.StatusSeeOther {
			t.Errorf("approving an unknown lane = %d; want a redirect with the refusal", code)
		}

		// The switches.
		body, flash = s.postLanes(staff, "/admin/switches/master", url.Values{"state": {"on"}, "reason": {"Pilot of the panel"}})
		if flash != "Master switch turned on. Automated review is closed." {
			t.Errorf("flash after the master switch = %q", flash)
		}
		if got := text(t, body, "switch-master"); !strings.Contains(got, "Set on by @otto") || !strings.Contains(got, "Pilot of the panel") || !strings.Contains(got, "Turn master off") {
			t.Errorf("the master switch reads %q", got)
		}
		_, flash = s.postLanes(staff, "/admin/switches/agent-review", url.Values{"state": {"on"}})
		if flash != "Agent-review switch turned on. Automated review is open." {
			t.Errorf("flash after the agent-review switch = %q", flash)
		}
		body, _ = s.postLanes(staff, "/admin/switches/audit-lane", url.Values{"state": {"off"}, "reason": {"The audit provider is down"}})
		pagetest.Check(t, "/admin/lanes with switches", body)
		if !strings.Contains(text(t, body, "gate-state"), "open") {
			t.Errorf("gate state = %q; want open", text(t, body, "gate-state"))
		}
		sw, err := s.svc.Switches(ctx)
		if err != nil || sw != (policy.Switches{Master: true, AgentReview: true}) {
			t.Errorf("Switches() = %+v, %v", sw, err)
		}
		if code, _, _ := s.post(staff, "/admin/switches/everything", url.Values{"state": {"on"}}); code != http.StatusNotFound {
			t.Errorf("an unknown switch = %d; want 404", code)
		}
		if code, _, _ := s.post(staff, "/admin/switches/master", url.Values{"state": {"maybe"}}); code != http.StatusBadRequest {
			t.Errorf("a switch neither on nor off = %d; want 400", code)
		}
		recorded, err := s.svc.EventCountsBy(ctx, otto.ID)
		if err != nil {
			t.Fatal(err)
		}
		for kind, want := range map[string]int{policy.KindLaneAdded: 2, policy.KindLaneApproved: 1, policy.KindLaneDisabled: 1, policy.KindSwitchSet: 3} {
			if n := recorded[kind]; n != want {
				t.Errorf("%d %s events name @otto; want %d", n, kind, want)
			}
		}
	})
}

// qualifyingProvider is an OpenAI-compatible server whose every answer confirms every check of
// the role's prompt and recommends qualify.
func qualifyingProvider(t *testing.T, model string) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			Messages []struct{ Role, Content string }
		}
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil || len(req.Messages) == 0 {
			http.Error(w, "bad request", http.StatusBadRequest)
			return
		}
		checks := map[string]any{}
		for _, p := range lanes.Prompts() {
			if p.Text == req.Messages[0].Content {
				for _, c := range p.Checks {
					checks[c] = map[string]any{"confirmed": true, "reason": "Checked against the packet."}
				}
			}
		}
		content, _ := json.Marshal(map[string]any{"checks": checks, "recommendation": "qualify",
			"blockers": []string{}, "concerns": []string{}, "unknowns": []string{}})
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"id": "chatcmpl-1", "object": "chat.completion", "model": model,
			"choices": []any{map[string]any{"index": 0, "finish_reason": "stop",
				"message": map[string]any{"role": "assistant", "content": string(content)}}},
			"usage": map[string]any{"prompt_tokens": 1000, "completion_tokens": 200, "total_tokens": 1200}})
	}))
	t.Cleanup(srv.Close)
	return srv
}

// checkedProspects are prospecting demo problems whose gates have all run, oldest deadline first,
// each as its view shows it.
func checkedProspects(t *testing.T, s *site) []*policy.ProblemView {
	t.Helper()
	var out []*policy.ProblemView
	for _, p := range prospects(t, s) {
		v := s.view(t, p.ID)
		if !slices.ContainsFunc(v.Checks, func(c policy.CheckView) bool { return c.Outcome == "PENDING" }) {
			out = append(out, v)
		}
	}
	if len(out) < 2 {
		t.Fatalf("%d prospecting demo problems have run their gates; want 2", len(out))
	}
	return out
}

// TestPublicationGateOnProblemPage: the newest publication_gate record is public review evidence
// on the problem page, for a reader who is not signed in: a closed gate's record, and a panel's,
// with its recommendation in words, lanes, switches, window, audit state and labelled reason
// codes, and no model reasoning.
func TestPublicationGateOnProblemPage(t *testing.T) {
	t.Parallel()
	s := newSite(t, "sqlite3")
	ctx := context.Background()
	reader := s.browser()
	ps := checkedProspects(t, s)
	_, op := s.signedIn(t, "otto", role.Operator)

	// The switches were never set: the gate is closed, and the record says so.
	closed, err := s.svc.RunPanel(ctx, ps[0].Revision.ID, policy.PanelConfig{})
	if err != nil || closed == nil || closed.Recommendation != policy.RecommendationNone {
		t.Fatalf("RunPanel with the gate closed = %+v, %v", closed, err)
	}
	_, body, _ := s.get(reader, "/p/"+ps[0].ID)
	pagetest.Check(t, "/p/"+ps[0].ID+" closed record", body)
	if got := text(t, body, "publication-gate-recommendation"); got != ui.PublicationGateNone+"." {
		t.Errorf("closed record's recommendation = %q", got)
	}
	if got := text(t, body, "publication-gate-switches"); got != "master off · agent review off · audit lane off" {
		t.Errorf("closed record's switches = %q", got)
	}
	reasons := text(t, body, "publication-gate-reasons")
	for _, want := range []string{"Automated review off", "MASTER_SWITCH_OFF", "Agent review off", "AGENT_REVIEW_SWITCH_OFF"} {
		if !strings.Contains(reasons, want) {
			t.Errorf("closed record's reasons %q lack %q", reasons, want)
		}
	}
	if text(t, body, "publication-gate-no-lanes") == "" || text(t, body, "publication-gate-window") != "365 days" {
		t.Errorf("closed record: lanes %q, window %q", text(t, body, "publication-gate-no-lanes"), text(t, body, "publication-gate-window"))
	}
	if got := text(t, body, "publication-gate-audit"); got != "Not considered: automated review was closed" {
		t.Errorf("closed record's audit = %q", got)
	}
	if got := text(t, body, "publication-gate-version"); !strings.HasPrefix(got, "The publication_gate record, version 1, of revision 1, recorded ") {
		t.Errorf("closed record's version line = %q", got)
	}
	// Only the Problem tab carries the record.
	if _, body, _ := s.get(reader, "/p/"+ps[0].ID+"?tab=history"); len(pagetest.Select(t, body, "publication-gate")) != 0 {
		t.Error("the History tab shows the record too")
	}

	// A panel of three approved lanes on one provider and an audit lane on another.
	panel, audit := qualifyingProvider(t, "model-a-2026-01"), qualifyingProvider(t, "model-b-2026-02")
	for _, l := range []struct {
		identity string
		role     lanes.Role
		srv      *httptest.Server
		model    string
	}{
		{"prior-art.a", lanes.PriorArt, panel, "model-a-2026-01"}, {"critique.a", lanes.MathCritique, panel, "model-a-2026-01"},
		{"formal.a", lanes.FormalReadiness, panel, "model-a-2026-01"}, {"audit.b", lanes.Audit, audit, "model-b-2026-02"},
	} {
		added, err := s.svc.AddLane(ctx, op, policy.LaneInput{Identity: l.identity, Role: string(l.role), Provider: "openai",
			BaseURL: l.srv.URL + "/v1", Model: l.model, ModelVersion: l.model})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.svc.ApproveLane(ctx, op, added.ID); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range []string{"master", "agent-review", "audit-lane"} {
		if err := s.svc.SetSwitch(ctx, op, name, true, "test"); err != nil {
			t.Fatal(err)
		}
	}
	cfg := policy.PanelConfig{AuditSeed: []byte("test seed"), Build: func(c lanes.Config) (lanes.Lane, error) {
		return lanes.New(c, lanes.WithEnv(func(string) (string, bool) { return "test-key", true }))
	}}
	g, err := s.svc.RunPanel(ctx, ps[1].Revision.ID, cfg)
	if err != nil || g == nil {
		t.Fatalf("RunPanel = %+v, %v", g, err)
	}
	_, body, _ = s.get(reader, "/p/"+ps[1].ID)
	pagetest.Check(t, "/p/"+ps[1].ID+" panel record", body)
	if got, want := text(t, body, "publication-gate-recommendation"), ui.PublicationGateRecommendation(g.Recommendation)+"."; got != want {
		t.Errorf("record's recommendation = %q; want %q (record %+v)", got, want, g)
	}
	if got := text(t, body, "publication-gate-switches"); got != "master on · agent review on · audit lane on" {
		t.Errorf("record's switches = %q", got)
	}
	rows := pagetest.Select(t, body, "publication-gate-lane")
	if len(rows) != len(g.Lanes) || len(rows) < 3 {
		t.Fatalf("%d lane rows for the record's %d lanes", len(rows), len(g.Lanes))
	}
	for i, want := range []string{"Prior art", "Mathematical critique", "Formal readiness"} {
		got := pagetest.Text(rows[i])
		for _, w := range []string{want, "OpenAI-compatible API", "model-a-2026-01", "v1"} {
			if !strings.Contains(got, w) {
				t.Errorf("lane row %d = %q; want %q", i, got, w)
			}
		}
	}
	if got, want := text(t, body, "publication-gate-audit"), ui.AuditStateLabel(g.AuditState); got != want {
		t.Errorf("audit = %q; want %q", got, want)
	}
	reasons = text(t, body, "publication-gate-reasons")
	for _, code := range g.ReasonCodes {
		if !strings.Contains(reasons, code) || !strings.Contains(reasons, policy.ReviewGateReasons.Label(code)) {
			t.Errorf("reasons %q lack %s with its label", reasons, code)
		}
	}
	if len(g.ReasonCodes) == 0 && !strings.Contains(reasons, "every condition") {
		t.Errorf("a record without reasons says %q", reasons)
	}
	// The model's reasons for its checks are not public.
	if strings.Contains(string(body), "Checked against the packet.") {
		t.Error("the page shows the model's reasoning")
	}
	note := pagetest.Select(t, body, "publication-gate-note")
	if early := g.Recommendation == string(policy.RouteEarlyAcceptance); early != (len(note) == 1) {
		t.Errorf("recommendation %s, and the challenge banner's note is shown: %v", g.Recommendation, len(note) == 1)
	}
	t.Logf("the panel's record: %s, audit %s, reasons %v", g.Recommendation, g.AuditState, g.ReasonCodes)

	// An affirmed early-acceptance recommendation (the demo data has none: its statements
	// await the copy check) says it does not accept early, here and in the challenge banner.
	pk, err := s.svc.ProblemPacket(ctx, ps[1].ID)
	if err != nil {
		t.Fatal(err)
	}
	v := pk.View(nil, s.svc.Now(), 10)
	early := *g
	early.Recommendation, early.AuditState, early.ReasonCodes = string(policy.RouteEarlyAcceptance), string(policy.AuditAffirmed), []string{}
	v.PublicationGate = &early
	v.Holds = nil // an affirmed recommendation holds nothing: the record that held ps[1] is replaced
	var b strings.Builder
	if err := ui.ProblemPage(ui.ProblemView{P: v, Tab: "problem"}).Render(ctx, &b); err != nil {
		t.Fatal(err)
	}
	page := []byte(b.String())
	if got := text(t, page, "publication-gate-recommendation"); got != "Recommended for early acceptance — under policy v5 this does not accept early; the problem stays in its challenge period until the deadline." {
		t.Errorf("early recommendation = %q", got)
	}
	if !v.InChallenge || !strings.Contains(text(t, page, "challenge-banner"), "recommends early acceptance") {
		t.Errorf("the challenge banner does not carry the recommendation: %q", text(t, page, "challenge-banner"))
	}
	if got := text(t, page, "publication-gate-reasons"); got != "None: every condition of the review gate held." {
		t.Errorf("early recommendation's reasons = %q", got)
	}
	if got := text(t, page, "publication-gate-audit"); got != "Audited: the audit lane affirmed every check" {
		t.Errorf("early recommendation's audit = %q", got)
	}
}
