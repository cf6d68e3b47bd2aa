package gates

import (
	"testing"

	"github.com/theoremdb/theoremdb/packet"
)

// The classes a tenth blind split missed, read by their shape in several phrasings on problems
// of their own, each with neighbours that must not fire: a recorded width with a bound written
// as a fraction; a containment written through the same part of two objects; a false
// congruence between integers; a small case keyed by a word and a value whose count another
// field gives otherwise; a relevance note about an object named after someone the problem never
// names; an estimate beyond the record's bound on a rate of growth; an identifier the prose
// gives to someone who is none of the row's authors; a search range the record says is already
// done; a quantified set placed nowhere; an example that presents, below the bound the record
// states for a kind, an object with the kind's distinguishing word that it does not deny is of
// the kind.

func TestReadingWidthFractionBound(t *testing.T) {
	t.Parallel()
	cons := consistencyGate
	known := func(k string) func() *Revision {
		return func() *Revision { r := numericalClean(); r.OpenStatus.StrongestKnown = k; return r }
	}
	width := func(w string) func(r *Revision) {
		return setStatement(`Let $\Delta_{13}$ be the largest real number $\Delta$ such that some $13$ points in the unit square $[0,1]^2$ have every triangle formed by three of them of area at least $\Delta$. Determine rational numbers $L \le U$ with $U - L \le ` + w + `$ such that $L \le \Delta_{13} \le U$.`)
	}
	runReadingCases(t, []readingCase{
		{name: "width: a lower bound written a/b", gate: cons, check: checkConsistencyIncumbent, base: known("1/200 ≤ Δ₁₃ ≤ 0.0122 by a configuration and a subdivision bound."), want: NeedsHuman, quote: "U - L",
			change: width("0.01")},
		{name: "width: a lower bound written \\tfrac", gate: cons, check: checkConsistencyIncumbent, base: known(`$\tfrac{1}{200} \le \Delta_{13} \le 0.0122$ by a configuration and a subdivision bound.`), want: NeedsHuman, quote: "U - L",
			change: width("0.02")},
		{name: "width: an upper bound written a/b", gate: cons, check: checkConsistencyIncumbent, base: known("0.0065 ≤ Δ₁₃ ≤ 1/50 by a configuration and a subdivision bound."), want: NeedsHuman, quote: "U - L",
			change: width("0.05")},
		{name: "width: the request narrower than a fraction's interval", gate: cons, check: checkConsistencyIncumbent, base: known("1/200 ≤ Δ₁₃ ≤ 0.0122 by a configuration and a subdivision bound."), want: Pass,
			change: width("0.001")},
	})
}

func TestReadingEquivalenceThroughParts(t *testing.T) {
	t.Parallel()
	acc, cls := acceptanceGate, classificationClean
	eq := func(s string) func(r *Revision) { return func(r *Revision) { r.Acceptance.Equivalence = s } }
	runReadingCases(t, []readingCase{
		{name: "parts: every edge of one graph an edge of the other", gate: acc, check: checkAcceptanceClassification, base: cls, want: NeedsHuman, quote: "every edge of G is an edge of H",
			change: eq("Graphs G and H on one vertex set are identified when every edge of G is an edge of H.")},
		{name: "parts: each automorphism of the first", gate: acc, check: checkAcceptanceClassification, base: cls, want: NeedsHuman, quote: "each automorphism of the first is also an automorphism of the second",
			change: eq("Two graphs are identified when each automorphism of the first is also an automorphism of the second.")},
		{name: "parts: all cliques, in the plural", gate: acc, check: checkAcceptanceClassification, base: cls, want: NeedsHuman, quote: "all cliques of $X$ are cliques of $Y$",
			change: eq("We identify $X$ with $Y$ when all cliques of $X$ are cliques of $Y$.")},
		{name: "parts: and conversely", gate: acc, check: checkAcceptanceClassification, base: cls, want: Pass,
			change: eq("Graphs G and H on one vertex set are identified when every edge of G is an edge of H and conversely.")},
		{name: "parts: mapped by a bijection", gate: acc, check: checkAcceptanceClassification, base: cls, want: Pass,
			change: eq("Graph isomorphism: a bijection such that every edge of G is mapped to an edge of H, and every non-edge to a non-edge.")},
		{name: "parts: another noun on each side", gate: acc, check: checkAcceptanceClassification, base: cls, want: Pass,
			change: eq("Graph isomorphism; every vertex of G is an endpoint of H's matching edges under it.")},
	})
}

