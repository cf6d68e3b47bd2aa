package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// consoleProblems collects what a page reports that a person would not
// want: errors and warnings on the console, uncaught exceptions, and every
// Content-Security-Policy violation (the page's securitypolicyviolation
// events, recorded by a script Chromium runs before the page's own).
type consoleProblems struct {
	mu   sync.Mutex
	seen []string
}

// recordViolations also defines editorText, the text of a Monaco editor
// with its non-breaking spaces as spaces.
const recordViolations = `window.editorText = (sel) => (document.querySelector(sel)?.textContent || "").replace(/\u00a0/g, " ");
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) =>
  window.__cspViolations.push(e.violatedDirective + " " + (e.blockedURI || "inline") + " " + e.sourceFile + ":" + e.lineNumber));`

func watchConsole(t *testing.T, ctx context.Context) *consoleProblems {
	t.Helper()
	c := &consoleProblems{}
	if err := chromedp.Listen(ctx, func(ev any) {
		var msg string
		switch e := ev.(type) {
		case *log.EventEntryAdded:
			if e.Entry.Level == log.EntryLevelError || e.Entry.Level == log.EntryLevelWarning ||
				e.Entry.Source == log.EntrySourceSecurity || e.Entry.Source == log.EntrySourceViolation {
				msg = fmt.Sprintf("log %s/%s: %s", e.Entry.Source, e.Entry.Level, e.Entry.Text)
			}
		case *runtime.EventExceptionThrown:
			msg = "exception: " + e.ExceptionDetails.Text
			if e.ExceptionDetails.Exception != nil {
				msg += " " + e.ExceptionDetails.Exception.Description
			}
		case *runtime.EventConsoleAPICalled:
			if e.Type == runtime.ConsoleAPICalledTypeError || e.Type == runtime.ConsoleAPICalledTypeWarning {
				var parts []string
				for _, a := range e.Args {
					parts = append(parts, a.Description+string(a.Value))
				}
				msg = fmt.Sprintf("console.%s: %s", e.Type, strings.Join(parts, " "))
			}
		}
		if len(msg) > 400 {
			msg = msg[:400] + "…"
		}
		if msg != "" {
			c.mu.Lock()
			c.seen = append(c.seen, msg)
			c.mu.Unlock()
		}
	}); err != nil {
		t.Fatalf("listen to the console: %v", err)
	}
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument,
		page.AddScriptToEvaluateOnNewDocumentParams{Source: recordViolations}); err != nil {
		t.Fatalf("record CSP violations: %v", err)
	}
	return c
}

