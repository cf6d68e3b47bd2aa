package server_test

import (
	"bytes"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"

	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/ui/pagetest"
)

// TestChallengeWindowCopy: every page that names the challenge period
// names the configured window, not the default's seven days, and no page
// says the record holds evidence that a problem is still open.
func TestChallengeWindowCopy(t *testing.T) {
	t.Parallel()
	s := newSiteWith(t, "sqlite3", policy.Config{ChallengeWindow: 72 * time.Hour})
	b := s.browser()
	if code, _, _ := s.post(b, "/signup", url.Values{"handle": {"ada"}, "password": {"a long enough password"}}); code != http.StatusSeeOther {
		t.Fatalf("sign up = %d; want 303", code)
	}
	for _, tc := range []struct {
		path string
		code int
		// says is what the page must say; every page's footer names the window.
		says []string
	}{
		{"/", http.StatusOK, []string{
			"Every submission has a 3-day challenge period and is accepted unless",
			"a dated reference search with the sources it cites",
		}},
		{"/submit", http.StatusOK, []string{"is accepted after a 3-day challenge period unless"}},
		{"/problems", http.StatusOK, nil},
		{"/p/TDB-14", http.StatusOK, nil},
		{"/no-such-page", http.StatusNotFound, nil},
	} {
		code, body, _ := s.get(b, tc.path)
		if code != tc.code {
			t.Errorf("GET %s = %d; want %d", tc.path, code, tc.code)
			continue
		}
		got := pageText(t, body)
		for _, want := range append(tc.says, "Every submission has a 3-day challenge period; every decision is on the record.") {
			if !strings.Contains(got, want) {
				t.Errorf("GET %s does not say %q:\n%s", tc.path, want, got)
			}
		}
		for _, never := range []string{"seven-day", "seven days", "7-day", "7 days", "still open", "no reviewer confirmed"} {
			if strings.Contains(strings.ToLower(got), never) {
				t.Errorf("GET %s says %q; the configured window is 3 days and the record holds a dated reference search", tc.path, never)
			}
		}
	}
}

// pageText is the text of a whole page as a reader sees it.
func pageText(t *testing.T, page []byte) string {
	t.Helper()
	doc, err := html.Parse(bytes.NewReader(page))
	if err != nil {
		t.Fatalf("parse page: %v", err)
	}
	return pagetest.Text(doc)
}
