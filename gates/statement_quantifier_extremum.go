package gates

import (
	"fmt"
	"strings"

	"github.com/theoremdb/theoremdb/tex"
)

// A constant defined as an extremum over a formula ("$K_G$ is the least $K$ in $\forall m\,
// \forall A\ \exists K: \ldots$") is no constant when the formula binds it by an existential
// quantifier: the formula is then a closed sentence, true or false whatever K is, and written
// after the universal quantifiers it lets K depend on every m and A — a K for each matrix, not
// one for all. The prose names the extremum ("the least $K$", "the smallest constant $C$"); the
// formula right after it binds the same letter by ∃. Which was meant is a person's reading.

// stExtremumWords name an extremum over the values of a letter.
var stExtremumWords = stWordSet(`least smallest largest greatest minimal maximal minimum maximum optimal best infimum supremum sharpest`)

// stQuantifiedExtremum asks a person about each formula that binds by ∃ the letter whose
// extremum the prose just before it takes. It returns how many it asked about.
func stQuantifiedExtremum(a *stAnalysis, out *Report) int {
	t := a.stmt
	if !t.ok() {
		return 0
	}
	n := 0
	for fi, p := range t.ftok {
		if p < 0 || n >= 2 {
			continue
		}
		f := &t.tex.Formulas[fi]
		bound := stExistsBound(f)
		if bound == "" {
			continue
		}
		// The prose before the formula in its sentence: an extremum word, then (up to three
		// words or one formula later) the same letter.
		named := false
		for k := p - 1; k >= 0 && k >= p-8 && t.toks[k].sent == t.toks[p].sent; k-- {
			x := t.toks[k]
			if x.kind == 'f' && strings.Trim(t.src[x.start:x.end], "$ ") == bound {
				for j := k - 1; j >= 0 && j >= k-3; j-- {
					if stExtremumWords[t.toks[j].text] {
						named = true
					}
				}
			}
		}
		if !named {
			continue
		}
		n++
		out.NeedsHuman(stCheckDomain, t.span(f.Start, f.End),
			fmt.Sprintf("The prose takes the extremum of %s over the formula %s, but the formula binds %s itself by an existential quantifier%s: the formula does not depend on %s, so the extremum is not defined as written.",
				stShow(bound), strings.TrimSpace(clipText(t.src[f.Start:f.End], 120)), stShow(bound), stAfterUniversal(f, bound), stShow(bound)),
			fmt.Sprintf("Leave %s free in the formula (for example “the least %s such that for all … we have …”), so that one %s serves every case.", stShow(bound), stShow(bound), stShow(bound)))
	}
	return n
}

// stExistsBound returns the letter a formula binds by \exists or ∃, or "".
func stExistsBound(f *tex.Formula) string {
	for k, a := range f.Atoms {
		if a.Kind != tex.AtomQuant || a.Text != `\exists` && a.Text != "∃" {
			continue
		}
		for j := k + 1; j < len(f.Atoms) && j <= k+2; j++ {
			if b := f.Atoms[j]; b.Kind == tex.AtomIdent {
				return b.Text
			}
		}
	}
	return ""
}

// stAfterUniversal says, for a behaviour sentence, that the ∃ comes after a ∀.
func stAfterUniversal(f *tex.Formula, bound string) string {
	for _, a := range f.Atoms {
		if a.Kind == tex.AtomQuant {
			if a.Text == `\forall` || a.Text == "∀" {
				return fmt.Sprintf(" after a universal one, so %s may depend on what that one ranges over", stShow(bound))
			}
			return ""
		}
	}
	return ""
}
