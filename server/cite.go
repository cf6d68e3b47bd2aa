package server

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/theoremdb/theoremdb/policy"
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

// bibText escapes the characters BibTeX and LaTeX treat as special outside mathematics; TeX
// between dollar signs is kept as it is. Unbalanced braces, which would end the field, are
// dropped.
func bibText(s string) string {
	var b strings.Builder
	math := false
	depth := 0
	for _, r := range s {
		switch {
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
