package gates

import (
	"fmt"
	"regexp"
)

// Matrices, vectors and polynomials are letters with a domain of their own: their entries or
// coefficients lie in some ring, and the question changes with it ("AB = Σ …" for all 3 × 3
// matrices over 𝔽₂, read as an identity of functions, is weaker than the polynomial identity
// over ℤ). "For all 3 × 3 matrices A, B" introduces A and B as matrices and so passes as a
// declaration, but says nothing of where the entries lie. The shape is the same whatever the
// object: a quantifier over such objects with no ring in its clause ("over", "with entries in",
// "real", "ℤ", "\mathbb{F}_q") and none for the statement's matrices anywhere else in it.

// stRingObjectRe finds a quantified collection of matrices, vectors or polynomials: "for all
// $3 \times 3$ matrices $A$, $B$", "every polynomial $p$", "any vectors $u, v$", and the
// generic article that quantifies as well ("for a polynomial $f$ of degree $d$ …").
var stRingObjectRe = regexp.MustCompile(`(?i)\b(?:for\s+all|for\s+every|for\s+any|for\s+each|for\s+an?|given\s+an?|all|every|any|each)\s+(?:\$[^$]{1,40}\$\s+)?(?:square\s+)?(matrices|matrix|vectors|vector|polynomials|polynomial)\s+\$`)

// stRingNamedRe finds a ring or field a clause names for its objects after them; one named
// before them ("all real polynomials") keeps stRingObjectRe from matching at all. "Over" names
// one only before a ring or a symbol ("over $\mathbb{F}_q$", "over every field"), not when a
// minimum or a sum runs over something ("the minimum being over the critical points").
var stRingNamedRe = regexp.MustCompile(`(?i)\bover\s+(?:\$|\\mathbb|\\mathrm|[ℝℂℚℤℕ𝔽]|(?:(?:a|an|the|any|every|some|each|all)\s+)?(?:[\p{L}-]+\s+){0,2}(?:fields?|rings?|reals|rationals|integers|complexes|numbers|domains?|characteristic|algebras?|semirings?|[ℝℂℚℤℕ𝔽])\b)|\bwith\s+(?:[\p{L}-]+\s+){0,2}(?:coefficients|entries)\b|\bentries\s+(?:in|from)\b|\bcoefficients?\s+(?:in|from)\b|\\mathbb|[ℝℂℚℤℕ𝔽]|\\in\s*M|\bM_\{?[0-9a-z]|\\mathrm\{(?:GL|SL|M|Mat)\}|\bGF\(`)

// stRingUnstated asks a person about a quantified collection of matrices, vectors or
// polynomials whose clause names no ring. It returns the number of findings.
func stRingUnstated(a *stAnalysis, out *Report) int {
	t := a.stmt
	src := t.src
	for _, m := range stRingObjectRe.FindAllStringSubmatchIndex(src, 5) {
		_, clauseEnd := sentenceAround(src, m[0])
		for _, sep := range []string{";", ", where", ", with", ". "} {
			if i := indexFrom(src, sep, m[1]); i >= 0 && i < clauseEnd {
				clauseEnd = i
			}
		}
		if stRingNamedRe.MatchString(src[m[0]:min(len(src), clauseEnd+40)]) {
			continue
		}
		sp := t.span(m[0], min(clauseEnd, m[1]+60))
		out.NeedsHuman(stCheckDomain, sp,
			fmt.Sprintf("The statement quantifies over %s (“%s”) without saying where their entries or coefficients lie (no ring or field, no “over …”); the question may change with it, so a person must confirm that the domain is determined.", src[m[2]:m[3]], clipText(sp.Quote, 80)),
			"Say over which ring or field the "+src[m[2]:m[3]]+" are taken (for example “with entries in ℤ”, “over every commutative ring”, “real”).")
		return 1
	}
	return 0
}

// indexFrom is strings.Index of sep in s from byte i on, as an offset of s, or -1.
func indexFrom(s, sep string, i int) int {
	if i > len(s) {
		return -1
	}
	for j := i; j+len(sep) <= len(s); j++ {
		if s[j:j+len(sep)] == sep {
			return j
		}
	}
	return -1
}

// A set is a letter with a domain of its own too: "every finite set A with |A| ≥ n₀ satisfies
// max(|A + A|, |A·A|) ≥ |A|^c" asks one thing of sets of reals and another of subsets of a
// finite field, where A + A may be as small as A. The shape is a quantifier over sets named by a
// letter with nothing that places them: no "of …", "in …", "⊂ …" in their clause, and no "A ⊆ X"
// for the letter anywhere in the statement.

// stSetObjectRe finds a quantified set named by a letter: "every finite set $A$", "all
// non-empty subsets $S$", "for any set $X$".
var stSetObjectRe = regexp.MustCompile(`(?i)\b(?:for\s+all|for\s+every|for\s+any|for\s+each|all|every|any|each)\s+(?:(?:finite|infinite|non-?empty|nonempty|countable|arbitrary)\s+)*(sets?|subsets?)\s+\$\s*([A-Za-z])\s*\$`)

// stSetPlacedRe finds what places a set in its clause: a containment, "of …", "in …", "from
// …", a number system.
var stSetPlacedRe = regexp.MustCompile(`(?i)^\s*(?:\$?\s*(?:\\subset|\\subseteq|\\subsetneq|⊂|⊆|\\in\b|∈)|(?:,\s*)?(?:in|from|inside|within|on)\b)|\\mathbb|[ℝℂℚℤℕ𝔽]`)

// stSetOfRe finds "of …" after a set, which places it unless it gives its size ("of size k").
var stSetOfRe = regexp.MustCompile(`(?i)^\s*(?:,\s*)?of\s+(?:(size|cardinality|order)\b)?`)

// stSetUnplaced asks a person about a quantified set whose clause names no ambient set. It
// returns the number of findings.
func stSetUnplaced(a *stAnalysis, out *Report) int {
	t := a.stmt
	src := t.src
	for _, m := range stSetObjectRe.FindAllStringSubmatchIndex(src, 5) {
		letter := src[m[4]:m[5]]
		_, clauseEnd := sentenceAround(src, m[0])
		for _, sep := range []string{";", ", where", ", with", ". "} {
			if i := indexFrom(src, sep, m[1]); i >= 0 && i < clauseEnd {
				clauseEnd = i
			}
		}
		clause := src[m[1]:max(m[1], clauseEnd)]
		if of := stSetOfRe.FindStringSubmatch(clause); of != nil && of[1] == "" || stSetPlacedRe.MatchString(clause) ||
			regexp.MustCompile(`(?:^|[^\\A-Za-z])`+letter+`\s*\$?\s*(?:\\subset|\\subseteq|\\subsetneq|⊂|⊆)`).MatchString(src) {
			continue
		}
		sp := t.span(m[0], m[1])
		out.NeedsHuman(stCheckDomain, sp,
			fmt.Sprintf("The statement quantifies over %s %s (“%s”) without saying where they lie (no “%s ⊂ …”, no “of …” or “in …”); the question may change with the ambient set (integers, reals, a group, a finite field), so a person must confirm that the domain is determined.", src[m[2]:m[3]], letter, clipText(sp.Quote, 80), letter),
			"Say where the "+src[m[2]:m[3]]+" lie (for example “every finite set "+letter+" ⊂ ℝ”, “every finite set "+letter+" of integers”).")
		return 1
	}
	return 0
}
