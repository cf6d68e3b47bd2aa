package e2e

import (
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserModeratorSeesFlagsLive: a moderator's queue open in Chromium
// shows a flag raised by another client without a reload; the moderator
// claims the case and removes the problem, and its public page becomes a
// tombstone.
func TestBrowserModeratorSeesFlagsLive(t *testing.T) {
	t.Parallel()
	ctx := newBrowser(t)
	s, env := seededSite(t)
	mustCLI(t, env, "admin", "account", "create", "--handle", "mona", "--role", "moderator")
	cmd := exec.Command(binary, "admin", "password", "set", "--handle", "mona")
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdin = strings.NewReader("moderator password\n")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("password set: %v\n%s", err, out)
	}
	mustCLI(t, env, "admin", "account", "create", "--handle", "rex")
	tok := strings.TrimSpace(mustCLI(t, env, "admin", "token", "create", "--handle", "rex"))

	signIn(t, ctx, s.URL, "mona", "moderator password")
	do(t, ctx, "open the queue",
		chromedp.Navigate(s.URL+"/moderate"),
		chromedp.WaitVisible(byTestID("no-cases")),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="live-status"]`)),
	)
	// Wait until the page's websocket is subscribed.
	deadline := time.Now().Add(15 * time.Second)
	for !strings.HasPrefix(text(t, ctx, "live-status"), "Live:") {
		if time.Now().After(deadline) {
			t.Fatalf("the queue never went live: %q", text(t, ctx, "live-status"))
		}
		time.Sleep(100 * time.Millisecond)
	}
	marker := get(t, ctx, "mark the page", chromedp.Evaluate[string](`(window.__same = "yes")`))

	r := s.graphql(t, tok, `mutation { flagProblem(input: {problemId: "TDB-16", reason: KNOWN_ANSWER,
		explanation: "Settled by a 2026 preprint; see its Theorem 1."}) { flag { id } userErrors { message } } }`, nil)
	if len(r.Errors) > 0 {
		t.Fatalf("flagProblem: %+v", r.Errors)
	}
	raised := time.Now()
	do(t, ctx, "see the new case without reloading", chromedp.WaitVisible(byTestID("case")))
	t.Logf("the flag appeared %v after it was raised", time.Since(raised).Round(time.Millisecond))
	if same := get(t, ctx, "check no reload", chromedp.Evaluate[string](`window.__same || "reloaded"`)); same != marker {
		t.Fatal("the page was reloaded; want a live update")
	}
	if got := text(t, ctx, "case"); !strings.Contains(got, "TDB-16") || !strings.Contains(got, "Settled by a 2026 preprint") {
		t.Errorf("case = %q", got)
	}
	screenshot(t, ctx, "moderate-1280")

	const reason = "The problem was solved in 2026; see the report."
	do(t, ctx, "claim", chromedp.Click(byTestID("claim-button")))
	// The claim answers with the queue again; type only into that page.
	waitFlash(t, ctx, "Case claimed.")
	do(t, ctx, "start the removal",
		chromedp.WaitVisible(byTestID("remove-button")),
		chromedp.SendKeys(chromedp.CSS(`textarea[name="reason"]`), reason),
	)
	// Another report arrives while the moderator types, on a problem with TeX
	// in its title: the queue updates, renders the TeX, and what was typed
	// stays.
	r = s.graphql(t, tok, submit, submitInput(`Lonely runners with $k \ge 3$ speeds`))
	second, _ := path(r.Data, "submitProblem", "problem", "id").(string)
	if second == "" {
		t.Fatalf("submitProblem: %+v %+v", r.Data, r.Errors)
	}
	if ue := flagThrough(t, s, tok, second, "A duplicate of an older problem; see its page."); ue != "" {
		t.Fatalf("flagProblem(%s): %s", second, ue)
	}
	do(t, ctx, "see the second case with its title rendered",
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="case"] ~ [data-testid="case"]`)),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="case"] h2 .katex`)),
	)
	if got := get(t, ctx, "read the reason", chromedp.Evaluate[string](`document.querySelector('textarea[name="reason"]').value`)); got != reason {
		t.Fatalf("after a live update the reason reads %q; want what was typed", got)
	}
	screenshot(t, ctx, "moderate-live-1280")
	do(t, ctx, "remove, and confirm on the next page",
		chromedp.Click(byTestID("remove-button")),
		chromedp.WaitVisible(byTestID("remove-confirm-button")),
		chromedp.Click(byTestID("remove-confirm-button")),
	)
	waitFlash(t, ctx, "was removed")
	do(t, ctx, "open the removed problem",
		chromedp.Navigate(s.URL+"/p/TDB-16"),
		chromedp.WaitVisible(byTestID("tombstone")),
	)
	if got := text(t, ctx, "tombstone"); !strings.Contains(got, "solved in 2026") || !strings.Contains(got, "TDB-16 stays reserved") {
		t.Errorf("tombstone = %q", got)
	}
	screenshot(t, ctx, "tombstone-1280")
}
