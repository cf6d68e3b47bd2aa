package server_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/server"
	"github.com/theoremdb/theoremdb/throttle"
)

// TestGuessesNeverLockOutTheOwner: eleven wrong passwords for a handle from one address slow
// that address (429 with Retry-After) and leave the owner, signing in from another address with
// the right password, signed in.
func TestGuessesNeverLockOutTheOwner(t *testing.T) {
	t.Parallel()
	proxies, _ := throttle.ParseProxies("127.0.0.1, ::1")
	s := newSite(t, "sqlite3", server.WithLimits(throttle.Limits{Proxies: proxies}))
	ctx := context.Background()
	acc, err := s.svc.CreateAccount(ctx, "owner", "Owner", nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.svc.SetPassword(ctx, acc, "correct horse battery staple"); err != nil {
		t.Fatal(err)
	}
	signin := func(from, password string) (int, http.Header) {
		t.Helper()
		form := url.Values{"handle": {"owner"}, "password": {password}, "next": {"/account"}}
		req, _ := http.NewRequest(http.MethodPost, s.srv.URL+"/signin", strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Origin", s.srv.URL)
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		req.Header.Set("X-Forwarded-For", from)
		resp, err := s.browser().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode, resp.Header
	}
	slowed := false
	for range 11 {
		code, h := signin("198.51.100.1", "wrong guess")
		switch code {
		case http.StatusUnauthorized:
		case http.StatusTooManyRequests:
			slowed = true
			if h.Get("Retry-After") == "" {
				t.Error("a slowed guess has no Retry-After")
			}
		default:
			t.Fatalf("a wrong guess = %d", code)
		}
	}
	if !slowed {
		t.Error("eleven wrong guesses from one address were never slowed")
	}
	if code, h := signin("203.0.113.5", "correct horse battery staple"); code != http.StatusSeeOther || h.Get("Location") != "/account" {
		t.Errorf("the owner from another address after someone's guesses = %d to %q; want 303 to /account, signed in", code, h.Get("Location"))
	}
}
