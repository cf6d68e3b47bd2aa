package gates

import (
	"testing"

	"github.com/theoremdb/theoremdb/packet"
)

// The classes a blind split missed, read by their shape in several phrasings on problems of their
// own, each with neighbours that must not fire: a title that writes in words a number the packet
// never names; a caption with a number neither the statement nor the picture names; a search
// space whose only bounds count its objects; an equivalence written as an order or containment;
// a letter that is only ever a dimension; a requested bound the recorded incumbent reaches in
// another notation; a title whose head names a kind of object or quantity the packet never
// mentions; a bound stated through a named value ("Θ ≤ ϑ ≈ 3.3177") that another place exceeds.

func TestReadingTitleNumberWords(t *testing.T) {
	t.Parallel()
	st := statementGate
	title := func(s string) func(r *Revision) { return func(r *Revision) { r.Title = s } }
	runReadingCases(t, []readingCase{
		{name: "title: seven where the statement has 668", gate: st, check: stCheckTitle, base: computationalClean, want: NeedsHuman, quote: "seven",
			change: title("A Hadamard matrix of order seven hundred")},
		{name: "title: five colours over a statement of none", gate: st, check: stCheckTitle, base: classificationClean, want: NeedsHuman, quote: "Five",
			change: title("Five-colourings of strongly regular graphs with parameters (65, 32, 15, 16)")},
		{name: "title: twelve primes in a row", gate: st, check: stCheckTitle, want: NeedsHuman, quote: "twelve",
			change: title("Twin primes among twelve consecutive integers")},
		{name: "title: a number word the statement writes in digits", gate: st, check: stCheckTitle, base: computationalClean, want: Pass,
			change: func(r *Revision) {
				r.Title = "A Hadamard matrix of order 668 with two kinds of entries"
				r.Statement = `Find a $668 \times 668$ matrix $H$ whose $2$ kinds of entries are $+1$ and $-1$ such that $HH^{\mathsf{T}} = 668\,I$, or prove that none exists.`
			}},
		{name: "title: a number word the statement writes in words", gate: st, check: stCheckTitle, want: Pass,
			change: func(r *Revision) {
				r.Title = "Twin primes: pairs of primes two apart"
				r.Statement = `Prove or disprove: there are infinitely many primes $p$ such that the number two apart from $p$, $p+2$, is also prime.`
			}},
		{name: "title: one is an article", gate: st, check: stCheckTitle, want: Pass,
			change: title("Twin primes: one conjecture on prime pairs")},
	})
}

func TestReadingCaptionNumbers(t *testing.T) {
	t.Parallel()
	hero := heroGate
	caption := func(s string) func(r *Revision) { return func(r *Revision) { r.Hero.Caption = s } }
	runReadingCases(t, []readingCase{
		{name: "caption: a count between two values", gate: hero, check: checkHeroCaption, want: NeedsHuman, quote: "between 3 and 9",
			change: caption("Twin prime pairs below 50; the largest gap among them has between 3 and 9 composites.")},
		{name: "caption: the minimum of a smaller case", gate: hero, check: checkHeroCaption, base: computationalClean, want: NeedsHuman, quote: "428",
			change: caption("A Hadamard matrix of order 12; the next order after it in the tables is 428.")},
		{name: "caption: a value in words and digits", gate: hero, check: checkHeroCaption, base: classificationClean, want: NeedsHuman, quote: "exactly 1",
			change: caption("The Paley graph on 13 vertices; for 13 vertices the count is exactly 1 graph.")},
		{name: "caption: the picture's own numbers", gate: hero, check: checkHeroCaption, want: Pass,
			change: caption("Twin prime pairs from 1 to 50, 3 and 5 first, each joined by an arc.")},
		{name: "caption: the statement's parameter", gate: hero, check: checkHeroCaption, base: computationalClean, want: Pass,
			change: caption("Rows of a matrix like the 668 × 668 one asked for, drawn at order 12.")},
		{name: "caption: notation and dimensions", gate: hero, check: checkHeroCaption, base: classificationClean, want: Pass,
			change: caption("The Paley graph on 13 vertices drawn as a 2-complex with edges e_1 to e_13.")},
	})
}

