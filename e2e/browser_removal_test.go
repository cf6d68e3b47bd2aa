package e2e

import (
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserRemovalIsConfirmed: a case that arrives while the queue is open is marked new and
// announced in the polite live region; removing asks for confirmation on a page of its own,
// which shows the reason, and only confirming removes; the moderation log then reads as
// stacked rows at 390 px without sideways scrolling.
func TestBrowserRemovalIsConfirmed(t *testing.T) {
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
	do(t, ctx, "open the queue", chromedp.Navigate(s.URL+"/moderate"), chromedp.WaitVisible(byTestID("no-cases")))
	for deadline := time.Now().Add(15 * time.Second); !strings.HasPrefix(text(t, ctx, "live-status"), "Live:"); time.Sleep(100 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the queue never went live: %q", text(t, ctx, "live-status"))
		}
	}
	if ue := flagThrough(t, s, tok, "TDB-16", "Settled by a 2026 preprint; see its Theorem 1."); ue != "" {
		t.Fatalf("flagProblem: %s", ue)
	}
	do(t, ctx, "see the new case marked", chromedp.WaitVisible(chromedp.CSS(`[data-testid="case"].arrived`)))
	if live := get(t, ctx, "read the live region", chromedp.Evaluate[string](
		`document.getElementById("case-announcer").getAttribute("aria-live") + " " + document.getElementById("case-announcer").textContent`)); !strings.HasPrefix(live, "polite New case: TDB-16") {
		t.Errorf("live region = %q; want the new case announced politely", live)
	}
	screenshot(t, ctx, "moderate-arrived-1280")

	const reason = "The problem was solved in 2026; see the report."
	do(t, ctx, "claim", chromedp.Click(byTestID("claim-button")))
	// The claim answers with the queue again; type only into that page.
	waitFlash(t, ctx, "Case claimed.")
	do(t, ctx, "type the reason and ask to remove",
		chromedp.WaitVisible(byTestID("remove-button")),
		chromedp.SendKeys(chromedp.CSS(`textarea[name="reason"]`), reason),
		chromedp.Click(byTestID("remove-button")),
		chromedp.WaitVisible(byTestID("remove-confirm-form")),
	)
	if got := get(t, ctx, "read the reason to confirm", chromedp.Evaluate[string](`document.querySelector('#reason').value`)); got != reason {
		t.Errorf("the confirmation shows the reason %q; want %q", got, reason)
	}
	do(t, ctx, "read the confirmation at 390 px", chromedp.EmulateViewport(390, 844))
	screenshot(t, ctx, "remove-confirm-390")
	do(t, ctx, "check the problem is still there",
		chromedp.Navigate(s.URL+"/p/TDB-16"),
		chromedp.WaitVisible(byTestID("statement")),
		chromedp.Navigate(s.URL+"/moderate"),
		chromedp.WaitVisible(byTestID("remove-button")),
		chromedp.SendKeys(chromedp.CSS(`textarea[name="reason"]`), reason),
		chromedp.Click(byTestID("remove-button")),
		chromedp.WaitVisible(byTestID("remove-confirm-button")),
		chromedp.Click(byTestID("remove-confirm-button")),
		chromedp.WaitVisible(byTestID("flash")),
		chromedp.Navigate(s.URL+"/p/TDB-16"),
		chromedp.WaitVisible(byTestID("tombstone")),
		chromedp.Navigate(s.URL+"/moderation/log"),
		chromedp.WaitVisible(byTestID("moderation-log")),
	)
	if excess, culprits := overflow(t, ctx); excess > 0 {
		t.Errorf("the moderation log is %d px wider than 390 px: %v", excess, culprits)
	}
	if display := get(t, ctx, "read the row layout", chromedp.Evaluate[string](
		`getComputedStyle(document.querySelector('[data-testid="moderation-log"] tbody tr')).display`)); display != "block" {
		t.Errorf("moderation log rows display %q at 390 px; want stacked (block)", display)
	}
	screenshot(t, ctx, "moderation-log-390")
}
