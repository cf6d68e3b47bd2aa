package server_test

import (
	"context"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/identity"
	"github.com/theoremdb/theoremdb/server"
	"github.com/theoremdb/theoremdb/throttle"
	"github.com/theoremdb/theoremdb/ui/pagetest"
)

func signUpAs(t *testing.T, s *site, handle string) *http.Client {
	t.Helper()
	b := s.browser()
	if code, _, _ := s.post(b, "/signup", url.Values{"handle": {handle}, "password": {"a long enough password"}}); code != http.StatusSeeOther {
		t.Fatalf("sign up %s = %d", handle, code)
	}
	return b
}

// viewerOf asks GraphQL who a bearer token is, returning the status and
// the handle.
func viewerOf(t *testing.T, s *site, tok string) (int, string) {
	t.Helper()
	code, body, _ := s.do(s.srv.Client(), http.MethodPost, "/graphql",
		map[string]string{"Content-Type": "application/json", "Authorization": "Bearer " + tok}, `{"query":"{ viewer { handle } }"}`)
	m := regexp.MustCompile(`"handle":"([^"]*)"`).FindStringSubmatch(string(body))
	if m == nil {
		return code, ""
	}
	return code, m[1]
}

// TestAccountTokens: a member creates a named token on /account without
// scripts, sees its secret once, finds it listed without the secret, uses
// it over GraphQL, and revokes it, after which GraphQL refuses it; nobody
// revokes another member's token.
func TestAccountTokens(t *testing.T) {
	t.Parallel()
	s := newSite(t, "sqlite3")
	b := signUpAs(t, s, "tess")

	code, body, _ := s.post(b, "/account/tokens", url.Values{"name": {""}})
	if code != http.StatusUnprocessableEntity || !strings.Contains(text(t, body, "error-name"), "required") {
		t.Fatalf("token without a name = %d", code)
	}
	pagetest.Check(t, "/account (refused token)", body)
	if !strings.Contains(string(body), `aria-invalid="true"`) {
		t.Error("the refused name field is not marked aria-invalid")
	}

	code, body, _ = s.post(b, "/account/tokens", url.Values{"name": {"nightly crawler"}})
	if code != http.StatusCreated {
		t.Fatalf("create token = %d", code)
	}
	pagetest.Check(t, "/account (new token)", body)
	secret := firstAttrIn(t, body, "token-secret")
	if !strings.HasPrefix(secret, identity.TokenPrefix) || !strings.Contains(text(t, body, "token-new"), "nightly crawler") {
		t.Fatalf("new token %q; want the secret shown with its name", secret)
	}
	if code, who := viewerOf(t, s, secret); code != http.StatusOK || who != "tess" {
		t.Fatalf("the new token over GraphQL = %d as %q", code, who)
	}

	_, page, _ := s.get(b, "/account")
	if strings.Contains(string(page), secret) {
		t.Fatal("the account page shows the secret again")
	}
	rows := pagetest.Select(t, page, "token-row")
	if len(rows) != 1 || !strings.Contains(pagetest.Text(rows[0]), "nightly crawler") {
		t.Fatalf("token list: %d rows", len(rows))
	}
	action := regexp.MustCompile(`action="(/account/tokens/[^"]+/revoke)"`).FindStringSubmatch(string(page))
	if action == nil {
		t.Fatal("no revoke form")
	}

	// Another member cannot revoke it.
	other := signUpAs(t, s, "otto")
	if code, _, _ := s.post(other, action[1], nil); code != http.StatusNotFound {
		t.Errorf("another member revoking = %d; want 404", code)
	}
	if code, who := viewerOf(t, s, secret); code != http.StatusOK || who != "tess" {
		t.Fatalf("after another's attempt the token = %d as %q", code, who)
	}

	code, _, h := s.post(b, action[1], nil)
	if code != http.StatusSeeOther || !strings.HasPrefix(h.Get("Location"), "/account") {
		t.Fatalf("revoke = %d %s", code, h.Get("Location"))
	}
	if code, who := viewerOf(t, s, secret); code != http.StatusUnauthorized || who != "" {
		t.Errorf("the revoked token over GraphQL = %d as %q; want 401", code, who)
	}
	_, page, _ = s.get(b, "/account")
	if len(pagetest.Select(t, page, "token-revoked")) != 1 || len(pagetest.Select(t, page, "token-revoke")) != 0 {
		t.Error("the revoked token is not shown as revoked")
	}
	if !strings.Contains(text(t, page, "flash"), "revoked") {
		t.Error("no confirmation of the revocation")
	}
}

