package server_test

import (
	"regexp"
	"testing"

	"github.com/theoremdb/theoremdb/ui/pagetest"
)

// TestListKeepsAcceptedApartFromChallenge: the list and its search show accepted problems and
// problems in their challenge period as two labelled lanes, each with its count and a link that
// lists it alone (with the same search and filters).
func TestListKeepsAcceptedApartFromChallenge(t *testing.T) {
	t.Parallel()
	s := newSite(t, "sqlite3")
	for _, path := range []string{"/problems", "/problems?q=prime"} {
		_, body, _ := s.get(s.browser(), path)
		pagetest.Check(t, path, body)
		lanes := text(t, body, "state-lanes")
		if !regexp.MustCompile(`Accepted \(\d+\)`).MatchString(lanes) || !regexp.MustCompile(`In their challenge period \(\d+\)`).MatchString(lanes) {
			t.Errorf("%s: lanes = %q; want accepted and challenge-period counts", path, lanes)
		}
		for _, st := range []string{"ACCEPTED", "PROSPECTING"} {
			if !regexp.MustCompile(`href="/problems\?[^"]*state=` + st).Match(body) {
				t.Errorf("%s: no link that lists %s alone", path, st)
			}
		}
	}
	_, body, _ := s.get(s.browser(), "/problems?q=prime")
	if !regexp.MustCompile(`href="/problems\?[^"]*q=prime[^"]*state=ACCEPTED|href="/problems\?[^"]*state=ACCEPTED[^"]*q=prime`).Match(body) {
		t.Error("the lanes of a search drop the search")
	}
}
