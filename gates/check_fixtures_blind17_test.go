package gates

import (
	"testing"

	"github.com/theoremdb/theoremdb/packet"
)

// The classes an eighteenth blind split's defects showed the checks missing, each read by its
// shape on problems of its own with neighbours that must not fire: a sequence defined from its
// earlier terms with no first value however the recurrence is written, through a sum up to the
// equation's own index whose range starts above the sum's lower end ("Σ_{j=0}^{n} C(n, j) e_j =
// 2ⁿ for n ≥ 1"), at multiples of the index ("s₂ₙ = sₙ, s₂ₙ₊₁ = sₙ + 1") or by a function's
// values at the parts of its argument ("d(T₁ ∘ T₂) = max(d(T₁), d(T₂)) + 1", defined
// recursively); a work the packet's prose cites by its authors and title with one arXiv
// identifier while its row carries another; a search space whose only upper bound bounds
// another quantity by the searched number; a certificate resting on a random sample of the
// space; a threshold criterion whose ranges run to the wrong ends of its interval; and a known
// bound written as a fraction that closes a sentence ("0.40 ≤ κ ≤ 3/5."), read as a fraction.

func TestReadingBlind17Recurrence(t *testing.T) {
	t.Parallel()
	st := statementGate
	entry := func(kind packet.ExpositionKind, body string) func(r *Revision) {
		return func(r *Revision) { r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: kind, Body: body}) }
	}
	runReadingCases(t, []readingCase{
		{name: "sum: terms up to the index, none below the range", gate: st, check: stCheckRecurrence, want: NeedsHuman, quote: "Σ_{j=0}^{n} C(n, j) e_j = 2ⁿ",
			change: entry(packet.Convention, "The numbers e_0, e_1, e_2, … are fixed by Σ_{j=0}^{n} C(n, j) e_j = 2ⁿ for every n ≥ 1, and e_5 is the first one above 10.")},
		{name: "sum: in TeX, none below the range", gate: st, check: stCheckRecurrence, want: NeedsHuman, quote: `\sum_{i=0}^{m-1}`,
			change: entry(packet.Definition, `The weights $w_0, w_1, \dots$ satisfy $\sum_{i=0}^{m-1} w_i w_{m-1-i} = w_m$ for $m \ge 2$.`)},
		{name: "sum: the first term given", gate: st, check: stCheckRecurrence, want: Pass,
			change: entry(packet.Convention, "The numbers e_n are fixed by e_0 = 1 and Σ_{j=0}^{n} C(n, j) e_j = 2ⁿ for every n ≥ 1.")},
		{name: "sum: partial sums from the sum's own start", gate: st, check: stCheckRecurrence, want: Pass,
			change: entry(packet.Definition, "Let the odd-cube sequence a_k satisfy Σ_{k=1}^{n} a_k = n³ for n ≥ 1.")},
		{name: "sum: a property of every sequence", gate: st, check: stCheckRecurrence, want: Pass,
			change: entry(packet.Remark, "Every sequence with Σ_{j=0}^{n} C(n, j) e_j = 2ⁿ for n ≥ 1 grows at most exponentially.")},
		{name: "scaled: halving recurrence with no first term", gate: st, check: stCheckRecurrence, want: NeedsHuman, quote: "s₂ₙ = sₙ",
			change: entry(packet.Example, "The binary weight sₙ satisfies s₂ₙ = sₙ and s₂ₙ₊₁ = sₙ + 1 for n ≥ 0, so s₃s₅ = 4.")},
		{name: "scaled: the first term given", gate: st, check: stCheckRecurrence, want: Pass,
			change: entry(packet.Example, "The binary weight sₙ is given by s₀ = 0, s₂ₙ = sₙ and s₂ₙ₊₁ = sₙ + 1 for n ≥ 0.")},
		{name: "scaled: a property of every sequence", gate: st, check: stCheckRecurrence, want: Pass,
			change: entry(packet.Remark, "Any sequence with s₂ₙ = sₙ for all n is fixed by its odd-indexed terms.")},
		{name: "structural: a tree measure with no base case", gate: st, check: stCheckRecurrence, want: NeedsHuman, quote: "d(T₁ ∘ T₂) = max(d(T₁), d(T₂)",
			change: entry(packet.Definition, "The depth of a binary tree is defined recursively by d(T₁ ∘ T₂) = max(d(T₁), d(T₂)) + 1.")},
		{name: "structural: in TeX on formulas, no base case", gate: st, check: stCheckRecurrence, want: NeedsHuman, quote: `c(\neg\varphi)=c(\varphi)`,
			change: entry(packet.Definition, `The connective count is given inductively by $c(\neg\varphi)=c(\varphi)+1$ and $c(\varphi\wedge\psi)=c(\varphi)+c(\psi)+1$.`)},
		{name: "structural: the base case given", gate: st, check: stCheckRecurrence, want: Pass,
			change: entry(packet.Definition, "The depth of a binary tree is defined recursively by d(v) = 0 for a single vertex v and d(T₁ ∘ T₂) = max(d(T₁), d(T₂)) + 1.")},
		{name: "structural: in TeX, the base case given", gate: st, check: stCheckRecurrence, want: Pass,
			change: entry(packet.Definition, `The connective count is given inductively by $c(p)=0$ for atoms, $c(\neg\varphi)=c(\varphi)+1$ and $c(\varphi\wedge\psi)=c(\varphi)+c(\psi)+1$.`)},
		{name: "structural: a functional equation", gate: st, check: stCheckRecurrence, want: Pass,
			change: entry(packet.Remark, "The function satisfies f(x + y) = f(x)f(y) and is continuous, so it is an exponential.")},
	})
}

