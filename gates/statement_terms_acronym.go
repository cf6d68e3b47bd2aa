package gates

import (
	"fmt"
	"regexp"
)

// An abbreviation stands for a term as a coined word does: "let $\mathcal{D}$ be an SCF of
// subsets" says nothing of the family unless some field spells SCF out. Acronyms are not read
// as coined terms, since most name a standard object or a modifier ("a CW complex", "the TSP
// instance"). What marks one that carries the statement's hypothesis is where it stands: right
// after an article or a quantifier and before a preposition, a formula or the end of a clause,
// the head of its noun phrase; and no other field of the packet, nor a definition entry's term,
// uses it. A reader may know it, so the finding goes to a person.

// stAcronymNounRe finds an acronym as the head of a noun phrase: group 1 is the acronym.
var stAcronymNounRe = regexp.MustCompile(`\b(?:a|an|the|every|each|some|any|no|An|A|The|Every|Each|Some|Any|No)\s+([A-Z][A-Z0-9]*[A-Z][A-Z0-9]*s?)(?:\s+(?:of|on|in|over|with|for|whose|that|which|is|are|has|have)\b|\s*[$,.;:?!)]|\s*$)`)

// stUndefinedAcronyms asks a person about each acronym the statement uses as a noun and no
// other field uses. It returns the number of findings.
func stUndefinedAcronyms(a *stAnalysis, out *Report) int {
	t := a.stmt
	rest := stOutsideStatement(a.r)
	n := 0
	seen := map[string]bool{}
	for _, m := range stAcronymNounRe.FindAllStringSubmatchIndex(t.src, -1) {
		if stInFormula(t, m[2]) {
			continue
		}
		w := t.src[m[2]:m[3]]
		base := w
		if len(w) > 2 && w[len(w)-1] == 's' {
			base = w[:len(w)-1]
		}
		if seen[base] || stAcronyms[base] || regexp.MustCompile(`\b`+base+`s?\b`).MatchString(rest) {
			continue
		}
		seen[base] = true
		n++
		out.NeedsHuman(stCheckTerms, t.span(m[2], m[3]),
			fmt.Sprintf("The statement speaks of “%s”, an abbreviation no other field of the packet uses or spells out, so the object it names (and the hypothesis it carries) is not stated; a person must decide whether it is standard.", w),
			fmt.Sprintf("Spell out “%s” in the statement or a DEFINITION entry with term “%s”.", base, base))
		if n >= 2 {
			break
		}
	}
	return n
}
