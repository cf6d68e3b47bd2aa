package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserAuditAndQuality: an agent's output is drawn for the month's
// audit; an auditor in Chromium opens a sample, which never names its
// writer, records an error on its correctness through the form, and the
// quality page shows the stratum stopped, with its chart drawn on the
// server; an operator retires the quarantined node from the stops page and
// lifts the stop.
func TestBrowserAuditAndQuality(t *testing.T) {
	t.Parallel()
	ctx := newBrowser(t)
	s, env := seededSite(t)
	mustCLI(t, env, "admin", "account", "create", "--handle", "prover-bot", "--role", "agent")
	tok := strings.TrimSpace(mustCLI(t, env, "admin", "token", "create", "--handle", "prover-bot"))
	mustCLI(t, env, "admin", "account", "create", "--handle", "audrey", "--role", "auditor")
	setPassword(t, env, "audrey", "auditor password")

	r := s.graphql(t, tok, `mutation { openChangeRequest(input: {model: "model-zeta", promptVersion: "prompt-omega", nodes: [
		{kind: THEOREM, label: "e2e-identity", title: "Identity of a small group", body: "A group of order two has exactly one identity element."}]}) {
		changeRequest { id } userErrors { message } } }`, nil)
	id, _ := path(r.Data, "openChangeRequest", "changeRequest", "id").(string)
	if id == "" {
		t.Fatalf("openChangeRequest: %+v %+v", r.Data, r.Errors)
	}
	if cr := settleChangeRequest(t, s, id); cr["state"] != "MERGED" {
		t.Fatalf("change request %s = %+v; want MERGED", id, cr)
	}
	month := time.Now().UTC().Format("2006-01")
	if out := mustCLI(t, env, "audit", "draw", "--month", month, "--seed", "e2e"); !strings.Contains(out, "model-zeta") {
		t.Fatalf("audit draw printed %s", out)
	}

	signIn(t, ctx, s.URL, "audrey", "auditor password")
	do(t, ctx, "open the month's samples",
		chromedp.Navigate(s.URL+"/audit?month="+month),
		chromedp.WaitVisible(byTestID("audit-samples")),
		chromedp.Click(byTestID("audit-sample-link")),
		chromedp.WaitVisible(byTestID("audit-node")),
	)
	html := get(t, ctx, "read the sample page", chromedp.Evaluate[string](`document.documentElement.outerHTML`))
	for _, secret := range []string{"prover-bot", "model-zeta", "prompt-omega"} {
		if strings.Contains(html, secret) {
			t.Errorf("the audit page shows %q", secret)
		}
	}
	do(t, ctx, "record an error",
		chromedp.Click(byTestID("audit-correctness")+` input[value="DROPPED_HYPOTHESIS"]`),
		chromedp.SendKeys(byTestID("audit-correctness")+` textarea`, "It needs the group to be finite."),
		chromedp.Click(byTestID("audit-submit-correctness")),
	)
	waitFlash(t, ctx, "Recorded.")
	if got := text(t, ctx, "audit-answer"); !strings.Contains(got, "dropped_hypothesis") {
		t.Errorf("the answer reads %q", got)
	}
	screenshot(t, ctx, "audit-sample-1280")

	do(t, ctx, "open the rates",
		chromedp.Navigate(s.URL+"/quality?month="+month),
		chromedp.WaitVisible(byTestID("quality-chart")),
		chromedp.WaitVisible(byTestID("quality-stopped")),
	)
	bars := get(t, ctx, "count the bars", chromedp.Evaluate[int](`document.querySelectorAll('[data-testid="chart-bar"]').length`))
	if bars != 1 {
		t.Errorf("the chart has %d bars; want 1", bars)
	}
	screenshot(t, ctx, "quality-1280")

	do(t, ctx, "open the stops",
		chromedp.Click(byTestID("quality-stops-link")),
		chromedp.WaitVisible(byTestID("stop-held")),
	)
	if got := text(t, ctx, "stop-figure"); !strings.Contains(got, "correctness errors 1 in 1") {
		t.Errorf("the stop reads %q", got)
	}
	if got := text(t, ctx, "held-decision"); !strings.Contains(got, "undecided") {
		t.Errorf("an auditor sees the held node as %q; want undecided, with no form", got)
	}
	mustCLI(t, env, "admin", "account", "create", "--handle", "otto", "--role", "operator")
	setPassword(t, env, "otto", "operator password")
	do(t, ctx, "sign out",
		chromedp.Click(chromedp.CSS(`form[action="/signout"] button`)),
		chromedp.WaitVisible(byTestID("nav-signin")),
	)
	signIn(t, ctx, s.URL, "otto", "operator password")
	do(t, ctx, "retire the quarantined node",
		chromedp.Navigate(s.URL+"/quality/stops"),
		chromedp.WaitVisible(byTestID("held-decide")),
		chromedp.SetValue(byTestID("held-resolution"), "RETIRE"),
		chromedp.Click(byTestID("held-decide")),
	)
	waitFlash(t, ctx, "retire recorded.")
	do(t, ctx, "lift the stop",
		chromedp.SendKeys(chromedp.CSS(`textarea[name="reason"]`), "prompt-omega-2 states every hypothesis of its source"),
		chromedp.Click(byTestID("stop-lift")),
	)
	waitFlash(t, ctx, "Lifted")
	if got := text(t, ctx, "held-decision"); !strings.Contains(got, "released (retire)") {
		t.Errorf("the retired node reads %q", got)
	}
	if got := text(t, ctx, "stop-figure"); !strings.Contains(got, "prompt-omega-2") {
		t.Errorf("the lifted stop reads %q", got)
	}
	screenshot(t, ctx, "stops-1280")
}
