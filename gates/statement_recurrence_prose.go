package gates

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/theoremdb/theoremdb/tex"
)

// A recurrence is as often written in prose as in an equation: "let $a_{n+1}$ be the least prime
// factor of $a_1 \cdots a_n + 1$", "let $N_{k+1}(v)$ be the set of vertices … adjacent to
// $N_k(v)$". What marks it is its shape, whatever the words between: a term at a shifted index
// introduced by "let … be" (or "define … as", "… denotes"), and in the rest of the sentence the
// same name at another index in the same variable. Such a definition determines nothing without
// its first terms, which the statement or a definition entry must give; since the words may
// also define a family that needs none, a missing initial value goes to a person.

// stProseRecurrences finds the recurrences of a field written in prose.
func stProseRecurrences(t *stText) []stRecurrence {
	var out []stRecurrence
	for p, x := range t.toks {
		if x.kind != 'f' || p+1 >= len(t.toks) {
			continue
		}
		next := t.toks[p+1]
		if next.kind != 'w' {
			continue
		}
		if next.text != "be" && next.text != "denote" && next.text != "denotes" && next.text != "as" || !stIntroduced(t, p) {
			if !stChosen(t, p) {
				continue
			}
		}
		f := &t.tex.Formulas[x.formula]
		keys := stKeys(f)
		k, ok := stLoneTerm(f, keys)
		if !ok {
			continue
		}
		for _, c := range []byte{'_', '^'} {
			lhs := f.ScriptOf(k, c)
			m := stIndexRe.FindStringSubmatch(lhs)
			if m == nil || m[2] == "" {
				continue // the defined term's index is shifted: $a_{n+1}$, not $a_n$
			}
			if stLaterIndexed(t, p, keys[k], m[1], lhs, c) {
				rec := stRecurrence{t: t, f: f, tok: p, seq: keys[k], index: m[1], script: c, prose: true}
				if low, ok := stIndexFloor(t, p, m[1]); ok {
					shift, _ := strconv.Atoi(m[3])
					if m[2] == "-" {
						shift = -shift
					}
					rec.from, rec.hasFrom = low+shift, true
				}
				out = append(out, rec)
			}
		}
	}
	return out
}

// stIntroduced reports whether the formula at token p is introduced as a name being defined:
// "let $X$ be", "define $X$ as", "we write $X$ for", "$X$ denotes".
func stIntroduced(t *stText, p int) bool {
	if t.toks[p+1].text == "denote" || t.toks[p+1].text == "denotes" {
		return true
	}
	for q := p - 1; q >= 0 && q >= p-2 && t.toks[q].sent == t.toks[p].sent; q-- {
		switch t.toks[q].text {
		case "let", "define", "defines", "set":
			return true
		}
	}
	return false
}

// stLoneTermRe matches a formula that is one named term with a script, perhaps applied to
// arguments: "$a_{n+1}$", "$N_{k+1}(v)$", "$\mathfrak{g}^{k+1}$".
var stLoneTermRe = regexp.MustCompile(`^\s*(?:\\[a-zA-Z]+\s*\{\s*[A-Za-z]\s*\}|\\[a-zA-Z]+|[A-Za-z])\s*[_^]\s*(?:\{[^{}]*\}|[A-Za-z0-9])\s*(?:\([^()]*\))?\s*$`)

// stLoneTerm returns the atom of the named term of a formula stLoneTermRe matches.
func stLoneTerm(f *tex.Formula, keys []string) (int, bool) {
	src := strings.TrimSuffix(strings.TrimPrefix(strings.Trim(f.Source, "$ "), `\(`), `\)`)
	if !stLoneTermRe.MatchString(src) {
		return 0, false
	}
	for k, key := range keys {
		if key != "" && f.Atoms[k].Script == 0 {
			return k, true
		}
	}
	return 0, false
}

// stLetBe reports whether the formula fi of t is a lone term that the prose introduces as a
// name being defined ("let $N_1(v)$ be the set of out-neighbours of $v$"): a value given in
// words.
func stLetBe(t *stText, fi int) bool {
	p := t.ftok[fi]
	if p < 0 || p+1 >= len(t.toks) {
		return false
	}
	next := t.toks[p+1]
	if next.kind != 'w' || next.text != "be" && next.text != "denote" && next.text != "denotes" && next.text != "as" {
		return false
	}
	f := &t.tex.Formulas[fi]
	_, ok := stLoneTerm(f, stKeys(f))
	return ok && stIntroduced(t, p)
}

// stLaterIndexed reports whether a formula after token p in the same sentence uses the name seq
// with another index in the same variable ("$a_n$" after "$a_{n+1}$").
func stLaterIndexed(t *stText, p int, seq, v, lhs string, c byte) bool {
	for q := p + 1; q < len(t.toks) && t.toks[q].sent == t.toks[p].sent; q++ {
		if t.toks[q].kind != 'f' {
			continue
		}
		g := &t.tex.Formulas[t.toks[q].formula]
		for j, key := range stKeys(g) {
			if key != seq {
				continue
			}
			idx := g.ScriptOf(j, c)
			if m := stIndexRe.FindStringSubmatch(idx); m != nil && m[1] == v && idx != lhs {
				return true
			}
		}
	}
	return false
}

// stChooseWords introduce a term chosen by a rule: "taking $a_{k+1}$ the least integer …",
// "choose $b_{n+1}$ to be the smallest …".
var stChooseWords = stWordSet(`taking take takes choose chooses choosing pick picks picking`)

// stChosen reports whether the formula at token p is a term chosen by a rule that follows it:
// a verb of choosing just before it, and "the", "to" or "as" just after.
func stChosen(t *stText, p int) bool {
	switch t.toks[p+1].text {
	case "the", "to", "as", "be":
	default:
		return false
	}
	return p > 0 && t.toks[p-1].sent == t.toks[p].sent && t.toks[p-1].kind == 'w' && stChooseWords[t.toks[p-1].text]
}
