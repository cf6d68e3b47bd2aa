package e2e

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserSecondReview: a reviewer opens "Review again" from the queue and gets the second
// review: the first decision folded beside the form and the classes of split. A split sent
// without its class comes back with the refusal in view and focused; with its class it is
// recorded and listed among the splits.
func TestBrowserSecondReview(t *testing.T) {
	t.Parallel()
	ctx := newBrowser(t)
	s, env := seededSite(t)
	createReviewer(t, env, "sara", "reviewer password")
	signIn(t, ctx, s.URL, "sara", "reviewer password")

	do(t, ctx, "open the review queue",
		chromedp.Navigate(s.URL+"/review"),
		chromedp.WaitVisible(byTestID("second-review-queue")),
		chromedp.Click(chromedp.CSS(`[data-testid="second-review-queue"] a[href*="?second="]`)),
		chromedp.WaitVisible(byTestID("second-review-banner")),
	)
	if open := get(t, ctx, "is the first review folded", chromedp.Evaluate[bool](
		`document.querySelector('[data-testid="first-review"]').open`)); open {
		t.Error("the first review is open before the reviewer has read the packet")
	}
	do(t, ctx, "split without naming the class",
		chromedp.Click(chromedp.CSS(`#action-KEEP_PROSPECTING`)),
		chromedp.SendKeys(chromedp.CSS(`#notes-reason`), "The open-status record misses a preprint that claims the case."),
		chromedp.SendKeys(chromedp.CSS(`#revisionRequests`), "Cite and discuss the preprint."),
		chromedp.Click(byTestID("decide-button")),
		chromedp.WaitVisible(byTestID("error-summary")),
	)
	focused := get(t, ctx, "what has focus", chromedp.Evaluate[string](`document.activeElement.dataset.testid || document.activeElement.tagName`))
	if focused != "error-summary" {
		t.Errorf("after the refusal %q has focus; want the error summary", focused)
	}
	top := get(t, ctx, "where the summary is", chromedp.Evaluate[float64](
		`document.querySelector('[data-testid="error-summary"]').getBoundingClientRect().top`))
	height := get(t, ctx, "the viewport", chromedp.Evaluate[float64](`window.innerHeight`))
	if top < 0 || top > height {
		t.Errorf("the refusal is at y=%.0f, outside the %0.f-pixel viewport", top, height)
	}
	if msg := text(t, ctx, "error-summary"); !strings.Contains(msg, "kind of split") {
		t.Errorf("the summary says %q; want the missing class named", msg)
	}
	screenshot(t, ctx, "second-review-refused")
	do(t, ctx, "name the class and record",
		chromedp.Click(chromedp.CSS(`#disagreement-LEGITIMATE_SPLIT`)),
		chromedp.Click(byTestID("decide-button")),
		chromedp.WaitVisible(byTestID("tab-panel-history")),
		chromedp.Navigate(s.URL+"/review/disagreements"),
		chromedp.WaitVisible(byTestID("disagreements")),
	)
	if rows := get(t, ctx, "count the splits", chromedp.Evaluate[int](
		`document.querySelectorAll('[data-testid="disagreement-row"]').length`)); rows < 1 {
		t.Error("the recorded split is not listed")
	}
}