func TestReadingSearchCountBounds(t *testing.T) {
	t.Parallel()
	acc, cmp := acceptanceGate, computationalClean
	space := func(s string) func(r *Revision) { return func(r *Revision) { r.Acceptance.SearchSpace = s } }
	runReadingCases(t, []readingCase{
		{name: "search: at most N matrices of integers", gate: acc, check: checkAcceptanceSearch, base: cmp, want: NeedsHuman, quote: "integer",
			change: space(`Lists of at most 40 square matrices with integer entries, searched up to the symmetries of the problem.`)},
		{name: "search: fewer than N vectors of rationals", gate: acc, check: checkAcceptanceSearch, base: cmp, want: NeedsHuman, quote: "rational",
			change: space(`Sets of fewer than 12 vectors whose coordinates are rational numbers.`)},
		{name: "search: up to a symmetry, over the integers", gate: acc, check: checkAcceptanceSearch, base: cmp, want: NeedsHuman, quote: "integers",
			change: space(`Triples of integers, up to the action of the permutation group on coordinates.`)},
		{name: "search: the entries bounded as well", gate: acc, check: checkAcceptanceSearch, base: cmp, want: Pass,
			change: space(`Lists of at most 40 square matrices with integer entries of absolute value at most 3.`)},
		{name: "search: integers up to a number", gate: acc, check: checkAcceptanceSearch, base: cmp, want: Pass,
			change: space(`Integers up to 10^12, searched up to the obvious symmetry.`)},
		{name: "search: entries in a finite set", gate: acc, check: checkAcceptanceSearch, base: cmp, want: Pass,
			change: space(`Lists of at most 22 triples of integer matrices with entries in {−1, 0, 1}.`)},
	})
}

func TestReadingEquivalenceOrder(t *testing.T) {
	t.Parallel()
	acc, cls := acceptanceGate, classificationClean
	equivalence := func(s string) func(r *Revision) { return func(r *Revision) { r.Acceptance.Equivalence = s } }
	runReadingCases(t, []readingCase{
		{name: "equivalence: one a subgraph of the other", gate: acc, check: checkAcceptanceClassification, base: cls, want: NeedsHuman, quote: "one is an induced subgraph of the other",
			change: equivalence("Two graphs are identified when one is an induced subgraph of the other.")},
		{name: "equivalence: one contains the other", gate: acc, check: checkAcceptanceClassification, base: cls, want: NeedsHuman, quote: "one contains the other",
			change: equivalence("Two graphs count as the same when one contains the other.")},
		{name: "equivalence: the first divides the second", gate: acc, check: checkAcceptanceClassification, base: cls, want: NeedsHuman, quote: "the first divides the second",
			change: equivalence("Two parameter sets are equivalent when the first divides the second entrywise.")},
		{name: "equivalence: one embeds in the other", gate: acc, check: checkAcceptanceClassification, base: cls, want: NeedsHuman, quote: "one embeds in the other",
			change: equivalence("Graphs are regarded as one class when one embeds in the other.")},
		{name: "equivalence: each a minor of the other", gate: acc, check: checkAcceptanceClassification, base: cls, want: Pass,
			change: equivalence("Two graphs are identified when each is a minor of the other.")},
		{name: "equivalence: obtained from the other by relabelling", gate: acc, check: checkAcceptanceClassification, base: cls, want: Pass,
			change: equivalence("Two graphs are identified when one is obtained from the other by relabelling the vertices.")},
		{name: "equivalence: containment both ways", gate: acc, check: checkAcceptanceClassification, base: cls, want: Pass,
			change: equivalence("Two graphs are identified when one contains the other and vice versa as induced subgraphs.")},
	})
}

func TestReadingDimensionOnly(t *testing.T) {
	t.Parallel()
	st := statementGate
	runReadingCases(t, []readingCase{
		{name: "dimension: the number of variables left free", gate: st, check: stCheckDomain, want: NeedsHuman, quote: `\mathbb{F}_3^d`,
			change: setStatement(`Let $A \subseteq \mathbb{F}_3^d$ contain no three distinct points on a line. Prove that $|A| \le 2.756^{d}$.`)},
		{name: "dimension: a real space of free dimension", gate: st, check: stCheckDomain, want: NeedsHuman, quote: `\mathbb{R}^k`,
			change: setStatement(`Prove that every set of $2^k + 1$ points in $\mathbb{R}^k$ spans an obtuse angle.`)},
		{name: "dimension: fixed by a value", gate: st, check: stCheckDomain, want: Pass,
			change: setStatement(`Let $d = 7$ and let $A \subseteq \mathbb{F}_3^d$ contain no three distinct points on a line. Prove that $|A| \le 2.756^{d}$.`)},
		{name: "dimension: quantified in prose", gate: st, check: stCheckDomain, want: Pass,
			change: setStatement(`For every integer $k \ge 1$, prove that every set of $2^k + 1$ points in $\mathbb{R}^k$ spans an obtuse angle.`)},
		{name: "dimension: a fixed number", gate: st, check: stCheckDomain, want: Pass,
			change: setStatement(`Prove that every set of $9$ points in $\mathbb{R}^3$ spans an obtuse angle.`)},
	})
}