func TestReadingFalseCongruence(t *testing.T) {
	t.Parallel()
	cons := consistencyGate
	example := func(body string) func(r *Revision) {
		return func(r *Revision) {
			r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: packet.Example, Body: body})
		}
	}
	runReadingCases(t, []readingCase{
		{name: "congruence: a power in TeX", gate: cons, check: checkConsistencyBounds, want: NeedsHuman, quote: `2^{5} \equiv 3 \pmod{31}`,
			change: example(`For $p = 31$ we have $2^{5} \equiv 3 \pmod{31}$, so $2$ has order $5$.`)},
		{name: "congruence: a chain in Unicode", gate: cons, check: checkConsistencyBounds, want: NeedsHuman, quote: "19 ≡ 2 ≡ 7 (mod 5)",
			change: example(`The pair (17, 19) has 19 ≡ 2 ≡ 7 (mod 5), so neither prime is 1 modulo 5.`)},
		{name: "congruence: a bare mod and a negative term", gate: cons, check: checkConsistencyBounds, want: NeedsHuman, quote: "100 ≡ −2 mod 7",
			change: example(`Since 100 ≡ −2 mod 7, the pair (101, 103) avoids the residue class.`)},
		{name: "congruence: a true chain", gate: cons, check: checkConsistencyBounds, want: Pass,
			change: example(`For $p = 31$ we have $2^{5} \equiv 1 \pmod{31}$ and $36 \equiv 0 \equiv -4 \pmod 4$.`)},
		{name: "congruence: a denied congruence", gate: cons, check: checkConsistencyBounds, want: Pass,
			change: example(`Here $19 \not\equiv 2 \pmod 5$, and $x^2 \equiv 3 \pmod 4$ has no solution.`)},
		{name: "congruence: a modulus that goes on", gate: cons, check: checkConsistencyBounds, want: Pass,
			change: example(`Every odd square satisfies 9 ≡ 1 mod 2^k for k ≤ 3, and 5 ≡ 1 mod 4n has no meaning here.`)},
	})
}

func TestReadingSmallCasesKeyedCount(t *testing.T) {
	t.Parallel()
	comp := computationalGate
	search := func(small, remark string) func() *Revision {
		return func() *Revision {
			r := computationalClean()
			r.Computation.SmallCases = small
			r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: packet.Remark, Body: remark})
			return r
		}
	}
	classification := func() *Revision {
		r := classificationClean()
		r.Computation = &packet.Computation{SmallCases: "Order 16: 5 classes; order 20: 3 classes.",
			Certification: "Two independent programs agreeing on the count."}
		return r
	}
	small := func(s string) func(r *Revision) { return func(r *Revision) { r.Computation.SmallCases = s } }
	runReadingCases(t, []readingCase{
		{name: "keyed: a count of another order copied into the row", gate: comp, check: checkCompSmallCases, base: search("Order 16: 5 classes; order 20: 3 classes.", "Hall classified order 16 (5 classes) and order 20 (3 classes)."), want: NeedsHuman, quote: "order 20: 5",
			change: small("Order 16: 5 classes; order 20: 5 classes.")},
		{name: "keyed: a count a relevance note gives before the key", gate: comp, check: checkCompSmallCases, base: search("Order 16: 5 classes.", "Small orders are classified."), want: NeedsHuman, quote: "order 24: 59",
			change: func(r *Revision) {
				r.Computation.SmallCases = "Order 16: 5 classes; order 24: 59 classes."
				r.References[0].Relevance = "Construction of order 428; recalls the 60 inequivalent Hadamard matrices of order 24."
			}},
		{name: "keyed: a letter key with an equals sign", gate: comp, check: checkCompSmallCases, base: search("n = 12: 1; n = 16: 5.", "For n = 16: 5 matrices up to equivalence."), want: NeedsHuman, quote: "n = 16: 4",
			change: small("n = 12: 1; n = 16: 4.")},
		{name: "keyed: a classification with small cases", gate: comp, check: checkCompSmallCases, base: classification, want: NeedsHuman, quote: "order 20: 4",
			change: func(r *Revision) {
				r.Computation.SmallCases = "Order 16: 5 classes; order 20: 4 classes."
				r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: packet.Remark, Body: "The graphs of order 20 (3 classes) are known."})
			}},
		{name: "keyed: the counts agree", gate: comp, check: checkCompSmallCases, base: search("Order 16: 5 classes.", "Hall classified order 16 (5 classes) and order 20 (3 classes)."), want: Pass,
			change: small("Order 16: 5 classes; order 20: 3 classes.")},
		{name: "keyed: a year after the key", gate: comp, check: checkCompSmallCases, base: search("Order 16: 5 classes.", "Hall settled order 20 (1965) and order 16 (1961)."), want: Pass,
			change: small("Order 16: 5 classes; order 20: 3 classes.")},
		{name: "keyed: another key's count", gate: comp, check: checkCompSmallCases, base: search("Order 16: 5 classes.", "There are 60 matrices of order 24."), want: Pass,
			change: small("Order 16: 5 classes; order 20: 3 classes.")},
	})
}