// firstAttrIn is the value attribute of the element with a data-testid.
func firstAttrIn(t *testing.T, page []byte, testid string) string {
	t.Helper()
	ns := pagetest.Select(t, page, testid)
	if len(ns) == 0 {
		t.Fatalf("no %s", testid)
	}
	for _, a := range ns[0].Attr {
		if a.Key == "value" {
			return a.Val
		}
	}
	return ""
}

// TestAccountOverview: a proposer's account page lists their problems with
// their states and open revision requests, their flags with the outcome,
// and what others did to them.
func TestAccountOverview(t *testing.T) {
	t.Parallel()
	s := newSite(t, "sqlite3")
	ctx := context.Background()
	// A seeded problem a reviewer kept prospecting with revision requests.
	var target *struct{ id, proposer, request string }
	for _, p := range prospects(t, s) {
		if rq := s.view(t, p.ID).Requests; len(rq) > 0 {
			target = &struct{ id, proposer, request string }{p.ID, p.Proposer, rq[0]}
			break
		}
	}
	if target == nil {
		t.Fatal("the seed has no prospecting problem with open revision requests")
	}
	proposer := s.account(t, target.proposer)
	if err := s.svc.SetPassword(ctx, proposer, "a long enough password"); err != nil {
		t.Fatal(err)
	}
	b := s.browser()
	if code, _, _ := s.post(b, "/signin", url.Values{"handle": {proposer.Handle}, "password": {"a long enough password"}}); code != http.StatusSeeOther {
		t.Fatalf("sign in = %d", code)
	}
	flagged := "TDB-20"
	if target.id == flagged {
		flagged = "TDB-19"
	}
	if code, _, _ := s.post(b, "/p/"+flagged+"/flag", url.Values{"reason": {"KNOWN_ANSWER"},
		"explanation": {"Solved: the answer appears in a 2025 paper."}}); code != http.StatusSeeOther {
		t.Fatalf("flag = %d", code)
	}

	_, page, _ := s.get(b, "/account")
	pagetest.Check(t, "/account", page)
	var found bool
	for _, row := range pagetest.Select(t, page, "my-problem") {
		if txt := pagetest.Text(row); strings.Contains(txt, target.id) {
			found = true
			if !strings.Contains(txt, "prospecting") || !strings.Contains(txt, target.request[:30]) {
				t.Errorf("row of %s = %q; want its state and open request", target.id, txt)
			}
		}
	}
	if !found {
		t.Errorf("the account page does not list %s", target.id)
	}
	flags := pagetest.Select(t, page, "my-flag")
	if len(flags) != 1 || !strings.Contains(pagetest.Text(flags[0]), flagged) ||
		!strings.Contains(pagetest.Text(flags[0]), "Waiting for a moderator") {
		t.Errorf("flags: %d rows; want %s waiting for a moderator", len(flags), flagged)
	}
	items := pagetest.Select(t, page, "inbox-item")
	var decided bool
	for _, it := range items {
		txt := pagetest.Text(it)
		if strings.Contains(txt, "@"+proposer.Handle) {
			t.Errorf("the inbox shows the proposer's own action: %q", txt)
		}
		decided = decided || (strings.Contains(txt, target.id) && strings.Contains(txt, "decision: keep prospecting"))
	}
	if !decided {
		t.Errorf("the inbox lacks the decision on %s: %d items", target.id, len(items))
	}
	// A revision's gate runs are one line with their outcome, never one line each.
	checks := map[string]int{}
	for _, it := range items {
		txt := pagetest.Text(it)
		if strings.Contains(txt, "A check finished") {
			t.Errorf("the inbox shows a single gate run: %q", txt)
		}
		if strings.Contains(txt, "Checks finished: ") {
			checks[txt]++
		}
	}
	for txt, n := range checks {
		if n > 1 {
			t.Errorf("the inbox repeats %q %d times", txt, n)
		}
	}
}

