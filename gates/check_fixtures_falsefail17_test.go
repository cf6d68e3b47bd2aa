package gates

import "testing"

// The class of the clean packet an eighteenth blind split FAILed, read by its shape on a problem
// of its own: a numerical criterion that writes its bounds and their width with TeX relations
// ("$L\leq U$ with $U-L\leq 1/10000$", "$c \pm 1/20000$") names numerical evidence as the same
// relations written ≤ or ± do, and passes; one that compares only in words ("at most", "no
// less than") may ask for numbers or only for an argument, which a person reads; one that
// compares nothing, or whose only TeX command merely starts like a relation ("\left"), still
// asks for no numerical evidence and FAILs.

func TestReadingNumericalCriterionInTeX(t *testing.T) {
	t.Parallel()
	acc := acceptanceGate
	criterion := func(c string) func(r *Revision) { return func(r *Revision) { r.Acceptance.Criterion = c } }
	runReadingCases(t, []readingCase{
		{name: "TeX relations: two ends and their width", gate: acc, check: checkAcceptanceNumerical, base: numericalClean, want: Pass,
			change: criterion(`Rationals $L\leq U$ with $U-L\leq 1/10000$, thirteen explicit points of the square all of whose triangles have area at least $L$, and a proof that any thirteen points of the square span a triangle of area at most $U$.`)},
		{name: "TeX relations: slanted signs", gate: acc, check: checkAcceptanceNumerical, base: numericalClean, want: Pass,
			change: criterion(`Rationals $L$ and $U$ with $U - L \leqslant 1/10000$, thirteen explicit points whose triangles all have area $\geqslant L$, and a proof that some triangle of any thirteen points has area $\leqslant U$.`)},
		{name: "TeX relations: a centre and a half-width", gate: acc, check: checkAcceptanceNumerical, base: numericalClean, want: Pass,
			change: criterion(`A rational $c$ with $\Delta_{13} = c \pm 1/20000$, shown by thirteen explicit points of the square on one side and a proof on the other.`)},
		{name: "words: a comparison with no sign or value", gate: acc, check: checkAcceptanceNumerical, base: numericalClean, want: NeedsHuman, quote: "at most",
			change: criterion(`Two rationals whose difference is at most one ten-thousandth, the first realised by thirteen explicit points of the square, the second shown by a proof never to be exceeded.`)},
		{name: "words: no less than", gate: acc, check: checkAcceptanceNumerical, base: numericalClean, want: NeedsHuman, quote: "no less than",
			change: criterion(`Thirteen explicit points of the square whose smallest triangle has area no less than the conjectured optimum, and a proof that no configuration does better.`)},
		{name: "no comparison at all", gate: acc, check: checkAcceptanceNumerical, base: numericalClean, want: Fail, quote: "A proof that thirteen points",
			change: criterion(`A proof that thirteen points of the square always span a small triangle, and the extremal configuration.`)},
		{name: "a TeX command that only starts like a relation", gate: acc, check: checkAcceptanceNumerical, base: numericalClean, want: Fail, quote: `\left|`,
			change: criterion(`A proof of the extremal configuration, with the areas $\left|\det(p_j - p_i, p_k - p_i)\right|/2$ of its triangles.`)},
	})
}