func TestReadingRelevanceForeignName(t *testing.T) {
	t.Parallel()
	refs := referencesGate
	note := func(rel string) func(r *Revision) { return func(r *Revision) { r.References[1].Relevance = rel } }
	runReadingCases(t, []readingCase{
		{name: "foreign name: a possessive problem with a word between", gate: refs, check: checkRefsRelevance, want: NeedsHuman, quote: "Lehmer's totient problem",
			change: note("Describes the known partial results on Lehmer's totient problem and its variants.")},
		{name: "foreign name: numbers named after someone", gate: refs, check: checkRefsRelevance, want: NeedsHuman, quote: "Fermat numbers",
			change: note("Lists the Fermat numbers known to be composite and their smallest factors.")},
		{name: "foreign name: a possessive conjecture", gate: refs, check: checkRefsRelevance, want: NeedsHuman, quote: "Goldbach's weak conjecture",
			change: note("Proves Goldbach's weak conjecture for every odd number above 10^{27}.")},
		{name: "foreign name: a name the problem uses", gate: refs, check: checkRefsRelevance, want: Pass,
			change: note("Discusses Zhang's sequence of admissible tuples and the bound 246.")},
		{name: "foreign name: an acronym", gate: refs, check: checkRefsRelevance, want: Pass,
			change: note("Lists the twin primes below 10^{18} as in the OEIS sequence for prime gaps, with the bound 246.")},
		{name: "foreign name: a list of problems that may hold this one", gate: refs, check: checkRefsRelevance, want: Pass,
			change: note("Places the conjecture among Hardy's four problems on primes and recalls the bound 246.")},
		{name: "foreign name: the first word of a sentence", gate: refs, check: checkRefsRelevance, want: Pass,
			change: note("Current bound 246 on gaps between consecutive primes. Open problems on gaps remain.")},
	})
}

