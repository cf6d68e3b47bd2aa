package e2e

import (
	"context"
	"fmt"
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