func TestReadingIncumbentOtherNotation(t *testing.T) {
	t.Parallel()
	cons := consistencyGate
	known := func(s string) func() *Revision {
		return func() *Revision {
			r := computationalClean()
			r.OpenStatus.StrongestKnown = s
			return r
		}
	}
	codes, networks := known("112 ≤ A(17, 3) ≤ 125 (a code of size 112 is recorded in the tables)."), known("S(14) ≤ 51 by a published network; S(14) ≥ 48.")
	runReadingCases(t, []readingCase{
		{name: "incumbent: a maximum already attained", gate: cons, check: checkConsistencyIncumbent, base: codes, want: NeedsHuman, quote: `\ge 112`,
			change: setStatement(`Find a binary code $C$ of length $17$ and minimum distance $3$ with $|C| \ge 112$ codewords, or prove that none exists.`)},
		{name: "incumbent: a minimum already achieved", gate: cons, check: checkConsistencyIncumbent, base: networks, want: NeedsHuman, quote: `\le 60`,
			change: setStatement(`Find a sorting network $N$ on $14$ channels with $\mathrm{size}(N) \le 60$ comparators, or prove that none exists.`)},
		{name: "incumbent: a maximum beyond the record", gate: cons, check: checkConsistencyIncumbent, base: codes, want: Pass,
			change: setStatement(`Find a binary code $C$ of length $17$ and minimum distance $3$ with $|C| \ge 113$ codewords, or prove that none exists.`)},
		{name: "incumbent: a minimum below the record", gate: cons, check: checkConsistencyIncumbent, base: networks, want: Pass,
			change: setStatement(`Find a sorting network $N$ on $14$ channels with $\mathrm{size}(N) \le 50$ comparators, or prove that none exists.`)},
	})
}

func TestReadingTitleHeadModifier(t *testing.T) {
	t.Parallel()
	st := statementGate
	title := func(s string) func(r *Revision) { return func(r *Revision) { r.Title = s } }
	runReadingCases(t, []readingCase{
		{name: "title: another quantity of the same object", gate: st, check: stCheckTitle, base: computationalClean, want: NeedsHuman, quote: "circulant",
			change: title("The circulant matrix of order 668")},
		{name: "title: another kind of graph", gate: st, check: stCheckTitle, base: classificationClean, want: NeedsHuman, quote: "toroidal",
			change: title("The toroidal graphs with parameters (65, 32, 15, 16)")},
		{name: "title: a two-word head the packet uses", gate: st, check: stCheckTitle, base: classificationClean, want: Pass,
			change: title("The strongly regular graphs with parameters (65, 32, 15, 16)")},
		{name: "title: a two-word head of the statement", gate: st, check: stCheckTitle, base: computationalClean, want: Pass,
			change: title("A Hadamard matrix of order 668")},
	})
}