// TestSignInReturns: sign-in and sign-up return to the page they were
// opened from, through the other form too, and only to a path on this
// site.
func TestSignInReturns(t *testing.T) {
	t.Parallel()
	s := newSite(t, "sqlite3", server.WithLimits(throttle.Limits{SignUpsPerHour: 1000, SignUpBurst: 100}))
	anon := s.browser()
	_, page, _ := s.get(anon, "/p/TDB-3?tab=history")
	if href := regexp.MustCompile(`href="(/signin[^"]*)"`).FindStringSubmatch(string(page)); href == nil ||
		htmlUnescape(href[1]) != "/signin?next=%2Fp%2FTDB-3%3Ftab%3Dhistory" {
		t.Errorf("the header's sign-in link = %v; want it to come back here", href)
	}
	_, form, _ := s.get(anon, "/signin?next=%2Fp%2FTDB-3")
	if sw := regexp.MustCompile(`href="(/signup[^"]*)" data-testid="auth-switch"`).FindStringSubmatch(string(form)); sw == nil ||
		htmlUnescape(sw[1]) != "/signup?next=%2Fp%2FTDB-3" {
		t.Errorf("sign-in's link to sign up = %v; want next kept", sw)
	}
	_, form, _ = s.get(anon, "/signup?next=%2Fp%2FTDB-3")
	if next := regexp.MustCompile(`name="next" value="([^"]*)"`).FindStringSubmatch(string(form)); next == nil || next[1] != "/p/TDB-3" {
		t.Errorf("sign-up form next = %v", next)
	}
	code, _, h := s.post(s.browser(), "/signup", url.Values{"handle": {"nell"}, "password": {"a long enough password"}, "next": {"/p/TDB-3"}})
	if code != http.StatusSeeOther || h.Get("Location") != "/p/TDB-3" {
		t.Errorf("sign up with next = %d %s; want back to /p/TDB-3", code, h.Get("Location"))
	}
	code, _, h = s.post(s.browser(), "/signup", url.Values{"handle": {"nora"}, "password": {"a long enough password"}})
	if code != http.StatusSeeOther || h.Get("Location") != "/account" {
		t.Errorf("sign up without next = %d %s; want /account", code, h.Get("Location"))
	}
	for i, evil := range []string{"//evil.example", "https://evil.example", `/\evil.example`, "/\\/evil.example", "//evil.example/%2F..",
		"/%2F%2Fevil.example", "\t//evil.example", "javascript:alert(1)", "///evil.example"} {
		for _, path := range []string{"/signin", "/signup"} {
			_, form, _ := s.get(anon, path+"?next="+url.QueryEscape(evil))
			if next := regexp.MustCompile(`name="next" value="([^"]*)"`).FindStringSubmatch(string(form)); next == nil || next[1] != "/" {
				t.Errorf("%s?next=%q: form next = %v; want /", path, evil, next)
			}
		}
		handle := "eve" + string(rune('a'+i))
		code, _, h := s.post(s.browser(), "/signup", url.Values{"handle": {handle}, "password": {"a long enough password"}, "next": {evil}})
		if loc := h.Get("Location"); code != http.StatusSeeOther || loc != "/" {
			t.Errorf("sign up with next %q = %d %q; want /", evil, code, loc)
		}
		if err := s.svc.SetPassword(context.Background(), s.account(t, handle), "a long enough password"); err != nil {
			t.Fatal(err)
		}
		code, _, h = s.post(s.browser(), "/signin", url.Values{"handle": {handle}, "password": {"a long enough password"}, "next": {evil}})
		if loc := h.Get("Location"); code != http.StatusSeeOther || loc != "/" {
			t.Errorf("sign in with next %q = %d %q; want /", evil, code, loc)
		}
	}
}
