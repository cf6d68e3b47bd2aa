package gates

import (
	"fmt"
	"regexp"
	"strings"
)

// The property that picks out the objects asked for may also come last, as a predicate:
// "Determine all primitive ternary forms … that are regular." An adjective that standard
// vocabulary knows only in compounds with several nouns ("regular graph", "regular cardinal",
// "regular polygon") means something different with each, and with a noun of none of them it
// means what the packet says, or nothing a reader can tell. Used by other fields of the packet
// it is still undefined ("$x^2 + y^2 + z^2$ is regular: …" asserts, it does not define). The
// shape is the predicate "that are X" ending the clause that asks, and no definition of X in
// the packet: a definition entry for it, "is X if …", "X means …", "called X".

// stAskedPredicateRe finds an adjective a clause that asks ends with: "… that are regular.",
// "… which are admissible?".
var stAskedPredicateRe = regexp.MustCompile(`(?i)\b(?:that|which)\s+are\s+(?:all\s+)?([\p{L}-]{3,})\s*(?:[.?;]|$)`)

// stAskingVerbRe finds a verb by which a sentence asks for objects.
var stAskingVerbRe = regexp.MustCompile(`(?i)\b(?:determine|find|classify|list|enumerate|count|describe|characteri[sz]e|give)\b`)

// stPolysemous reports whether the vocabulary knows the word only in compounds, with at least
// two different nouns after it.
func stPolysemous(v *stVocab, w string) bool {
	if v.standard([]string{w}) {
		return false
	}
	return stCompoundNouns(v, w)
}

// stCompoundNouns reports whether the vocabulary knows the word in compounds with at least two
// different nouns after it ("uniform distribution", "uniform convergence"), so that what it
// means depends on the noun it modifies.
func stCompoundNouns(v *stVocab, w string) bool {
	prefix := stKey([]string{w}) + " "
	nouns := map[string]bool{}
	for k := range v.terms {
		if rest, ok := strings.CutPrefix(k, prefix); ok && !strings.Contains(rest, " ") {
			nouns[rest] = true
		}
	}
	return len(nouns) >= 2
}

// stDefinesWord reports whether some field of the packet defines the word: a definition entry
// whose term holds it, "is X if", "are called X", "X means", "said to be X when".
func stDefinesWord(a *stAnalysis, w string) bool {
	q := regexp.QuoteMeta(w)
	re := regexp.MustCompile(`(?i)\b(?:is|are|be)\s+(?:called\s+|said\s+to\s+be\s+|termed\s+)?` + q + `\s+(?:if|iff|when|whenever|provided|in case)\b|\b` + q +
		`\b\s*(?:means|if and only if|stands for)\b|\b(?:call|calls|called|term|termed|say|says)\s+(?:[^.;]{0,60}\s)?` + q + `\b|\b` + q + `\b[^.;]{0,20}\bis defined\b`)
	texts := []string{a.r.Statement}
	for _, e := range a.r.Exposition {
		if strings.Contains(strings.ToLower(e.Term), strings.ToLower(w)) {
			return true
		}
		texts = append(texts, e.Body)
	}
	for _, s := range texts {
		if re.MatchString(s) {
			return true
		}
	}
	return false
}

// stAskedPredicate asks a person about an adjective that ends the asking clause, that standard
// vocabulary knows only in compounds of several meanings, and that the packet never defines. It
// returns the number of findings.
func stAskedPredicate(a *stAnalysis, v *stVocab, out *Report) int {
	src := a.stmt.src
	for _, m := range stAskedPredicateRe.FindAllStringSubmatchIndex(src, 4) {
		s0, _ := sentenceAround(src, m[0])
		if !stAskingVerbRe.MatchString(src[s0:m[0]]) {
			continue
		}
		w := src[m[2]:m[3]]
		if !stPolysemous(v, w) || stDefinesWord(a, w) {
			continue
		}
		sp := a.stmt.span(m[2], m[3])
		out.NeedsHuman(stCheckTerms, sp,
			fmt.Sprintf("The statement asks for the objects that are “%s”, a word standard vocabulary knows only in compounds of different meanings, and no field of the packet says what it means here; a person must confirm that the objects asked for are determined.", w),
			fmt.Sprintf("Say what “%s” means for these objects (in the statement or in a DEFINITION entry with term “%s”).", w, w))
		return 1
	}
	return stAskedCompoundModifier(a, v, out)
}

// stAskedModifierRe is stAskedPhraseRe with words that hold digits ("5-dimensional").
var stAskedModifierRe = regexp.MustCompile(strings.Replace(stAskedPhraseRe.String(), `((?:[\p{L}-]+\s+){1,4}?)`, `((?:[\p{L}\p{N}-]+\s+){1,4}?)`, 1))

// stAskedCompoundModifier asks a person about an adjective that modifies the noun an asking
// verb asks for ("Classify the convex uniform 5-dimensional polytopes"), that standard
// vocabulary knows in compounds of different meanings but not with this noun, and that no field
// of the packet defines: the same shape as a predicate ending the asking clause, before the
// noun instead of after it. A compound the vocabulary knows ("convex polytope") has its meaning.
// It returns the number of findings.
func stAskedCompoundModifier(a *stAnalysis, v *stVocab, out *Report) int {
	src := a.stmt.src
	for _, m := range stAskedModifierRe.FindAllStringSubmatchIndex(src, 4) {
		words := strings.Fields(src[m[2]:m[3]])
		if len(words) < 2 {
			continue
		}
		head := strings.ToLower(words[len(words)-1])
		at := m[2]
		for _, w := range words[:len(words)-1] {
			i := strings.Index(src[at:], w) + at
			at = i + len(w)
			low := strings.ToLower(w)
			if len([]rune(low)) < 4 || !stAlpha(low) || stStopWords[low] || stAskedCommon[low] || v.standard([]string{low, head}) ||
				v.standard([]string{low, stStem(head)}) || !stCompoundNouns(v, low) || stDefinesWord(a, low) {
				continue
			}
			out.NeedsHuman(stCheckTerms, a.stmt.span(i, i+len(w)),
				fmt.Sprintf("The statement asks for “%s” objects (“%s”), a word standard vocabulary knows in compounds of different meanings but not with “%s”, and no field of the packet says what it means here; a person must confirm that the objects asked for are determined.", w, strings.TrimSpace(src[m[2]:m[3]]), head),
				fmt.Sprintf("Say what “%s” means for these objects (in the statement or in a DEFINITION entry with term “%s”).", w, w))
			return 1
		}
	}
	return 0
}
