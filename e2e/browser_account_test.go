package e2e

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserAccountTokens: someone new on a problem page signs up from
// the header and comes back to that page; on /account they create a named
// token, see it once, and revoke it, without any script of ours involved;
// /api reads at phone width.
func TestBrowserAccountTokens(t *testing.T) {
	t.Parallel()
	ctx := newBrowser(t)
	s, _ := seededSite(t)

	do(t, ctx, "sign up from a problem page",
		chromedp.Navigate(s.URL+"/p/TDB-3"),
		chromedp.Click(byTestID("nav-signup")),
		chromedp.WaitVisible(chromedp.CSS(`#handle`)),
		chromedp.SendKeys(chromedp.CSS(`#handle`), "tilda"),
		chromedp.SendKeys(chromedp.CSS(`#password`), "a long enough password"),
		chromedp.Click(byTestID("auth-form")+` button[type=submit]`),
		chromedp.WaitVisible(byTestID("nav-account")),
	)
	if loc := get(t, ctx, "where sign-up led", chromedp.Location()); !strings.HasSuffix(loc, "/p/TDB-3") {
		t.Errorf("sign-up led to %s; want back to /p/TDB-3", loc)
	}

	do(t, ctx, "create a token",
		chromedp.Navigate(s.URL+"/account"),
		chromedp.SendKeys(chromedp.CSS(`#token-name`), "laptop script"),
		chromedp.Click(byTestID("token-form")+` button[type=submit]`),
		chromedp.WaitVisible(byTestID("token-secret")),
	)
	secret := get(t, ctx, "read the secret", chromedp.Value(byTestID("token-secret")))
	if !strings.HasPrefix(secret, "tdb_") {
		t.Errorf("token secret %q", secret)
	}
	screenshot(t, ctx, "account-new-token")

	do(t, ctx, "revoke it",
		chromedp.Click(byTestID("token-revoke")),
		chromedp.WaitVisible(byTestID("token-revoked")),
	)
	if body := text(t, ctx, "tokens"); strings.Contains(body, secret) || !strings.Contains(body, "laptop script") {
		t.Errorf("tokens after revoking: %q", body)
	}
	screenshot(t, ctx, "account-revoked-token")

	do(t, ctx, "read /api at 390 px",
		chromedp.EmulateViewport(390, 844),
		chromedp.Navigate(s.URL+"/api"),
		chromedp.WaitVisible(byTestID("api-limits")),
	)
	if excess, culprits := overflow(t, ctx); excess > 0 {
		t.Errorf("/api is %d px wider than the phone: %v", excess, culprits)
	}
	screenshot(t, ctx, "api-390")
}
