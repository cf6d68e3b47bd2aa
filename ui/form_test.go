package ui

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/theoremdb/theoremdb/policy"
)

// render renders the problem form and indexes its elements by id, and its labels by the
// input they are for.
func render(t *testing.T, f FormView) (byID map[string]*html.Node, labels map[string]string) {
	t.Helper()
	var buf bytes.Buffer
	if err := ProblemForm(f).Render(context.Background(), &buf); err != nil {
		t.Fatal(err)
	}
	doc, err := html.Parse(&buf)
	if err != nil {
		t.Fatal(err)
	}
	byID, labels = map[string]*html.Node{}, map[string]string{}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			if id := attrOf(n, "id"); id != "" {
				byID[id] = n
			}
			if n.Data == "label" {
				labels[attrOf(n, "for")] = textOf(n)
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return byID, labels
}

func attrOf(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

func hasAttr(n *html.Node, key string) bool {
	for _, a := range n.Attr {
		if a.Key == key {
			return true
		}
	}
	return false
}

func textOf(n *html.Node) string {
	var b strings.Builder
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return strings.TrimSpace(b.String())
}

// TestProblemFormIsTheFieldTable: the form has one input for every field of
// policy.ProblemFields it asks for, in every row, with the table's label,
// hint and kind of input, marked required as the table says, and none for
// the fields only the API takes; each form has its own note.
func TestProblemFormIsTheFieldTable(t *testing.T) {
	for _, f := range []FormView{{Action: "/submit"}, {Action: "/p/TDB-1/revise", Revise: true},
		{Action: "/admin/revise/TDB-1", Revise: true, Operator: true}, {Action: "/p/TDB-1/suggest", Suggest: true}} {
		f.Exposition, f.References = 2, 2
		byID, labels := render(t, f)
		check := func(fd policy.ProblemField, at ...int) {
			t.Helper()
			name := fd.Path(at...)
			n := byID[ID(name)]
			if n == nil || attrOf(n, "name") != name {
				t.Errorf("%s: no input named %s", f.Action, name)
				return
			}
			wantTag, wantType := "input", "text"
			switch {
			case fd.Kind == policy.Choice:
				wantTag, wantType = "select", ""
			case fd.Area > 0:
				wantTag, wantType = "textarea", ""
			case fd.Kind == policy.Date:
				wantType = "date"
			}
			if n.Data != wantTag || attrOf(n, "type") != wantType {
				t.Errorf("%s: %s is <%s type=%q>; want <%s type=%q>", f.Action, name, n.Data, attrOf(n, "type"), wantTag, wantType)
			}
			if got := labels[ID(name)]; got != fd.FormLabel(at...) {
				t.Errorf("%s: the label of %s is %q; want %q", f.Action, name, got, fd.FormLabel(at...))
			}
			hint := byID[ID(name)+"-hint"]
			if fd.Help != "" && (hint == nil || textOf(hint) != fd.Help) || fd.Help == "" && hint != nil {
				t.Errorf("%s: the hint of %s is %v; want %q", f.Action, name, hint, fd.Help)
			}
			if got, want := hasAttr(n, "required"), fd.Required.Always && len(at) == 0 && fd.Kind != policy.Choice; got != want {
				t.Errorf("%s: %s required = %v; want %v", f.Action, name, got, want)
			}
		}
		for _, fd := range policy.FormFields() {
			check(fd)
		}
		for _, g := range policy.RowGroups() {
			for i := range 2 {
				for _, fd := range policy.RowFields(g.Name) {
					check(fd, i)
				}
			}
		}
		for _, fd := range policy.ProblemFields {
			if fd.API && byID[ID(fd.Path(0, 0))] != nil {
				t.Errorf("%s: an input for %s, which only the API takes", f.Action, fd.Name)
			}
		}
		if note, ok := f.NoteField(); ok {
			check(note)
		} else if byID["note"] != nil {
			t.Errorf("%s: a note on the submit form", f.Action)
		}
	}
}

// TestErrorSummaryLabels: the error summary names each input as the form labels it, the
// note as this form does, in form order.
func TestErrorSummaryLabels(t *testing.T) {
	f := FormView{Action: "/p/TDB-1/suggest", Suggest: true, Exposition: 1, References: 1, Errors: map[string]string{
		"note": "is required", "references.0.citation": "is required", "acceptance.precision": "a numerical target states its precision",
		"exposition.0.kind": "kind must be DEFINITION", "title": "is required"}}
	byID, _ := render(t, f)
	var got []string
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "a" {
			got = append(got, textOf(n))
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	for n := byID["title"]; n != nil && n.Parent != nil; n = n.Parent {
		if attrOf(n, "data-testid") == "problem-form" {
			summary := n.PrevSibling
			for summary != nil && attrOf(summary, "data-testid") != "error-summary" {
				summary = summary.PrevSibling
			}
			if summary != nil {
				walk(summary)
			}
			break
		}
	}
	want := []string{"Title: is required", "Kind of entry 1: kind must be DEFINITION",
		"Precision and certification: a numerical target states its precision", "Reference 1: citation: is required",
		"What your edit changes, and why: is required"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("error summary = %q; want %q", got, want)
	}
}

// TestComputationOpens: the folded computation part opens when one of its inputs has a value
// or an error, so that the summary's link leads to a visible input.
func TestComputationOpens(t *testing.T) {
	for _, tt := range []struct {
		name string
		f    FormView
		open bool
	}{
		{"empty", FormView{}, false},
		{"a code revision", FormView{Values: map[string]string{"computation.code.revision": "abc1234"}}, true},
		{"an error on the code revision", FormView{Errors: map[string]string{"computation.code.revision": "is too long"}}, true},
	} {
		byID, _ := render(t, tt.f)
		details := byID["computation-instance"]
		for details != nil && details.Data != "details" {
			details = details.Parent
		}
		if details == nil {
			t.Fatalf("%s: the computation inputs are not in a details element", tt.name)
		}
		if got := hasAttr(details, "open"); got != tt.open {
			t.Errorf("%s: open = %v; want %v", tt.name, got, tt.open)
		}
	}
}
