package e2e

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserPhoneStatementBelowBanners: at 390×844 a problem with banners above its statement
// — held for staff while in its challenge period, with four open revision requests; archived
// with its reason — shows the top of its statement on the first screen, every banner above it,
// and the revision requests and facts below it.
func TestBrowserPhoneStatementBelowBanners(t *testing.T) {
	t.Parallel()
	ctx := newBrowser(t)
	s, env := seededSite(t)
	createReviewer(t, env, "vera", "reviewer password")
	tok := strings.TrimSpace(mustCLI(t, env, "admin", "token", "create", "--handle", "vera"))
	idOf := func(title string) string {
		t.Helper()
		r := s.graphql(t, "", `query($q: String!) { problems(search: $q, first: 1) { edges { node { id title } } } }`, map[string]any{"q": `"` + title + `"`})
		edges, _ := path(r.Data, "problems", "edges").([]any)
		if len(edges) == 0 || path(edges[0], "node", "title") != title {
			t.Fatalf("no problem titled %q: %+v %+v", title, r.Data, r.Errors)
		}
		return path(edges[0], "node", "id").(string)
	}
	runner, sensitivity := idOf("Lonely runner conjecture"), idOf("Sensitivity conjecture for Boolean functions")
	r := s.graphql(t, tok, `mutation($id: String!) { sendToStaff(input: {problemId: $id, note: "The computer-assisted cases for nine and ten runners may already settle more than the statement says; staff should compare the 2025 preprints with the open-status note before anything else happens."}) { hold { id } userErrors { message } } }`, map[string]any{"id": runner})
	if id, _ := path(r.Data, "sendToStaff", "hold", "id").(string); id == "" {
		t.Fatalf("sendToStaff: %+v %+v", r.Data, r.Errors)
	}
	type box struct {
		Statement, Requests, Facts float64
		Banners                    []struct {
			ID     string
			Bottom float64
		}
	}
	measure := `(() => {
		const top = el => el ? el.getBoundingClientRect().top + window.scrollY : -1;
		const q = id => document.querySelector('[data-testid="' + id + '"]');
		const banners = [];
		for (const el of document.querySelectorAll('.problem-head .banner')) {
			banners.push({ID: el.getAttribute("data-testid") || el.className, Bottom: el.getBoundingClientRect().bottom + window.scrollY});
		}
		return {Statement: top(q("statement")), Requests: top(q("revision-requests")), Facts: top(q("problem-facts")), Banners: banners};
	})()`
	for _, c := range []struct {
		ref     string
		banners []string
		shot    string
	}{
		{runner, []string{"held-banner"}, "phone-held-requests-390"},
		{sensitivity, []string{"archived"}, "phone-archived-390"},
	} {
		do(t, ctx, "open "+c.ref+" on a phone",
			chromedp.EmulateViewport(390, 844),
			chromedp.Navigate(s.URL+"/p/"+c.ref),
			chromedp.WaitVisible(byTestID("statement")),
		)
		b := get(t, ctx, "measure "+c.ref, chromedp.Evaluate[box](measure))
		screenshot(t, ctx, c.shot)
		t.Logf("%s at 390×844: statement at %.0f px, facts at %.0f px, banners %+v", c.ref, b.Statement, b.Facts, b.Banners)
		if b.Statement < 0 || b.Statement >= 844 {
			t.Errorf("%s at 390×844: the statement starts at %.0f px; want it on the first screen, above 844 px", c.ref, b.Statement)
		}
		seen := map[string]bool{}
		for _, bn := range b.Banners {
			seen[bn.ID] = true
			if bn.Bottom > b.Statement {
				t.Errorf("%s: the banner %s ends at %.0f px, below the statement's top at %.0f px; want it above", c.ref, bn.ID, bn.Bottom, b.Statement)
			}
		}
		for _, id := range c.banners {
			if !seen[id] {
				t.Errorf("%s: no %s banner above the statement; banners: %+v", c.ref, id, b.Banners)
			}
		}
		if b.Facts < b.Statement {
			t.Errorf("%s: the facts start at %.0f px, above the statement at %.0f px; want them below", c.ref, b.Facts, b.Statement)
		}
		if excess, culprits := overflow(t, ctx); excess > 0 {
			t.Errorf("%s: the page is %d px wider than the phone: %v", c.ref, excess, culprits)
		}
		if c.ref != runner {
			continue
		}
		if b.Requests < b.Statement {
			t.Errorf("the revision requests start at %.0f px, above the statement at %.0f px; want them below", b.Requests, b.Statement)
		}
		if got := text(t, ctx, "held-banner"); !strings.Contains(got, "waits until staff") || strings.Contains(got, "accepted by default at") ||
			!strings.Contains(got, "4 open revision requests") {
			t.Errorf("held banner = %q; want one true status line that points to the 4 revision requests", got)
		}
		if n := get(t, ctx, "count challenge banners", chromedp.Evaluate[int](`document.querySelectorAll('[data-testid="challenge-banner"]').length`)); n != 0 {
			t.Errorf("a held problem shows %d challenge banners beside its held banner; want one status line", n)
		}
	}
}
