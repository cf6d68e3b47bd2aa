package gates

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/theoremdb/theoremdb/packet"
)

// stCandidate is a term of the statement that may be coined: it is marked (quoted, emphasised,
// introduced with "call" or "so-called"), hyphenated or capitalised and is not standard.
type stCandidate struct {
	words      []string
	start, end int
	// marked is true when the statement itself marks the term as coined: quotation marks,
	// "call … X", "so-called", "is said to be".
	marked bool
	// inline is true when the clause that coins it also reads as defining it ("… if …").
	inline bool
	how    string // how the statement marks it, for the behaviour sentence
}

// stNamedResults are nouns after a name that refer to a result rather than define an object
// ("the Erdős–Straus conjecture"); self-contained judges whether the target depends on one.
var stNamedResults = stWordSet(`conjecture conjectures theorem theorems lemma problem problems hypothesis
	inequality principle formula identity bound bounds method question equation program estimate estimates`)

// stPersonVerbs follow a name that refers to a person ("Musin proved that").
var stPersonVerbs = stWordSet(`proved proves showed shows shown conjectured conjectures asked asks found
	finds gave gives noted notes observed observes proposed proposes posed poses introduced introduces
	studied studies established establishes obtained obtains improved improves verified verifies computed
	computes claimed claims suggested suggests wrote writes remarked remarks has had and or et in was is
	also later first independently raised raises settled settles disproved disproves`)

// stHyphenPrefixes and stHyphenSuffixes make a hyphenated word ordinary English or standard
// mathematics ("non-empty", "well-defined", "triangle-free", "real-valued", "$k$-uniform").
var (
	stHyphenPrefixes = stWordSet(`non semi quasi anti multi sub super co self well ill pre post re un bi tri
		pseudo hyper inter intra counter so half one two three four five six seven eight nine ten first
		second third higher lower left right long short real complex finite infinite in out over under cross
		double triple single n k m d r q p t s x y z l j i e g h f c b a all pair piece point edge vertex
		strongly weakly almost locally globally uniformly totally fully partially nearly`)
	stHyphenSuffixes = stWordSet(`free valued closed like type wise based dimensional uniform regular partite
		connected colourable colorable colouring coloring coloured colored th st nd rd fold sided order degree
		term tuple gon cycle cycles cell set sets point points element elements vertex vertices edge edges
		subset subsets dense avoiding critical universal periodic smooth invariant independent separated
		covering even odd digit digits ary adic group groups space spaces graph graphs subgraph simplex
		manifold sphere ball torus plane cube form forms function functions sum sums product partition
		sequence sequences to one many time times step steps dimension dimensions distance distances tree
		trees path paths word words letter letters bit bits configuration configurations coloring
		colorings colourings defined known called named power powers root roots prime primes number numbers
		square squares chromatic definite semidefinite adjacent matching matchings clique cliques ramsey
		additive multiplicative linear analytic algebraic arithmetic geometric progression progressions
		ordered unordered intersecting ups up off out in powerful full smooth rough free almost perfect
		abundant deficient`)
)

// stAcronyms are upper-case abbreviations a reader knows.
var stAcronyms = stWordSet(`ZFC ZF CH GCH RH GRH BSD ABC OEIS NP PSPACE SAT LP SDP MSC ICM AMS TSP IID
	PDE ODE GCD LCM`)

