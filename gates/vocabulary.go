package gates

import (
	_ "embed"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// This file holds the words the statement gate knows: the curated vocabulary of standard
// mathematical terms (data/standard_terms.txt), a light stemmer that lets "primes" match
// "prime", and the short word lists its checks read prose with. The lists are data, not rules:
// each check in statement.go says what it does with them.

//go:embed data/standard_terms.txt
var stStandardTermsText string

// stVocab is the parsed vocabulary.
type stVocab struct {
	// terms holds the stem key (stKey) of every standard term.
	terms map[string]bool
	// longest is the most words in one term.
	longest int
	// heads holds the stems of the last words of the terms: the object nouns ("integer",
	// "graph") and descriptive words ("even", "finite") a declaration like "every even integer
	// $n$" puts before a variable.
	heads map[string]bool
}

// stVocabulary is the vocabulary, parsed once.
var stVocabulary = sync.OnceValue(func() *stVocab {
	v := &stVocab{terms: map[string]bool{}, heads: map[string]bool{}}
	for _, line := range strings.Split(stStandardTermsText, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		ws := stSplitWords(line)
		if len(ws) == 0 {
			continue
		}
		v.terms[stKey(ws)] = true
		v.longest = max(v.longest, len(ws))
		v.heads[stStem(ws[len(ws)-1])] = true
	}
	for _, w := range strings.Fields(stExtraNouns) {
		v.heads[stStem(w)] = true
	}
	return v
})

// standard reports whether the words (as written) form a standard term.
func (v *stVocab) standard(ws []string) bool { return len(ws) > 0 && v.terms[stKey(ws)] }

// longestAt returns the number of words of the longest standard term that starts at ws[i], or 0.
func (v *stVocab) longestAt(ws []string, i int) int {
	for n := min(v.longest, len(ws)-i); n > 0; n-- {
		if v.terms[stKey(ws[i:i+n])] {
			return n
		}
	}
	return 0
}

// typeWord reports whether w names a kind of object or a property of one, so that a formula
// after it is introduced as such ("integer $n$", "even $n$", "graph $G$").
func (v *stVocab) typeWord(w string) bool {
	if len(w) < 2 || !stAlpha(w) || stNotType[w] {
		return false
	}
	return v.heads[stStem(w)]
}

// stSplitWords splits a term into its words at spaces, hyphens and dashes, lower-cased.
func stSplitWords(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return r == ' ' || r == '-' || r == '–' || r == '—' || r == '\t' || r == '/'
	})
}

// stKey is the lookup key of a phrase: its words' stems, space-separated. A hyphenated word
// counts as its parts, so "square-free" and "square free" agree.
func stKey(ws []string) string {
	var b strings.Builder
	for _, w := range ws {
		for _, part := range stSplitWords(w) {
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(stStem(part))
		}
	}
	return b.String()
}

// stIrregular are plurals the suffix rules do not reach.
var stIrregular = map[string]string{"vertices": "vertex", "matrices": "matrix", "indices": "index",
	"simplices": "simplex", "polyhedra": "polyhedron", "radii": "radius", "criteria": "criterion",
	"phenomena": "phenomenon", "tori": "torus", "loci": "locus", "maxima": "maximum", "minima": "minimum",
	"suprema": "supremum", "infima": "infimum", "spectra": "spectrum", "children": "child", "lemmata": "lemma",
	"formulae": "formula", "hypotheses": "hypothesis", "analyses": "analysis", "bases": "basis"}

// stStem reduces a word to a stem by stripping plural, -ing and -ed endings, a final e and a
// possessive, after mapping British spellings to American ones. It is deliberately crude: the
// gate compares stems with stems, so it needs the same stem for the forms of a word, not a
// linguistically correct one.
func stStem(w string) string {
	w = strings.ToLower(w)
	w = strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "’s")
	w = strings.TrimRight(w, "'’")
	if s, ok := stIrregular[w]; ok {
		w = s
	}
	for _, r := range [][2]string{{"colour", "color"}, {"neighbour", "neighbor"}, {"behaviour", "behavior"},
		{"isation", "ization"}, {"centre", "center"}} {
		w = strings.Replace(w, r[0], r[1], 1)
	}
	n := len(w)
	switch {
	case n > 4 && strings.HasSuffix(w, "ies"):
		w = w[:n-3] + "y"
	case n > 4 && (strings.HasSuffix(w, "sses") || strings.HasSuffix(w, "xes") || strings.HasSuffix(w, "ches") ||
		strings.HasSuffix(w, "shes") || strings.HasSuffix(w, "zes")):
		w = w[:n-2]
	case n > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") &&
		!strings.HasSuffix(w, "is"):
		w = w[:n-1]
	}
	n = len(w)
	switch {
	case n > 5 && strings.HasSuffix(w, "ing"):
		w = w[:n-3]
	case n > 4 && strings.HasSuffix(w, "ed"):
		w = w[:n-2]
	}
	if n = len(w); n > 5 && (strings.HasSuffix(w, "ise") || strings.HasSuffix(w, "ize")) {
		w = w[:n-3] + "iz"
	} else if n > 5 && strings.HasSuffix(w, "is") && !strings.HasSuffix(w, "sis") {
		w = w[:n-2] + "iz"
	}
	if n = len(w); n > 3 && w[n-1] == 'e' {
		w = w[:n-1]
	}
	return w
}

