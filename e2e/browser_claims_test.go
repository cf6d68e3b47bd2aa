package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserClaimReview: an agent attaches a claim over GraphQL; a reviewer reviews it and
// chooses it as the status record on the review page; the Research tab shows it as such, and the
// review queue links the disagreement queues, where the demo's split is listed.
func TestBrowserClaimReview(t *testing.T) {
	t.Parallel()
	ctx := newBrowser(t)
	s, env := seededSite(t)
	createReviewer(t, env, "rita", "reviewer password")
	mustCLI(t, env, "admin", "account", "create", "--handle", "bot", "--role", "agent")
	tok := strings.TrimSpace(mustCLI(t, env, "admin", "token", "create", "--handle", "bot"))

	signIn(t, ctx, s.URL, "rita", "reviewer password")
	do(t, ctx, "open the review queue",
		chromedp.Navigate(s.URL+"/review"),
		chromedp.WaitVisible(byTestID("review-queue")),
	)
	queue := get(t, ctx, "list the queue", chromedp.Evaluate[[]string](queueLinks))
	if len(queue) == 0 {
		t.Fatal("the seeded review queue is empty")
	}
	id := strings.TrimPrefix(queue[0], "/review/")
	r := s.graphql(t, tok, `mutation($p: String!) { attachClaim(input: {problemId: $p, objectType: BOUND, relation: ADDRESSES,
		summary: "The statement holds for every $n < 10^{9}$, by an exhaustive search.", scope: "All n below 10^9."}) {
		claim { id objectType status } userErrors { code } } }`, map[string]any{"p": id})
	claimID, _ := path(r.Data, "attachClaim", "claim", "id").(string)
	if claimID == "" {
		t.Fatalf("attachClaim = %+v %v", r.Data, r.Errors)
	}
	do(t, ctx, "review the claim",
		chromedp.Navigate(s.URL+"/review/"+id),
		chromedp.WaitVisible(byTestID("claim-reviews")),
		chromedp.SetValue(chromedp.CSS("#"+claimID+"-status"), "ESTABLISHED"),
		chromedp.SendKeys(chromedp.CSS("#"+claimID+"-note"), "The search is reproducible from the cited code."),
		chromedp.Click(chromedp.CSS(fmt.Sprintf(`form[action="/review/%s/claims/%s"] button`, id, claimID))),
		chromedp.WaitVisible(byTestID("flash")),
	)
	t.Logf("saved %s", screenshot(t, ctx, "claim-reviews"))
	do(t, ctx, "choose it as the status record",
		chromedp.WaitVisible(byTestID("presentation-form")),
		chromedp.Click(chromedp.CSS("#present-"+claimID)),
		chromedp.Click(chromedp.CSS(`[data-testid="presentation-form"] button`)),
		// Only a reviewer's choice is marked "chosen by a reviewer"; the review page showed the default.
		chromedp.WaitVisible(chromedp.CSS(`.presented-as .muted`)),
	)
	if got := text(t, ctx, "claim"); !strings.Contains(got, "Status record") || !strings.Contains(got, "Established") || !strings.Contains(got, "Bound") {
		t.Errorf("research tab claim = %q; want the established bound marked as the status record", got)
	}
	t.Logf("saved %s", screenshot(t, ctx, "research-tab"))
	r = s.graphql(t, "", `query($p: String!) { problem(id: $p) { presentation { selected statusRecord { id status } headlineRecord { id } } } }`, map[string]any{"p": id})
	if got, _ := path(r.Data, "problem", "presentation", "statusRecord", "id").(string); got != claimID {
		t.Errorf("presentation over GraphQL = %+v; want %s as the status record", r.Data, claimID)
	}

	do(t, ctx, "open the disagreement queues",
		chromedp.Navigate(s.URL+"/review"),
		chromedp.Click(byTestID("disagreements-link")),
		chromedp.WaitVisible(byTestID("disagreements")),
		chromedp.Click(byTestID("class-EXPERTISE")),
		chromedp.WaitVisible(byTestID("disagreement-row")),
	)
	if got := text(t, ctx, "disagreements"); !strings.Contains(got, "Expertise") || !strings.Contains(got, "@demo-referee") {
		t.Errorf("expertise queue = %q; want the demo's second review", got)
	}
	t.Logf("saved %s", screenshot(t, ctx, "disagreements"))
}
