package gates

import (
	"testing"

	"github.com/theoremdb/theoremdb/packet"
)

// The classes an eleventh blind split missed, read by their shape in several phrasings on
// problems of their own, each with neighbours that must not fire: a caption that compares with
// a number in words or says what is believed; a recorded bound written as a fraction longer in
// decimals or with digits that go on, against a requested width; an identifier the prose gives
// to the authors after "of" or "by"; a relation placing one object inside a copy of the other;
// a variant symbol never introduced; a count of tuples placed nowhere; a relevance note over an
// empty locator that names what it proves or states an existence; a relevance note about
// another object than its row's citation names; an example of an infimum below the record's
// lower bound; an example that derives a bound beyond the record's opposite one; an example
// value beyond a bound by a formula; a strongest known result that states the target; a title
// whose predicate or conjecture's modifier the question never uses.

func TestReadingCaptionWordsAndBeliefs(t *testing.T) {
	t.Parallel()
	hero := heroGate
	caption := func(c string) func(r *Revision) { return func(r *Revision) { r.Hero.Caption = c } }
	runReadingCases(t, []readingCase{
		{name: "caption: more than a million in words", gate: hero, check: checkHeroCaption, want: NeedsHuman, quote: "more than a million",
			change: caption("There are more than a million twin prime pairs below the range drawn; the arcs join the first few.")},
		{name: "caption: over thousands", gate: hero, check: checkHeroCaption, want: NeedsHuman, quote: "over thousands",
			change: caption("Searches have gone over thousands of gaps; here each twin pair below 50 is joined by an arc.")},
		{name: "caption: believed", gate: hero, check: checkHeroCaption, want: NeedsHuman, quote: "believed",
			change: caption("Twin prime pairs below 50, believed to go on for ever, each joined by an arc.")},
		{name: "caption: thought to be", gate: hero, check: checkHeroCaption, want: NeedsHuman, quote: "thought to be",
			change: caption("The arcs join twin primes, thought to be infinitely many.")},
		{name: "caption: a number of the picture in words", gate: hero, check: checkHeroCaption, want: Pass,
			change: caption("Twin prime pairs among the first fifty integers, each pair joined by an arc.")},
		{name: "caption: the largest drawn", gate: hero, check: checkHeroCaption, want: Pass,
			change: caption("Twin prime pairs below 50; the largest possible arc joins 41 and 43.")},
	})
}

func TestReadingWidthFractionDecimals(t *testing.T) {
	t.Parallel()
	cons := consistencyGate
	known := func(k string) func() *Revision {
		return func() *Revision { r := numericalClean(); r.OpenStatus.StrongestKnown = k; return r }
	}
	width := func(w string) func(r *Revision) {
		return setStatement(`Let $\Delta_{13}$ be the largest real number $\Delta$ such that some $13$ points in the unit square $[0,1]^2$ have every triangle formed by three of them of area at least $\Delta$. Determine rational numbers $L \le U$ with $U - L \le ` + w + `$ such that $L \le \Delta_{13} \le U$.`)
	}
	runReadingCases(t, []readingCase{
		{name: "width: a quarter, longer in decimals", gate: cons, check: checkConsistencyIncumbent, base: known("1/4 ≤ Δ₁₃ ≤ 0.3 by a configuration and a subdivision bound."), want: NeedsHuman, quote: "U - L",
			change: width("0.1")},
		{name: "width: an upper bound whose digits go on", gate: cons, check: checkConsistencyIncumbent, base: known("0.0065 ≤ Δ₁₃ ≤ 0.0122… by a configuration and a subdivision bound."), want: NeedsHuman, quote: "U - L",
			change: width("0.01")},
		{name: "width: \\ldots in TeX", gate: cons, check: checkConsistencyIncumbent, base: known(`$1/8 \le \Delta_{13} \le 0.1302\ldots$ by a configuration and a subdivision bound.`), want: NeedsHuman, quote: "U - L",
			change: width("0.05")},
		{name: "width: the request narrower than the interval", gate: cons, check: checkConsistencyIncumbent, base: known("1/4 ≤ Δ₁₃ ≤ 0.314483… by a configuration and a subdivision bound."), want: Pass,
			change: width("0.01")},
	})
}

