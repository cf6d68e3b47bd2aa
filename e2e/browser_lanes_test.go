package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/theoremdb/theoremdb/db"
	"github.com/theoremdb/theoremdb/lanes"
	"github.com/theoremdb/theoremdb/policy"
)

// chatServer is a local OpenAI-compatible chat-completions server: every answer confirms every
// check of the role's prompt and recommends qualify, as a recorded answer would.
func chatServer(t *testing.T, model string) *httptest.Server {
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
					checks[c] = map[string]any{"confirmed": true, "reason": "Checked against the packet and the cited sources."}
				}
			}
		}
		content, _ := json.Marshal(map[string]any{"checks": checks, "recommendation": "qualify",
			"blockers": []string{}, "concerns": []string{}, "unknowns": []string{}})
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"id": "chatcmpl-e2e", "object": "chat.completion", "model": model,
			"choices": []any{map[string]any{"index": 0, "finish_reason": "stop",
				"message": map[string]any{"role": "assistant", "content": string(content)}}},
			"usage": map[string]any{"prompt_tokens": 1800, "completion_tokens": 350, "total_tokens": 2150}})
	}))
	t.Cleanup(srv.Close)
	return srv
}

// panelRecord runs agent-assisted review of a demo problem through the policy, before the site
// serves: three approved lanes on one local provider and an audit lane on another, every switch
// on. The master switch is then closed again, for the operator to open in the browser.
func panelRecord(t *testing.T, url, ref string, panel, audit *httptest.Server) *policy.PublicationGateView {
	t.Helper()
	ctx := context.Background()
	d, err := db.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	svc := policy.New(d, policy.Config{})
	op, err := svc.AccountByHandle(ctx, "olga")
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range []struct {
		identity string
		role     lanes.Role
		srv      *httptest.Server
		model    string
	}{
		{"panel.prior-art-1", lanes.PriorArt, panel, "model-a-2026-01"},
		{"panel.critique-1", lanes.MathCritique, panel, "model-a-2026-01"},
		{"panel.formal-1", lanes.FormalReadiness, panel, "model-a-2026-01"},
		{"audit.b-1", lanes.Audit, audit, "model-b-2026-02"},
	} {
		added, err := svc.AddLane(ctx, op, policy.LaneInput{Identity: l.identity, Role: string(l.role), Provider: "openai",
			BaseURL: l.srv.URL + "/v1", Model: l.model, ModelVersion: l.model})
		if err != nil {
			t.Fatalf("AddLane(%s) = %v", l.identity, err)
		}
		if _, err := svc.ApproveLane(ctx, op, added.ID); err != nil {
			t.Fatalf("ApproveLane(%s) = %v", l.identity, err)
		}
	}
	for _, name := range []string{policy.SwitchMaster, policy.SwitchAgentReview, policy.SwitchAuditLane} {
		if err := svc.SetSwitch(ctx, op, name, true, "Pilot of the panel"); err != nil {
			t.Fatal(err)
		}
	}
	pk, err := svc.ProblemPacket(ctx, ref)
	if err != nil {
		t.Fatal(err)
	}
	g, err := svc.RunPanel(ctx, *pk.Problem.CurrentRevisionID, policy.PanelConfig{AuditSeed: []byte("e2e seed"),
		Build: func(c lanes.Config) (lanes.Lane, error) {
			return lanes.New(c, lanes.WithEnv(func(string) (string, bool) { return "sk-local", true }))
		}})
	if err != nil || g == nil {
		t.Fatalf("RunPanel(%s) = %+v, %v", ref, g, err)
	}
	if err := svc.SetSwitch(ctx, op, policy.SwitchMaster, false, "Closed until the pilot starts"); err != nil {
		t.Fatal(err)
	}
	return g
}

// waitFlash waits until the page's flash message says want.
func waitFlash(t *testing.T, ctx context.Context, want string) {
	t.Helper()
	// The flash comes with the page a form's redirect loads: until that page has loaded, a read
	// can meet the document being replaced ("Inspected target navigated or closed"), which is
	// not yet an answer.
	const js = `document.readyState === "complete" ? ((document.querySelector('[data-testid="flash"]') || {}).textContent || "") : ""`
	for deadline := time.Now().Add(15 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		f, err := chromedp.Run(ctx, chromedp.Evaluate[string](js))
		if err == nil && strings.Contains(f, want) {
			return
		}
		if ctx.Err() != nil || time.Now().After(deadline) {
			t.Fatalf("no flash saying %q (last error: %v); the page at %s reads:\n%s", want, err,
				get(t, ctx, "read the address", chromedp.Evaluate[string](`location.href`)),
				get(t, ctx, "read the page", chromedp.Evaluate[string](`document.body.innerText`)))
		}
	}
}