// stCandidates finds the statement's possibly coined terms.
func stCandidates(t *stText, v *stVocab) []stCandidate {
	var out []stCandidate
	toks := t.toks
	clauseHas := func(k int, words map[string]bool) bool {
		for j := k; j >= 0 && toks[j].clause == toks[k].clause; j-- {
			if words[toks[j].text] {
				return true
			}
		}
		for j := k + 1; j < len(toks) && toks[j].clause == toks[k].clause; j++ {
			if words[toks[j].text] {
				return true
			}
		}
		return false
	}
	collect := func(lo, hi int) ([]string, int, int) {
		var ws []string
		start, end := -1, -1
		for j := lo; j < hi && j < len(toks); j++ {
			x := toks[j]
			if x.kind == 'w' || x.kind == 'f' {
				w := x.raw
				if x.kind == 'f' {
					w = t.src[x.start:x.end]
				}
				ws = append(ws, w)
				if start < 0 {
					start = x.start
				}
				end = x.end
			}
		}
		return ws, start, end
	}
	// Quotation marks and emphasis.
	pairs := map[string]string{`"`: `"`, "“": "”", "‘": "’", "'": "'", "*": "*", "_": "_"}
	for k := 0; k < len(toks); k++ {
		x := toks[k]
		closer, ok := pairs[x.text]
		if x.kind != 'p' || !ok || (x.text == "'" || x.text == "’") && !stOpensQuote(t.src, x.start) {
			continue
		}
		open := k
		for open+1 < len(toks) && toks[open+1].text == x.text && x.text == "*" {
			open++ // **bold**
		}
		for j := open + 1; j < len(toks) && j <= open+10 && toks[j].sent == x.sent; j++ {
			if toks[j].kind == 'p' && toks[j].text == closer {
				if c, ok := stQuoted(t, v, k, open, j, collect); ok {
					c.inline = c.inline || clauseHas(j, stDefiningWords)
					out = append(out, c)
				}
				k = j
				for k+1 < len(toks) && toks[k+1].text == closer && closer == "*" {
					k++
				}
				break
			}
			if toks[j].kind == 'p' && toks[j].text != "," && toks[j].text != "-" {
				break
			}
		}
	}
	// \emph{…}, \textit{…}, \textbf{…} in prose.
	for _, cmd := range []string{`\emph{`, `\textit{`, `\textbf{`} {
		for from := 0; ; {
			i := strings.Index(t.src[from:], cmd)
			if i < 0 {
				break
			}
			i += from
			j := strings.IndexByte(t.src[i:], '}')
			from = i + len(cmd)
			if j < 0 || j > 80 || stInFormula(t, i) {
				continue
			}
			body := t.src[i+len(cmd) : i+j]
			if ws := strings.Fields(body); len(ws) > 0 && len(ws) <= 6 {
				out = append(out, stCandidate{words: ws, start: i, end: i + j + 1, how: "emphasised"})
			}
		}
	}
	// Naming cues: "so-called X", "called X", "we call … X if", "is said to be X".
	for k, x := range toks {
		if x.kind != 'w' {
			continue
		}
		var lo, hi int
		switch {
		case x.text == "so-called" || x.text == "termed" || x.text == "dubbed" ||
			(x.text == "called" || x.text == "named") && k > 0 && stNamingBefore[toks[k-1].text]:
			lo = k + 1
			for lo < len(toks) && (toks[lo].text == "a" || toks[lo].text == "an" || toks[lo].text == "the" || toks[lo].kind == 'p' && toks[lo].text != ".") {
				lo++
			}
			hi = lo
			for hi < len(toks) && hi < lo+3 && toks[hi].kind == 'w' && !stDefiningWords[toks[hi].text] && !stStopWords[toks[hi].text] {
				hi++
			}
		case x.text == "call" && (k == 0 || toks[k-1].text == "we" || toks[k-1].text == "us" || stSentenceInitial(toks, k)) ||
			x.text == "say" && k > 0 && toks[k-1].text == "we" ||
			x.text == "be" && k > 1 && toks[k-1].text == "to" && toks[k-2].text == "said":
			end := k + 1
			for end < len(toks) && toks[end].clause == x.clause && !stDefiningWords[toks[end].text] {
				end++
			}
			hi = end
			lo = hi
			for lo > k+1 && hi-lo < 2 && toks[lo-1].kind == 'w' && !stStopWords[toks[lo-1].text] && !v.typeWord(toks[lo-1].text) {
				lo--
			}
			if lo == hi && hi > k+1 && toks[hi-1].kind == 'w' && !stStopWords[toks[hi-1].text] {
				lo = hi - 1
			}
		default:
			continue
		}
		if lo < len(toks) && stNonDeclaring[toks[lo].text] {
			continue // "so-called because …" refers back to a term already read
		}
		if ws, s, e := collect(lo, hi); len(ws) > 0 {
			out = append(out, stCandidate{words: ws, start: s, end: e, marked: true,
				inline: clauseHas(k, stDefiningWords), how: "introduced with \"" + x.raw + "\""})
		}
	}
	// Hyphenated and capitalised terms.
	for k := 0; k < len(toks); k++ {
		x := toks[k]
		if x.kind != 'w' {
			continue
		}
		if strings.ContainsAny(x.raw, "-–‐") && !stHyphenStandard(x.raw, v) {
			out = append(out, stCandidate{words: []string{x.raw}, start: x.start, end: x.end, how: "hyphenated"})
			continue
		}
		if !stCapitalised(x.raw) || stSentenceInitial(toks, k) || stAcronym(x.raw) {
			continue
		}
		j := k
		for j+1 < len(toks) && toks[j+1].kind == 'w' && stCapitalised(toks[j+1].raw) && !stAcronym(toks[j+1].raw) {
			j++
		}
		next := ""
		if j+1 < len(toks) {
			next = toks[j+1].text
		}
		if j+1 >= len(toks) || toks[j+1].kind != 'w' || stPersonVerbs[next] || stStopWords[next] || stNamedResults[next] ||
			stStopWords[x.text] || strings.IndexFunc(next, unicode.IsDigit) >= 0 {
			k = j
			continue
		}
		h := j + 1
		for h < len(toks) && h <= j+3 && toks[h].kind == 'w' && !stStopWords[toks[h].text] && !stCapitalised(toks[h].raw) {
			h++
		}
		ws, s, e := collect(k, h)
		lower := make([]string, len(ws))
		for i, w := range ws {
			lower[i] = strings.ToLower(w)
		}
		if n := v.longestAt(lower, 0); n > j-k {
			k += n - 1 // a standard term: read on after it
			continue
		}
		out = append(out, stCandidate{words: ws, start: s, end: e, how: "capitalised"})
		k = h - 1
	}
	return append(out, stAttributeTerms(t, v)...)
}

