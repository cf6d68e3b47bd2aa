package server

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/tex"
)

// citeBib is /p/{ref}/cite.bib: a BibTeX entry for the current revision, keyed by the
// permanent ID.
func (s *Server) citeBib(w http.ResponseWriter, r *http.Request) error {
	v, err := s.reads.ViewProblem(r.Context(), nil, r.PathValue("ref"), 0)
	if err != nil {
		return err
	}
	if v.Withheld {
		return httpError{http.StatusGone, "This problem was removed; there is nothing to cite."}
	}
	if v.ID != r.PathValue("ref") {
		http.Redirect(w, r, "/p/"+v.ID+"/cite.bib", http.StatusMovedPermanently)
		return nil
	}
	w.Header().Set("Content-Type", "application/x-bibtex; charset=utf-8")
	w.Header().Set("Content-Disposition", `inline; filename="`+v.ID+`.bib"`)
	_, _ = w.Write([]byte(BibTeX(v, s.baseURL())))
	return nil
}

// BibTeX is the @misc entry of a problem's current revision with its permanent URL under base.
func BibTeX(v *policy.ProblemView, base string) string {
	u := base + "/p/" + v.ID
	d := v.Revision.CreatedAt.UTC()
	var b strings.Builder
	fmt.Fprintf(&b, "@misc{%s,\n", v.ID)
	fmt.Fprintf(&b, "  title        = {{%s}},\n", bibText(v.Title))
	fmt.Fprintf(&b, "  howpublished = {\\url{%s}},\n", u)
	fmt.Fprintf(&b, "  url          = {%s},\n", u)
	fmt.Fprintf(&b, "  note         = {TheoremDB problem %s, revision %d},\n", v.ID, v.Revision.Number)
	fmt.Fprintf(&b, "  publisher    = {TheoremDB},\n")
	fmt.Fprintf(&b, "  year         = {%d},\n", d.Year())
	fmt.Fprintf(&b, "  month        = %s,\n", strings.ToLower(d.Month().String()[:3]))
	fmt.Fprintf(&b, "  day          = {%d},\n", d.Day())
	b.WriteString("}\n")
	return b.String()
}

// bibText writes s as the text of a BibTeX field that runs nothing when typeset: outside
// mathematics the characters BibTeX and LaTeX treat as special are escaped and a control word is
// written as text; inside mathematics (between dollar signs) a control word is kept only when
// KaTeX renders it and it defines, reads, writes and links nothing (bibMathSafe), and ^^, which
// TeX reads as a character code (^^5c is a backslash), is broken up. Unbalanced braces, which
// would end the field, are dropped or closed.
func bibText(s string) string {
	var b strings.Builder
	math := false
	depth := 0
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch {
		case r == '\\':
			i = bibControl(&b, rs, i, math)
		case r == '$':
			math = !math
			b.WriteRune(r)
		case r == '{':
			depth++
			b.WriteRune(r)
		case r == '}':
			if depth == 0 {
				continue
			}
			depth--
			b.WriteRune(r)
		case math && r == '^' && i+1 < len(rs) && rs[i+1] == '^':
			b.WriteString(`^{\wedge}`)
			i++
		case !math && strings.ContainsRune("&%#_", r):
			b.WriteString(`\` + string(r))
		case !math && r == '~':
			b.WriteString(`\textasciitilde{}`)
		case !math && r == '^':
			b.WriteString(`\textasciicircum{}`)
		default:
			b.WriteRune(r)
		}
	}
	out := b.String()
	for ; depth > 0; depth-- {
		out += "}"
	}
	if math {
		out += "$"
	}
	return out
}

// bibControl writes the control sequence at rs[i] (a backslash) and returns the index of its
// last rune. An escaped special character stays escaped; a control word is kept only in
// mathematics and only when bibMathSafe; anything else is written as a backslash that is text.
func bibControl(b *strings.Builder, rs []rune, i int, math bool) int {
	backslash := `\textbackslash{}`
	if math {
		backslash = `\backslash `
	}
	if i+1 >= len(rs) {
		b.WriteString(backslash)
		return i
	}
	next := rs[i+1]
	if strings.ContainsRune("$&%#_{}", next) || math && strings.ContainsRune(",;:! |", next) {
		b.WriteRune('\\')
		b.WriteRune(next)
		return i + 1
	}
	j := i + 1
	for j < len(rs) && ('a' <= rs[j] && rs[j] <= 'z' || 'A' <= rs[j] && rs[j] <= 'Z') {
		j++
	}
	name := string(rs[i+1 : j])
	switch {
	case name == "":
		b.WriteString(backslash) // a control symbol: the character after it is read on its own
		return i
	case math && bibMathSafe(name):
		b.WriteString(`\` + name)
	case math:
		b.WriteString(backslash + `\mathrm{` + name + `}`)
	default:
		b.WriteString(backslash + name)
	}
	return j - 1
}

// bibMathSafe reports whether a control word may stay in a formula of a BibTeX field: KaTeX
// renders it, and it is none of those that define macros, change how TeX reads, or link out.
func bibMathSafe(name string) bool {
	if !tex.KaTeXKnown(name) {
		return false
	}
	switch name {
	case "def", "gdef", "edef", "xdef", "let", "futurelet", "newcommand", "renewcommand", "providecommand",
		"global", "href", "url", "includegraphics", "htmlClass", "htmlId", "htmlStyle", "htmlData",
		"char", "mathchar", "catcode", "csname", "endcsname", "expandafter", "noexpand", "input", "include",
		"write", "immediate", "openout", "openin", "read", "special", "message", "errmessage":
		return false
	}
	return true
}