func TestReadingGrowthRate(t *testing.T) {
	t.Parallel()
	cons := consistencyGate
	base := func(statement, known string) func() *Revision {
		return func() *Revision {
			r := numericalClean()
			r.Statement = statement
			r.OpenStatus.StrongestKnown = known
			return r
		}
	}
	rate := base(`Let $N(k)$ be the number of self-avoiding walks of length $k$ on the square lattice and let $\mu = \lim_{k \to \infty} N(k)^{1/k}$. Determine reals $L \le U$ with $U - L \le 10^{-4}$ such that $L \le \mu \le U$.`,
		"2.62 ≤ μ ≤ 2.68 by enumeration and a transfer-matrix bound.")
	exponent := base(`Let $\theta$ be the supremum of all $c > 0$ such that every triangle-free graph on $n$ vertices has an independent set of size at least $n^c$ for $n \ge n_0$. Determine reals $L \le U$ with $U - L \le 10^{-4}$ such that $L \le \theta \le U$.`,
		"0.5 ≤ θ ≤ 0.75 by a greedy bound and a random construction.")
	example := func(body string) func(r *Revision) {
		return func(r *Revision) {
			r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: packet.Example, Body: body})
		}
	}
	runReadingCases(t, []readingCase{
		{name: "growth: a lower estimate above the upper bound", gate: cons, check: checkConsistencyBounds, base: rate, want: NeedsHuman, quote: "N(k) \\ge 3^k",
			change: example(`Walks that go right or up at every step, or turn once, give $N(k) \ge 3^k$ for large $k$.`)},
		{name: "growth: an upper estimate below the lower bound", gate: cons, check: checkConsistencyBounds, base: rate, want: NeedsHuman, quote: "N(k) < 2^{k}",
			change: example(`Since each step has at most two new directions, $N(k) < 2^{k}$.`)},
		{name: "growth: a base through a square root", gate: cons, check: checkConsistencyBounds, base: rate, want: NeedsHuman, quote: "N(k) > 9^{k/2}",
			change: example(`Concatenating walks gives $N(k) > 9^{k/2}$.`)},
		{name: "growth: an exponent below the lower bound", gate: cons, check: checkConsistencyBounds, base: exponent, want: NeedsHuman, quote: "n^{1/3}",
			change: example(`A random graph has independence number $\alpha(G) \le n^{1/3}$ with high probability.`)},
		{name: "growth: an estimate inside the bounds", gate: cons, check: checkConsistencyBounds, base: rate, want: Pass,
			change: example(`Walks that go right or up give $N(k) \ge 2^k$.`)},
		{name: "growth: an exponent inside the bounds", gate: cons, check: checkConsistencyBounds, base: exponent, want: Pass,
			change: example(`A random graph has independence number $\alpha(G) \le n^{2/3}$.`)},
		{name: "growth: a lower size on a supremum", gate: cons, check: checkConsistencyBounds, base: exponent, want: Pass,
			change: example(`The greedy algorithm finds an independent set of size $\ge n^{1/3}$.`)},
	})
}

func TestReadingIdentifierOwner(t *testing.T) {
	t.Parallel()
	refs := referencesGate
	runReadingCases(t, []readingCase{
		{name: "owner: a possessive in the coverage note", gate: refs, check: checkRefsRow, want: NeedsHuman, quote: "arxiv:1407.4897",
			change: func(r *Revision) {
				r.ReferenceSearch.Coverage = "Titles and abstracts through 2026-11-09; Maynard's refinement of the sieve (arXiv:1407.4897) was read."
			}},
		{name: "owner: by a name in a remark", gate: refs, check: checkRefsRow, want: NeedsHuman, quote: "arxiv:1407.4897",
			change: func(r *Revision) {
				r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: packet.Remark, Body: "The bound 246 comes from a computation by Tao (arXiv:1407.4897)."})
			}},
		{name: "owner: a possessive in the open status", gate: refs, check: checkRefsRow, want: NeedsHuman, quote: "doi:10.4007/annals.2014.179.3.7",
			change: func(r *Revision) {
				r.OpenStatus.StrongestKnown = "Gaps are bounded infinitely often, first by Goldston's sieve bound (doi:10.4007/annals.2014.179.3.7)."
			}},
		{name: "owner: the row's own author", gate: refs, check: checkRefsRow, want: Pass,
			change: func(r *Revision) {
				r.ReferenceSearch.Coverage = "Titles and abstracts through 2026-11-09; Zhang's paper (doi:10.4007/annals.2014.179.3.7) and Polymath's bound (arXiv:1407.4897) were read."
			}},
		{name: "owner: a conjecture named after someone", gate: refs, check: checkRefsRow, want: Pass,
			change: func(r *Revision) {
				r.ReferenceSearch.Coverage = "Titles and abstracts through 2026-11-09; progress on de Polignac's conjecture (arXiv:1407.4897) was read."
			}},
	})
}