// stAlpha reports whether w is made of letters only.
func stAlpha(w string) bool {
	if w == "" {
		return false
	}
	for _, r := range w {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return true
}

// stCapitalised reports whether w starts with an upper-case letter.
func stCapitalised(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return unicode.IsUpper(r)
}

// stWordSet makes a set of the space-separated words in s.
func stWordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// stExtraNouns are object nouns and descriptive words that the vocabulary's terms do not end
// with but that introduce a variable just as well ("each of size $w$", "a real $t > 0$").
const stExtraNouns = `size length number element object instance parameter variable constant coefficient value
	index term entry point vertex tuple word letter string digit bit coordinate exponent weight colour color
	label step time speed radius angle side face cell block class type shape region body piece part copy member
	item arc chord path set space scalar unknown quantity measure threshold limit function map operator sequence
	series family collection system configuration arrangement graph tree polygon curve matrix vector field ring
	group module ideal integer prime real rational natural even odd positive negative nonnegative nonzero fixed
	large distinct arbitrary subset superset interval polynomial point triangle square subgraph hypergraph
	function functions pair pairs triple vector matrix tournament colouring coloring cardinal ordinal box cube
	ball number numbers root zero character form monomial solution solutions walk trajectory orbit ordering
	partition permutation pattern code design lattice domain neighbourhood neighborhood`

// stNotType are words the vocabulary's last words include that never introduce a variable.
var stNotType = stWordSet(`all many one most least the a an of and or with in on for to many high
	zf zfc model theory proof formula sentence axiom lemma theorem conjecture hypothesis`)

// stStopWords are the function words that carry no subject: left out when the title is compared
// with the statement, and never read as introducing a variable.
var stStopWords = stWordSet(`a an the of to in on at by for with from into onto as is are be been being
	was were this that these those it its and or but if then than so such which who whom whose what when
	where while there here we us our one can may must do does did has have had not no any all some each
	every let also only both either neither nor very more most less least much many other another same own
	ie eg cf etc via about over under between among within without up down out off per whether how why
	their they them his her he she you your i`)

// stGenericTitleWords name the kind of record rather than its subject ("conjecture", "problem").
var stGenericTitleWords = stWordSet(`conjecture conjectures problem problems question questions hypothesis
	theorem lemma open form version variant variants case cases part parts generalization generalisation
	analogue analog strong weak strengthening weakening statement existence famous classical`)

// stNonDeclaring are words that, right before a formula, do not introduce it: prepositions,
// verbs and connectives ("divides $n$", "between $n^2$", "than $C$").
var stNonDeclaring = func() map[string]bool {
	m := stWordSet(`that is are be been of to in on at by from into onto than then as and or but if when
		whenever whether so also not no has have had having holds hold equals equal exceeds exceed divides
		divide contains contain containing satisfies satisfy satisfying implies imply gives give show shows
		prove proves find finds determine compute decide between over under within modulo mod exactly least
		most only about approximately via among through below above near after before while does do did can
		cannot must may might will would should could with without such which whose who what how why it its
		this these those their there here we our one both either neither nor very more less much many other
		another same own thus hence therefore since because unless until whereas although though up down
		out off per plus minus times iff namely say called call known attains lies lie belongs belong tends
		converges grows divided multiplied replaced maps sends takes yields obtain obtained equivalently
		moreover furthermore indeed again still even though least same`)
	for w := range stStopWords {
		m[w] = true
	}
	return m
}()

// stIntroducers are words after which a formula introduces its variables: quantifiers and the
// verbs of a declaration ("for every $n$", "let $G$", "fix $k$", "where $x$").
var stIntroducers = stWordSet(`for every each all any some given fix consider take choose pick exists
	exist suppose assume whenever`)

// stLetWords introduce every identifier of the formula after them ("let $T(n) = n/2$").
var stLetWords = stWordSet(`let where define denote write put call`)

// stFunctionWords are multi-letter names written without a backslash that are functions, not
// products of variables ("$log x$").
var stFunctionWords = stWordSet(`log ln lg exp sin cos tan cot sec csc sinh cosh tanh max min sup inf lim
	liminf limsup gcd lcm deg dim det ker rank tr mod sgn sign arg card diam dist vol var cov id im re
	ord rad lcm li`)

// stGreekFunctions are Greek letters that, applied to an argument, name a standard function of
// number theory or analysis (\zeta(s), \varphi(n), \Gamma(z), O-type bounds \Omega(n), \Theta(n)).
var stGreekFunctions = stWordSet(`\zeta \Gamma \varphi \phi \mu \Lambda \sigma \tau \omega \Omega \theta
	\vartheta \psi \chi \pi \lambda \Theta \rho \nu \Phi \Psi`)

// stAbbreviations end with a full stop that does not end a sentence.
var stAbbreviations = stWordSet(`e.g i.e eg ie cf resp approx vs al thm prop lem sec ch eq eqs no nos vol pp
	fig dr prof st mr ms jr math ann proc trans j amer soc univ ed eds def cor rem ex resp ibid op cit`)
