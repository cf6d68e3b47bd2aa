package gates

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/theoremdb/theoremdb/tex"
)

const (
	stCtxNone  stCtx = iota
	stCtxSoft        // looks like an introduction the reader cannot parse
	stCtxHeads       // introduces the formula's leading identifiers ("a prime $p > N$")
	stCtxAll         // introduces every identifier in it ("let $T(n) = n/2$")
	// stCtxRequested introduces every name the formula relates: the objects a question asks
	// for ("Determine rational numbers $L \le U$ with …", "Are there integers $a < b$ …").
	stCtxRequested
)

// stScanDecls records the introductions in one field.
func stScanDecls(t *stText, d *stDecls, v *stVocab) {
	ctxs := make([]stCtx, len(t.toks))
	typed := make([]bool, len(t.toks))
	for fi, p := range t.ftok {
		if p < 0 {
			continue
		}
		f := &t.tex.Formulas[fi]
		keys := stKeys(f)
		sp := t.span(f.Start, f.End)
		for _, k := range stSelfDeclared(f, keys, v) {
			d.add(k, false, sp)
			d.ranged[k] = true
		}
		for _, k := range stSoftDeclared(f, keys) {
			d.add(k, true, sp)
		}
		// The elements of an enumeration no word types ("a pair of multisets $\{a_1, \ldots,
		// a_n\}$") are named, not given a domain, whatever the noun of the collection.
		untyped := map[string]bool{}
		if names := stEnumerated(f, keys); len(names) > 0 {
			typed := stEnumerationTyped(t, p, v)
			for _, k := range names {
				d.add(k, !typed, sp)
				untyped[k] = !typed
			}
		}
		c := stContextOf(t, p, ctxs, v)
		ctxs[p] = c
		switch c {
		case stCtxAll:
			dummy := map[string]bool{}
			for _, k := range stDefinedArgs(f, keys) {
				dummy[k] = true
			}
			for _, k := range stNamedArgs(f, keys) {
				dummy[k] = true // "let $h(d)$ be the class number of …": d still needs its range
			}
			for _, k := range keys {
				d.add(k, dummy[k], sp) // "let $T(n+1) = 2T(n)$" defines T; n is its dummy argument
			}
		case stCtxRequested:
			heads, soft := stHeads(f, keys)
			for _, k := range heads {
				d.add(k, soft || untyped[k], sp)
				d.ranged[k] = d.ranged[k] || !soft && !untyped[k]
			}
			for _, k := range stRelatedNames(f, keys) {
				d.add(k, false, sp)
				d.ranged[k] = true
			}
		case stCtxHeads, stCtxSoft:
			if typed[p] = stTypedBefore(t, p, v, typed); c == stCtxHeads && typed[p] {
				// "for any prime $p \ne 7$": the noun gives p its domain, the formula excludes a value.
				for _, k := range stUnequalNames(f, keys) {
					d.add(k, false, sp)
				}
			}
			heads, soft := stHeads(f, keys)
			for _, k := range heads {
				d.add(k, soft || c == stCtxSoft || untyped[k], sp)
				d.ranged[k] = d.ranged[k] || !soft && c == stCtxHeads && !untyped[k]
			}
			if stHasEquation(f) {
				for _, k := range keys { // the rest of a quantified equation: "for all $n = 4k$"
					d.add(k, true, sp)
				}
			}
		}
	}
	// Letters in prose and in code spans: "for every integer n", "for any `K > 1`", "(n = 1, 2, 3)".
	for k, tok := range t.toks {
		if tok.kind != 'w' || utf8.RuneCountInString(tok.raw) != 1 || !stAlpha(tok.raw) || tok.raw == "a" || tok.raw == "I" {
			continue
		}
		j := k - 1
		for j >= 0 && t.toks[j].text == "`" {
			j--
		}
		if j >= 0 && t.toks[j].kind == 'w' && t.toks[j].sent == tok.sent {
			w := t.toks[j].text
			if stQuantifierWords[w] { // "for every n": a range with no domain
				d.add(tok.raw, true, t.span(tok.start, tok.end))
				continue
			}
			if v.typeWord(w) || stIntroducers[w] || stLetWords[w] {
				d.add(tok.raw, false, t.span(tok.start, tok.end))
				continue
			}
			if w == "many" { // "infinitely many n such that": counted, with no domain
				d.add(tok.raw, true, t.span(tok.start, tok.end))
				continue
			}
		}
		if tok.raw == "A" {
			continue
		}
		if n := k + 1; n < len(t.toks) && t.toks[n].kind == 'w' && v.typeWord(t.toks[n].text) && strings.HasSuffix(t.toks[n].text, "s") {
			d.add(tok.raw, true, t.span(tok.start, tok.end)) // "a graph with n vertices": a count
			continue
		}
		if n := k + 1; n+1 < len(t.toks) && t.toks[n].kind == 'p' && strings.Contains("=≥≤<>∈", t.toks[n].text) &&
			t.toks[n+1].kind == 'w' && stWordStart(t.toks[n+1].raw) && unicode.IsDigit(rune(t.toks[n+1].raw[0])) {
			d.add(tok.raw, false, t.span(tok.start, tok.end))
		}
	}
}

