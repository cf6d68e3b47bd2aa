package gates

import "regexp"

// A relevance note states a result of the work without naming it a theorem as often as with:
// "Proved there: every poset that is not a chain has x, y with (5 − √5)/10 ≤ Pr(x ≺ y)", "They
// prove that the space spanned by … has dimension at least (1 − ε) log a". What marks such a
// note is its shape: a verb by which the work obtains a result, then a claim a reader could
// check only at its place, one that holds a relation, a quantitative bound, a claim that
// something exists or does not, or a claim about every object of a kind ("every locally
// compact group acting faithfully on a manifold of dimension three is a Lie group"). The verb may name what it obtains before the result ("Proves
// Sierpiński's conjecture: for every k ≥ 2 …"). Over an empty
// locator it goes to a person, as a named theorem does. The work may also be named as the
// claim's source instead of a verb ("According to this paper there is a polytope with …").

// refStatedResultRe finds a verb by which a work obtains a result, followed by the result.
var refStatedResultRe = regexp.MustCompile(`(?i)\b(?:proved|proves|prove|proven|shows|showed|shown|show|establishes|established|establish|obtains|obtained|derives|derived|gives a proof)\b\s*(?:there|here|in it|in this work)?\s*(?:(?:[\p{L}'’-]+\s+){0,3}[\p{L}'’-]+\s*)?(?:that|:)`)

// refAttributedResultRe finds a result the note attributes to the work without a verb of
// proof: "According to this paper there is a 43-dimensional polytope …", "According to the
// authors, every …".
var refAttributedResultRe = regexp.MustCompile(`(?i)\baccording to (?:this|the|that|these|its) (?:paper|article|work|authors?|author's|book|survey|thesis|preprint|note|monograph|memoir)s?\b\s*,?`)

// refQuantitativeRe finds a relation, a quantitative bound, a claim of existence, a universal
// claim or an implication in a claim: "≤", "=", "at least 3", "exactly k", "no projective plane
// of order 10 exists", "every such group is a Lie group", "if the group is finite then its
// order is even", "a graph is planar if and only if …", "each eigenfunction attains its maximum
// only on the boundary", "the orbit never returns".
var refQuantitativeRe = regexp.MustCompile(`[≤≥<>=≠≈]|\\(?:le|ge|leq|geq|lt|gt|ne)\b|(?i)\b(?:at least|at most|greater than|less than|exceeds?|bounded by|exactly|no\s+[\p{L}0-9-]+(?:\s+[\p{L}0-9-]+){0,6}\s+exists?|there (?:is|are|exists?) no|does not exist|do not exist|not exist|infinitely many|finitely many|unique)\b|(?i)\b(?:every|each|any|all)\s+[^.;:]{1,120}?\s(?:is|are|has|have|admits?|acts?|lies|lie|contains?|satisfies|satisfy|embeds?|attains?|takes?|reach(?:es)?|achieves?|equals?|holds?|vanish(?:es)?|converges?|extends?|belongs?|occurs?|exists?|meets?|maps?|fix(?:es)?|grows?|can|must)\s|(?i)\b(?:only (?:on|at|in|when|if)|never|always)\b|(?i)\bif\b[^.;:]{3,200}?\bthen\b|(?i)\b(?:if and only if|iff|implies|forces)\b`)

// refStatedResult returns the span of a note that states a quantitative result of the work
// after a verb that obtains it, or ok false.
func refStatedResult(note string) (start, end int, ok bool) {
	m := refStatedResultRe.FindStringIndex(note)
	if m == nil {
		m = refAttributedResultRe.FindStringIndex(note)
	}
	if m == nil || !refQuantitativeRe.MatchString(note[m[1]:]) {
		return 0, 0, false
	}
	return m[0], m[1], true
}
