package server_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/ui/pagetest"
)

// TestSearchPage: the search box on every page finds what a reader types on both databases,
// shows where it matched, suggests the index's words for a typo, and opens a problem by ID or
// slug.
func TestSearchPage(t *testing.T) {
	t.Parallel()
	for _, d := range []string{"sqlite3", "postgres"} {
		t.Run(d, func(t *testing.T) {
			s := newSite(t, d)
			anon := s.browser()
			rowsOf := func(path string) []string {
				t.Helper()
				code, body, _ := s.get(anon, path)
				if code != http.StatusOK {
					t.Fatalf("GET %s = %d", path, code)
				}
				pagetest.Check(t, path, body)
				var out []string
				for _, r := range pagetest.Select(t, body, "problem-row") {
					out = append(out, pagetest.Text(r))
				}
				return out
			}
			for _, tc := range []struct{ q, want string }{
				{"Legendre", "TDB-"},
				{"legendres conjectures", "Legendre"},     // word forms
				{`"four problems on primes"`, "Legendre"}, // a phrase
				{"toeplitz peg", "square peg"},            // words anywhere
				{"Erdos", "Erd"},                          // accents folded
			} {
				rows := rowsOf("/problems?q=" + strings.ReplaceAll(tc.q, " ", "+"))
				if len(rows) == 0 || !strings.Contains(rows[0], tc.want) {
					t.Errorf("search %q: first row %q; want one with %q", tc.q, first(rows), tc.want)
				}
			}
			_, body, _ := s.get(anon, "/problems?q=jordan+curve")
			marks := pagetest.Select(t, body, "snippet")
			if len(marks) == 0 || !strings.Contains(strings.ToLower(pagetest.Text(marks[0])), "jordan") {
				t.Errorf("no snippet with the match on the search page")
			}
			if !strings.Contains(string(body), "<mark>") {
				t.Error("the matched words are not marked")
			}
			if rows := rowsOf("/problems?q=zzyzx+qwertyuiop"); len(rows) != 0 {
				t.Errorf("nonsense search found %v", rows)
			}
			if _, body, _ := s.get(anon, "/problems?q=zzyzx+qwertyuiop"); len(pagetest.Select(t, body, "suggestion")) != 0 {
				t.Error("a search with no word near a known one has a suggestion")
			}
			// A typo finds nothing and suggests the word the index holds, linked to its search.
			_, body, _ = s.get(anon, "/problems?q=Legnedre+conjectrue")
			sug := pagetest.Select(t, body, "suggestion")
			if len(sug) != 1 || !strings.Contains(pagetest.Text(sug[0]), "legendre conjecture") {
				t.Fatalf("search for a typo: suggestion %v; want one with legendre conjecture", sug)
			}
			if rows := rowsOf("/problems?q=legendre+conjecture"); len(rows) == 0 || !strings.Contains(rows[0], "Legendre") {
				t.Errorf("the suggested search finds %v", rows)
			}
			// The typos a reader met: each suggests the name the index holds.
			for typo, want := range map[string]string{"Goldbch": "goldbach", "Riemman": "riemann"} {
				_, body, _ = s.get(anon, "/problems?q="+typo)
				if sug := pagetest.Select(t, body, "suggestion"); len(sug) != 1 || !strings.Contains(pagetest.Text(sug[0]), want) {
					t.Errorf("search for %q: suggestion %v; want one with %q", typo, sug, want)
				}
			}
			// Every page has the search box, which searches the list.
			for _, path := range []string{"/", "/p/TDB-1", "/api", "/about", "/problems"} {
				_, body, _ := s.get(anon, path)
				box := pagetest.Select(t, body, "site-search")
				if len(box) != 1 || !strings.Contains(string(body), `action="/problems" role="search"`) || !strings.Contains(string(body), `name="q"`) {
					t.Errorf("%s has %d search boxes; want one that searches /problems", path, len(box))
				}
			}
			// A search typed into a form that asked for no order is ranked best first.
			_, body, _ = s.get(anon, "/problems")
			if !strings.Contains(string(body), `<option value="" selected>best match when searching, else deadline</option>`) {
				t.Error("the list with no order asked for does not offer best match as its default")
			}
			for q, want := range map[string]string{"TDB-14": "/p/TDB-14", "tdb-14": "/p/TDB-14", "twin-prime-conjecture": "/p/TDB-1"} {
				code, _, h := s.get(anon, "/problems?q="+q)
				if code != http.StatusSeeOther || h.Get("Location") != want {
					t.Errorf("q=%s: %d %s; want 303 to %s", q, code, h.Get("Location"), want)
				}
			}
		})
	}
}

// TestListCursorsKeepTheirOrder: a page link made for one order, or one
// search, is refused under another instead of showing a wrong page.
func TestListCursorsKeepTheirOrder(t *testing.T) {
	t.Parallel()
	s := newSite(t, "sqlite3")
	anon := s.browser()
	next := func(path string) string {
		t.Helper()
		_, body, _ := s.get(anon, path)
		n := pagetest.Select(t, body, "next-page")
		if len(n) != 1 {
			t.Fatalf("%s has no next page", path)
		}
		return attr(n[0].Attr, "href")
	}
	href := next("/problems?sort=submitted")
	cursor := href[strings.Index(href, "after=")+len("after="):]
	if code, _, _ := s.get(anon, "/problems?sort=number&after="+cursor); code != http.StatusBadRequest {
		t.Errorf("a submitted-order cursor under sort=number = %d; want 400", code)
	}
	// Every problem once, through the pages of one order.
	seen := map[string]bool{}
	path := "/problems?sort=number"
	for range 10 {
		_, body, _ := s.get(anon, path)
		for _, r := range pagetest.Select(t, body, "problem-row") {
			id := strings.Fields(pagetest.Text(r))[0]
			if seen[id] {
				t.Errorf("%s shown twice", id)
			}
			seen[id] = true
		}
		n := pagetest.Select(t, body, "next-page")
		if len(n) == 0 {
			break
		}
		path = attr(n[0].Attr, "href")
	}
	if len(seen) != 26 {
		t.Errorf("paging by number showed %d problems; want 26", len(seen))
	}
	// A search keeps its order in the page links.
	_, body, _ := s.get(anon, "/problems?q=conjecture&state=ACCEPTED")
	if got := attr(pagetest.Select(t, body, "filters")[0].Attr, "action"); got != "/problems" {
		t.Errorf("filters form action = %q", got)
	}
	if !strings.Contains(string(body), `<option value="relevance" selected`) {
		t.Error("a search is not sorted by relevance by default")
	}
}

func first(s []string) string {
	if len(s) == 0 {
		return ""
	}
	return s[0]
}