// elementShot saves a PNG of one element as testdata/screenshots/NAME.png.
func elementShot(t *testing.T, ctx context.Context, sel chromedp.CSS, name string) {
	t.Helper()
	png := get(t, ctx, "screenshot "+name, chromedp.Screenshot(sel))
	if err := os.MkdirAll(screenshotDir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(screenshotDir, name+".png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestBrowserLanesAndPublicationGate: an operator registers a lane on /admin/lanes, approves
// it and opens the master switch; a reader sees a problem's publication_gate record on its
// page — the panel's, recorded through the policy, and a closed gate's, recorded by the
// workers — at 1280 and 390 px.
func TestBrowserLanesAndPublicationGate(t *testing.T) {
	t.Parallel()
	ctx := newBrowser(t)
	url := seededDB(t)
	env := []string{"DATABASE_URL=" + url}
	mustCLI(t, env, "admin", "account", "create", "--handle", "olga", "--role", "operator")
	setPassword(t, env, "olga", "operator password")
	panel, audit := chatServer(t, "model-a-2026-01"), chatServer(t, "model-b-2026-02")
	const held = "TDB-14"
	g := panelRecord(t, url, held, panel, audit)
	t.Logf("the panel's record on %s: %s, audit %s, reasons %v", held, g.Recommendation, g.AuditState, g.ReasonCodes)
	s := serve(t, append(env, "THEOREMDB_LANE_KEY_PANEL_PRIOR_ART_2=sk-local-key"))

	// The seed left the other revisions' reviews to the workers; with the master switch closed
	// each gets a closed record without a call.
	const closed = "TDB-16"
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(200 * time.Millisecond) {
		resp, err := http.Get(s.URL + "/p/" + closed)
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(b), `data-testid="publication-gate"`) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s has no publication_gate record 30 s after the site started", closed)
		}
	}

	signIn(t, ctx, s.URL, "olga", "operator password")
	do(t, ctx, "open the lanes",
		chromedp.Navigate(s.URL+"/admin/lanes"),
		chromedp.WaitVisible(byTestID("lanes")),
	)
	if got := text(t, ctx, "gate-state"); !strings.Contains(got, "closed") {
		t.Errorf("gate state = %q; want closed", got)
	}
	do(t, ctx, "register a lane",
		chromedp.SendKeys(chromedp.CSS("#lane-identity"), "panel.prior-art-2"),
		chromedp.SetValue(chromedp.CSS("#lane-role"), "PRIOR_ART"),
		chromedp.SetValue(chromedp.CSS("#lane-provider"), "openai"),
		chromedp.SendKeys(chromedp.CSS("#lane-base-url"), panel.URL+"/v1"),
		chromedp.SendKeys(chromedp.CSS("#lane-model"), "model-c"),
		chromedp.SendKeys(chromedp.CSS("#lane-model-version"), "model-c-2026-04"),
		chromedp.Click(byTestID("register-lane")),
	)
	waitFlash(t, ctx, "Registered the lane panel.prior-art-2")
	row := `tr[data-lane="panel.prior-art-2"]`
	if got := innerText(t, ctx, "read the new lane", chromedp.CSS(row)); !strings.Contains(got, "not approved") ||
		!strings.Contains(got, "model-c-2026-04") || !strings.Contains(got, "THEOREMDB_LANE_KEY_PANEL_PRIOR_ART_2") || strings.Contains(got, "sk-local-key") {
		t.Errorf("the new lane's row = %q", got)
	}
	do(t, ctx, "approve it", chromedp.Click(chromedp.CSS(row+` [data-testid="approve-lane"]`)))
	waitFlash(t, ctx, "Approved the lane panel.prior-art-2.")
	if got := innerText(t, ctx, "read the approved lane", chromedp.CSS(row+` [data-testid="lane-approved"]`)); !strings.Contains(got, "@olga") {
		t.Errorf("approved by = %q; want @olga", got)
	}
	do(t, ctx, "open the master switch",
		chromedp.SendKeys(chromedp.CSS("#reason-master"), "The pilot starts"),
		chromedp.Click(chromedp.CSS(`[data-testid="switch-master"] [data-testid="switch-button"]`)),
	)
	waitFlash(t, ctx, "Master switch turned on. Automated review is open.")
	if got := text(t, ctx, "switch-master"); !strings.Contains(got, "Set on by @olga") || !strings.Contains(got, "The pilot starts") {
		t.Errorf("master switch = %q", got)
	}
	for _, w := range []int64{1280, 390} {
		do(t, ctx, fmt.Sprintf("lanes at %d px", w), chromedp.EmulateViewport(w, 844), chromedp.Reload(), chromedp.WaitVisible(byTestID("lanes")))
		if excess, culprits := overflow(t, ctx); excess > 0 {
			t.Errorf("/admin/lanes at %d px is %d px wider than the viewport: %v", w, excess, culprits)
		}
		t.Logf("saved %s", screenshot(t, ctx, fmt.Sprintf("admin-lanes-%d", w)))
	}

	// A reader, not signed in.
	if _, err := chromedp.Call(ctx, network.ClearBrowserCookies, cdp.Empty{}); err != nil {
		t.Fatal(err)
	}
	for _, w := range []int64{1280, 390} {
		do(t, ctx, fmt.Sprintf("the held problem at %d px", w),
			chromedp.EmulateViewport(w, 844),
			chromedp.Navigate(s.URL+"/p/"+held),
			chromedp.WaitVisible(byTestID("publication-gate")),
		)
		if got := text(t, ctx, "nav-signin"); got == "" {
			t.Fatal("the reader is still signed in")
		}
		if excess, culprits := overflow(t, ctx); excess > 0 {
			t.Errorf("/p/%s at %d px is %d px wider than the viewport: %v", held, w, excess, culprits)
		}
		t.Logf("saved %s", screenshot(t, ctx, fmt.Sprintf("publication-gate-%s-%d", held, w)))
		elementShot(t, ctx, byTestID("publication-gate"), fmt.Sprintf("publication-gate-record-%d", w))
	}
	want := map[string]string{
		"RECOMMEND_EARLY_ACCEPTANCE": "Recommended for early acceptance — under policy v5 this does not accept early; the problem stays in its challenge period until the deadline",
		"ADMINISTRATOR_REVIEW":       "Sent to administrator review",
	}[g.Recommendation]
	if got := text(t, ctx, "publication-gate-recommendation"); want == "" || !strings.Contains(got, want) {
		t.Errorf("recommendation = %q; want %q for %s", got, want, g.Recommendation)
	}
	if got := text(t, ctx, "publication-gate-switches"); got != "master on · agent review on · audit lane on" {
		t.Errorf("switches = %q", got)
	}
	lanesText := text(t, ctx, "publication-gate-lanes")
	for _, w := range []string{"Prior art", "Mathematical critique", "Formal readiness", "model-a-2026-01", "v1", "OpenAI-compatible API"} {
		if !strings.Contains(lanesText, w) {
			t.Errorf("the record's lanes %q lack %q", lanesText, w)
		}
	}
	reasons := text(t, ctx, "publication-gate-reasons")
	for _, code := range g.ReasonCodes {
		if !strings.Contains(reasons, code) || !strings.Contains(reasons, policy.ReviewGateReasons.Label(code)) {
			t.Errorf("reasons %q lack %s and its label", reasons, code)
		}
	}
	if got := text(t, ctx, "publication-gate-window"); got != "365 days" {
		t.Errorf("search window = %q", got)
	}
	if page := get(t, ctx, "read the page", chromedp.Evaluate[string](`document.body.innerText`)); strings.Contains(page, "Checked against the packet") {
		t.Error("the page shows the model's reasoning")
	}

	do(t, ctx, "the closed gate's record",
		chromedp.EmulateViewport(1280, 844),
		chromedp.Navigate(s.URL+"/p/"+closed),
		chromedp.WaitVisible(byTestID("publication-gate")),
	)
	if got := text(t, ctx, "publication-gate-recommendation"); !strings.Contains(got, "Automated review closed (a switch is off)") {
		t.Errorf("closed record = %q", got)
	}
	if got := text(t, ctx, "publication-gate-reasons"); !strings.Contains(got, "Automated review off") {
		t.Errorf("closed record's reasons = %q", got)
	}
	elementShot(t, ctx, byTestID("publication-gate"), "publication-gate-closed-1280")
}