func TestReadingBoundThroughNamedValue(t *testing.T) {
	t.Parallel()
	cons := consistencyGate
	withRemark := func(body string) func() *Revision {
		return func() *Revision {
			r := clean()
			r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: packet.Remark, Body: body})
			return r
		}
	}
	runReadingCases(t, []readingCase{
		{name: "bounds: an example above a bound stated through a named value", gate: cons, check: checkConsistencyBounds, want: NeedsHuman, quote: `\sigma \ge 2.71`,
			base:   withRemark(`The comparison gives $\sigma \le \rho_3 = \frac{3 + \sqrt 5}{2} \approx 2.618$.`),
			change: addEntry(packet.Example, `A search finds a configuration with $\sigma \ge 2.71$.`)},
		{name: "bounds: an open status below a bound stated through a name", gate: cons, check: checkConsistencyBounds, want: NeedsHuman, quote: "κ ≥ 1.9",
			base: withRemark(`Hence $\kappa \le \kappa^* = 1.75$ for every admissible family.`),
			change: func(r *Revision) {
				r.OpenStatus.StrongestKnown = "κ ≥ 1.9 (a construction of 2019)."
			}},
		{name: "bounds: a Unicode chain with an approximate value", gate: cons, check: checkConsistencyBounds, want: NeedsHuman, quote: `\tau \ge 0.9`,
			base: func() *Revision {
				r := clean()
				r.OpenStatus.StrongestKnown = "τ ≤ τ₀ ≈ 0.8415 (2011)."
				return r
			},
			change: addEntry(packet.Remark, `A new construction gives $\tau \ge 0.9$.`)},
		{name: "bounds: the example within the bound", gate: cons, check: checkConsistencyBounds, want: Pass,
			base:   withRemark(`The comparison gives $\sigma \le \rho_3 = \frac{3 + \sqrt 5}{2} \approx 2.618$.`),
			change: addEntry(packet.Example, `A search finds a configuration with $\sigma \ge 2.61$.`)},
		{name: "bounds: arithmetic between, not a name", gate: cons, check: checkConsistencyBounds, want: Pass,
			base:   withRemark(`The first terms give $\sigma \le 2 + 1 = 3$.`),
			change: addEntry(packet.Example, `A search finds a configuration with $\sigma \ge 2.5$.`)},
	})
}

func TestReadingAskedModifier(t *testing.T) {
	t.Parallel()
	st := statementGate
	runReadingCases(t, []readingCase{
		{name: "terms: an undefined property of the graphs classified", gate: st, check: stCheckTerms, base: classificationClean, want: NeedsHuman, quote: "tame",
			change: setStatement(`Classify, up to isomorphism, the tame strongly regular graphs with parameters $(65, 32, 15, 16)$, or prove that there are none.`)},
		{name: "terms: an adverb and a coined adjective", gate: st, check: stCheckTerms, base: computationalClean, want: NeedsHuman, quote: "balanced",
			change: setStatement(`Find all cyclically balanced Hadamard matrices of order $668$, that is $668 \times 668$ matrices $H$ with entries in $\{+1, -1\}$ such that $HH^{\mathsf{T}} = 668\,I$, or prove that none exists.`)},
		{name: "terms: determine the coined kind of a number", gate: st, check: stCheckTerms, want: NeedsHuman, quote: "lucid",
			change: setStatement(`Determine the lucid twin primes $p$ with $p < 10^{6}$, where $p$ and $p + 2$ are both prime.`)},
		{name: "terms: a modifier the exposition defines", gate: st, check: stCheckTerms, base: classificationClean, want: Pass,
			change: func(r *Revision) {
				r.Statement = `Classify, up to isomorphism, the tame strongly regular graphs with parameters $(65, 32, 15, 16)$, or prove that there are none.`
				r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: packet.Remark, Body: `A graph is tame when its automorphism group is transitive on vertices.`})
			}},
		{name: "terms: a standard modifier", gate: st, check: stCheckTerms, base: classificationClean, want: Pass,
			change: setStatement(`Classify, up to isomorphism, the connected strongly regular graphs with parameters $(65, 32, 15, 16)$, or prove that there are none.`)},
		{name: "terms: how well, not which", gate: st, check: stCheckTerms, want: Pass,
			change: setStatement(`Determine the best possible bound $B$ such that infinitely many primes $p$ have a prime $q$ with $p < q \le p + B$.`)},
	})
}

