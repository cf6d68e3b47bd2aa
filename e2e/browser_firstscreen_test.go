package e2e

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserStatementOnFirstScreen: at 1280×800 and at 390×844, for a reader and for a
// signed-in member, a problem page shows the top of its statement without scrolling: the
// neutral figure is a band beside its caption, not a picture above the statement.
func TestBrowserStatementOnFirstScreen(t *testing.T) {
	t.Parallel()
	ctx := newBrowser(t)
	s, env := seededSite(t)
	createReviewer(t, env, "vera", "reviewer password")
	sizes := []struct{ w, h int }{{1280, 800}, {390, 844}}
	check := func(who string) {
		for _, id := range []string{"TDB-1", "TDB-19"} {
			for _, sz := range sizes {
				name := fmt.Sprintf("firstscreen-%s-%s-%d", who, id, sz.w)
				do(t, ctx, "load "+name,
					chromedp.EmulateViewport(int64(sz.w), int64(sz.h)),
					chromedp.Navigate(s.URL+"/p/"+id),
					chromedp.WaitVisible(byTestID("statement")),
				)
				top := get(t, ctx, "measure "+name, chromedp.Evaluate[float64](
					`document.querySelector('[data-testid="statement"]').getBoundingClientRect().top + window.scrollY`))
				// The first line of the statement, not only its box, is on the first screen.
				if limit := float64(sz.h) - 40; top > limit {
					t.Errorf("%s: the statement starts at %.0f px; want it above %.0f px", name, top, limit)
				}
				if excess, culprits := overflow(t, ctx); excess > 0 {
					t.Errorf("%s: the page is %d px wider than the viewport: %v", name, excess, culprits)
				}
				screenshot(t, ctx, name)
			}
		}
	}
	check("reader")
	signIn(t, ctx, s.URL, "vera", "reviewer password")
	check("reviewer")
}