func TestReadingSearchedRange(t *testing.T) {
	t.Parallel()
	cons := consistencyGate
	// The base states the record, so that only the requested range changes.
	known := func(k string) func() *Revision {
		return func() *Revision { r := computationalClean(); r.OpenStatus.StrongestKnown = k; return r }
	}
	runReadingCases(t, []readingCase{
		{name: "range: every object below the end", gate: cons, check: checkConsistencyIncumbent, base: known("No odd perfect number is below 10^{1500} (Ochem and Rao)."), want: NeedsHuman, quote: "below 10^{1500}",
			change: setStatement(`Find an odd perfect number $n < 10^{1500}$, or prove that none exists.`)},
		{name: "range: a counterexample would exceed", gate: cons, check: checkConsistencyIncumbent, base: known("Searches show that a counterexample would exceed 4·10^{18}."), want: NeedsHuman, quote: "exceed 4·10^{18}",
			change: setStatement(`Find an even $n \le 10^{18}$ that is not a sum of two primes, or show that none exists.`)},
		{name: "range: verified up to a power of two", gate: cons, check: checkConsistencyIncumbent, base: known("Every starting value has been verified up to 2^{64}."), want: NeedsHuman, quote: "up to 2^{64}",
			change: setStatement(`Find a starting value below $10^{19}$ whose trajectory never reaches 1.`)},
		{name: "range: the target beyond the search", gate: cons, check: checkConsistencyIncumbent, base: known("No odd perfect number is below 10^{1500} (Ochem and Rao)."), want: Pass,
			change: setStatement(`Find an odd perfect number $n < 10^{2000}$, or prove that none exists below it.`)},
		{name: "range: a bound that is no search", gate: cons, check: checkConsistencyIncumbent, base: known("The best density estimate is below 10^{20} in these units."), want: Pass,
			change: setStatement(`Find a starting value below $10^{19}$ whose trajectory never reaches 1.`)},
	})
}

func TestReadingSetPlacedNowhere(t *testing.T) {
	t.Parallel()
	st := statementGate
	runReadingCases(t, []readingCase{
		{name: "set: every finite set with a size", gate: st, check: stCheckDomain, want: NeedsHuman, quote: "every finite set $A$",
			change: setStatement(`Prove that every finite set $A$ with $|A| \ge 3$ contains three elements $a < b < c$ with $a + c = 2b$ or has $|A + A| \ge 2|A|$.`)},
		{name: "set: all non-empty subsets", gate: st, check: stCheckDomain, want: NeedsHuman, quote: "subsets $S$",
			change: setStatement(`Show that for all non-empty subsets $S$ with $|S| \le 10$ the sumset $S + S$ has at least $2|S| - 1$ elements.`)},
		{name: "set: any set", gate: st, check: stCheckDomain, want: NeedsHuman, quote: "any set $X$",
			change: setStatement(`Decide whether any set $X$ with no three terms in arithmetic progression has upper density $0$.`)},
		{name: "set: of integers", gate: st, check: stCheckDomain, want: Pass,
			change: setStatement(`Prove that every finite set $A$ of integers with $|A| \ge 3$ has $|A + A| \ge 2|A| - 1$.`)},
		{name: "set: a containment in its clause", gate: st, check: stCheckDomain, want: Pass,
			change: setStatement(`Prove that every finite set $A$ ⊂ ℤ with $|A| \ge 3$ has $|A + A| \ge 2|A| - 1$.`)},
		{name: "set: placed in another sentence", gate: st, check: stCheckDomain, want: Pass,
			change: setStatement(`Let $G$ be an abelian group. Prove that every finite set $A$ with $A \subseteq G$ and $|A| \ge 3$ has $|A + A| \ge |A|$.`)},
	})
}

