package ui

import (
	"bytes"
	"context"
	"testing"

	"github.com/a-h/templ"
	"github.com/google/go-cmp/cmp"
	"golang.org/x/net/html"

	"github.com/theoremdb/theoremdb/policy"
)

// allByTestID renders c and lists its elements with data-testid name, in document order.
func allByTestID(t *testing.T, c templ.Component, name string) []*html.Node {
	t.Helper()
	var buf bytes.Buffer
	if err := c.Render(context.Background(), &buf); err != nil {
		t.Fatal(err)
	}
	doc, err := html.Parse(&buf)
	if err != nil {
		t.Fatal(err)
	}
	var out []*html.Node
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && attrOf(n, "data-testid") == name {
			out = append(out, n)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return out
}

// TestFlaggedStatement: the statement is shown whole, its flagged spans marked with the checks
// that point there, and text that looks like HTML stays text.
func TestFlaggedStatement(t *testing.T) {
	t.Parallel()
	statement := "Let <b>n</b> be large."
	checks := []policy.CheckView{{Findings: []policy.FindingView{
		finding("statement.domain", "statement", "FAIL", 7, 8), finding("statement.domain", "statement", "PASS", 0, 3)}}}
	divs := allByTestID(t, flaggedStatement(statement, checks), "flagged-statement")
	if len(divs) != 1 || textOf(divs[0]) != statement || !hasAttr(divs[0], "data-math") {
		t.Fatalf("flagged statement = %d elements; want one holding the statement as text, for KaTeX", len(divs))
	}
	marks := allByTestID(t, flaggedStatement(statement, checks), "flagged-span")
	if len(marks) != 1 || textOf(marks[0]) != "n" || attrOf(marks[0], "title") != "statement.domain" {
		t.Errorf("flagged spans = %d; want one, n, titled statement.domain", len(marks))
	}
	if got := allByTestID(t, flaggedStatement(statement, nil), "flagged-span"); len(got) != 0 {
		t.Errorf("a statement without findings has %d flagged spans", len(got))
	}
}

// TestCheckGroup: a failing gate opens, a passing one stays folded, and a reviewer sees every
// gate that is not a pass open; findings that do not pass come first, failing before open.
func TestCheckGroup(t *testing.T) {
	t.Parallel()
	c := policy.CheckView{Gate: "STATEMENT", Outcome: "FAIL", Findings: []policy.FindingView{
		{Check: "statement.a", Verdict: "PASS"}, {Check: "statement.b", Verdict: "NEEDS_HUMAN"},
		{Check: "statement.c", Verdict: "FAIL", Fix: "Give n a domain."}}}
	for _, tt := range []struct {
		name    string
		outcome string
		review  bool
		open    bool
	}{
		{"failing", "FAIL", false, true},
		{"passing", "PASS", false, false},
		{"needs a reviewer, to a reader", "NEEDS_HUMAN", false, false},
		{"needs a reviewer, to a reviewer", "NEEDS_HUMAN", true, true},
		{"passing, to a reviewer", "PASS", true, false},
	} {
		g := c
		g.Outcome = tt.outcome
		els := allByTestID(t, checkGroup(g, tt.review), "gate-STATEMENT")
		if len(els) != 1 || hasAttr(els[0], "open") != tt.open {
			t.Errorf("%s: gate open = %v; want %v", tt.name, len(els) == 1 && hasAttr(els[0], "open"), tt.open)
		}
	}
	var order []string
	for _, f := range allByTestID(t, checkGroup(c, false), "finding") {
		order = append(order, attrOf(f, "data-check")+" "+attrOf(f, "data-verdict"))
	}
	if diff := cmp.Diff([]string{"statement.c FAIL", "statement.b NEEDS_HUMAN", "statement.a PASS"}, order); diff != "" {
		t.Errorf("findings in order (-want +got):\n%s", diff)
	}
	if fixes := allByTestID(t, checkGroup(c, false), "finding-fix"); len(fixes) != 1 || textOf(fixes[0]) != "Fix: Give n a domain." {
		t.Errorf("fixes = %d; want the failing finding's", len(fixes))
	}
	if got := allByTestID(t, checkGroup(c, false), "finding-confirmer"); len(got) != 1 {
		t.Errorf("confirmer lines = %d; want one, for the finding a reviewer answers", len(got))
	}
}

func TestSmallFormHelpers(t *testing.T) {
	t.Parallel()
	if got := gateHelp("DUPLICATE"); got != "No live problem states the same target, no solved record answers it, and no attached claim resolves it." {
		t.Errorf("gateHelp(DUPLICATE) = %q", got)
	}
	if got := gateHelp("NO_SUCH_GATE"); got != "" {
		t.Errorf("gateHelp(an unknown gate) = %q; want none", got)
	}
	if f := decisionField("action"); f.Label != "Action" {
		t.Errorf("decisionField(action).Label = %q; want Action", f.Label)
	}
	if f := decisionField("nothing"); f.Name != "" {
		t.Errorf("decisionField(nothing) = %+v; want the zero field", f)
	}
	title, _, _ := policy.FieldAt("title")
	citation, at, _ := policy.FieldAt("references.0.citation")
	locator, _, _ := policy.FieldAt("provenance.sourceLocator")
	if !formRequired(title, nil) || formRequired(citation, at) || formRequired(locator, nil) {
		t.Error("formRequired: want the title required, a row's citation and an optional locator not")
	}
}
