package pagetest

import (
	"bytes"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Violation is one accessibility or safety problem in a page.
type Violation struct {
	Rule  string // short name of the rule, e.g. "label"
	Where string // a short locator, e.g. `input[name="title"] in form#submit`
	What  string // what is wrong and how to fix it
}

func (v Violation) String() string {
	return v.Rule + ": " + v.Where + ": " + v.What
}

// Rules checked by Accessibility, by the name a Violation carries.
const (
	RuleLang          = "lang"           // <html> has a lang
	RuleOneH1         = "h1"             // exactly one <h1>
	RuleHeadingOrder  = "heading-order"  // no level skipped going down
	RuleLabel         = "label"          // form controls are labelled
	RuleImgAlt        = "img-alt"        // images have alt
	RuleSVGName       = "svg-name"       // svg role=img has a name
	RuleDuplicateID   = "duplicate-id"   // ids are unique
	RuleName          = "name"           // buttons and links have text
	RuleInlineHandler = "inline-handler" // no on* attributes
	RuleInlineScript  = "inline-script"  // no <script> without src, no javascript: URLs
)

// Accessibility audits a whole page and returns every violation in document
// order. Inline event handlers and inline scripts are reported too: the
// pages run under a Content-Security-Policy without 'unsafe-inline', so
// they would silently not work.
func Accessibility(page []byte) ([]Violation, error) {
	doc, err := html.Parse(bytes.NewReader(page))
	if err != nil {
		return nil, fmt.Errorf("parse page: %w", err)
	}
	a := audit{ids: map[string][]*html.Node{}, labelFor: map[string]bool{}}
	for n := range doc.Descendants() {
		if n.Type != html.ElementNode {
			continue
		}
		if id, ok := attrOK(n, "id"); ok && id != "" {
			a.ids[id] = append(a.ids[id], n)
		}
		if n.DataAtom == atom.Label && n.Namespace == "" {
			if f := attr(n, "for"); f != "" {
				a.labelFor[f] = true
			}
		}
	}
	a.lang(doc)
	h1 := 0
	prev := 1 // a page may open with an <h2> (say, in its header), never deeper
	for n := range doc.Descendants() {
		if n.Type != html.ElementNode {
			continue
		}
		if n.Namespace == "" {
			if level := headingLevel(n); level > 0 {
				if level == 1 {
					h1++
				}
				if level > prev+1 {
					a.add(RuleHeadingOrder, n, fmt.Sprintf("<h%d> follows <h%d>: heading levels must not skip going down", level, prev))
				}
				prev = level
			}
			a.element(n)
		} else if n.Namespace == "svg" && n.Data == "svg" {
			a.svg(n)
		}
		a.inline(n)
	}
	switch {
	case h1 == 0:
		a.vs = append(a.vs, Violation{RuleOneH1, "document", "no <h1>: every page has exactly one"})
	case h1 > 1:
		a.vs = append(a.vs, Violation{RuleOneH1, "document", fmt.Sprintf("%d <h1> elements: every page has exactly one", h1)})
	}
	dups := make([]string, 0)
	for id, ns := range a.ids {
		if len(ns) > 1 {
			dups = append(dups, id)
		}
	}
	sort.Strings(dups)
	for _, id := range dups {
		ns := a.ids[id]
		a.add(RuleDuplicateID, ns[1], fmt.Sprintf("id %q is used %d times: ids must be unique", id, len(ns)))
	}
	return a.vs, nil
}

type audit struct {
	ids      map[string][]*html.Node
	labelFor map[string]bool
	vs       []Violation
}

func (a *audit) add(rule string, n *html.Node, what string) {
	a.vs = append(a.vs, Violation{Rule: rule, Where: locate(n), What: what})
}

func (a *audit) lang(doc *html.Node) {
	for n := range doc.Descendants() {
		if n.Type == html.ElementNode && n.DataAtom == atom.Html {
			if strings.TrimSpace(attr(n, "lang")) == "" {
				a.vs = append(a.vs, Violation{RuleLang, "html", `<html> has no lang attribute: add lang="en"`})
			}
			return
		}
	}
}

// element checks one HTML element.
func (a *audit) element(n *html.Node) {
	switch n.DataAtom {
	case atom.Input:
		typ := strings.ToLower(strings.TrimSpace(attr(n, "type")))
		switch typ {
		case "hidden", "submit", "reset":
		case "button":
			if strings.TrimSpace(attr(n, "value")) == "" && !a.labelled(n) {
				a.add(RuleName, n, "button has no discernible text: give it a value or an aria-label")
			}
		case "image":
			if strings.TrimSpace(attr(n, "alt")) == "" {
				a.add(RuleImgAlt, n, `image button has no alt text`)
			}
		default:
			a.needLabel(n)
		}
	case atom.Select, atom.Textarea:
		a.needLabel(n)
	case atom.Img:
		if _, ok := attrOK(n, "alt"); !ok {
			a.add(RuleImgAlt, n, `<img> has no alt attribute (use alt="" for decoration)`)
		}
	case atom.Button:
		if !a.named(n) {
			a.add(RuleName, n, "button has no discernible text: give it text or an aria-label")
		}
	case atom.A:
		if !a.named(n) {
			a.add(RuleName, n, "link has no discernible text: give it text or an aria-label")
		}
	}
}

// needLabel reports a form control that no label names.
func (a *audit) needLabel(n *html.Node) {
	if a.labelled(n) {
		return
	}
	if id := attr(n, "id"); id != "" && a.labelFor[id] {
		return
	}
	for p := n.Parent; p != nil; p = p.Parent {
		if p.Type == html.ElementNode && p.DataAtom == atom.Label && p.Namespace == "" {
			return
		}
	}
	a.add(RuleLabel, n, "form control has no label: use <label for=id>, a wrapping <label>, aria-label or aria-labelledby")
}

// labelled reports whether n has a non-empty aria-label, or an
// aria-labelledby whose every id exists and whose referents have text.
func (a *audit) labelled(n *html.Node) bool {
	if strings.TrimSpace(attr(n, "aria-label")) != "" {
		return true
	}
	ids := strings.Fields(attr(n, "aria-labelledby"))
	if len(ids) == 0 {
		return false
	}
	text := ""
	for _, id := range ids {
		ns := a.ids[id]
		if len(ns) == 0 {
			return false
		}
		text += Text(ns[0]) + nameOfContent(ns[0])
	}
	return strings.TrimSpace(text) != ""
}

// named reports whether a button or link has discernible text.
func (a *audit) named(n *html.Node) bool {
	return a.labelled(n) || strings.TrimSpace(attr(n, "title")) != "" ||
		Text(n) != "" || nameOfContent(n) != ""
}

// nameOfContent returns the names that images and svg pictures inside n
// give it.
func nameOfContent(n *html.Node) string {
	var b strings.Builder
	for d := range n.Descendants() {
		if d.Type != html.ElementNode {
			continue
		}
		switch {
		case d.Namespace == "" && d.DataAtom == atom.Img:
			b.WriteString(strings.TrimSpace(attr(d, "alt")))
		case d.Namespace == "svg" && d.Data == "svg":
			b.WriteString(svgName(d))
		}
	}
	return b.String()
}

// svgName returns the accessible name of an <svg>: its aria-label, or the
// text of its <title> child.
func svgName(n *html.Node) string {
	if l := strings.TrimSpace(attr(n, "aria-label")); l != "" {
		return l
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && c.Data == "title" {
			return Text(c)
		}
	}
	return ""
}

func (a *audit) svg(n *html.Node) {
	if attr(n, "role") != "img" {
		return
	}
	if svgName(n) == "" && !a.labelled(n) {
		a.add(RuleSVGName, n, `<svg role="img"> has no accessible name: add a <title> child or an aria-label`)
	}
}

// inline reports inline event handlers and inline script in any namespace.
func (a *audit) inline(n *html.Node) {
	for _, at := range n.Attr {
		key := strings.ToLower(at.Key)
		if strings.HasPrefix(key, "on") && len(key) > 2 {
			what := "inline event handler " + key + ": the Content-Security-Policy blocks it; use an external script"
			if postForm(n) != nil {
				what = "inline event handler " + key + " in a POST form: the Content-Security-Policy blocks it; use an external script"
			}
			a.add(RuleInlineHandler, n, what)
		}
		switch key {
		case "href", "src", "action", "formaction", "xlink:href":
			if strings.HasPrefix(strings.ToLower(strings.TrimSpace(at.Val)), "javascript:") {
				a.add(RuleInlineScript, n, "javascript: URL in "+key+": the Content-Security-Policy blocks it")
			}
		}
	}
	if n.Data == "script" && (n.Namespace == "" || n.Namespace == "svg") {
		if strings.TrimSpace(attr(n, "src")) == "" {
			a.add(RuleInlineScript, n, "inline <script> without src: load it from a file under /static")
		}
	}
}

// postForm returns the form with method=post that n is in or is, if any.
func postForm(n *html.Node) *html.Node {
	for p := n; p != nil; p = p.Parent {
		if p.Type == html.ElementNode && p.DataAtom == atom.Form && strings.EqualFold(attr(p, "method"), "post") {
			return p
		}
	}
	return nil
}

func headingLevel(n *html.Node) int {
	switch n.DataAtom {
	case atom.H1:
		return 1
	case atom.H2:
		return 2
	case atom.H3:
		return 3
	case atom.H4:
		return 4
	case atom.H5:
		return 5
	case atom.H6:
		return 6
	}
	return 0
}

// locate names n briefly: the element itself and, when it has none of its
// own, the nearest ancestor with an id or data-testid.
func locate(n *html.Node) string {
	d := describe(n)
	if attr(n, "id") != "" {
		return d
	}
	var chain []string
	for p := n.Parent; p != nil && p.Type == html.ElementNode; p = p.Parent {
		if p.DataAtom == atom.Body || p.DataAtom == atom.Html {
			break
		}
		if attr(p, "id") != "" || attr(p, "data-testid") != "" {
			return d + " in " + describe(p)
		}
		if len(chain) < 2 {
			chain = append(chain, p.Data)
		}
	}
	if len(chain) == 0 {
		return d
	}
	for i, j := 0, len(chain)-1; i < j; i, j = i+1, j-1 {
		chain[i], chain[j] = chain[j], chain[i]
	}
	return d + " in " + strings.Join(chain, " > ")
}

// describe names one element by its most telling attribute.
func describe(n *html.Node) string {
	for _, key := range []string{"id", "data-testid", "name", "href", "src", "for", "type"} {
		v, ok := attrOK(n, key)
		if !ok || v == "" {
			continue
		}
		if key == "id" {
			return n.Data + "#" + v
		}
		if len(v) > 40 {
			v = v[:37] + "..."
		}
		return n.Data + "[" + key + "=" + strconv.Quote(v) + "]"
	}
	k, total := 0, 0
	if n.Parent != nil {
		for c := n.Parent.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode && c.Data == n.Data {
				total++
				if c == n {
					k = total
				}
			}
		}
	}
	if total > 1 {
		return n.Data + ":nth-of-type(" + strconv.Itoa(k) + ")"
	}
	return n.Data
}
