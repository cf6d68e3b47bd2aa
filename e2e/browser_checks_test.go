package e2e

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserPeopleCheck: an agent's proof merges; a reviewer in Chromium
// finds it in the queue of people's checks, reads its packet, which never
// names its writer, confirms its first step and then its second, each
// recorded on its own, and the check leaves the queue.
func TestBrowserPeopleCheck(t *testing.T) {
	t.Parallel()
	ctx := newBrowser(t)
	s, env := seededSite(t)
	mustCLI(t, env, "admin", "account", "create", "--handle", "prover-bot", "--role", "agent")
	tok := strings.TrimSpace(mustCLI(t, env, "admin", "token", "create", "--handle", "prover-bot"))
	createReviewer(t, env, "rhea", "reviewer password")

	r := s.graphql(t, tok, `mutation { openChangeRequest(input: {model: "model-zeta", promptVersion: "prompt-omega", nodes: [
		{kind: THEOREM, label: "e2e-unique-identity", title: "Uniqueness of the identity", body: "A group has exactly one identity element."},
		{kind: PROOF, label: "e2e-unique-identity-proof", title: "Proof of uniqueness", proves: "e2e-unique-identity",
			body: "Let $e$ and $f$ be identities of the group.\n\nThen $e = ef = f$."}]}) {
		changeRequest { id } userErrors { message } } }`, nil)
	id, _ := path(r.Data, "openChangeRequest", "changeRequest", "id").(string)
	if id == "" {
		t.Fatalf("openChangeRequest: %+v %+v", r.Data, r.Errors)
	}
	cr := settleChangeRequest(t, s, id)
	nodes, _ := cr["nodes"].([]any)
	if cr["state"] != "MERGED" || len(nodes) != 2 {
		t.Fatalf("change request %s = %+v; want MERGED with two nodes", id, cr)
	}
	check := nodes[1].(map[string]any)["id"].(string) + ".proof"
	link := `a[href="/corpus/checks/` + check + `"]`

	signIn(t, ctx, s.URL, "rhea", "reviewer password")
	do(t, ctx, "open the queue",
		chromedp.Navigate(s.URL+"/corpus/checks"),
		chromedp.WaitVisible(byTestID("checks")),
	)
	screenshot(t, ctx, "people-checks-1280")
	do(t, ctx, "open the proof's check",
		chromedp.Click(chromedp.CSS(link)),
		chromedp.WaitVisible(byTestID("check-form")),
	)
	html := get(t, ctx, "read the packet", chromedp.Evaluate[string](`document.documentElement.outerHTML`))
	for _, secret := range []string{"prover-bot", "model-zeta", "prompt-omega", "AGENT"} {
		if strings.Contains(html, secret) {
			t.Errorf("the packet shows %q", secret)
		}
	}
	if got := text(t, ctx, "check-context"); !strings.Contains(got, "exactly one identity") {
		t.Errorf("the packet's context reads %q; want the statement proved", got)
	}
	do(t, ctx, "confirm the first step",
		chromedp.Click(byTestID("section-step-1")),
		chromedp.Click(byTestID("check-submit")),
	)
	waitForPage(t, ctx, `document.querySelectorAll('[data-testid="section-confirmed"]').length === 1`)
	waitFlash(t, ctx, "Recorded 1 section.")
	if n := get(t, ctx, "count the confirmed steps", chromedp.Evaluate[int](`document.querySelectorAll('[data-testid="section-confirmed"]').length`)); n != 1 {
		t.Errorf("%d steps confirmed; want 1", n)
	}
	screenshot(t, ctx, "people-check-1280")
	// The next page has the same flash: mark this page, and wait for one
	// without the mark, whose second step reads as confirmed.
	get(t, ctx, "mark the page", chromedp.Evaluate[bool](`(() => { window.checked = 1; return true })()`))
	do(t, ctx, "confirm the second step",
		chromedp.Click(byTestID("section-step-2")),
		chromedp.Click(byTestID("check-submit")),
	)
	waitForPage(t, ctx, `!window.checked && document.querySelectorAll('[data-testid="section-confirmed"]').length === 2`)
	waitFlash(t, ctx, "Recorded 1 section.")
	do(t, ctx, "open the queue again", chromedp.Navigate(s.URL+"/corpus/checks"), chromedp.WaitVisible(chromedp.CSS("h1")))
	if left := get(t, ctx, "look for the check", chromedp.Evaluate[bool](`document.querySelector('`+link+`') !== null`)); left {
		t.Errorf("the checked proof is still in the reviewer's queue")
	}
}

// waitForPage waits until the page's js is true, reading through the
// navigations a form's post makes.
func waitForPage(t *testing.T, ctx context.Context, js string) {
	t.Helper()
	for deadline := time.Now().Add(15 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		if ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](js)); err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the page never reads %s", js)
		}
	}
}