func TestReadingRingUnstated(t *testing.T) {
	t.Parallel()
	st := statementGate
	runReadingCases(t, []readingCase{
		{name: "ring: matrices with no ring", gate: st, check: stCheckDomain, want: NeedsHuman, quote: "for every $2 \\times 2$ matrices",
			change: setStatement(`Prove that $\det(AB) = \det(A)\det(B)$ for every $2 \times 2$ matrices $A$, $B$, where $\det$ is the determinant.`)},
		{name: "ring: polynomials with no coefficients", gate: st, check: stCheckDomain, want: NeedsHuman, quote: "all polynomials $f$",
			change: setStatement(`Determine all polynomials $f$ of degree $n \ge 2$ with $f(x)^2 = f(x^2)$ for every integer $n$.`)},
		{name: "ring: vectors with no field", gate: st, check: stCheckDomain, want: NeedsHuman, quote: "any vectors $u$",
			change: setStatement(`Show that $|u \cdot v| \le |u|\,|v|$ for any vectors $u$, $v$ of length $n$, for every integer $n \ge 1$.`)},
		{name: "ring: matrices over a named ring", gate: st, check: stCheckDomain, want: Pass,
			change: setStatement(`Prove that $\det(AB) = \det(A)\det(B)$ for every $2 \times 2$ matrices $A$, $B$ over every commutative ring.`)},
		{name: "ring: real polynomials", gate: st, check: stCheckDomain, want: Pass,
			change: setStatement(`Determine all real polynomials $f$ of degree $n \ge 2$ with $f(x)^2 = f(x^2)$ for every integer $n$.`)},
		{name: "ring: vectors in a named space", gate: st, check: stCheckDomain, want: Pass,
			change: setStatement(`Show that $|u \cdot v| \le |u|\,|v|$ for any vectors $u$, $v$ in $\mathbb{R}^n$, for every integer $n \ge 1$.`)},
	})
}

func TestReadingPrecisionThroughClosedForm(t *testing.T) {
	t.Parallel()
	cons := consistencyGate
	numeric := func() *Revision {
		r := clean()
		r.Statement = `Let $\mathcal{K}$ be the least constant such that every planar convex body of width $1$ has a translate inside some body of area $\mathcal{K}$. Determine $\mathcal{K}$ to within $0.2$.`
		r.OpenStatus.StrongestKnown = "0.5 ≤ 𝒦 ≤ 1 (classical)."
		return r
	}
	known := func(s string) func(r *Revision) { return func(r *Revision) { r.OpenStatus.StrongestKnown = s } }
	runReadingCases(t, []readingCase{
		{name: "precision: a closed-form upper bound with its decimal", gate: cons, check: checkConsistencyIncumbent, base: numeric, want: NeedsHuman, quote: "1/2 + √3/8",
			change: known("0.5 ≤ 𝒦 ≤ 1/2 + √3/8 ≈ 0.7165 (2019).")},
		{name: "precision: a named upper bound with its value", gate: cons, check: checkConsistencyIncumbent, base: numeric, want: NeedsHuman, quote: "κ₀",
			change: known("0.55 ≤ 𝒦 ≤ κ₀ = 0.71 (2019), where κ₀ is the area of the Pál body.")},
		{name: "precision: a TeX open status for a Unicode statement", gate: cons, check: checkConsistencyIncumbent, base: numeric, want: NeedsHuman, quote: `\mathcal{K}`,
			change: known(`$0.6 \le \mathcal{K} \le 0.75$ (2019).`)},
	})
}

// TestChainedComparisons holds what a chain through a value bounds, and what it leaves alone: the
// negatives of TestReadingPrecisionThroughClosedForm, read directly since any change of the open
// status gives the incumbent check's standing question a new quote.
func TestChainedComparisons(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		text      string
		lo, up    float64
		intervals int
	}{
		{"0.5 ≤ 𝒦 ≤ 1/2 + √3/4 ≈ 0.933 (2019).", 0.5, 0.933, 1},
		{`$0.5 \le \mathcal{K} \le \kappa_0 = 0.71$ (2019).`, 0.5, 0.71, 1},
		{"0.5 ≤ 𝒦 ≤ 1 for bodies of width 1 and area = 0.6 for the disc.", 0.5, 1, 1},
		{"0.5 ≤ 𝒦 ≤ 2 + 1 = 3.", 0.5, 3, 1},
	} {
		ivs := knownIntervals(chainedComparisons(fieldOpenStrongestKnown, tc.text))
		if len(ivs) != tc.intervals {
			t.Errorf("%q: %d intervals %v; want %d", tc.text, len(ivs), ivs, tc.intervals)
			continue
		}
		if lo, up := ivs[0][0], ivs[0][1]; lo.Value != tc.lo || up.Value != tc.up || lo.Subject != `\mathcalK` {
			t.Errorf("%q: %v and %v; want \\mathcalK from %g to %g", tc.text, lo, up, tc.lo, tc.up)
		}
	}
}
