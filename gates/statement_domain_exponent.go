package gates

import (
	"fmt"
	"strings"

	"github.com/theoremdb/theoremdb/tex"
)

// A dimension is a variable too. "f : 𝔽₂ⁿ → 𝔽₂" introduces f with a domain, and the introduction
// seems to cover n, but nothing says what n is: the number of variables is left free, and the
// question changes with it (for n = 10 bent functions have nonlinearity 496). What such a letter
// shows is where it stands: only ever in an exponent or an index, at least once as the dimension
// of a standard set (𝔽_q^n, ℝ^d, ℤ^k), never on its own in a formula ("n ≥ 2", "n = 9") and never
// in the prose ("for every n"). Such a letter goes to a person, who may find its value in words.

// stDimensionOnly asks a person about a letter of the statement that is only ever a dimension or
// an exponent. It returns the number of findings.
func stDimensionOnly(a *stAnalysis, out *Report) int {
	t := a.stmt
	if !t.ok() {
		return 0
	}
	alone := map[string]bool{}
	dim := map[string]Span{}
	var order []string
	for fi := range t.tex.Formulas {
		f := &t.tex.Formulas[fi]
		keys := stKeys(f)
		bound := stBound(f, keys)
		for k, key := range keys {
			if key == "" || len([]rune(key)) != 1 || bound[key] {
				continue
			}
			at := f.Atoms[k]
			if at.Script == 0 {
				alone[key] = true
				continue
			}
			if at.Script == '^' && at.Base >= 0 && at.Base < len(f.Atoms) && stDimensionBase(f.Atoms[at.Base]) {
				if _, ok := dim[key]; !ok {
					dim[key] = t.span(f.Start, f.End)
					order = append(order, key)
				}
			}
		}
	}
	for _, tok := range t.toks {
		if tok.kind == 'w' && len([]rune(tok.raw)) == 1 {
			alone[tok.raw] = true // "for every n", "where d is the dimension"
		}
	}
	n := 0
	for _, key := range order {
		if alone[key] {
			continue
		}
		sp := dim[key]
		name := stShow(key)
		out.NeedsHuman(stCheckDomain, sp,
			fmt.Sprintf("The statement uses %s only as an exponent or index, as the dimension in %s, and never says what %s is: no value, range or quantifier fixes it, so the question may change with it; a person must confirm that %s is determined.", name, sp.Quote, name, name),
			fmt.Sprintf("Fix %s in the statement (for example \"%s\") or quantify over it (\"for every integer %s\").", name, stShow(key+" = 9"), stShow(key+` \ge 1`)))
		n++
	}
	return n
}

// stDimensionBase reports whether an atom names a standard set a dimension is written on:
// \mathbb{R}, \mathbb{F}, \mathbf{Z}, a blackboard letter written in Unicode.
func stDimensionBase(at tex.Atom) bool {
	s := at.Text
	return strings.HasPrefix(s, `\mathbb{`) || strings.HasPrefix(s, `\mathbf{`) || strings.HasPrefix(s, `\Bbb`) ||
		strings.ContainsAny(s, "ℝℂℚℤℕ𝔽")
}