func TestReadingBlind17Identifiers(t *testing.T) {
	t.Parallel()
	refs := referencesGate
	locator := func(s string) func(r *Revision) { return func(r *Revision) { r.Provenance.SourceLocator = s } }
	runReadingCases(t, []readingCase{
		{name: "identifiers: the row's work cited with another preprint", gate: refs, check: checkRefsRow, want: NeedsHuman, quote: "arxiv:1407.4897",
			change: locator("D. H. J. Polymath, Variants of the Selberg sieve, and bounded intervals containing many primes, arXiv:1402.4849, Theorem 4")},
		{name: "identifiers: the same preprint, another version", gate: refs, check: checkRefsRow, want: Pass,
			change: locator("D. H. J. Polymath, Variants of the Selberg sieve, and bounded intervals containing many primes, arXiv:1407.4897v3, Theorem 4")},
		{name: "identifiers: a preprint of a work the row cites by its DOI", gate: refs, check: checkRefsRow, want: Pass,
			change: locator("Y. Zhang, Bounded gaps between primes, arXiv:1311.4600, Section 1")},
		{name: "identifiers: another work of the same author", gate: refs, check: checkRefsRow, want: Pass,
			change: locator("D. H. J. Polymath, New equidistribution estimates of Zhang type, arXiv:1402.0811, Section 2")},
	})
}

// erdosStrausSearch is a search target over a finite range of integers.
func erdosStrausSearch() *Revision {
	r := computationalClean()
	r.Title = "The Erdős–Straus equation for n between 10¹⁷ and 10¹⁸"
	r.Statement = "Show that for every integer n with 10¹⁷ < n ≤ 10¹⁸ the equation 4/n = 1/x + 1/y + 1/z has a solution in positive integers, or find an n in that range for which it has none."
	r.Acceptance = packet.Acceptance{Kind: packet.Search,
		Criterion:   "An n in the range with a proof that 4/n = 1/x + 1/y + 1/z has no solution, or a certified computation giving, for every n in the range, a solution (x, y, z).",
		SearchSpace: "The integers n with 10¹⁷ < n ≤ 10¹⁸, each tested with denominators x ≤ n; a finite set.",
		Certificate: "The program, its immutable revision, a log of a solution for each n by residue class, checksums per block, and a second run with an independent implementation.",
	}
	return r
}

func TestReadingBlind17Search(t *testing.T) {
	t.Parallel()
	acc := acceptanceGate
	space := func(s string) func(r *Revision) { return func(r *Revision) { r.Acceptance.SearchSpace = s } }
	cert := func(s string) func(r *Revision) { return func(r *Revision) { r.Acceptance.Certificate = s } }
	runReadingCases(t, []readingCase{
		{name: "relative: the only upper bound is by the searched number", gate: acc, check: checkAcceptanceSearch, base: erdosStrausSearch, want: NeedsHuman, quote: "> 10¹⁷",
			change: space("Each n > 10¹⁷ in increasing order, tested with denominators x ≤ n.")},
		{name: "relative: an upper bound of its own as well", gate: acc, check: checkAcceptanceSearch, base: erdosStrausSearch, want: Pass,
			change: space("Each n > 10¹⁷ with n ≤ 10¹⁸ in increasing order, tested with denominators x ≤ n.")},
		{name: "sample: a random sample stands for the range", gate: acc, check: checkAcceptanceSearch, base: erdosStrausSearch, want: NeedsHuman, quote: "drawn at random from the range",
			change: cert("The program and, for 10⁹ integers n drawn at random from the range, a solution (x, y, z) with 4/n = 1/x + 1/y + 1/z.")},
		{name: "sample: a sample re-checks a complete log", gate: acc, check: checkAcceptanceSearch, base: erdosStrausSearch, want: Pass,
			change: cert("The program, its immutable revision and a log of a solution for every n. A second implementation re-checks the solutions of a random sample of the range.")},
		{name: "sample: a sample of blocks", gate: acc, check: checkAcceptanceSearch, base: erdosStrausSearch, want: Pass,
			change: cert("The program, a log of a solution for every n, and the checksums of a random sample of blocks.")},
	})
}

