package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/theoremdb/theoremdb/db/dbtest"
)

// TestBrowserFirstRunWithoutIndex opens a site as a first run leaves it with no copy-check index
// built (THEOREMDB_CORPUS names an empty folder) and no network: once the demo problems' checks
// have run, neither the problem pages nor the review queue mark a check that could not run, as
// the demo's copy check runs over the demo's own catalogue.
func TestBrowserFirstRunWithoutIndex(t *testing.T) {
	t.Parallel()
	ctx := newBrowser(t)
	env := []string{"DATABASE_URL=" + dbtest.URL(t, "sqlite3"), "THEOREMDB_CORPUS=" + t.TempDir()}
	mustCLI(t, env, "migrate")
	mustCLI(t, env, "seed")
	s := serve(t, env)
	createReviewer(t, env, "rhea", "reviewer password")

	// The workers run every demo problem's gates once; wait for them.
	type summary struct {
		ID, Title string
		Outcome   string
		Pending   int
	}
	var problems []summary
	deadline := time.Now().Add(60 * time.Second)
	for {
		r := s.graphql(t, "", `{ problems(first: 100) { edges { node { id title checkSummary { outcome pending } } } } }`, nil)
		problems = problems[:0]
		pending := 0
		edges, _ := path(r.Data, "problems", "edges").([]any)
		for _, e := range edges {
			n := path(e, "node")
			p := summary{ID: fmt.Sprint(path(n, "id")), Title: fmt.Sprint(path(n, "title"))}
			p.Outcome, _ = path(n, "checkSummary", "outcome").(string)
			if f, ok := path(n, "checkSummary", "pending").(float64); ok {
				p.Pending = int(f)
			}
			pending += p.Pending
			problems = append(problems, p)
		}
		if len(problems) > 0 && pending == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the demo's checks still run after 60 s: %d gates pending over %d problems", pending, len(problems))
		}
		time.Sleep(500 * time.Millisecond)
	}
	for _, p := range problems {
		if p.Outcome == "UNKNOWN" {
			t.Errorf("%s (%s): a check could not run on a first run without an index", p.ID, p.Title)
		}
	}

	for _, p := range problems[:min(3, len(problems))] {
		do(t, ctx, "open "+p.ID, chromedp.Navigate(s.URL+"/p/"+p.ID), chromedp.WaitVisible(byTestID("statement")))
		body := get(t, ctx, "read "+p.ID, chromedp.Evaluate[string](`document.body.innerText`))
		if n := strings.Count(body, "could not run"); n > 0 {
			t.Errorf("%s says %d times that a check could not run", p.ID, n)
		}
	}
	screenshot(t, ctx, "firstrun-problem")

	// With no network the record plane reaches no catalogue: the references tab says so once,
	// above the references, never beside each one.
	do(t, ctx, "open the references", chromedp.Navigate(s.URL+"/p/"+problems[0].ID+"?tab=references"),
		chromedp.WaitVisible(byTestID("tab-panel-references")))
	type refs struct{ Notes, Repeated, Unconfirmed int }
	r := get(t, ctx, "read the references", chromedp.Evaluate[refs](`({
		Notes: document.querySelectorAll('[data-testid="references-unreached"]').length,
		Repeated: [...document.querySelectorAll('[data-testid="reference-pending"], [data-testid="locator-note"]')].filter(e => e.textContent.includes("unreachable")).length,
		Unconfirmed: [...document.querySelectorAll('[data-testid="reference-confirmation"]')].filter(e => e.textContent === "Unconfirmed").length,
	})`))
	t.Logf("%s's references: %d unconfirmed, %d notes that the catalogues are out of reach", problems[0].ID, r.Unconfirmed, r.Notes)
	if r.Notes > 1 || r.Repeated > 0 {
		t.Errorf("the references tab says %d times above and %d times beside the references that the record plane is unreachable; want once, above", r.Notes, r.Repeated)
	}
	screenshot(t, ctx, "firstrun-references")

	signIn(t, ctx, s.URL, "rhea", "reviewer password")
	do(t, ctx, "open the review queue", chromedp.Navigate(s.URL+"/review"), chromedp.WaitVisible(byTestID("review-queue")))
	queue := get(t, ctx, "read the queue", chromedp.Evaluate[string](`document.querySelector('[data-testid="review-queue"]').innerText`))
	if n := strings.Count(queue, "could not run"); n > 0 {
		t.Errorf("the review queue says %d times that a check could not run", n)
	}
	screenshot(t, ctx, "firstrun-review-queue")
}
