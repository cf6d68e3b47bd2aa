package gates

import (
	"regexp"
	"sort"
	"strings"
)

// A packet often says which kind of object it excludes: "graphs are simple and undirected",
// "unweighted", "non-orientable". A relevance note whose subject is the excluded kind
// ("Classifies the countable homogeneous directed graphs") describes another classification or
// another problem, even when every other word of it is the problem's. What marks it is that the
// note's subject, in its opening words, uses the plain word ("directed") whose negation ("un-",
// "non-") the packet uses while the packet never uses the plain word and the note never the
// negation. A note may cite the other kind for contrast, so the finding goes to a person.

// relevanceNegatedRe finds a negated adjective in the packet: "undirected", "non-orientable",
// "nonplanar"; group 1 is the plain word.
var relevanceNegatedRe = regexp.MustCompile(`(?i)\b(?:un|non-?)(\p{L}{5,})\b`)

// relevanceExcludedKind returns the span of a note's subject word whose negation the problem
// text prob uses and never the word itself, or ok false.
func relevanceExcludedKind(note, prob string) (start, end int, ok bool) {
	lowProb := strings.ToLower(prob)
	negated := map[string]bool{}
	for _, m := range relevanceNegatedRe.FindAllStringSubmatch(lowProb, -1) {
		negated[m[1]] = true
	}
	if len(negated) == 0 {
		return 0, 0, false
	}
	lowNote := strings.ToLower(note)
	head := lowNote
	if i := strings.IndexAny(head, ",;:.("); i >= 0 {
		head = head[:i]
	}
	words := make([]string, 0, len(negated))
	for w := range negated {
		words = append(words, w)
	}
	sort.Strings(words)
	for _, w := range words {
		re := regexp.MustCompile(`(?:^|[^\p{L}-])` + regexp.QuoteMeta(w) + `\b(\s+\p{L}+)?`)
		m := re.FindStringSubmatchIndex(head)
		if m == nil || re.MatchString(lowProb) || relevanceNegates(lowNote, w) {
			continue
		}
		s := strings.Index(head[m[0]:], w) + m[0]
		e := s + len(w)
		if m[2] >= 0 {
			e = m[3]
		}
		return s, e, true
	}
	return 0, 0, false
}

// relevanceNegates reports whether low uses the negation of w.
func relevanceNegates(low, w string) bool {
	for _, m := range relevanceNegatedRe.FindAllStringSubmatch(low, -1) {
		if m[1] == w {
			return true
		}
	}
	return false
}

// A note may also name the problem's own quantity under a modifier that makes it another one:
// "the optimal pebbling number" in a packet about the pebbling number, "the fractional chromatic
// number" in one about the chromatic number, "the total domination number" in one about the
// domination number. The phrase after the modifier is the problem's; the modifier, which the
// problem never uses, says the note is about a variant studied apart.

// relevanceVariantRe finds a modifier that makes a quantity or an object a variant, and the two
// words after it.
var relevanceVariantRe = regexp.MustCompile(`(?i)\b(optimal|fractional|total|list|weighted|signed|acyclic|equitable|circular|rainbow|induced|restricted|game|online|on-line|dynamic|defective|improper|relaxed|capacitated|rubbling|t-fold|k-fold|distance-[0-9a-z]+|paired|roman)\s+([\p{L}-]+\s+[\p{L}-]+)`)

// relevanceVariantQuantity returns the span of a variant of the problem's quantity the note is
// about, or ok false.
func relevanceVariantQuantity(note, prob string) (start, end int, ok bool) {
	low := " " + strings.ToLower(stPlainWords(prob)) + " "
	for _, m := range relevanceVariantRe.FindAllStringSubmatchIndex(note, 4) {
		mod, phrase := strings.ToLower(note[m[2]:m[3]]), strings.ToLower(note[m[4]:m[5]])
		if f := strings.Fields(phrase); len(f) != 2 || stStopWords[f[0]] || relevanceObjectStops[f[0]] || stStopWords[f[1]] || relevanceObjectStops[f[1]] {
			continue // "restricted to the …": a verb's complement, not a quantity
		}
		if !strings.Contains(low, " "+phrase+" ") && !strings.Contains(low, " "+phrase+",") && !strings.Contains(low, " "+phrase+".") || relevanceWordIn(low, mod) {
			continue
		}
		return m[0], m[1], true
	}
	return 0, 0, false
}

// relevanceWordIn reports whether low (lower-cased, padded with spaces) uses the word w.
func relevanceWordIn(low, w string) bool {
	return regexp.MustCompile(`(?:^|[^\p{L}])` + regexp.QuoteMeta(w) + `(?:$|[^\p{L}])`).MatchString(low)
}