// stAttributeTerms finds ordinary-looking words the statement uses as a named quantity of an
// object, outside the vocabulary of standard terms: "bounded by its glide", "the height of $T$".
// Such a word carries the statement's meaning, yet nothing tells the reader what it means.
func stAttributeTerms(t *stText, v *stVocab) []stCandidate {
	var out []stCandidate
	toks := t.toks
	word := func(k int) string {
		if k < 0 || k >= len(toks) || toks[k].kind != 'w' {
			return ""
		}
		return toks[k].text
	}
	for k, x := range toks {
		w := x.text
		if x.kind != 'w' || len(w) < 4 || !stAlpha(w) || x.raw != w || stStopWords[w] || stNonDeclaring[w] ||
			v.standard([]string{w}) || v.heads[stStem(w)] || stNamedResults[w] || stAttributeCommon[w] {
			continue
		}
		prev, next := word(k-1), word(k+1)
		var how string
		switch {
		case (prev == "its" || prev == "their") && (next == "" || stStopWords[next]):
			how = "used as a quantity of an object (“" + prev + " " + w + "”)"
		case prev == "the" && next == "of" && k+2 < len(toks) && toks[k+2].kind == 'f':
			how = "used as a quantity of an object (“the " + w + " of”)"
		default:
			continue
		}
		out = append(out, stCandidate{words: []string{x.raw}, start: x.start, end: x.end, how: how})
	}
	return out
}

// stAttributeCommon are ordinary words that name a quantity or a kind of an object in any
// statement, whatever the vocabulary of standard terms holds.
var stAttributeCommon = stWordSet(`value values size sizes number numbers length lengths order orders part parts
	kind kinds type types form forms same other first last next previous given fixed whole entire total least
	most largest smallest greatest maximum minimum limit limits sign signs product products term terms
	sequence result results property properties condition conditions choice choices case cases sort sorts
	behaviour behavior infinitude existence study exception exceptions growth proof statement`)

// stNamingBefore are the words before "called" or "named" that make the statement itself name
// a term ("is called good", "we named it"), rather than report a name ("often called").
var stNamingBefore = stWordSet(`is are be been being we`)

// stSpeechVerbs before a quotation make it a quotation of words, not a term.
var stSpeechVerbs = stWordSet(`says said writes wrote claims claimed notes noted states stated remarks
	remarked describes described calls believed believes suggests suggested thought asks asked interpret
	interprets interpreted formalise formalises formalize formalizes formalised formalized reads titled
	paper article book`)

// stOpensQuote reports whether the apostrophe at i opens a quotation rather than ending a
// possessive or a plural ("$1$'s", "Erdős' theorem").
func stOpensQuote(src string, i int) bool {
	if i+1 >= len(src) || !stWordStart(src[i+1:]) {
		return false
	}
	if i == 0 {
		return true
	}
	r, _ := utf8.DecodeLastRuneInString(src[:i])
	return unicode.IsSpace(r) || r == '(' || r == '['
}

