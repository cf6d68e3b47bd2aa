package e2e

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

var (
	problemURLRe = regexp.MustCompile(`/p/(TDB-\d+)(?:\?|$)`)
	problemIDRe  = regexp.MustCompile(`^TDB-\d+$`)
)

// queueLinks lists the review links of the review queue, in its order.
const queueLinks = `Array.from(document.querySelectorAll('[data-testid="queue-row"] a')).map(a => a.getAttribute("href"))`

// TestBrowserSignUpAndSubmit walks a newcomer through Chromium: sign up, a
// submission refused for its empty title with everything else kept, the
// corrected submission, and the new page with its ID, its deadline in UTC
// and the statement rendered by KaTeX.
func TestBrowserSignUpAndSubmit(t *testing.T) {
	t.Parallel()
	ctx := newBrowser(t)
	s, _ := seededSite(t)
	signUp(t, ctx, s.URL, "grace", "a long enough password")

	today := time.Now().UTC().Format("2006-01-02")
	typed := []struct{ id, text string }{
		{"#statement", "Is every even integer $n > 2$ the sum of two primes $p + q$?"},
		{"#tags", "number theory, primes"},
		{"#acceptance-criterion", "A proof for every even n > 2, or one even number that is not such a sum."},
		{"#provenance-attribution", "C. Goldbach, 1742"},
		{"#provenance-sourceLocator", "Letter to Euler, 7 June 1742"},
		{"#provenance-rightsBasis", "Written in our own words."},
		{"#references-0-identifier", "arXiv:1312.7748"},
		{"#references-0-citation", "H. Helfgott, The ternary Goldbach problem."},
		{"#references-0-relevance", "Settles the ternary version; the binary one stays open."},
		{"#referenceSearch-databases", "zbMATH Open\narXiv"},
		{"#referenceSearch-queries", "binary Goldbach"},
		{"#referenceSearch-coverage", "Titles and abstracts."},
	}
	fill := []chromedp.Action[chromedp.Void]{
		chromedp.Click(chromedp.CSS(`nav a[href="/submit"]`)),
		chromedp.WaitVisible(byTestID("problem-form")),
	}
	for _, f := range typed {
		fill = append(fill, chromedp.SendKeys(chromedp.CSS(f.id), f.text))
	}
	// A select and a date field take values, not keystrokes: the order in
	// which a date field takes typed digits follows the browser's locale.
	fill = append(fill,
		chromedp.SetValue(chromedp.CSS(`#provenance-kind`), "IMPORTED"),
		chromedp.SetValue(chromedp.CSS(`#referenceSearch-checkedOn`), today),
		chromedp.Click(byTestID("submit-button")),
		chromedp.WaitVisible(byTestID("error-title")),
	)
	do(t, ctx, "submit without a title", fill...)

	if got := text(t, ctx, "error-title"); got != "is required" {
		t.Errorf("title error = %q; want %q", got, "is required")
	}
	if links := get(t, ctx, "list the error summary's links", chromedp.Evaluate[[]string](
		`Array.from(document.querySelectorAll('[data-testid="error-summary"] a')).map(a => a.getAttribute("href"))`)); !slices.Equal(links, []string{"#title"}) {
		t.Errorf("error summary links to %q; want one link to #title", links)
	}
	kept := append(typed, struct{ id, text string }{"#provenance-kind", "IMPORTED"},
		struct{ id, text string }{"#referenceSearch-checkedOn", today})
	for _, f := range kept {
		if got := get(t, ctx, "read "+f.id, chromedp.Value(chromedp.CSS(f.id))); got != f.text {
			t.Errorf("after the refused submit %s = %q; want %q kept", f.id, got, f.text)
		}
	}

	// The page reloads every 2 s while the gates run, and the flash is shown
	// once: read it with the address in one evaluation, as soon as it lands.
	do(t, ctx, "submit with a title",
		chromedp.SendKeys(chromedp.CSS(`#title`), "Binary Goldbach conjecture"),
		chromedp.Click(byTestID("submit-button")),
		chromedp.WaitVisible(byTestID("problem-id")),
	)
	landed := get(t, ctx, "read the address and the flash", chromedp.Evaluate[[]string](
		`[location.href, (document.querySelector('[data-testid="flash"]') || {}).textContent || ""]`))
	do(t, ctx, "see the Checks section", chromedp.WaitVisible(byTestID("tab-panel-checks")))
	location, flash := landed[0], strings.TrimSpace(landed[1])
	// The proposer lands on the Checks section, which reloads until the gates have run.
	waitChecksDone(t, ctx)
	// The submission has no open-status record and no hero brief: those gates fail, with fixes.
	for _, gate := range []string{"OPEN_STATUS", "HERO"} {
		outcome := innerText(t, ctx, "read the "+gate+" outcome", byTestID("gate-"+gate)+` [data-testid="gate-outcome"]`)
		if outcome != "Fails" {
			t.Errorf("%s gate outcome = %q; want Fails", gate, outcome)
		}
	}
	fixes := get(t, ctx, "read the fixes", chromedp.Evaluate[[]string](
		`Array.from(document.querySelectorAll('[data-testid="gate-OPEN_STATUS"] [data-testid="finding-fix"]')).map(e => e.textContent)`))
	if len(fixes) == 0 || !strings.Contains(strings.Join(fixes, " "), "Fix:") {
		t.Errorf("the failing open-status findings give no fix: %q", fixes)
	}
	t.Logf("saved %s", screenshot(t, ctx, "checks-after-submit"))
	do(t, ctx, "open the Problem tab",
		chromedp.Click(byTestID("tab-problem")),
		chromedp.WaitVisible(byTestID("problem-id")),
		waitMath("statement"),
	)
	id := text(t, ctx, "problem-id")
	if m := problemURLRe.FindStringSubmatch(location); m == nil || m[1] != id || !problemIDRe.MatchString(id) {
		t.Fatalf("landed on %s showing problem-id %q; want the new problem's page and its ID", location, id)
	}
	if !strings.Contains(flash, "Submitted as "+id) {
		t.Errorf("flash = %q; want it to give the new ID", flash)
	}
	if deadline := text(t, ctx, "deadline"); !strings.HasSuffix(deadline, "UTC") {
		t.Errorf("deadline = %q; want a UTC time", deadline)
	}
	iso := get(t, ctx, "read the deadline's datetime", chromedp.AttributeValue(byTestID("deadline"), "datetime"))
	if d, err := time.Parse(time.RFC3339, iso.Value); err != nil {
		t.Errorf("deadline datetime = %q: %v", iso.Value, err)
	} else if left := time.Until(d); left < 7*24*time.Hour-5*time.Minute || left > 7*24*time.Hour {
		t.Errorf("deadline %s is %v away; want the seven-day challenge period", iso.Value, left)
	}
	tex := get(t, ctx, "read the rendered TeX", chromedp.Evaluate[[]string](
		`Array.from(document.querySelectorAll('[data-testid="statement"] .katex annotation')).map(a => a.textContent)`))
	if want := []string{"n > 2", "p + q"}; !slices.Equal(tex, want) {
		t.Errorf("TeX rendered by KaTeX in the statement = %q; want %q", tex, want)
	}
}