func TestReadingIdentifierOwnerOf(t *testing.T) {
	t.Parallel()
	refs := referencesGate
	coverage := func(c string) func(r *Revision) {
		return func(r *Revision) { r.ReferenceSearch.Coverage = "Titles and abstracts through 2026-11-09; " + c }
	}
	runReadingCases(t, []readingCase{
		{name: "owner: the bound of two authors", gate: refs, check: checkRefsRow, want: NeedsHuman, quote: "1407.4897",
			change: coverage("the sieve bound of Maynard and Tao (arXiv:1407.4897) was read.")},
		{name: "owner: by three authors", gate: refs, check: checkRefsRow, want: NeedsHuman, quote: "1407.4897",
			change: coverage("the refinement by Goldston, Pintz and Yıldırım (arXiv:1407.4897) was read.")},
		{name: "owner: the work of one author", gate: refs, check: checkRefsRow, want: NeedsHuman, quote: "4007/annals",
			change: coverage("the work of Maynard (doi:10.4007/annals.2014.179.3.7) was set aside.")},
		{name: "owner: of the row's own author", gate: refs, check: checkRefsRow, want: Pass,
			change: coverage("the bound of Zhang (doi:10.4007/annals.2014.179.3.7) was read.")},
		{name: "owner: a conjecture of someone", gate: refs, check: checkRefsRow, want: Pass,
			change: coverage("progress on the conjecture of Polignac (arXiv:1407.4897) was read.")},
	})
}

func TestReadingEquivalenceIntoCopy(t *testing.T) {
	t.Parallel()
	acc, cls := acceptanceGate, classificationClean
	eq := func(s string) func(r *Revision) { return func(r *Revision) { r.Acceptance.Equivalence = s } }
	runReadingCases(t, []readingCase{
		{name: "copy: isomorphic to an induced subgraph", gate: acc, check: checkAcceptanceClassification, base: cls, want: NeedsHuman, quote: "G is isomorphic to an induced subgraph of H",
			change: eq("Two graphs are identified when G is isomorphic to an induced subgraph of H.")},
		{name: "copy: embeddable in a quotient", gate: acc, check: checkAcceptanceClassification, base: cls, want: NeedsHuman, quote: "A is equivalent to a quotient of B",
			change: eq("We identify A and B when A is equivalent to a quotient of B.")},
		{name: "copy: one homeomorphic to a subdivision of the other", gate: acc, check: checkAcceptanceClassification, base: cls, want: NeedsHuman, quote: "one is homeomorphic to a subdivision of the other",
			change: eq("Two graphs are the same when one is homeomorphic to a subdivision of the other.")},
		{name: "copy: each way", gate: acc, check: checkAcceptanceClassification, base: cls, want: Pass,
			change: eq("G and H are identified when G is isomorphic to a spanning subgraph of H and conversely.")},
		{name: "copy: isomorphic outright", gate: acc, check: checkAcceptanceClassification, base: cls, want: Pass,
			change: eq("G is identified with H when G is isomorphic to H.")},
	})
}