// stTypedBefore reports whether the word right before the formula at token p is a noun that
// gives a domain ("prime $p \ne 7$", "integers $a \neq 0$"), or a conjunction after a formula
// a noun introduced ("integers $a \neq 0$ and $b \neq 0$").
func stTypedBefore(t *stText, p int, v *stVocab, typed []bool) bool {
	for k := p - 1; k >= 0 && k >= p-3 && t.toks[k].clause == t.toks[p].clause; k-- {
		x := t.toks[k]
		switch {
		case x.kind == 'f':
			return typed[k]
		case k == p-1 && x.kind == 'w' && (v.typeWord(x.text) || stHyphenType(x.text, v)):
			return true
		case x.text == "and" || x.text == "or" || x.text == ",":
			continue
		}
		return false
	}
	return false
}

// stContextOf classifies how the prose before and after the formula at token p introduces it.
func stContextOf(t *stText, p int, ctxs []stCtx, v *stVocab) stCtx {
	tok := t.toks[p]
	// The words before the formula in its clause, nearest first; "," stands for a comma.
	var prev []string
	q := -1 // the previous formula in the sentence
	gap := 0
	for k := p - 1; k >= 0 && t.toks[k].clause == tok.clause; k-- {
		x := t.toks[k]
		if x.kind == 'f' {
			q = k
			break
		}
		if x.kind == 'p' {
			if x.text == "," {
				if len(prev) < 6 {
					prev = append(prev, ",")
				}
				continue
			}
			if strings.Contains(`"“”'‘’*_`, x.text) {
				continue
			}
			break
		}
		gap++
		if len(prev) < 6 {
			prev = append(prev, x.text)
		}
	}
	w := func(i int) string {
		if i < len(prev) {
			return prev[i]
		}
		return ""
	}
	w1, w2 := w(0), w(1)
	switch {
	case stLetWords[w1]:
		return stCtxAll
	case w1 == "by" && (w2 == "given" || w2 == "defined" || w2 == "denoted" || w2 == "denote" || w2 == "define"):
		return stCtxAll
	case w1 == "that" && (w2 == "suppose" || w2 == "assume" || w2 == "given" || w2 == "provided"):
		return stCtxAll
	case stQuantifierWords[w1] && stBareName(t.formula(p)):
		// "for every $n$": a quantifier over a bare name gives it no range; only a noun ("for
		// every integer $n$"), a membership or a bound ("$n \in \mathbb{N}$", "$n \ge 1$",
		// read by stSelfDeclared) or an earlier introduction does.
		return stCtxSoft
	case stIntroducers[w1] && stMeasured(t.formula(p)):
		// "whenever $|G|$ is odd", "for every $|A| \ge 3$": a range of the size, which says
		// neither what $G$ is nor what it ranges over.
		return stCtxSoft
	case (w1 == "is" || w1 == "are") && w2 == "there", w1 == "there" && (w2 == "is" || w2 == "are"), stIntroducers[w1]:
		return stCtxHeads
	case w1 == "many" && (w2 == "infinitely" || w2 == "finitely" || w2 == "only"):
		// "infinitely many $n$ such that …" counts the $n$ without saying what they are:
		// integers, primes, reals? Only a noun ("infinitely many primes $p$") or the formula
		// itself ("$n \in \mathbb{N}$", read by stSelfDeclared) gives the domain.
		return stCtxSoft
	case w1 == "of" && v.typeWord(w2):
		return stCtxHeads // "the number of $p \le x$", "a set of $n$ points"
	case (v.typeWord(w1) || stHyphenType(w1, v)) && stRequestedBy(prev, v):
		return stCtxRequested
	case v.typeWord(w1) || stHyphenType(w1, v):
		return stCtxHeads
	case w1 == "to" && (w2 == "solutions" || w2 == "solution") || w1 == "of" && (w2 == "solutions" || w2 == "solution"):
		return stCtxAll // "solutions to $a + b = c + d$": the unknowns of the equation
	case (w1 == "," || w1 == "and" || w1 == "or") && q >= 0 && ctxs[q] != stCtxNone && gap <= 5:
		return ctxs[q]
	}
	// "Prove that $G$ is a planar graph" asserts something of $G$; it does not introduce it.
	asserted := (w1 == "that" || w1 == "whether") && stTargetVerbs[w2]
	hypothesis := w1 == "if" || w1 == "when" || w1 == "whenever" || w1 == "where" || w1 == "unless"
	if c := stAfterContext(t, p, v, asserted, hypothesis); c != stCtxNone {
		return c
	}
	switch {
	case w1 == "the" || w1 == "a" || w1 == "an" || w1 == "its":
		return stCtxSoft
	case len(w1) >= 3 && stAlpha(w1) && !stNonDeclaring[w1]:
		return stCtxSoft
	}
	return stCtxNone
}