// stQuoted reads the quoted or emphasised words between tokens open and close. A quotation of
// speech or a title is no term; a short quoted phrase used as a term ("a "k-sparse-Sidon" set")
// is marked as coined; an emphasised or otherwise quoted phrase is only a candidate.
func stQuoted(t *stText, v *stVocab, opener, open, close int, collect func(lo, hi int) ([]string, int, int)) (stCandidate, bool) {
	toks := t.toks
	ws, s, e := collect(open+1, close)
	if len(ws) == 0 || len(ws) > 4 {
		return stCandidate{}, false
	}
	stops, caps := 0, 0
	for k := open + 1; k < close; k++ {
		switch x := toks[k]; {
		case x.kind == 'f':
			return stCandidate{}, false // a formula inside: a quoted expression, not a term
		case x.kind == 'w' && stStopWords[x.text]:
			stops++
		case x.kind == 'w' && stCapitalised(x.raw):
			caps++
		}
	}
	if stops > 0 || caps > 1 || stNamedResults[strings.ToLower(ws[len(ws)-1])] {
		return stCandidate{}, false // a phrase, a title or a result's name, not a term
	}
	for k := opener - 1; k >= 0 && k >= opener-3 && toks[k].clause == toks[opener].clause; k-- {
		if stSpeechVerbs[toks[k].text] {
			return stCandidate{}, false
		}
	}
	c := stCandidate{words: ws, start: s, end: e, how: "emphasised"}
	if toks[opener].text == "*" || toks[opener].text == "_" {
		if len(ws) == 1 && stNonDeclaring[strings.ToLower(ws[0])] {
			return stCandidate{}, false // emphasis of an ordinary word: "*implies*"
		}
		return c, true
	}
	c.how = "in quotation marks"
	prev, next := "", ""
	if opener > 0 && toks[opener-1].clause == toks[opener].clause {
		prev = toks[opener-1].text
	}
	if close+1 < len(toks) && toks[close+1].clause == toks[close].clause {
		if toks[close+1].kind == 'f' {
			c.inline = true // the formula after the term defines it: the 'pyjama set' $\{…\}$
		}
		next = toks[close+1].text
	}
	if stNamedResults[next] {
		return stCandidate{}, false // the "k-tuple" conjecture: a result's name
	}
	if next == "is" || next == "are" || next == "means" || next == "denotes" || next == "of" && close+3 < len(toks) {
		c.inline = true // A "copy" of $T$ is …
	}
	c.marked = v.typeWord(next) || prev == "a" || prev == "an" || prev == "the" || prev == "called" || prev == "so-called" || prev == "call"
	return c, true
}

// stDefiningWords are the words of a clause that defines what it names ("X is called good if …").
var stDefiningWords = stWordSet(`if when whenever iff provided means meaning namely i.e ie`)

// stNameLike reports whether the words are capitalised names.
func stNameLike(ws []string) bool {
	for _, w := range ws {
		if !stCapitalised(w) {
			return false
		}
	}
	return len(ws) > 0
}

// stAcronym reports whether w is an upper-case abbreviation (two or more capitals).
func stAcronym(w string) bool {
	n := 0
	for _, r := range w {
		if unicode.IsLower(r) {
			return false
		}
		n++
	}
	return n >= 2
}

// stSentenceInitial reports whether token k starts its sentence or clause, past opening
// punctuation.
func stSentenceInitial(toks []stTok, k int) bool {
	for j := k - 1; j >= 0; j-- {
		x := toks[j]
		if x.sent != toks[k].sent || x.clause != toks[k].clause {
			return true
		}
		if x.kind == 'p' && strings.Contains(`("“'‘*_[`, x.text) {
			continue
		}
		return x.kind == 'p' && (x.text == "¶" || x.text == "." || x.text == ":")
	}
	return true
}

// stInFormula reports whether byte i of the field lies inside a formula.
func stInFormula(t *stText, i int) bool {
	for _, f := range t.tex.Formulas {
		if f.Start <= i && i < f.End {
			return true
		}
	}
	return false
}

