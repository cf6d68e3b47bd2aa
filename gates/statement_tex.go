package gates

import (
	"errors"
	"fmt"
	"slices"
	"unicode"
	"unicode/utf8"

	"github.com/theoremdb/theoremdb/tex"
)

// stTeXWellformed reads the TeX of the statement, the title and every exposition body.
func stTeXWellformed(a *stAnalysis, out *Report) {
	fields := []*stText{a.stmt}
	if len(a.title.tex.Formulas) > 0 || a.title.err != nil {
		fields = append(fields, a.title)
	}
	fields = append(fields, a.entries...)
	for _, t := range fields {
		var (
			te  *tex.Error
			lim *tex.LimitError
		)
		name := stFieldName(a.r, t.field)
		switch {
		case errors.As(t.err, &lim):
			out.Unknown(stCheckTeX, t.span(lim.Pos, lim.Pos),
				fmt.Sprintf("The TeX of %s was not read: it passes the reader's limit of %d %s, so whether it is well formed is not known.", name, lim.Max, lim.Limit))
		case errors.As(t.err, &te) && stCurrency(t.src, te):
			out.NeedsHuman(stCheckTeX, t.span(te.Pos, min(len(t.src), te.Pos+12)),
				fmt.Sprintf("%s has a $ before an amount (%q) and no closing $, so TeX reads an unclosed formula where a dollar sign was probably meant; a person must check how it shows.", stUpper(name), t.src[te.Pos:min(len(t.src), te.Pos+8)]),
				fmt.Sprintf("Write the amount in %s without a bare $ (for example \"500 US dollars\"), or close the formula if one was meant.", name))
		case errors.As(t.err, &te):
			end := te.Pos + 1
			for end < len(t.src) && end < te.Pos+40 && t.src[end] != '\n' {
				end++
			}
			out.Fail(stCheckTeX, t.span(te.Pos, end),
				fmt.Sprintf("The TeX of %s is malformed at byte %d: %s, so the page cannot render the formula as written.", name, te.Pos, te.Msg),
				fmt.Sprintf("Correct the TeX of %s at byte %d (%s): every { needs its }, every formula its closing $, $$, \\) or \\], every \\left its \\right and every \\begin{…} its \\end{…}.", name, te.Pos, te.Msg))
		case len(t.tex.Unknown) > 0:
			var names []string
			for _, m := range t.tex.Unknown {
				if !slices.Contains(names, m.Name) {
					names = append(names, m.Name)
				}
			}
			m := t.tex.Unknown[0]
			out.NeedsHuman(stCheckTeX, t.span(m.Start, m.End),
				fmt.Sprintf("The TeX of %s is well formed, but KaTeX, which renders the page, does not know %s; a person must check how the formula shows.", name, stList(names, 6)),
				fmt.Sprintf("Replace %s in %s with commands KaTeX renders (for example \\operatorname{…} for an operator name), or confirm that the formula reads correctly as shown.", stList(names, 6), name))
		default:
			out.Pass(stCheckTeX, t.whole(),
				fmt.Sprintf("The TeX of %s reads: %s, with every brace, formula delimiter, \\left…\\right pair and environment closed.", name, stCount(len(t.tex.Formulas), "formula")))
		}
	}
}

// stCurrency reports whether a formula that is never closed is a dollar sign before an amount:
// "$500 for this problem", with no other $ after it.
func stCurrency(src string, te *tex.Error) bool { return te.DollarAmount(src) }

// stUpper capitalises the first letter of a sentence fragment.
func stUpper(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[size:]
}