// TestBrowserReviewerArchives has a reviewer archive a problem from the
// queue with a reason code and double-click "Record decision": one decision
// is recorded and the History tab shows it.
func TestBrowserReviewerArchives(t *testing.T) {
	t.Parallel()
	ctx := newBrowser(t)
	s, env := seededSite(t)
	createReviewer(t, env, "rita", "reviewer password")
	signIn(t, ctx, s.URL, "rita", "reviewer password")

	do(t, ctx, "open the review queue",
		chromedp.Click(byTestID("nav-review")),
		chromedp.WaitVisible(byTestID("review-queue")),
	)
	hrefs := get(t, ctx, "list the queue", chromedp.Evaluate[[]string](queueLinks))
	// The first problem in the queue without an earlier decision.
	var href, id string
	for _, h := range hrefs {
		pid := strings.TrimPrefix(h, "/review/")
		if n, _ := decisionsOf(t, s, pid); n == 0 {
			href, id = h, pid
			break
		}
	}
	if href == "" {
		t.Fatalf("review queue %v has no problem without decisions", hrefs)
	}

	do(t, ctx, "open "+href,
		chromedp.Click(chromedp.CSS(fmt.Sprintf(`a[href=%q]`, href))),
		chromedp.WaitVisible(byTestID("decision-form")),
	)
	codes := get(t, ctx, "list reason codes", chromedp.Evaluate[[]string](
		`Array.from(document.querySelectorAll('#reasonCode option')).map(o => o.value).filter(v => v)`))
	const code = "KNOWN_ANSWER"
	if !slices.Contains(codes, code) {
		t.Fatalf("reason codes = %v; want %s among them", codes, code)
	}
	do(t, ctx, "fill the archive decision",
		chromedp.Click(chromedp.CSS(`#action-ARCHIVE`)),
		chromedp.SetValue(chromedp.CSS(`#reasonCode`), code),
		chromedp.SendKeys(chromedp.CSS(`#notes-reason`), "Known: settled by a cited preprint; see the references."),
	)
	// The second click lands after the server has answered the first but
	// before the page has seen the answer, as on a slow connection: both
	// requests reach the server.
	held := holdResponses(t, ctx, s.URL+href)
	do(t, ctx, "double-click Record decision", doubleClick(byTestID("decide-button"), held.next))
	if err := held.next(ctx); err != nil {
		t.Fatalf("the second click sent no request: %v", err)
	}
	held.release(t, ctx)
	do(t, ctx, "land on the History tab", chromedp.WaitVisible(byTestID("tab-panel-history")))
	if flash := text(t, ctx, "flash"); !strings.Contains(flash, "already recorded") {
		t.Errorf("flash after the second request = %q; want the decision reported as already recorded", flash)
	}

	if n, state := decisionsOf(t, s, id); n != 1 || state != "ARCHIVED" {
		t.Errorf("%s after a double-clicked archive: %d decisions, state %s; want 1, ARCHIVED", id, n, state)
	}

	// The problem page's History tab, reached from its Problem tab.
	do(t, ctx, "open the History tab",
		chromedp.Navigate(s.URL+"/p/"+id),
		chromedp.WaitVisible(byTestID("tab-history")),
		chromedp.Click(byTestID("tab-history")),
		chromedp.WaitVisible(byTestID("reason-code")),
	)
	if got := text(t, ctx, "reason-code"); !strings.Contains(got, "known answer") {
		t.Errorf("reason-code = %q; want known answer", got)
	}
	if got := text(t, ctx, "state"); got != "archived" {
		t.Errorf("state badge = %q; want archived", got)
	}
	if n := get(t, ctx, "count decisions on the page", chromedp.Evaluate[int](
		`document.querySelectorAll('[data-testid="decision"]').length`)); n != 1 {
		t.Errorf("History tab shows %d decisions; want 1", n)
	}
}