// stTargetVerbs ask for a proof or an answer about what follows them.
var stTargetVerbs = stWordSet(`prove proves show shows disprove decide determine true case conjecture
	conjectured conjectures establish verify`)

// stHasEquation reports whether the top level of f has an "=".
func stHasEquation(f *tex.Formula) bool {
	for _, a := range f.Atoms {
		if a.Kind == tex.AtomRel && a.Text == "=" && a.Depth == 0 && a.Script == 0 {
			return true
		}
	}
	return false
}

// stHyphenType reports whether a hyphenated word ends in a type word: "3-full", "$k$-uniform".
func stHyphenType(w string, v *stVocab) bool {
	i := strings.LastIndexAny(w, "-–")
	if i < 0 || i+1 >= len(w) {
		return false
	}
	last := w[i+1:]
	return v.typeWord(last) || stHyphenSuffixes[last]
}

// stAfterContext reads the words after a formula: "$G$ is a graph", "$n$ an integer",
// "$R(5,5)$, the least integer", "$X$ denotes", and, as a soft introduction, "$n$ points".
func stAfterContext(t *stText, p int, v *stVocab, asserted, hypothesis bool) stCtx {
	var next []string
	for k := p + 1; k < len(t.toks) && len(next) < 6 && t.toks[k].sent == t.toks[p].sent; k++ {
		x := t.toks[k]
		if x.kind == 'f' {
			if len(next) == 0 {
				break
			}
			next = append(next, "$") // "$n_k$ is the $k$th powerful number"
			continue
		}
		if x.kind == 'p' {
			if x.text == "," && len(next) == 0 {
				next = append(next, ",")
				continue
			}
			break
		}
		next = append(next, x.text)
	}
	w := func(i int) string {
		if i < len(next) {
			return next[i]
		}
		return ""
	}
	// A noun phrase "a|an|the [adjectives] noun" starting at next[i].
	nounPhrase := func(i int) bool {
		if w := w(i); w != "a" && w != "an" && w != "the" {
			return false
		}
		for j := i + 1; j < len(next); j++ {
			if v.typeWord(next[j]) {
				return true
			}
			if stNonDeclaring[next[j]] && !stSuperlatives[next[j]] {
				return false
			}
		}
		return false
	}
	// A formula a phrase after it can introduce: a name, a list, or a relation whose left side
	// is a name ("$p$ is a prime", not "$p + 2$ is prime").
	f := t.formula(p)
	introducible := stNameLikeFormula(f)
	if !introducible {
		if segs := stSegments(f, stLevel(f, 0, -1)); len(segs) > 0 {
			if terms, rels := stChain(f, segs[0]); len(rels) > 0 {
				_, introducible = stLone(f, stKeys(f), terms[0], false)
			}
		}
	}
	if !introducible || asserted {
		return stCtxNone
	}
	// "$G$ is a graph", "$X$ are all composite numbers"; not "$S$ is infinite", which asserts.
	copula := func() bool {
		if w(0) != "is" && w(0) != "are" && w(0) != "be" {
			return false
		}
		j := 1
		for stCopulaSkip[w(j)] {
			j++
		}
		if nounPhrase(j) {
			return true
		}
		for ; j < len(next) && v.typeWord(next[j]); j++ {
			if strings.HasSuffix(next[j], "s") || hypothesis {
				return true // "are integers"; "if $n$ is sufficiently large", "if $D$ is even"
			}
		}
		return false
	}
	// "$x, y, z, w$ nonnegative integers": a list named by the noun after it.
	appositive := func() bool {
		ids, lone := stLone(f, stKeys(f), stLevel(f, 0, -1).idx, false)
		if !lone || len(ids) < 2 {
			return false
		}
		for j := 0; j < len(next); j++ {
			if v.typeWord(next[j]) && strings.HasSuffix(next[j], "s") {
				return true
			}
			if !v.typeWord(next[j]) {
				return false
			}
		}
		return false
	}
	switch {
	case (copula() || appositive()) && stMeasured(f):
		return stCtxSoft // "whenever $|G|$ is odd" says what the order is, not what $G$ is
	case copula(), appositive():
		return stCtxHeads
	case w(0) == "tends" || w(0) == "tend" || w(0) == "goes" || w(0) == "go" || w(0) == "approaches":
		return stCtxHeads // "as $n$ tends to infinity"
	case (w(0) == "has" || w(0) == "have") && (w(1) == "solutions" || w(1) == "solution" || w(2) == "solutions" || w(2) == "solution"):
		return stCtxAll // "$\phi(m) = n$ has exactly one solution": the unknowns of the equation
	case nounPhrase(0):
		return stCtxHeads
	case w(0) == "," && nounPhrase(1):
		return stCtxHeads
	case w(0) == "denote" || w(0) == "denotes" || w(0) == "stands" || w(0) == "stand" || w(0) == "counts" ||
		w(0) == "count" || w(0) == "is" && w(1) == "defined":
		return stCtxHeads
	}
	for j := 0; j < len(next) && v.typeWord(next[j]); j++ {
		if strings.HasSuffix(next[j], "s") {
			return stCtxSoft // "$n$ distinct points": a count, of a range the reader cannot see
		}
	}
	return stCtxNone
}

