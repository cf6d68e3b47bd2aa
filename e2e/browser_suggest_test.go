package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestBrowserSuggestAnEdit: a member who may not revise a problem suggests an edit from its page
// (the form comes filled from the current revision), and the proposer, signed in in another
// browser, accepts it: the problem's title is the suggested one and its History lists the
// suggestion.
func TestBrowserSuggestAnEdit(t *testing.T) {
	t.Parallel()
	ctx := newBrowser(t)
	s, env := seededSite(t)
	r := s.graphql(t, "", `{ problems(first: 100, where: {state: PROSPECTING}) { edges { node { id title proposer { handle } } } } }`, nil)
	edges, _ := path(r.Data, "problems", "edges").([]any)
	if len(edges) == 0 {
		t.Fatal("no problem in its challenge period in the demo data")
	}
	node, _ := path(edges[0], "node").(map[string]any)
	id, title := node["id"].(string), node["title"].(string)
	proposer, _ := path(node, "proposer", "handle").(string)
	setPassword(t, env, proposer, "proposer password")

	signUp(t, ctx, s.URL, "bea", "a long enough password")
	do(t, ctx, "suggest an edit to "+id,
		chromedp.Navigate(s.URL+"/p/"+id),
		chromedp.Click(chromedp.CSS(fmt.Sprintf(`a[href="/p/%s/suggest"]`, id))),
		chromedp.WaitVisible(byTestID("problem-form")),
		chromedp.SendKeys(chromedp.CSS(`#title`), kb.End+" (restated)"),
		chromedp.SendKeys(chromedp.CSS(`#note`), "The title should say what is asked."),
		chromedp.Click(byTestID("submit-button")),
		chromedp.WaitVisible(byTestID("suggestion-diff")),
	)
	if got := text(t, ctx, "suggestion-diff"); !strings.Contains(got, "(restated)") {
		t.Fatalf("suggestion diff = %q; want the new title", got)
	}
	t.Logf("saved %s", screenshot(t, ctx, "suggestion"))
	page := get(t, ctx, "read the suggestion's address", chromedp.Evaluate[string](`location.pathname`))

	ctx2 := newBrowser(t)
	signIn(t, ctx2, s.URL, proposer, "proposer password")
	do(t, ctx2, "accept the suggestion",
		chromedp.Navigate(s.URL+page),
		chromedp.WaitVisible(byTestID("accept-suggestion")),
		chromedp.Click(byTestID("accept-suggestion")+` button`),
		chromedp.WaitVisible(byTestID("flash")),
	)
	if got := text(t, ctx2, "suggestion-state"); !strings.Contains(got, "Accepted as revision") {
		t.Errorf("suggestion state after accepting = %q", got)
	}
	r = s.graphql(t, "", fmt.Sprintf(`{ problem(id: %q) { title } }`, id), nil)
	if got, _ := path(r.Data, "problem", "title").(string); got != title+" (restated)" {
		t.Errorf("title after accepting = %q; want %q", got, title+" (restated)")
	}
	do(t, ctx2, "open the History tab",
		chromedp.Navigate(s.URL+"/p/"+id+"?tab=history"),
		chromedp.WaitVisible(byTestID("suggestions")),
	)
}
