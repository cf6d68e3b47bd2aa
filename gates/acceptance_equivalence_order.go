package gates

import (
	"regexp"
	"strings"
)

// An equivalence must be symmetric: two objects are one class when each is related to the other.
// A relation of containment or order ("one is a minor of the other", "one contains the other",
// "the first divides the second", "one embeds in the other") is not: every matroid has the empty
// matroid as a minor, and the chains it makes are no classes to list. What such relations share
// is their shape, one object placed below or inside the other, whatever the object; a relation
// made symmetric in words ("each is a minor of the other", "and conversely") is an equivalence
// again. A comparison of two objects ("one is finer than the other", "the first is weaker than
// the second") is an order too: comparability is reflexive and symmetric but not transitive
// (two incomparable topologies are both coarser than the discrete one), so it makes no classes
// either. The two objects may be named by letters ("≤′ extends ≤", "G is a minor of H") instead
// of "one" and "the other"; the shape is the same. A containment may also be written through the
// parts or symmetries of the two objects ("every automorphism of A is also an automorphism of B",
// "each edge of one is an edge of the other"): the same noun on both sides of one "is", one way
// only. The phrase goes to a person, since a relation may be symmetric for reasons of its own.

// equivalenceOrderRe finds a relation of order or containment between two objects.
var equivalenceOrderRe = regexp.MustCompile(`(?i)\b(?:one|the first|either)\s+(?:of them\s+)?(?:is|lies)\s+(?:[\p{L}-]+\s+(?:to|in|with)\s+)?(?:an?\s+|the\s+)?(?:[\p{L}-]+\s+)?(?:minor|sub[\p{L}-]+|factor|divisor|multiple|quotient|refinement|coarsening|extension|restriction|subdivision|contraction|deletion|speciali[sz]ation|degeneration|homomorphic image|cover|prefix|suffix|truncation|lift|descendant|ancestor|predecessor|successor)\s+of\s+the\s+(?:other|second)\b|\b(?:one|the first|either)\s+(?:of them\s+)?(?:contains|divides|embeds\s+in(?:to)?|dominates|precedes|covers|extends|refines|majori[sz]es|is\s+(?:contained|included|embedded|embeddable)\s+in|is\s+(?:at most|at least|below|above|(?:strictly\s+)?(?:less|greater|smaller|larger|bigger|finer|coarser|stronger|weaker|higher|lower|richer|poorer)\s+than))\s+(?:the\s+)?(?:other|second)\b`)

// equivalenceNamedOrderRe finds the same relation between two objects named by a letter or a
// symbol: "≤′ extends ≤", "$P$ refines $Q$", "G is a minor of H", "A ⊆ B", and through a relation
// that places one inside a copy of the other ("G is isomorphic to a spanning subgraph of H").
var equivalenceNamedOrderRe = regexp.MustCompile(`(?:^|[\s(])(\$?[\p{L}≤≼⪯⊑](?:[′'’_0-9]|\\prime)*\$?)\s+(?:extends|refines|contains|divides|dominates|majori[sz]es|embeds\s+in(?:to)?|is\s+(?:[\p{L}-]+\s+(?:to|in|with)\s+)?(?:an?\s+|the\s+)?(?:[\p{L}-]+\s+)?(?:minor|sub[\p{L}-]+|extension|refinement|coarsening|restriction|quotient|factor|divisor|multiple|homomorphic image)\s+of|is\s+(?:contained|included|embedded)\s+in|(?:⊆|⊂|⊑|≼|⪯|\\subseteq|\\subset|\\preceq))\s+(\$?[\p{L}≤≼⪯⊑](?:[′'’_0-9]|\\prime)*\$?)(?:[\s,.;:)]|$)`)

// equivalenceEveryRe finds a containment written through a part or symmetry of each object: "every
// automorphism of A is also an automorphism of B", "each block of the first is a block of the
// second". The two nouns are compared by equivalenceEvery.
var equivalenceEveryRe = regexp.MustCompile(`(?i)\b(?:every|each|any|all(?:\s+the)?)\s+([\p{L}-]{3,}?)s?\s+of\s+(\$?[\p{L}](?:[′'’_0-9]|\\prime)*\$?|one|the first|the one)\s+(?:is|are)\s+(?:also\s+|then\s+|again\s+)?(?:an?\s+|the\s+)?([\p{L}-]{3,}?)s?\s+of\s+(\$?[\p{L}](?:[′'’_0-9]|\\prime)*\$?|the other|the second)(?:[\s,.;:)]|$)`)

// equivalenceSymmetricRe finds words that make a relation symmetric: "each is a minor of the
// other", "and vice versa", "and conversely", "mutually".
var equivalenceSymmetricRe = regexp.MustCompile(`(?i)\b(?:each\s+(?:of them\s+)?(?:is|contains|divides|embeds)|vice versa|and conversely|mutual(?:ly)?|both ways|in both directions|each other)\b`)

// acceptanceEquivalenceOrder asks a person about an equivalence written as a relation of order
// or containment, which is not symmetric and so makes no classes. It reports whether it asked.
func acceptanceEquivalenceOrder(equivalence string, out *Report) bool {
	m := equivalenceOrderRe.FindStringIndex(equivalence)
	if m == nil {
		m = equivalenceNamedOrder(equivalence)
	}
	if m == nil {
		m = equivalenceEvery(equivalence)
	}
	if m == nil || equivalenceSymmetricRe.MatchString(equivalence) {
		return false
	}
	sp := SpanOf(fieldAcceptanceEquivalence, equivalence, m[0], m[1])
	out.NeedsHuman(checkAcceptanceClassification, sp,
		"acceptance.equivalence relates two objects when “"+sp.Quote+"”, a relation of order, containment or comparison: it is not an equivalence (one object may lie below the other but not the other below it, and two objects below a third need not be related), so it defines no classes to list; a person must confirm that the relation is an equivalence.",
		"Write in acceptance.equivalence a symmetric relation (for example “isomorphic matroids are identified”), or say that each object must be related to the other.")
	return true
}

// equivalenceNamedOrder returns the place of a relation of order between two objects named by
// letters, unless the relation is also stated the other way round ("H extends G and G extends
// H"), or nil.
func equivalenceNamedOrder(equivalence string) []int {
	all := equivalenceNamedOrderRe.FindAllStringSubmatchIndex(equivalence, 4)
	for _, n := range all {
		a, b := equivalence[n[2]:n[3]], equivalence[n[4]:n[5]]
		if a == b {
			continue
		}
		reversed := false
		for _, o := range all {
			if equivalence[o[2]:o[3]] == b && equivalence[o[4]:o[5]] == a {
				reversed = true
			}
		}
		if !reversed {
			return []int{n[2], n[5]}
		}
	}
	return nil
}

// equivalenceEvery returns the place of a containment written through the same part or symmetry
// of two different objects ("every automorphism of A is also an automorphism of B"), or nil.
func equivalenceEvery(equivalence string) []int {
	for _, n := range equivalenceEveryRe.FindAllStringSubmatchIndex(equivalence, 4) {
		noun1, a := strings.ToLower(equivalence[n[2]:n[3]]), strings.Trim(equivalence[n[4]:n[5]], "$")
		noun2, b := strings.ToLower(equivalence[n[6]:n[7]]), strings.Trim(equivalence[n[8]:n[9]], "$")
		if noun1 == noun2 && a != b {
			return []int{n[0], n[9]}
		}
	}
	return nil
}