// stRequestVerbs ask for objects, which the question itself then introduces: "determine rational
// numbers $L \le U$", "find integers $x < y$", "do there exist primes $p < q$".
var stRequestVerbs = stWordSet(`determine find construct exhibit give compute produce describe identify
	exist exists there`)

// stRequestedBy reports whether the noun phrase before a formula (prev, nearest word first) is
// the object of a request verb: the plural noun it ends in names every object of the formula.
func stRequestedBy(prev []string, v *stVocab) bool {
	if len(prev) == 0 || !strings.HasSuffix(prev[0], "s") {
		return false // a singular noun names one object: "a prime $p > N$"
	}
	for i, w := range prev {
		switch {
		case stRequestVerbs[w]:
			return i > 0
		case w == "," || stLetWords[w] || w == "that" || w == "if" || w == "for" || w == "with" || w == "such" || w == "where":
			return false
		}
	}
	return false
}

// stRelatedNames returns the names standing alone as terms of the formula's top-level chains:
// L and U in "$L \le U$", a, b and c in "$0 < a < b < c$".
func stRelatedNames(f *tex.Formula, keys []string) []string {
	var out []string
	for _, seg := range stSegments(f, stLevel(f, 0, -1)) {
		terms, rels := stChain(f, seg)
		if len(rels) == 0 {
			continue
		}
		for _, term := range terms {
			if ids, ok := stLone(f, keys, term, false); ok {
				out = append(out, ids...)
			}
		}
	}
	return out
}