// check fails the test for every problem seen, and for every CSP violation
// the page recorded.
func (c *consoleProblems) check(t *testing.T, ctx context.Context) {
	t.Helper()
	violations := get(t, ctx, "read CSP violations", chromedp.Evaluate[[]string](`window.__cspViolations || []`))
	for _, v := range violations {
		t.Errorf("CSP violation: %s", v)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, m := range c.seen {
		t.Errorf("console: %s", m)
	}
}

// TestBrowserExplorer opens /graphql as a person would: GraphiQL renders
// from this site's own bundle under the site's CSP, the example problem
// query runs and shows the problem, and nothing is refused or fails on the
// console.
func TestBrowserExplorer(t *testing.T) {
	t.Parallel()
	ctx := newBrowser(t)
	s, _ := seededSite(t)
	console := watchConsole(t, ctx)

	do(t, ctx, "open the explorer",
		chromedp.Navigate(s.URL+"/graphql"),
		chromedp.WaitVisible(chromedp.CSS(`.graphiql-container`)),
		chromedp.WaitVisible(chromedp.CSS(`.graphiql-execute-button`)),
	)
	// The first tab is the problem query; its editor shows it once Monaco
	// has started.
	get(t, ctx, "wait for the example query",
		chromedp.Poll[bool](`editorText(".graphiql-query-editor").includes("query Problem")`,
			chromedp.WithPollingTimeout(30*time.Second)))
	tabs := get(t, ctx, "read the tabs", chromedp.Evaluate[string](`[...document.querySelectorAll(".graphiql-tab")].map(e => e.textContent).join("|")`))
	for _, name := range []string{"Problem", "Problems", "SubmitProblem", "AttachClaim", "FlagProblem", "RecordDecision", "ProblemEvents"} {
		if !strings.Contains(tabs, name) {
			t.Errorf("explorer tabs %q lack the example %s", tabs, name)
		}
	}
	do(t, ctx, "run the problem query", chromedp.Click(chromedp.CSS(`.graphiql-execute-button`)))
	get(t, ctx, "wait for the result",
		chromedp.Poll[bool](`editorText(".graphiql-response").includes("currentRevision")`,
			chromedp.WithPollingTimeout(30*time.Second)))
	result := get(t, ctx, "read the result", chromedp.Evaluate[string](`editorText(".graphiql-response")`))
	if !strings.Contains(result, "TDB-1") || strings.Contains(result, `"errors"`) {
		t.Errorf("the problem query's result does not show TDB-1 without errors:\n%s", result)
	}
	screenshot(t, ctx, "explorer-problem-query")
	console.check(t, ctx)
}

// TestBrowserAPIExamples reads /api's examples as a person would, on a desktop and on a phone:
// every example is listed by who sends it, a link of the index scrolls its example into view,
// nothing is wider than the screen (code scrolls in its own box), the curl lines name the
// site's own address, and the explorer opens the same operations as tabs.
func TestBrowserAPIExamples(t *testing.T) {
	t.Parallel()
	ctx := newBrowser(t)
	const public = "https://problems.example.org"
	env := []string{"DATABASE_URL=" + seededDB(t), "THEOREMDB_BASE_URL=" + public}
	s := serve(t, env)
	console := watchConsole(t, ctx)

	do(t, ctx, "open /api", chromedp.Navigate(s.URL+"/api"), chromedp.WaitVisible(byTestID("api-example-index")))
	names := get(t, ctx, "read the examples", chromedp.Evaluate[[]string](
		`[...document.querySelectorAll("[data-testid=api-example] h4")].map(h => h.textContent)`))
	groups := get(t, ctx, "read the groups", chromedp.Evaluate[[]string](
		`[...document.querySelectorAll("[data-testid=api-example-group] h3")].map(h => h.textContent)`))
	if len(names) < 30 || len(groups) < 4 {
		t.Fatalf("/api shows %d examples in %d groups: %v %v", len(names), len(groups), groups, names)
	}
	curls := get(t, ctx, "read the curl lines", chromedp.Evaluate[[]string](
		`[...document.querySelectorAll("[data-testid=api-example] pre code")].map(c => c.textContent).filter(c => c.startsWith("curl "))`))
	for _, c := range curls {
		if !strings.Contains(c, public+"/graphql") {
			t.Errorf("a curl line does not name the site's own address %s: %s", public, c)
		}
	}
	if len(curls) < len(names)-3 {
		t.Errorf("/api has %d curl lines for %d examples", len(curls), len(names))
	}
	do(t, ctx, "follow the index to HandCaseToMerge",
		chromedp.Click(chromedp.CSS(`[data-testid=api-example-index] a[href="#example-HandCaseToMerge"]`)))
	top := get(t, ctx, "where the example is", chromedp.Poll[float64](
		`(() => { const b = document.getElementById("example-HandCaseToMerge").getBoundingClientRect(); return b.top >= -1 && b.top < innerHeight / 2 ? b.top : false; })()`,
		chromedp.WithPollingTimeout(5*time.Second)))
	t.Logf("HandCaseToMerge's heading at y=%.0f after following the index", top)
	if excess, culprits := overflow(t, ctx); excess > 0 {
		t.Errorf("/api is %d px wider than a 1280 px window: %v", excess, culprits)
	}
	viewportShot(t, ctx, "api-examples-desktop")

	do(t, ctx, "a phone's screen", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile),
		chromedp.Navigate(s.URL+"/api#example-SubmitProblem"), chromedp.WaitVisible(byTestID("api-example-index")))
	if excess, culprits := overflow(t, ctx); excess > 0 {
		t.Errorf("/api is %d px wider than a 390 px phone: %v", excess, culprits)
	}
	viewportShot(t, ctx, "api-examples-phone")

	do(t, ctx, "a desktop again, the explorer", chromedp.EmulateViewport(1280, 800),
		chromedp.Navigate(s.URL+"/graphql"), chromedp.WaitVisible(chromedp.CSS(`.graphiql-container`)))
	tabs := get(t, ctx, "read the tabs", chromedp.Poll[[]string](
		`(() => { const t = [...document.querySelectorAll(".graphiql-tab")].map(e => e.textContent.trim()); return t.length > 1 ? t : false; })()`,
		chromedp.WithPollingTimeout(30*time.Second)))
	joined := strings.Join(tabs, "|")
	for _, n := range names {
		if !strings.Contains(joined, n) {
			t.Errorf("the explorer has no tab for %s: %v", n, tabs)
		}
	}
	do(t, ctx, "open the moderators' queue tab",
		chromedp.Click(chromedp.CSS(`.graphiql-tab:nth-child(`+fmt.Sprint(indexOf(tabs, "ModerationQueue")+1)+`) button`)))
	get(t, ctx, "the subscription's document", chromedp.Poll[bool](`editorText(".graphiql-query-editor").includes("subscription ModerationQueue")`,
		chromedp.WithPollingTimeout(15*time.Second)))
	viewportShot(t, ctx, "explorer-tabs")
	console.check(t, ctx)
}

// indexOf is the place of the first string of list that contains s, or -1.
func indexOf(list []string, s string) int {
	for i, x := range list {
		if strings.Contains(x, s) {
			return i
		}
	}
	return -1
}

// viewportShot keeps a picture of what the window shows, for a page too long for a whole one.
func viewportShot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	png := get(t, ctx, "picture "+name, chromedp.CaptureScreenshot())
	if err := os.MkdirAll(screenshotDir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(screenshotDir, name+".png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}