func TestReadingVariantSymbolAndCountedTuples(t *testing.T) {
	t.Parallel()
	st := statementGate
	runReadingCases(t, []readingCase{
		{name: "variant: C_5^+ forbidden", gate: st, check: stCheckTerms, want: NeedsHuman, quote: "C_5^+",
			change: setStatement(`For $n \ge 5$ let $\mathrm{ex}(n, C_5^+)$ be the largest number of edges of a graph on $n$ vertices with no copy of $C_5^+$. Prove that $\mathrm{ex}(n, C_5^+) \le n^2/4$ for every $n \ge 5$.`)},
		{name: "variant: K₃⁺ in Unicode", gate: st, check: stCheckTerms, want: NeedsHuman, quote: "K₃⁺",
			change: setStatement(`Prove that every graph on $n \ge 4$ vertices with more than $n^2/4$ edges contains K₃⁺ as a subgraph.`)},
		{name: "variant: introduced by let", gate: st, check: stCheckTerms, want: Pass,
			change: setStatement(`Let $C_5^+$ be the graph obtained from a $5$-cycle by adding one chord. For $n \ge 5$ let $\mathrm{ex}(n, C_5^+)$ be the largest number of edges of a graph on $n$ vertices with no copy of $C_5^+$. Prove that $\mathrm{ex}(n, C_5^+) \le n^2/4$ for every $n \ge 5$.`)},
		{name: "variant: introduced in brackets", gate: st, check: stCheckTerms, want: Pass,
			change: setStatement(`Prove that every graph on $n \ge 4$ vertices with more than $n^2/4$ edges contains a triangle with a pendant edge ($K_3^+$) as a subgraph.`)},
		{name: "tuples: triples with no domain", gate: st, check: stCheckDomain, want: NeedsHuman, quote: "number of triples $(a, b, c)$",
			change: setStatement(`For real $x \ge 1$ let $T(x)$ be the number of triples $(a, b, c)$ with $a^2 + b^2 + c^2 \le x$. Prove that $T(x) = \frac{4}{3}\pi x^{3/2} + O(x^{3/4})$.`)},
		{name: "tuples: counts points (x, y)", gate: st, check: stCheckDomain, want: NeedsHuman, quote: "counts the points $(u, v)$",
			change: setStatement(`For real $t \ge 1$, $D(t)$ counts the points $(u, v)$ with $u v \le t$ and $u, v \ge 1$. Prove that $D(t) = t \log t + (2\gamma - 1) t + O(t^{1/3})$.`)},
		{name: "tuples: placed in the integers", gate: st, check: stCheckDomain, want: Pass,
			change: setStatement(`For real $x \ge 1$ let $T(x)$ be the number of triples $(a, b, c) \in \mathbb{Z}^3$ with $a^2 + b^2 + c^2 \le x$. Prove that $T(x) = \frac{4}{3}\pi x^{3/2} + O(x^{3/4})$.`)},
		{name: "tuples: of positive integers", gate: st, check: stCheckDomain, want: Pass,
			change: setStatement(`For real $t \ge 1$ let $D(t)$ be the number of pairs $(u, v)$ of positive integers with $u v \le t$. Prove that $D(t) = t \log t + O(t)$.`)},
	})
}

func TestReadingLocatorNamedResult(t *testing.T) {
	t.Parallel()
	refs := referencesGate
	row := func(rel string) func(r *Revision) {
		return func(r *Revision) { r.References[1].Locator = ""; r.References[1].Relevance = rel }
	}
	runReadingCases(t, []readingCase{
		{name: "locator: proves a named conjecture, then the result", gate: refs, check: checkRefsRow, want: NeedsHuman, quote: "Proves Polignac's conjecture:",
			change: row("Proves Polignac's conjecture: for every even k there are infinitely many prime gaps of size k.")},
		{name: "locator: shows that none exists", gate: refs, check: checkRefsRow, want: NeedsHuman, quote: "shows that",
			change: row("The paper shows that no admissible 50-tuple with diameter below 246 exists.")},
		{name: "locator: establishes exactly", gate: refs, check: checkRefsRow, want: NeedsHuman, quote: "Establishes the bound:",
			change: row("Establishes the bound: exactly one admissible tuple of that size attains it.")},
		{name: "locator: a description with no claim", gate: refs, check: checkRefsRow, want: Pass,
			change: row("Describes the Selberg sieve in the form used for bounded gaps.")},
	})
}

func TestReadingRelevanceCitedObject(t *testing.T) {
	t.Parallel()
	refs := referencesGate
	row := func(cit, rel string) func(r *Revision) {
		return func(r *Revision) { r.References[1].Citation = cit; r.References[1].Relevance = rel }
	}
	runReadingCases(t, []readingCase{
		{name: "cited: another constant of the same first name", gate: refs, check: checkRefsRelevance, want: NeedsHuman, quote: "Polignac–Zhang constant",
			change: row("The On-Line Encyclopedia of Integer Sequences, A999999: Decimal expansion of Polignac's constant.", "Gives the decimal expansion of the Polignac–Zhang constant and its sieve origin, with the bound 246.")},
		{name: "cited: a named theorem beside a cited conjecture", gate: refs, check: checkRefsRelevance, want: NeedsHuman, quote: "Dirichlet's theorem",
			change: row("Open Problem Garden, Twin Prime conjecture.", "States Dirichlet's theorem on primes in progressions and the bound 246 it does not give.")},
		{name: "cited: the cited object named", gate: refs, check: checkRefsRelevance, want: Pass,
			change: row("The On-Line Encyclopedia of Integer Sequences, A999999: Decimal expansion of Polignac's constant.", "Gives the decimal expansion of Polignac's constant from the sieve, with the bound 246.")},
		{name: "cited: the same name with a word between", gate: refs, check: checkRefsRelevance, want: Pass,
			change: row("A. Author, On Polignac's problem and a similar one, 2014.", "Reduces Polignac's prime gap problem to the bound 246 on admissible tuples.")},
		{name: "cited: no named object in the citation", gate: refs, check: checkRefsRelevance, want: Pass,
			change: row("A. Author, Gaps between prime numbers, 2014.", "Recalls Zhang's theorem and the bound 246.")},
	})
}