// stQuantifierWords quantify over what follows them; unlike a declaration ("fix $k$", "let $n$"),
// they say over which range only with a noun or a relation.
var stQuantifierWords = stWordSet(`every each all any some exists exist`)

// stBareName reports whether a formula is names only, with no relation to bound them: "$n$",
// "$x, y$", "$(a, b)$".
func stBareName(f *tex.Formula) bool {
	for _, a := range f.Atoms {
		if a.Kind == tex.AtomRel && a.Script == 0 {
			return false
		}
	}
	return stNameLikeFormula(f)
}

// stMeasured reports whether a formula is a size taken of a name rather than the name itself:
// "$|G|$", "$\#A$", "$\lvert S \rvert$". A phrase after it ("is odd", "is a prime") describes the
// size, so it gives the name inside no domain.
func stMeasured(f *tex.Formula) bool {
	for _, a := range f.Atoms {
		if a.Kind == tex.AtomBar || a.Text == `\#` || a.Text == "#" || a.Text == `\lvert` || a.Text == `\vert` {
			return true
		}
	}
	return false
}

// stNamedArgs returns the arguments of a formula that is one function applied to names and
// nothing else, "$h(d)$", "$N(q, k)$": after "let" it names the function, and what its
// arguments range over is still to be said.
func stNamedArgs(f *tex.Formula, keys []string) []string {
	segs := stSegments(f, stLevel(f, 0, -1))
	if len(segs) != 1 {
		return nil
	}
	terms, rels := stChain(f, segs[0])
	if len(rels) != 0 || len(terms) != 1 {
		return nil
	}
	if _, args, ok := stApplication(f, keys, terms[0]); ok {
		return args
	}
	return nil
}

// stContainerWords name a collection, not what its elements are: "a multiset $\{a_1, …\}$"
// lists names without saying whether they are integers, reals or points.
var stContainerWords = stWordSet(`set sets multiset multisets tuple tuples pair pairs sequence sequences list lists
	family families collection collections subset subsets vector vectors array arrays`)

// stEnumerationTyped reports whether the prose around an enumeration "$\{a_1, \ldots, a_n\}$"
// (at token p) says what its elements are: a noun for them before it ("the integers
// $\{a_1, …\}$", "a set of points $\{…\}$") or "of" and a noun after it ("$\{a_1, …\}$ of
// integers"), or an equation that names the set ("$A = \{…\}$"), whose name may be typed.
func stEnumerationTyped(t *stText, p int, v *stVocab) bool {
	f := t.formula(p)
	if stHasEquation(f) {
		return true
	}
	typed := func(w string) bool { return v.typeWord(w) && !stContainerWords[w] }
	for k, n := p-1, 0; k >= 0 && n < 4 && t.toks[k].sent == t.toks[p].sent; k-- {
		x := t.toks[k]
		if x.kind != 'w' {
			break
		}
		n++
		if typed(x.text) {
			return true
		}
	}
	for k, n := p+1, 0; k < len(t.toks) && n < 5 && t.toks[k].sent == t.toks[p].sent; k++ {
		x := t.toks[k]
		if x.kind != 'w' {
			break
		}
		n++
		if n == 1 && x.text != "of" && x.text != "in" {
			break
		}
		if n > 1 && typed(x.text) {
			return true
		}
	}
	return false
}