// stHyphenStandard reports whether a hyphenated word is standard or ordinary: in the vocabulary,
// names joined by a dash ("Erdős–Straus"), or made of a common prefix or suffix and words.
func stHyphenStandard(raw string, v *stVocab) bool {
	if v.standard([]string{raw}) {
		return true
	}
	parts := strings.FieldsFunc(raw, func(r rune) bool { return r == '-' || r == '–' || r == '‐' })
	if len(parts) == 0 {
		return true
	}
	if stNameLike(parts) && !strings.HasPrefix(raw, "-") {
		return true // Erdős–Straus, Brunn–Minkowski: names, judged as capitalised terms
	}
	capital := false
	for _, p := range parts {
		if stCapitalised(p) && !stAcronym(p) {
			capital = true
		}
	}
	if capital && len(parts) > 2 {
		return false // k-sparse-Sidon
	}
	attached := strings.HasPrefix(raw, "-") // "$k$-uniform": every part is a suffix of the formula
	ok := 0
	for i, p := range parts {
		l := strings.ToLower(p)
		switch {
		case stHyphenPrefixes[l] && i < len(parts)-1 && !attached, stHyphenSuffixes[l] && (i > 0 || attached),
			v.standard([]string{l}) && !capital, v.typeWord(l) && !capital, stStopWords[l],
			strings.IndexFunc(l, unicode.IsDigit) >= 0:
			ok++
		}
	}
	return ok == len(parts)
}

// stDefinedTerms checks the statement's coined and nonstandard terms against the definitions.
func stDefinedTerms(a *stAnalysis, out *Report) {
	t := a.stmt
	v := stVocabulary()
	var defined []string // definition terms, as keys
	for _, e := range a.r.Exposition {
		if e.Kind == packet.Definition && strings.TrimSpace(e.Term) != "" {
			defined = append(defined, stKey(stSplitWords(e.Term)))
		}
	}
	isDefined := func(ws []string) bool {
		key := " " + stKey(ws) + " "
		for _, d := range defined {
			if d == "" {
				continue
			}
			if strings.Contains(key, " "+d+" ") || strings.Contains(" "+d+" ", key) {
				return true
			}
		}
		return false
	}
	seen := map[string]bool{}
	fails, humans := 0, 0
	for _, c := range stCandidates(t, v) {
		key := stKey(c.words)
		if key == "" || seen[key] {
			continue
		}
		seen[key] = true
		term := strings.Join(c.words, " ")
		if isDefined(c.words) || v.standard(c.words) {
			continue
		}
		sp := t.span(c.start, c.end)
		switch {
		case c.marked && !c.inline:
			fails++
			out.Fail(stCheckTerms, sp,
				fmt.Sprintf("The statement marks \"%s\" as a coined term (%s), but neither the statement nor a definition entry says what it means.", term, c.how),
				fmt.Sprintf("Add a DEFINITION entry with term \"%s\" that says exactly what it means, or replace it in the statement by its definition in standard terms.", term))
		default:
			humans++
			why := "is not in the vocabulary of standard terms and no definition entry defines it"
			if c.inline {
				why = "is defined only inside the statement, which the reader cannot check"
			}
			out.NeedsHuman(stCheckTerms, sp,
				fmt.Sprintf("The statement uses \"%s\" (%s), which %s; a person must decide whether it is standard vocabulary whose usual meaning determines the object.", term, c.how, why),
				fmt.Sprintf("If \"%s\" is not standard, add a DEFINITION entry with term \"%s\" that says what it means.", term, term))
		}
		if fails+humans >= 8 {
			break
		}
	}
	humans += stSymbolsDefinedOutside(a, out)
	humans += stAskedModifiers(a, v, out)
	humans += stAskedPredicate(a, v, out)
	humans += stVariantSymbols(a, out)
	humans += stRedefinedTerms(a, out)
	humans += stCircularDefinitions(a, out)
	humans += stUndefinedAcronyms(a, out)
	if fails+humans == 0 {
		var used []string
		for _, e := range a.r.Exposition {
			if e.Kind == packet.Definition && strings.TrimSpace(e.Term) != "" {
				used = append(used, "\""+strings.TrimSpace(e.Term)+"\"")
			}
		}
		msg := "The statement marks no term as coined and uses no hyphenated or capitalised term outside the vocabulary of standard mathematical terms"
		if len(used) > 0 {
			msg += "; the definition entries define " + stList(used, 6)
		}
		out.Pass(stCheckTerms, t.whole(), msg+".")
	}
}