func TestReadingBlind17CriterionEnds(t *testing.T) {
	t.Parallel()
	cons := consistencyGate
	base := func() *Revision {
		r := clean()
		r.Title = "The critical probability of bond percolation on a lattice, to within 0.01"
		r.Statement = "Let θ(q) be the probability that the origin lies in an infinite cluster of bond percolation with parameter q on the lattice, and q_c = inf{q : θ(q) > 0}. Give reals s ≤ t with t − s ≤ 0.01 and proofs that s ≤ q_c ≤ t."
		r.Acceptance = packet.Acceptance{Kind: packet.Numerical,
			Criterion: "Reals s ≤ t with t − s ≤ 0.01, a proof that θ(q) = 0 for every q < s and a proof that θ(q) > 0 for every q > t.",
			Precision: "Absolute width at most 0.01."}
		return r
	}
	crit := func(s string) func(r *Revision) { return func(r *Revision) { r.Acceptance.Criterion = s } }
	runReadingCases(t, []readingCase{
		{name: "ends: below the upper end and above the lower", gate: cons, check: checkConsistencyBounds, base: base, want: NeedsHuman, quote: "for every q < t",
			change: crit("Reals s ≤ t with t − s ≤ 0.01, a proof that θ(q) = 0 for every q < t and a proof that θ(q) > 0 for every q > s.")},
		{name: "ends: non-strict ranges, swapped", gate: cons, check: checkConsistencyBounds, base: base, want: NeedsHuman, quote: "for all q ≥ s",
			change: crit("Reals s ≤ t with t − s ≤ 0.01, a proof that θ(q) > 0 for all q ≥ s and that θ(q) = 0 for all q ≤ t.")},
		{name: "ends: below the lower end and above the upper", gate: cons, check: checkConsistencyBounds, base: base, want: Pass,
			change: crit("Reals s ≤ t with t − s ≤ 0.01, a proof that θ(q) = 0 for all q ≤ s and that θ(q) > 0 for all q ≥ t.")},
		{name: "ends: two variables", gate: cons, check: checkConsistencyBounds, base: base, want: Pass,
			change: crit("Reals s ≤ t with t − s ≤ 0.01, a proof that θ(q) = 0 for every q < t and that the cluster of every x > s is finite.")},
	})
}

func TestReadingBlind17WidthAtSentenceEnd(t *testing.T) {
	t.Parallel()
	cons := consistencyGate
	base := func() *Revision {
		r := clean()
		r.Title = "The Lyapunov exponent of a random matrix product, to within a given width"
		r.Statement = "Let κ be the top Lyapunov exponent of products of independent uniform random matrices from the pair {A, B}. Give reals a ≤ b with b − a ≤ 1/8 and proofs that a ≤ κ ≤ b."
		r.OpenStatus = packet.OpenStatus{StrongestKnown: "Products of norms and the spectral radius give 0.40 ≤ κ ≤ 3/5.", UnresolvedTarget: "A proved interval of width at most 1/8 containing κ."}
		return r
	}
	ask := func(w string) func(r *Revision) {
		return func(r *Revision) {
			r.Statement = "Let κ be the top Lyapunov exponent of products of independent uniform random matrices from the pair {A, B}. Give reals a ≤ b with b − a ≤ " + w + " and proofs that a ≤ κ ≤ b."
		}
	}
	runReadingCases(t, []readingCase{
		{name: "sentence end: a width the bound closing the sentence meets", gate: cons, check: checkConsistencyIncumbent, base: base, want: NeedsHuman, quote: "b − a ≤ 1/4", change: ask("1/4")},
		{name: "sentence end: a width below the known one", gate: cons, check: checkConsistencyIncumbent, base: base, want: Pass, change: ask("1/8")},
	})
}