func TestReadingExampleInfimumAndDerivedBound(t *testing.T) {
	t.Parallel()
	cons := consistencyGate
	inf := func() *Revision {
		r := numericalClean()
		r.Statement = `For a convex body $K \subset \mathbb{R}^2$ let $\theta(K)$ be the smallest density of a covering of the plane by translates of $K$, and let $\theta^* = \sup_K \theta(K)$. Give reals $a \le b$ with $b - a \le 0.01$ and a proof that $a \le \theta^* \le b$.`
		r.OpenStatus.StrongestKnown = "1.1 ≤ θ* ≤ 1.5 (a triangle; a general bound)."
		return r
	}
	density := func() *Revision {
		r := numericalClean()
		r.Statement = `The squarefree numbers have an asymptotic density $Q = \lim_{x \to \infty} \#\{n \le x : n \text{ squarefree}\}/x$. Determine constants $c \le C$ with $C - c \le 10^{-6}$ and a proof that $c \le Q \le C$.`
		r.OpenStatus.StrongestKnown = "0.607 < Q < 0.608 by counting."
		return r
	}
	example := func(body string) func(r *Revision) {
		return func(r *Revision) {
			r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: packet.Example, Body: body})
		}
	}
	runReadingCases(t, []readingCase{
		{name: "supremum: an object that reaches more than the upper bound", gate: cons, check: checkConsistencyBounds, base: inf, want: NeedsHuman, quote: "1.62",
			change: example(`A disc covers with density about 1.2092, and a long thin triangle even attains 1.62.`)},
		{name: "supremum: an object within the bounds", gate: cons, check: checkConsistencyBounds, base: inf, want: Pass,
			change: example(`A disc covers with density about 1.2092, and a triangle reaches 1.5.`)},
		{name: "derived: a lower bound above the upper", gate: cons, check: checkConsistencyBounds, base: density, want: NeedsHuman, quote: `Q \ge 1/2 + 1/8 = 0.625`,
			change: example(`Numbers not divisible by 4 or by 9 include the squarefree ones; a careless count gives $Q \ge 1/2 + 1/8 = 0.625$.`)},
		{name: "derived: an upper bound below the lower", gate: cons, check: checkConsistencyBounds, base: density, want: NeedsHuman, quote: "Q ≤ 0.5",
			change: example(`Removing the multiples of 4 alone would give Q ≤ 0.5 here.`)},
		{name: "derived: a bound within the record", gate: cons, check: checkConsistencyBounds, base: density, want: Pass,
			change: example(`Removing the multiples of 4 gives $Q \le 3/4 = 0.75$.`)},
	})
}

func TestReadingExampleFormulaBound(t *testing.T) {
	t.Parallel()
	cons := consistencyGate
	base := func(remark string) func() *Revision {
		return func() *Revision {
			r := clean()
			r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: packet.Remark, Body: remark})
			return r
		}
	}
	example := func(body string) func(r *Revision) {
		return func(r *Revision) {
			r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: packet.Example, Body: body})
		}
	}
	ramanujan := base(`For every prime $p$ one has $|a(p)| \le 2p^{1/2}$ by Hasse's theorem.`)
	divisor := base(`Trivially $d(n) \le 2 n^{1/2}$ for every $n \ge 1$.`)
	runReadingCases(t, []readingCase{
		{name: "formula: a value above a bound at a prime", gate: cons, check: checkConsistencyBounds, base: ramanujan, want: NeedsHuman, quote: "a(7) = 60",
			change: example(`For the curve $y^2 = x^3 - x$ one finds $a(5) = -2$, $a(7) = 60$, and $a(11) = 0$.`)},
		{name: "formula: a value above a power bound", gate: cons, check: checkConsistencyBounds, base: divisor, want: NeedsHuman, quote: "d(36) = 19",
			change: example(`For instance $d(12) = 6$ and $d(36) = 19$.`)},
		{name: "formula: values within", gate: cons, check: checkConsistencyBounds, base: ramanujan, want: Pass,
			change: example(`For the curve $y^2 = x^3 - x$ one finds $a(5) = -2$, $a(7) = 0$, and $a(13) = 6$.`)},
		{name: "formula: a bound for primes at a composite", gate: cons, check: checkConsistencyBounds, base: ramanujan, want: Pass,
			change: example(`Multiplicativity gives $a(25) = 11$.`)},
	})
}