// decisionsOf asks the GraphQL endpoint for a problem's decisions and state.
func decisionsOf(t *testing.T, s *proc, id string) (int, string) {
	t.Helper()
	r := s.graphql(t, "", fmt.Sprintf(`{ problem(id: %q) { decisions { id } state } }`, id), nil)
	if len(r.Errors) > 0 {
		t.Fatalf("problem %s: %+v", id, r.Errors)
	}
	ds, _ := path(r.Data, "problem", "decisions").([]any)
	state, _ := path(r.Data, "problem", "state").(string)
	return len(ds), state
}

// TestBrowserScreenshots saves the home page, a problem page, the submit
// form with errors and a review page at a phone's and a desktop's width
// under testdata/screenshots, and checks that nothing scrolls sideways on
// the phone.
func TestBrowserScreenshots(t *testing.T) {
	t.Parallel()
	ctx := newBrowser(t)
	s, env := seededSite(t)
	createReviewer(t, env, "rita", "reviewer password")
	signIn(t, ctx, s.URL, "rita", "reviewer password")

	do(t, ctx, "open the review queue",
		chromedp.Navigate(s.URL+"/review"),
		chromedp.WaitVisible(byTestID("review-queue")),
	)
	queue := get(t, ctx, "list the queue", chromedp.Evaluate[[]string](queueLinks))
	if len(queue) == 0 {
		t.Fatal("the seeded review queue is empty")
	}
	review := queue[0]
	problem := strings.Replace(review, "/review/", "/p/", 1)

	pages := []struct {
		name string
		load []chromedp.Action[chromedp.Void]
	}{
		{"home", []chromedp.Action[chromedp.Void]{
			chromedp.Navigate(s.URL + "/"),
			chromedp.WaitVisible(chromedp.CSS(`main h1`)),
		}},
		{"problem", []chromedp.Action[chromedp.Void]{
			chromedp.Navigate(s.URL + problem),
			chromedp.WaitVisible(byTestID("problem-id")),
			waitMath("statement"),
		}},
		{"submit-errors", []chromedp.Action[chromedp.Void]{
			chromedp.Navigate(s.URL + "/submit"),
			chromedp.WaitVisible(byTestID("problem-form")),
			chromedp.Click(byTestID("submit-button")),
			chromedp.WaitVisible(byTestID("error-summary")),
		}},
		{"review", []chromedp.Action[chromedp.Void]{
			chromedp.Navigate(s.URL + review),
			chromedp.WaitVisible(byTestID("decision-form")),
			waitMath("statement"),
		}},
	}
	for _, width := range []int64{360, 1280} {
		for _, p := range pages {
			name := fmt.Sprintf("%s-%d", p.name, width)
			do(t, ctx, "load "+name, append([]chromedp.Action[chromedp.Void]{chromedp.EmulateViewport(width, 800)}, p.load...)...)
			get(t, ctx, "wait for fonts on "+name, chromedp.Evaluate[bool](`document.fonts.ready.then(() => true)`, chromedp.EvalAwaitPromise))
			if width == 360 {
				if excess, culprits := overflow(t, ctx); excess > 0 {
					t.Errorf("%s: the page is %dpx wider than the 360px viewport; sticking out: %s", name, excess, strings.Join(culprits, ", "))
				}
			}
			t.Logf("saved %s", screenshot(t, ctx, name))
		}
	}
}

