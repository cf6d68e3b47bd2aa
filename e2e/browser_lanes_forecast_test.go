package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserLanesForecastGoldAndDryRun: with only the deterministic baseline serving the three
// panel roles, /admin/lanes says before any switch turns on that every revision would be held
// for staff, and why, in the gate's own reasons; "Run gold now" measures the lanes at once; and a
// dry run of the panel on one problem shows what the gate would do with their answers while
// recording nothing.
func TestBrowserLanesForecastGoldAndDryRun(t *testing.T) {
	t.Parallel()
	ctx := newBrowser(t)
	s, env := seededSite(t)
	mustCLI(t, env, "admin", "account", "create", "--handle", "olga", "--role", "operator")
	setPassword(t, env, "olga", "operator password")
	for _, role := range []string{"prior_art", "math_critique", "formal_readiness"} {
		id := "baseline." + strings.ReplaceAll(role, "_", "-")
		mustCLI(t, env, "admin", "lane", "add", "--role", role, "--provider", "baseline", "--identity", id)
		mustCLI(t, env, "admin", "lane", "approve", id)
	}
	signIn(t, ctx, s.URL, "olga", "operator password")
	do(t, ctx, "open the lanes",
		chromedp.Navigate(s.URL+"/admin/lanes"),
		chromedp.WaitVisible(byTestID("forecast-warning")),
	)
	codes := get(t, ctx, "read the forecast's reasons", chromedp.Evaluate[[]string](
		`[...document.querySelectorAll('[data-testid="forecast-warning"] [data-testid="forecast-reason"]')].map(e => e.dataset.code)`))
	for _, want := range []string{"LANE_BASELINE", "REVIEW_UNIDENTIFIED"} {
		if !strings.Contains(strings.Join(codes, " "), want) {
			t.Errorf("the forecast gives %v; want %s among them", codes, want)
		}
	}
	if got := text(t, ctx, "lanes-gold"); strings.Count(got, "never measured on gold") != 3 {
		t.Errorf("the gold list reads %q; want the three lanes never measured", got)
	}
	screenshot(t, ctx, "lanes-forecast-1280")

	do(t, ctx, "run gold now", chromedp.Click(byTestID("gold-button")))
	waitFlash(t, ctx, "Gold is on its way")
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(500 * time.Millisecond) {
		do(t, ctx, "read the lanes again", chromedp.Navigate(s.URL+"/admin/lanes"), chromedp.WaitVisible(byTestID("lanes-gold")))
		if got := text(t, ctx, "lanes-gold"); strings.Count(got, "last measured on gold") == 3 {
			break
		} else if time.Now().After(deadline) {
			t.Fatalf("gold never reached the lanes: %q", got)
		}
	}

	r := s.graphql(t, "", `{ problems(first: 1, where: {state: PROSPECTING}) { edges { node { id } } } }`, nil)
	edges, _ := path(r.Data, "problems", "edges").([]any)
	if len(edges) == 0 {
		t.Fatalf("no problem in its challenge period: %+v %+v", r.Data, r.Errors)
	}
	id := path(edges[0], "node", "id").(string)
	const record = `query($id: String!) { problem(id: $id) { publicationGate { id } holds { id } events(after: 0) { seq } } }`
	before := fmt.Sprint(s.graphql(t, "", record, map[string]any{"id": id}).Data)
	do(t, ctx, "dry-run the panel on "+id,
		chromedp.SendKeys(chromedp.CSS(`#dry-run-problem`), id),
		chromedp.Click(byTestID("dry-run-button")),
		chromedp.WaitVisible(byTestID("dry-run-result")),
	)
	if got := text(t, ctx, "dry-run-route"); !strings.Contains(got, "hold it for staff") {
		t.Errorf("the dry run says %q; want the baseline's reviews held for staff", got)
	}
	if got := text(t, ctx, "dry-run-reviews"); strings.Count(got, "the deterministic baseline") != 3 {
		t.Errorf("the dry run's reviews read %q; want the three baseline lanes' answers", got)
	}
	screenshot(t, ctx, "lanes-dry-run-1280")
	if after := fmt.Sprint(s.graphql(t, "", record, map[string]any{"id": id}).Data); after != before {
		t.Errorf("the dry run recorded something on %s:\nbefore %s\nafter  %s", id, before, after)
	}
}
