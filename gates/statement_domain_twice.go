package gates

import (
	"fmt"

	"github.com/theoremdb/theoremdb/tex"
)

// One letter introduced twice in a statement with different kinds of number ("For coprime
// integers $a$ and $q$ … Give reals $a \le b$ …") has two meanings, and a reader cannot tell
// which one a later use means. The reader takes the kind noun written right before a formula, or
// a list of formulas joined by "and" or commas, as introducing each formula's first letter (with
// its subscript, so $a_0$ is not $a$), and asks a person about a letter given two kinds.

// stNumberKinds are the nouns that introduce a letter as a kind of number, by kind.
var stNumberKinds = map[string]string{"integer": "integer", "integers": "integer", "natural": "integer",
	"naturals": "integer", "prime": "integer", "primes": "integer", "real": "real", "reals": "real",
	"rational": "rational", "rationals": "rational", "complex": "complex"}

// stLetterTwoKinds asks a person about each letter the statement introduces as two kinds of
// number. It returns the number of findings.
func stLetterTwoKinds(a *stAnalysis, out *Report) int {
	t := a.stmt
	if !t.ok() {
		return 0
	}
	kinds := map[string]string{}
	n := 0
	for i := 0; i < len(t.toks); i++ {
		kind, ok := stNumberKinds[t.toks[i].text]
		if t.toks[i].kind != 'w' || !ok {
			continue
		}
		q := i + 1
		if q < len(t.toks) && (t.toks[q].text == "number" || t.toks[q].text == "numbers") {
			q++
		}
		for ; q < len(t.toks); q++ {
			x := t.toks[q]
			if x.kind == 'w' && x.text == "and" || x.kind == 'p' && x.text == "," {
				continue
			}
			if x.kind != 'f' {
				break
			}
			name := stFirstLetter(t.formula(q))
			if name == "" {
				continue
			}
			if prev, seen := kinds[name]; seen && prev != kind {
				n++
				sp := t.span(x.start, x.end)
				out.NeedsHuman(stCheckDomain, sp,
					fmt.Sprintf("The statement introduces %s as %s and again, at %s, as %s, so one letter has two meanings; a person must confirm which one each use of %s means.", stShow(name), prev, sp.Quote, kind, stShow(name)),
					fmt.Sprintf("Give the second object its own letter (for example %s), so that %s keeps one meaning.", stShow(name+"_0"), stShow(name)))
				if n >= 3 {
					return n
				}
				continue
			}
			kinds[name] = kind
		}
	}
	return n
}

// stFirstLetter returns the first identifier of a formula with its subscript ("a", "a_0"), or "".
func stFirstLetter(f *tex.Formula) string {
	keys := stKeys(f)
	for k, key := range keys {
		if key == "" || f.Atoms[k].Script != 0 {
			continue
		}
		if sub := f.ScriptOf(k, '_'); sub != "" {
			return key + "_" + sub
		}
		return key
	}
	return ""
}
