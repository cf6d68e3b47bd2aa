package gates

import (
	"fmt"
	"regexp"
	"strings"
)

// A coined word need not be marked: "Determine the affinely rigid space-group types" restricts
// the objects asked for by a property ("rigid") that nothing defines, in plain type, without
// quotation or a hyphen. Where such a word stands is telling: it modifies the noun the asking
// verb asks for, and the rest of the packet — title, exposition, acceptance, status, sources —
// never uses it, so no reader can tell which objects are meant. A modifier that is standard
// vocabulary, a common word of quantity, or any word the packet uses elsewhere is not asked about.

// stAskedCommon are words that say how well or how many objects are asked for, not which.
var stAskedCommon = stWordSet(`best possible optimal exact exactly precise sharp explicit explicitly known unknown
	distinct different possible finitely infinitely many several such certain corresponding respective
	following above below remaining smallest largest least greatest minimal maximal`)

// stAskedPhraseRe finds the noun phrase an asking verb asks for: "Determine the … of",
// "Classify, up to isomorphism, the …", "Find every …". Group 1 is the phrase, up to a
// preposition or a formula.
var stAskedPhraseRe = regexp.MustCompile(`(?i)\b(?:determine|find|classify|list|enumerate|count|describe|characteri[sz]e|give)\s*(?:,\s*up to [\p{L}\s-]{1,40},\s*)?\s+(?:(?:all|the|every|each|a|an)\s+)+((?:[\p{L}-]+\s+){1,4}?)(?:\$|\b(?:of|in|on|for|with|up|that|which|whose|over|under|from|to|and|or)\b)`)

// stAskedModifiers asks a person about each word modifying the noun an asking verb asks for
// that is not standard and that no other field of the packet uses. It returns the number of
// findings.
func stAskedModifiers(a *stAnalysis, v *stVocab, out *Report) int {
	t := a.stmt
	known, prefixes := map[string]bool{}, map[string]bool{}
	for _, w := range strings.Fields(strings.ToLower(stPlainWords(stOutsideStatement(a.r)))) {
		w = strings.Trim(w, "'’-–.,;:()")
		known[stStem(w)] = true
		if rs := []rune(w); len(rs) >= 5 {
			prefixes[string(rs[:5])] = true
		}
	}
	n := 0
	for _, m := range stAskedPhraseRe.FindAllStringSubmatchIndex(t.src, 5) {
		phrase := t.src[m[2]:m[3]]
		words := strings.Fields(phrase)
		if len(words) < 2 {
			continue // a noun alone has no modifier
		}
		at := m[2]
		for _, w := range words[:len(words)-1] {
			i := strings.Index(t.src[at:], w) + at
			at = i + len(w)
			low := strings.ToLower(w)
			stem := strings.TrimSuffix(low, "ly")
			if len([]rune(low)) < 4 || stStopWords[low] || stAttributeCommon[low] || stAskedCommon[low] || stNonDeclaring[low] || v.standard([]string{low}) ||
				v.heads[stStem(low)] || known[stStem(low)] || known[stStem(stem)] || len([]rune(stem)) >= 5 && prefixes[string([]rune(stem)[:5])] ||
				strings.Contains(low, "-") {
				continue
			}
			sp := t.span(i, i+len(w))
			out.NeedsHuman(stCheckTerms, sp,
				fmt.Sprintf("The statement asks for the “%s” objects (“%s”), a property that is not in the vocabulary of standard terms and that no other field of the packet uses or defines, so which objects are asked for is unknown; a person must decide whether it is standard.", w, strings.TrimSpace(phrase)),
				fmt.Sprintf("Define “%s” in a DEFINITION entry, or ask for the objects in standard terms.", w))
			n++
			if n >= 3 {
				return n
			}
		}
	}
	return n
}

// stOutsideStatement joins the fields of the packet other than the statement where a term the
// statement uses may be spelled out: title, acceptance, open status, provenance, exposition and
// the references' citations and notes.
func stOutsideStatement(r *Revision) string {
	var rest strings.Builder
	rest.WriteString(r.Title + " " + r.Acceptance.Criterion + " " + r.Acceptance.Equivalence + " " + r.Acceptance.SearchSpace + " " +
		r.OpenStatus.StrongestKnown + " " + r.OpenStatus.UnresolvedTarget + " " + r.Provenance.Attribution + " " + r.Provenance.SourceLocator)
	for _, e := range r.Exposition {
		rest.WriteString(" " + e.Term + " " + e.Body)
	}
	for _, x := range r.References {
		rest.WriteString(" " + x.Citation + " " + x.Relevance)
	}
	return rest.String()
}
