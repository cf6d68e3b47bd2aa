// Package pagetest holds the checks every page test runs on rendered HTML:
// an accessibility audit written here (labels, headings, alt text, names,
// unique ids, no inline script or handler) and the html-validate validator
// from npm, run through ui/validate.mjs. It also finds elements by
// data-testid, which is how page tests select what they assert on.
//
// It only reads HTML; it never renders pages or talks to the server.
//
// The validator needs ui/node_modules (make assets installs it). Without
// it, Check skips the validator with a message in the test log, and fails
// instead when CI=true, so that CI can never pass without validating.
package pagetest

import (
	"bytes"
	"strings"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Check audits page for accessibility and validates it, reporting every
// problem through t.Errorf, prefixed with name so that a failure says which
// page it is about.
func Check(t testing.TB, name string, page []byte) {
	t.Helper()
	vs, err := Accessibility(page)
	if err != nil {
		t.Errorf("%s: %v", name, err)
		return
	}
	for _, v := range vs {
		t.Errorf("%s: %s", name, v)
	}
	// templ writes this class for a class expression of a type it cannot render: a typed
	// string the template forgot to convert.
	if bytes.Contains(page, []byte("templ-css-class-unknown-type")) {
		t.Errorf("%s: a class attribute holds a value templ could not render", name)
	}
	checkValidity(t, name, page)
}

// Select returns the elements of page whose data-testid is testid, in
// document order. It fails the test when page does not parse.
func Select(t testing.TB, page []byte, testid string) []*html.Node {
	t.Helper()
	doc, err := html.Parse(bytes.NewReader(page))
	if err != nil {
		t.Fatalf("pagetest.Select: parse page: %v", err)
		return nil
	}
	var found []*html.Node
	for n := range doc.Descendants() {
		if v, ok := attrOK(n, "data-testid"); ok && n.Type == html.ElementNode && v == testid {
			found = append(found, n)
		}
	}
	return found
}

// SelectIn returns the elements under n whose data-testid is testid, in document order.
func SelectIn(n *html.Node, testid string) []*html.Node {
	var found []*html.Node
	for d := range n.Descendants() {
		if v, ok := attrOK(d, "data-testid"); ok && d.Type == html.ElementNode && v == testid {
			found = append(found, d)
		}
	}
	return found
}

// Text returns the text inside n as a reader sees it: the text nodes of n
// and its descendants, outside script, style and template, with runs of
// white space collapsed to one space and the ends trimmed.
func Text(n *html.Node) string {
	if n == nil {
		return ""
	}
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		switch {
		case n.Type == html.TextNode:
			b.WriteString(n.Data)
			b.WriteByte(' ')
			return
		case n.Type == html.ElementNode && (n.DataAtom == atom.Script || n.DataAtom == atom.Style || n.DataAtom == atom.Template):
			return
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return strings.Join(strings.Fields(b.String()), " ")
}

// Attr returns the value of n's attribute key, or "" when it has none.
func Attr(n *html.Node, key string) string { return attr(n, key) }

// attr returns the value of n's attribute key, or "" when it has none.
func attr(n *html.Node, key string) string {
	v, _ := attrOK(n, key)
	return v
}

// attrOK returns the value of n's attribute key and whether it is present.
func attrOK(n *html.Node, key string) (string, bool) {
	for _, a := range n.Attr {
		if a.Namespace == "" && a.Key == key {
			return a.Val, true
		}
	}
	return "", false
}
