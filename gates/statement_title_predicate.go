package gates

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"
)

// A title may name the statement's object and still ask a stronger or another question about
// it: "Is Euler's constant transcendental?" over a statement that asks whether γ is irrational,
// "The list colouring conjecture" over a statement of the total colouring bound. What such
// titles share is a word that says which question (the predicate a yes-or-no title asks, the
// property it asks the object to have, the modifier that names a conjecture or problem) and that the fields stating the question never
// use. The word goes to a person: a title may abbreviate.

// stTitlePredicateRe finds the predicate a yes-or-no title asks: "Is Euler's constant
// transcendental?", "Are all Fermat numbers squarefree?". Group 1 is the predicate.
var stTitlePredicateRe = regexp.MustCompile(`^\s*(?:Is|Are)\s+[^?]*?[^\s?]\s+(\p{Ll}[\p{L}-]{3,})\s*\?\s*$`)

// stTitleHaveRe finds the property a yes-or-no title asks its object to have: "Do the
// Kazhdan–Lusztig polynomials have non-negative coefficients?", "Does every such graph admit a
// perfect matching?". Group 1 is the property's words.
var stTitleHaveRe = regexp.MustCompile(`^\s*(?:Do|Does|Did|Can|Must|Could|Will)\s+[^?]*?\s(?:have|admit|contain|possess|satisfy|attain|carry)\s+(?:(?:a|an|the|only|some|any|all|no)\s+)?([\p{L}’'–-]+(?:\s+[\p{L}’'–-]+){0,2})\s*\?\s*$`)

// stTitleWordRe finds a word of a title.
var stTitleWordRe = regexp.MustCompile(`[\p{L}’'–-]+`)

// stTitleNamedRe finds the words before the kind a title names: "The list colouring
// conjecture", "the lonely runner problem". Group 1 is the words.
var stTitleNamedRe = regexp.MustCompile(`(?i)^\s*(?:the\s+)?((?:[\p{L}’'–-]+\s+){1,3})(?:conjecture|problem|hypothesis|question)\b`)

// stTitleGenericPredicates are predicates any question may ask of its object ("Is the
// conjecture true?").
var stTitleGenericPredicates = stWordSet(`true false correct valid open possible solvable decidable known settled
	resolved unique finite infinite bounded unbounded`)

// stTitleNumberNames are words that name a number without digits ("the unit distance problem"
// over pairs at distance exactly 1).
var stTitleNumberNames = stWordSet(`unit single double triple quadruple half twin`)

// stTitleQuestionWord asks a person about a title whose predicate or whose conjecture's modifier
// the statement, the acceptance criterion, the unresolved target (and, for a modifier, the
// exposition and the attribution) never use. It reports whether it asked.
func stTitleQuestionWord(r *Revision, out *Report) bool {
	asked := r.Statement + " " + r.Acceptance.Criterion + " " + r.OpenStatus.UnresolvedTarget
	if m := stTitlePredicateRe.FindStringSubmatchIndex(r.Title); m != nil {
		w := strings.ToLower(r.Title[m[2]:m[3]])
		before := strings.Fields(strings.ToLower(r.Title[:m[2]]))
		// A noun phrase ("… a square-free number?") ends on a noun, not a predicate: an article
		// among the last two words before it.
		article := false
		for k := max(0, len(before)-2); k < len(before); k++ {
			article = article || before[k] == "a" || before[k] == "an" || before[k] == "the"
		}
		there := len(before) > 1 && before[1] == "there" // "Are there …?" ends on a noun, not a predicate
		if !article && !there && !stTitleGenericPredicates[w] && !stTitleWordIn(w, asked) {
			sp := SpanOf(FieldTitle, r.Title, m[2], m[3])
			out.NeedsHuman(stCheckTitle, sp,
				fmt.Sprintf("The title asks whether its object is “%s”, a word the statement, the acceptance criterion and the unresolved target never use, so the title may ask a stronger or another question than the statement; a person must compare them.", sp.Quote),
				"Retitle the problem after the property the statement asks about, or correct the statement if the title names the intended question.")
			return true
		}
	}
	if m := stTitleHaveRe.FindStringSubmatchIndex(r.Title); m != nil {
		// The property is another question when none of its words is one the fields use.
		var words []string
		for _, w := range strings.FieldsFunc(strings.ToLower(r.Title[m[2]:m[3]]), func(c rune) bool { return !unicode.IsLetter(c) }) {
			if len([]rune(w)) >= 4 && !stStopWords[w] && !stTitleGenericPredicates[w] {
				words = append(words, w)
			}
		}
		other := len(words) > 0
		for _, w := range words {
			other = other && !stTitleWordIn(w, asked)
		}
		if other {
			sp := SpanOf(FieldTitle, r.Title, m[2], m[3])
			out.NeedsHuman(stCheckTitle, sp,
				fmt.Sprintf("The title asks whether its object has “%s”, words the statement, the acceptance criterion and the unresolved target never use, so the title may ask another question than the statement; a person must compare them.", sp.Quote),
				"Retitle the problem after the property the statement asks about, or correct the statement if the title names the intended question.")
			return true
		}
	}
	m := stTitleNamedRe.FindStringSubmatchIndex(r.Title)
	if m == nil {
		return false
	}
	asked += " " + r.Provenance.Attribution
	for _, e := range r.Exposition {
		asked += " " + e.Term + " " + e.Body
	}
	for _, wm := range stTitleWordRe.FindAllStringIndex(r.Title[m[2]:m[3]], 3) {
		i, j := m[2]+wm[0], m[2]+wm[1]
		w := r.Title[i:j]
		low := strings.ToLower(w)
		if _, number := countWords[low]; number || stTitleNumberNames[low] {
			continue // a word that names a number stands for one of the statement's ("unit distance")
		}
		if w != low || stStopWords[low] || stWeakTitleWords[stStem(low)] || len([]rune(low)) < 4 || stTitleWordIn(low, asked) {
			continue // a name, a short, stop or generic word, or a word of the question
		}
		sp := SpanOf(FieldTitle, r.Title, i, j)
		out.NeedsHuman(stCheckTitle, sp,
			fmt.Sprintf("The title names a conjecture or problem by “%s”, a word the statement, the acceptance criterion, the unresolved target, the exposition and the attribution never use, so the title may name another problem than the statement's; a person must compare them.", w),
			"Retitle the problem after the question the statement asks, or correct the statement if the title names the intended problem.")
		return true
	}
	return false
}

// stTitleWordIn reports whether text uses the word w, by its stem or its first five letters
// ("colouring" and "coloured", "irrational" and "irrationality"), a compound by its parts ("unit"
// in "unit-distance graph").
func stTitleWordIn(w, text string) bool {
	stem := stStem(w)
	rw := []rune(w)
	for _, t := range strings.FieldsFunc(strings.ToLower(stPlainWords(text)), func(r rune) bool { return !unicode.IsLetter(r) }) {
		if stStem(t) == stem {
			return true
		}
		if rt := []rune(t); len(rw) >= 5 && len(rt) >= 5 && string(rt[:5]) == string(rw[:5]) {
			return true
		}
	}
	return false
}
