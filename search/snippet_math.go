package search

import (
	"strings"

	"github.com/theoremdb/theoremdb/tex"
)

// A search engine cuts its snippets by words, blind to TeX: a passage can
// start or end inside $…$, and then the page shows the half formula as raw
// TeX, and a marked match inside a formula splits it so that none of it
// renders. wholeFormulas mends a snippet against the text it was cut from.

// maxMathGrow is how far a snippet may grow to take in the rest of a
// formula it cuts; a longer formula is left out instead.
const maxMathGrow = 160

// mathSpans returns the [start, end) byte ranges of the TeX formulas in s,
// as the gates read them (tex.Read: $…$, $$…$$, \(…\), \[…\] and
// display environments; \$ is text). Malformed TeX ends the reading: a
// formula left open runs to the end, and past any other error the text
// has no formulas a snippet is mended for.
func mathSpans(s string) [][2]int {
	doc, err := tex.Read(s)
	spans := make([][2]int, 0, len(doc.Formulas)+1)
	for _, f := range doc.Formulas {
		spans = append(spans, [2]int{f.Start, f.End})
	}
	if te, ok := err.(*tex.Error); ok && te.Code == tex.UnclosedFormula {
		spans = append(spans, [2]int{te.Pos, len(s)})
	}
	return spans
}

// wholeFormulas mends a snippet of one of texts (a revision's indexed
// texts: the engine chose which). Each fragment that starts or ends inside
// a formula grows to take in the whole formula when that adds at most
// maxMathGrow bytes, or else shrinks to leave it out; no match inside a
// formula is marked; "…" stands wherever the text goes on. A fragment not
// found in any of texts stays as it was.
func wholeFormulas(parts []SnippetPart, texts ...string) []SnippetPart {
	const dots = "…"
	// The fragments between the engine's ellipses, each as plain text with
	// the byte ranges of its marks.
	type fragment struct {
		text      string
		marks     [][2]int
		cutBefore bool // an ellipsis stood before it
		cutAfter  bool
	}
	var frags []fragment
	cur := fragment{}
	for _, p := range parts {
		if p.Match {
			cur.marks = append(cur.marks, [2]int{len(cur.text), len(cur.text) + len(p.Text)})
			cur.text += p.Text
			continue
		}
		for i, piece := range strings.Split(p.Text, dots) {
			if i > 0 {
				cur.cutAfter = true
				frags = append(frags, cur)
				cur = fragment{cutBefore: true}
			}
			cur.text += piece
		}
	}
	frags = append(frags, cur)

	var out []SnippetPart
	add := func(text string, match bool) {
		if text == "" {
			return
		}
		if n := len(out); n > 0 && out[n-1].Match == match {
			out[n-1].Text += text
			return
		}
		out = append(out, SnippetPart{Text: text, Match: match})
	}
	first, goesOn := true, false
	for _, f := range frags {
		if strings.TrimSpace(f.text) == "" {
			continue
		}
		src, text, marks, before, after := mendFragment(f.text, f.marks, texts)
		if src == "" { // as the engine said
			before, after = f.cutBefore, f.cutAfter
		}
		switch {
		case !first:
			add(" "+dots+" ", false)
		case before:
			add(dots+" ", false)
		}
		last := 0
		for _, m := range marks {
			add(text[last:m[0]], false)
			add(text[m[0]:m[1]], true)
			last = m[1]
		}
		add(text[last:], false)
		first, goesOn = false, after
	}
	if goesOn {
		add(" "+dots, false)
	}
	return out
}

// mendFragment finds the fragment text (marks: byte ranges in it) in one
// of texts and mends it there, returning that text as src, the mended
// fragment, its marks, and whether src goes on before and after it. src is
// empty when no text holds the fragment, which then comes back as it was
// (trimmed).
func mendFragment(text string, marks [][2]int, texts []string) (src, mended string, kept [][2]int, before, after bool) {
	lead := len(text) - len(strings.TrimLeft(text, " \n"))
	core := strings.TrimSpace(text)
	at := -1
	for _, t := range texts {
		if at = strings.Index(t, core); at >= 0 {
			src = t
			break
		}
	}
	if at < 0 {
		for _, m := range marks {
			if m[0] >= lead && m[1] <= lead+len(core) {
				kept = append(kept, [2]int{m[0] - lead, m[1] - lead})
			}
		}
		return "", core, kept, false, false
	}
	a, b := at, at+len(core)
	spans := mathSpans(src)
	for _, sp := range spans {
		if sp[0] < a && a < sp[1] { // starts inside a formula
			if a-sp[0] <= maxMathGrow {
				a = sp[0]
			} else {
				a, b = sp[1], max(b, sp[1])
			}
		}
		if sp[0] < b && b < sp[1] { // ends inside one
			if sp[1]-b <= maxMathGrow {
				b = sp[1]
			} else {
				b = max(sp[0], a)
			}
		}
	}
	for _, m := range marks {
		ma, mb := at+m[0]-lead, at+m[1]-lead
		if ma < a || mb > b {
			continue
		}
		inMath := false
		for _, sp := range spans {
			inMath = inMath || ma < sp[1] && sp[0] < mb
		}
		if !inMath {
			kept = append(kept, [2]int{ma - a, mb - a})
		}
	}
	mended = src[a:b]
	trimmed := strings.TrimLeft(mended, " \n")
	shift := len(mended) - len(trimmed)
	mended = strings.TrimRight(trimmed, " \n")
	for i := range kept {
		kept[i][0] -= shift
		kept[i][1] -= shift
	}
	return src, mended, kept, a > 0, b < len(src)
}