func TestReadingStatusSettlesTarget(t *testing.T) {
	t.Parallel()
	cons := consistencyGate
	status := func(known, target string) func(r *Revision) {
		return func(r *Revision) { r.OpenStatus.StrongestKnown = known; r.OpenStatus.UnresolvedTarget = target }
	}
	runReadingCases(t, []readingCase{
		{name: "status: the target stated as known", gate: cons, check: checkConsistencyBounds, want: NeedsHuman, quote: "There are infinitely many twin primes",
			change: status("There are infinitely many twin primes (Polymath); only their asymptotic count remains open.", "Whether there are infinitely many twin primes.")},
		{name: "status: a yes-or-no question answered", gate: cons, check: checkConsistencyBounds, want: NeedsHuman, quote: "every Fermat number is squarefree",
			change: status("Rotkiewicz showed that every Fermat number is squarefree", "Is every Fermat number squarefree?")},
		{name: "status: restricted to a range", gate: cons, check: checkConsistencyBounds, want: Pass,
			change: status("There are infinitely many twin primes below any bound assuming the Elliott–Halberstam conjecture.", "Whether there are infinitely many twin primes.")},
		{name: "status: a neighbouring result", gate: cons, check: checkConsistencyBounds, want: Pass,
			change: status("Some gap of size at most 246 occurs infinitely often (Polymath, 2014).", "Whether there are infinitely many twin primes.")},
	})
}

func TestReadingTitleQuestionWord(t *testing.T) {
	t.Parallel()
	st := statementGate
	title := func(s string) func(r *Revision) { return func(r *Revision) { r.Title = s } }
	runReadingCases(t, []readingCase{
		{name: "title: a stronger predicate", gate: st, check: stCheckTitle, want: NeedsHuman, quote: "squarefree",
			change: title("Are the twin primes squarefree?")},
		{name: "title: a neighbouring conjecture by its modifier", gate: st, check: stCheckTitle, want: NeedsHuman, quote: "cousin",
			change: title("The cousin prime conjecture")},
		{name: "title: another modifier in a problem", gate: st, check: stCheckTitle, want: NeedsHuman, quote: "sexy",
			change: title("The sexy prime problem")},
		{name: "title: the statement's own question", gate: st, check: stCheckTitle, want: Pass,
			change: title("Are there infinitely many twin primes?")},
		{name: "title: a predicate the statement uses", gate: st, check: stCheckTitle, want: Pass,
			change: title("Is the set of twin primes infinite?")},
		{name: "title: a named conjecture", gate: st, check: stCheckTitle, want: Pass,
			change: title("The twin prime conjecture")},
	})
}

func TestReadingClassificationByCount(t *testing.T) {
	t.Parallel()
	acc, cls := acceptanceGate, classificationClean
	set := func(criterion, equivalence string) func(r *Revision) {
		return func(r *Revision) { r.Acceptance.Criterion, r.Acceptance.Equivalence = criterion, equivalence }
	}
	runReadingCases(t, []readingCase{
		{name: "count: the exact value", gate: acc, check: checkAcceptanceClassification, base: cls, want: NeedsHuman, quote: "exact value",
			change: set("The exact value of T(10), with code and logs that reproduce it.", "Two functions are the same only when they have the same truth table.")},
		{name: "count: the number of classes", gate: acc, check: checkAcceptanceClassification, base: cls, want: NeedsHuman, quote: "number of",
			change: set("The number of isomorphism classes of such designs, with a reproducible search.", "Designs are isomorphic when a permutation of the points carries one onto the other.")},
		{name: "count: an enumeration", gate: acc, check: checkAcceptanceClassification, base: cls, want: NeedsHuman, quote: "enumeration",
			change: set("An enumeration run twice independently, with its code at a fixed revision.", "Quandles are identified when an isomorphism carries one onto the other.")},
		{name: "count: a list with no completeness", gate: acc, check: checkAcceptanceClassification, base: cls, want: Fail,
			change: set("A list of the designs, with the code that finds them.", "Designs are isomorphic when a permutation of the points carries one onto the other.")},
	})
}