func TestReadingExampleOfExcludedKind(t *testing.T) {
	t.Parallel()
	cons := consistencyGate
	base := func(known string) func() *Revision {
		return func() *Revision { r := computationalClean(); r.OpenStatus.StrongestKnown = known; return r }
	}
	perfect := base("No odd perfect number is below 10^{1500} (Ochem and Rao).")
	goldbach := base("An even counterexample would exceed 4·10^{18}, by the search of Oliveira e Silva, Herzog and Pardi.")
	giuga := base("Any square-free Giuga number must exceed 10^{12000}.")
	example := func(body string) func(r *Revision) {
		return func(r *Revision) {
			r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: packet.Example, Body: body})
		}
	}
	runReadingCases(t, []readingCase{
		{name: "excluded: an odd number said to behave as the perfect ones", gate: cons, check: checkConsistencyBounds, base: perfect, want: NeedsHuman, quote: "odd number 9765",
			change: example(`Like 6 and 28, the odd number 9765 equals the sum of its proper divisors.`)},
		{name: "excluded: an even number with no decomposition found", gate: cons, check: checkConsistencyBounds, base: goldbach, want: NeedsHuman, quote: "even number $98",
			change: example(`Take the even number $98$: a search over the primes below it finds no pair with sum $98$.`)},
		{name: "excluded: a hyphenated adjective", gate: cons, check: checkConsistencyBounds, base: giuga, want: NeedsHuman, quote: "square-free number 30",
			change: example(`The square-free number 30 satisfies the congruence with every prime factor.`)},
		{name: "excluded: the example denies the kind", gate: cons, check: checkConsistencyBounds, base: perfect, want: Pass,
			change: example(`The odd number 945 is abundant, but it is not perfect.`)},
		{name: "excluded: a number above the bound", gate: cons, check: checkConsistencyBounds, base: base("No odd perfect number is below 10^{3}."), want: Pass,
			change: example(`The odd number 9765 is a candidate the search reaches.`)},
		{name: "excluded: an object without the adjective", gate: cons, check: checkConsistencyBounds, base: perfect, want: Pass,
			change: example(`The number 28 equals the sum of its proper divisors.`)},
	})
}

func TestReadingFormalVariableOfADefiningIdentity(t *testing.T) {
	t.Parallel()
	st := statementGate
	runReadingCases(t, []readingCase{
		{name: "formal: define by a product", gate: st, check: stCheckDomain, want: NeedsHuman, quote: `\[ \prod_{k=1}^{\infty} (1 - x^k)^{-1} = \sum_{n=0}^{\infty} p(n) x^n. \]`,
			change: setStatement(`Define integers $p(n)$ by \[ \prod_{k=1}^{\infty} (1 - x^k)^{-1} = \sum_{n=0}^{\infty} p(n) x^n. \] Prove that $p(n)$ is odd for infinitely many $n$.`)},
		{name: "formal: given by a generating function", gate: st, check: stCheckDomain, want: NeedsHuman, quote: `\[ \frac{1}{1 - z - z^2} = \sum_{n \ge 0} c(n) z^n \]`,
			change: setStatement(`Let the integers $c(n)$ be given by the generating function \[ \frac{1}{1 - z - z^2} = \sum_{n \ge 0} c(n) z^n \] and decide whether $c(n)$ is prime for infinitely many integers $n \ge 1$.`)},
		{name: "formal: the coefficients of a series", gate: st, check: stCheckDomain, want: NeedsHuman, quote: `\[ \exp(t + t^2/2) = \sum_{n \ge 0} a_n t^n / n! \]`,
			change: setStatement(`The coefficients $a_n$ of the series \[ \exp(t + t^2/2) = \sum_{n \ge 0} a_n t^n / n! \] are integers. Show that $a_n$ is even for every integer $n \ge 2$.`)},
		{name: "formal: an equation that defines nothing", gate: st, check: stCheckDomain, want: Fail, quote: `\[ q \prod_{m=1}^{\infty} (1 - q^m)^{24} = \sum_{n=1}^{\infty} \tau(n) q^n. \]`,
			change: setStatement(`For integers $\tau(n)$, prove that \[ q \prod_{m=1}^{\infty} (1 - q^m)^{24} = \sum_{n=1}^{\infty} \tau(n) q^n. \] Find a positive integer $n \le 10^{25}$ with $\tau(n) = 0$.`)},
	})
}