// TestBrowserKeyboard checks that the first Tab on the submit page reaches
// the skip link, that every stop after it shows where focus is, and that the
// skip link leads to the main content.
func TestBrowserKeyboard(t *testing.T) {
	t.Parallel()
	ctx := newBrowser(t)
	s, _ := seededSite(t)
	signUp(t, ctx, s.URL, "kim", "a long enough password")
	do(t, ctx, "open the submit page",
		chromedp.Navigate(s.URL+"/submit"),
		chromedp.WaitVisible(byTestID("problem-form")),
	)

	type focused struct {
		Tag, Text, Href, ID, Outline string
		Width                        float64
		OnScreen                     bool
	}
	const describe = `(() => {
		const el = document.activeElement;
		const cs = getComputedStyle(el);
		const b = el.getBoundingClientRect();
		return {Tag: el.tagName.toLowerCase(), Text: (el.textContent || "").trim().slice(0, 40),
			Href: el.getAttribute("href") || "", ID: el.id, Outline: cs.outlineStyle,
			Width: parseFloat(cs.outlineWidth) || 0,
			OnScreen: b.width > 0 && b.height > 0 && b.right > 0 && b.left < innerWidth};
	})()`
	const stops = 12
	for i := range stops {
		do(t, ctx, fmt.Sprintf("Tab %d", i+1), chromedp.KeyEvent(kb.Tab))
		f := get(t, ctx, "describe the focused element", chromedp.Evaluate[focused](describe))
		if i == 0 && (f.Tag != "a" || f.Href != "#main") {
			t.Fatalf("the first Tab focuses <%s href=%q> %q; want the skip link to #main", f.Tag, f.Href, f.Text)
		}
		if f.Outline == "none" || f.Width == 0 || !f.OnScreen {
			t.Errorf("Tab %d focuses <%s id=%q> %q with outline %s %gpx, on screen %v; want a visible focus outline",
				i+1, f.Tag, f.ID, f.Text, f.Outline, f.Width, f.OnScreen)
		}
	}

	do(t, ctx, "follow the skip link",
		chromedp.Navigate(s.URL+"/submit"),
		chromedp.WaitVisible(byTestID("problem-form")),
		chromedp.KeyEvent(kb.Tab),
		chromedp.KeyEvent(kb.Enter),
	)
	if loc := get(t, ctx, "read the address", chromedp.Location()); !strings.HasSuffix(loc, "#main") {
		t.Errorf("after Enter on the skip link the page is at %s; want #main", loc)
	}
}

// waitChecksDone waits until the Checks section no longer says the checks are running; it
// reloads itself meanwhile, so each look may land on a new page.
func waitChecksDone(t *testing.T, ctx context.Context) {
	t.Helper()
	deadline := time.Now().Add(45 * time.Second)
	for {
		running, err := chromedp.Run(ctx, chromedp.Evaluate[bool](
			`document.readyState === "complete" && !!document.querySelector('[data-testid="tab-panel-checks"]') ? !!document.querySelector('[data-testid="checks-pending"]') : true`))
		if err == nil && !running {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the checks still run after 45 s (last error %v)", err)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// TestBrowserReviewerQualifiesWithChecks has a reviewer open a seeded problem whose gates all
// pass: the review page shows the statement alone and the checks, the findings a machine could
// not certify come first; qualify without answering them is refused naming them, and qualify
// with each answered is recorded with the answers.
func TestBrowserReviewerQualifiesWithChecks(t *testing.T) {
	t.Parallel()
	ctx := newBrowser(t)
	s, env := seededSite(t)
	createReviewer(t, env, "rhea", "reviewer password")
	signIn(t, ctx, s.URL, "rhea", "reviewer password")
	do(t, ctx, "open the review queue",
		chromedp.Navigate(s.URL+"/review"),
		chromedp.WaitVisible(byTestID("review-queue")),
	)
	var href, id string
	for _, h := range get(t, ctx, "list the queue", chromedp.Evaluate[[]string](queueLinks)) {
		pid := strings.TrimPrefix(h, "/review/")
		r := s.graphql(t, "", fmt.Sprintf(`{ problem(id: %q) { checkSummary { outcome failing pending } } }`, pid), nil)
		if out, _ := path(r.Data, "problem", "checkSummary", "outcome").(string); out == "NEEDS_HUMAN" || out == "UNKNOWN" {
			href, id = h, pid
			break
		}
	}
	if href == "" {
		t.Fatal("no problem in the seeded review queue has checks that all pass but need a reviewer")
	}
	do(t, ctx, "open "+href,
		chromedp.Navigate(s.URL+href),
		chromedp.WaitVisible(byTestID("decision-form")),
		chromedp.WaitVisible(byTestID("isolated-statement")),
		chromedp.WaitVisible(byTestID("review-checks")),
	)
	first := innerText(t, ctx, "read the first gate's outcome", chromedp.CSS(`[data-testid="review-checks"] [data-testid="gate-outcome"]`))
	if first == "Passes" {
		t.Errorf("the first gate on the review page passes; want the ones that need a reviewer first")
	}
	open := get(t, ctx, "count the findings to answer", chromedp.Evaluate[int](
		`document.querySelectorAll('[data-testid="confirmation"]').length`))
	if open == 0 {
		t.Fatal("the review page asks the reviewer to answer no finding")
	}
	t.Logf("saved %s", screenshot(t, ctx, "review-checks"))
	do(t, ctx, "qualify without answering",
		chromedp.Click(chromedp.CSS(`#action-QUALIFY`)),
		fillNotes(),
		chromedp.Click(byTestID("decide-button")),
		chromedp.WaitVisible(byTestID("error-confirmations")),
	)
	// The refusal is read where the reloaded page opens: its summary at the top, in view and
	// focused, linking to the field.
	type summary struct {
		Focused       string
		Top, Viewport float64
		Links         int
	}
	sm := get(t, ctx, "find the refusal", chromedp.Evaluate[summary](`(() => {
		const s = document.querySelector('[data-testid="error-summary"]');
		return {Focused: document.activeElement.dataset.testid || document.activeElement.tagName,
			Top: s ? s.getBoundingClientRect().top : -1, Viewport: window.innerHeight,
			Links: s ? s.querySelectorAll('a[href^="#"]').length : 0};
	})()`))
	if sm.Focused != "error-summary" || sm.Top < 0 || sm.Top > sm.Viewport || sm.Links == 0 {
		t.Errorf("after the refused qualify: focus on %q, summary at y=%.0f of %.0f with %d links; want the summary focused, in view, linking to the field",
			sm.Focused, sm.Top, sm.Viewport, sm.Links)
	}
	screenshot(t, ctx, "review-qualify-refused")
	do(t, ctx, "answer every finding and qualify",
		script(`document.querySelectorAll('[data-testid="confirmation"] input[value="true"]').forEach(e => e.checked = true)`),
		chromedp.Click(chromedp.CSS(`#action-QUALIFY`)),
		chromedp.Click(byTestID("decide-button")),
		chromedp.WaitVisible(byTestID("flash")),
	)
	if flash := text(t, ctx, "flash"); !strings.Contains(flash, "Decision recorded") {
		t.Errorf("flash after qualify = %q", flash)
	}
	if n, state := decisionsOf(t, s, id); n == 0 || state != "ACCEPTED" {
		t.Errorf("%s after qualify: %d decisions, state %s; want ACCEPTED", id, n, state)
	}
	r := s.graphql(t, "", fmt.Sprintf(`{ problem(id: %q) { currentRevision { checks { gate outcome findings { id verdict } } } } }`, id), nil)
	if len(r.Errors) > 0 {
		t.Fatal(r.Errors)
	}
}

// fillNotes types every note section a qualify requires.
func fillNotes() chromedp.Action[chromedp.Void] {
	return script(`document.querySelectorAll('textarea[name^="notes."]').forEach(e => { if (!e.value) e.value = "Checked against the record and its sources." })`)
}

// script runs a statement in the page as a step.
func script(js string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := chromedp.Evaluate[bool]("(() => { "+js+"; return true })()")(ctx, t)
		return err
	})
}

// TestBrowserStaffRoute has a reviewer send a problem to staff from the review page, then an
// operator find it on the staff console and archive it there, which releases the hold.
func TestBrowserStaffRoute(t *testing.T) {
	t.Parallel()
	ctx := newBrowser(t)
	s, env := seededSite(t)
	createReviewer(t, env, "rita", "reviewer password")
	mustCLI(t, env, "admin", "account", "create", "--handle", "otto", "--role", "operator")
	setPassword(t, env, "otto", "operator password")

	signIn(t, ctx, s.URL, "rita", "reviewer password")
	do(t, ctx, "open the review queue",
		chromedp.Navigate(s.URL+"/review"),
		chromedp.WaitVisible(byTestID("review-queue")),
	)
	queue := get(t, ctx, "list the queue", chromedp.Evaluate[[]string](queueLinks))
	if len(queue) == 0 {
		t.Fatal("the seeded review queue is empty")
	}
	id := strings.TrimPrefix(queue[len(queue)-1], "/review/")
	do(t, ctx, "send "+id+" to staff",
		chromedp.Navigate(s.URL+"/review/"+id),
		chromedp.WaitVisible(byTestID("send-to-staff")),
		chromedp.SendKeys(chromedp.CSS(`#staff-note`), "The cited preprint may already answer the question."),
		chromedp.Click(byTestID("send-to-staff-button")),
		chromedp.WaitVisible(byTestID("held-banner")),
	)
	if got := text(t, ctx, "held-banner"); !strings.Contains(got, "preprint") {
		t.Errorf("held banner = %q; want the reviewer's note", got)
	}
	r := s.graphql(t, "", fmt.Sprintf(`{ problem(id: %q) { state hold { reason authority } } }`, id), nil)
	if reason, _ := path(r.Data, "problem", "hold", "reason").(string); reason != "REVIEWER" {
		t.Fatalf("hold over GraphQL = %+v; want REVIEWER", r.Data)
	}

	ctx2 := newBrowser(t)
	signIn(t, ctx2, s.URL, "otto", "operator password")
	do(t, ctx2, "open the staff console",
		chromedp.Click(byTestID("nav-staff")),
		chromedp.WaitVisible(byTestID("staff-queue")),
	)
	t.Logf("saved %s", screenshot(t, ctx2, "staff-queue"))
	do(t, ctx2, "open "+id+" on the console",
		chromedp.Click(chromedp.CSS(fmt.Sprintf(`a[href="/admin/review/%s"]`, id))),
		chromedp.WaitVisible(byTestID("decision-form")),
		chromedp.Click(chromedp.CSS(`#action-ARCHIVE`)),
		chromedp.SetValue(chromedp.CSS(`#reasonCode`), "KNOWN_ANSWER"),
		chromedp.SendKeys(chromedp.CSS(`#notes-reason`), "The preprint answers the question as stated."),
		chromedp.Click(byTestID("decide-button")),
		chromedp.WaitVisible(byTestID("flash")),
	)
	r = s.graphql(t, "", fmt.Sprintf(`{ problem(id: %q) { state hold { reason } decisions { authority } } }`, id), nil)
	if state, _ := path(r.Data, "problem", "state").(string); state != "ARCHIVED" || path(r.Data, "problem", "hold") != nil {
		t.Errorf("after the staff decision: %+v; want ARCHIVED and no hold", r.Data)
	}
	do(t, ctx2, "open the staff console again",
		chromedp.Navigate(s.URL+"/admin/review"),
		chromedp.WaitVisible(byTestID("staff-empty")),
	)
}
