package gates

import (
	"testing"

	"github.com/theoremdb/theoremdb/packet"
)

// TestReadingStructural holds the readings of the structural classes: arithmetic a remark
// writes out (a power, a product, a total of its list, the range of a sum), a generic phrase
// ("starting from") taken for the initial values of a recurrence, a value of a quantity whose
// name carries a subscript, an incumbent that already meets the target, an unresolved target
// about another size, an unbounded universe or a report offered as a search's certificate, and
// an example that exhibits more than a small case allows — each in several phrasings on other
// problems than the splits', with neighbours that must not fire.
func TestReadingStructural(t *testing.T) {
	t.Parallel()
	cons, cmp, cls, comp := consistencyGate, computationalClean, classificationClean, computationalGate
	st := statementGate
	runReadingCases(t, []readingCase{
		// Arithmetic written out.
		{name: "slip: a power miscomputed in a remark", gate: cons, check: checkConsistencyBounds, base: cls, want: Fail, quote: "2¹⁰ = 1000",
			change: addEntry(packet.Remark, `The cube has 2¹⁰ = 1000 vertices, so at most 500 of them are chosen.`)},
		{name: "slip: a TeX power miscomputed", gate: cons, check: checkConsistencyBounds, base: cls, want: Fail, quote: "5^{4} = 615",
			change: addEntry(packet.Remark, `There are $5^{4} = 615$ words of length four over five letters.`)},
		{name: "slip: a product and a sum", gate: cons, check: checkConsistencyBounds, base: cmp, want: Fail, quote: `1 + 3 \cdot 8 = 26`,
			change: addEntry(packet.Remark, `A ball of radius one in the cube $\{0,1,2,3\}^8$ holds $1 + 3 \cdot 8 = 26$ words.`)},
		{name: "slip: arithmetic over a finite field goes to a person", gate: cons, check: checkConsistencyBounds, base: cls, want: NeedsHuman, quote: "2 + 2 = 1",
			change: addEntry(packet.Remark, `Over the field with three elements, 2 + 2 = 1, so the sum of two such rows is the third.`)},
		{name: "slip: right arithmetic", gate: cons, check: checkConsistencyBounds, base: cls, want: Pass,
			change: addEntry(packet.Remark, `A ball of radius 1 holds 1 + 2·6 = 13 words and there are 3⁶ = 729 words, so at least ⌈729/13⌉ = 57 are needed; $2^{10} = 1{,}024$.`)},
		{name: "slip: a range of pages is no subtraction", gate: cons, check: checkConsistencyBounds, base: cls, want: Pass,
			change: addEntry(packet.Remark, `The proof (pages 12-15 = 4 pages of the survey) covers the case $n + 1 = 7$ and $x^2 + 1 = 5$.`)},
		{name: "slip: a residue", gate: cons, check: checkConsistencyBounds, base: cls, want: Pass,
			change: addEntry(packet.Remark, `Here $3^5 = 1 \pmod{11}$ and $2 \cdot 6 = 12$, while $10^6 = 10^{6}$ is a million.`)},
		{name: "slip: a total that is not its list's sum", gate: cons, check: checkConsistencyBounds, base: cls, want: NeedsHuman, quote: "in total 60",
			change: addEntry(packet.Remark, `The numbers of such graphs on 5, 6, 7 and 8 vertices are 2, 5, 12 and 40, in total 60.`)},
		{name: "slip: a TeX list with digit groups and its total", gate: cons, check: checkConsistencyBounds, base: cls, want: NeedsHuman, quote: "which sum to $2{,}100",
			change: addEntry(packet.Remark, `The classes have sizes $1{,}000$, $700$, $350$ and $60$, which sum to $2{,}100$.`)},
		{name: "slip: a right total", gate: cons, check: checkConsistencyBounds, base: cls, want: Pass,
			change: addEntry(packet.Remark, `The numbers of such graphs are $2, 5, 12$ and $41$, in total $60$; the orders 8, 16 and 32, in total 3 orders.`)},
		{name: "slip: a sum over an empty range", gate: cons, check: checkConsistencyBounds, base: cls, want: NeedsHuman, quote: `\sum_{k=1}^{0}`,
			change: addEntry(packet.Remark, `The area is $A = \pi \bigl(1 - \sum_{k=1}^{0} k |c_k|^2\bigr)$ by the area theorem.`)},
		{name: "slip: a product over an empty range", gate: cons, check: checkConsistencyBounds, base: cls, want: NeedsHuman, quote: `\prod_{j = 5}^{3}`,
			change: addEntry(packet.Remark, `The determinant is $\prod_{j = 5}^{3} (1 - q^j)$, which bounds the count.`)},
		{name: "slip: a sum over a range", gate: cons, check: checkConsistencyBounds, base: cls, want: Pass,
			change: addEntry(packet.Remark, `The area is $A = \pi \bigl(1 - \sum_{k=1}^{\infty} k |c_k|^2\bigr)$ and $\sum_{k=1}^{1} k = 1$.`)},

		// Generic phrases taken for initial values.
		{name: "recurrence: 'starting from' another object", gate: st, check: stCheckRecurrence, want: NeedsHuman, quote: "c_{k+1} = 2c_k + 1",
			change: setStatement(`Let $N = c_4$, where $c_{k+1} = 2c_k + 1$ for $k \ge 0$. Starting from the complete graph $K_N$, find a sequence of edge deletions that ends at a tree.`)},
		{name: "recurrence: 'start with' a graph, no value", gate: st, check: stCheckRecurrence, want: Fail, quote: "b_{n+1} = 3b_n",
			change: setStatement(`Let $b_{n+1} = 3b_n$ for every $n \ge 1$. Start with any graph on $10$ vertices and decide whether it has a spanning tree of diameter $4$.`)},
		{name: "recurrence: 'starting with' its values", gate: st, check: stCheckRecurrence, want: Pass,
			change: setStatement(`Let $b_{n+1} = b_n + b_{n-1}$ for every $n \ge 1$, starting with $1$ and $1$. Decide whether infinitely many $b_n$ are prime.`)},
		{name: "recurrence: 'starting from' the sequence's term", gate: st, check: stCheckRecurrence, want: Pass,
			change: setStatement(`Let $b_{n+1} = b_n^2 - 2$ for every $n \ge 0$, starting from the term $b_0$ equal to $4$. Decide whether $b_n$ is prime for some $n \ge 1$.`)},

		// A quantity whose name carries a subscript.
		{name: "values: a subscripted quantity given two values", gate: comp, check: checkCompSmallCases, base: cmp, want: NeedsHuman, quote: "A₂(6, 3) = 9",
			change: func(r *Revision) {
				r.Computation.SmallCases = "A₂(5, 3) = 4, A₂(6, 3) = 9, A₂(7, 3) = 16."
				addEntry(packet.Example, `The shortened Hamming code shows $A_2(6, 3) = 8$.`)(r)
			}},
		{name: "values: a subscripted quantity with one value", gate: comp, check: checkCompSmallCases, base: cmp, want: Pass,
			change: func(r *Revision) {
				r.Computation.SmallCases = "A₂(5, 3) = 4, A₂(6, 3) = 8, A₂(7, 3) = 16."
				addEntry(packet.Example, `The shortened Hamming code shows $A_2(6, 3) = 8$, while $A_3(6, 3) = 9$ is another quantity.`)(r)
			}},
	})
}

// TestReadingSearchOpen holds the search-space and certificate readings.
func TestReadingSearchOpen(t *testing.T) {
	t.Parallel()
	acc, cmp := acceptanceGate, computationalClean
	space := func(s string) func(r *Revision) { return func(r *Revision) { r.Acceptance.SearchSpace = s } }
	runReadingCases(t, []readingCase{
		{name: "search: pairs of integers with no bound", gate: acc, check: checkAcceptanceSearch, base: cmp, want: NeedsHuman, quote: "integers",
			change: space(`Pairs (a, b) of integers, tried in order of increasing a² + b², for a representation of 2023.`)},
		{name: "search: until one is found", gate: acc, check: checkAcceptanceSearch, base: cmp, want: NeedsHuman, quote: "until a matrix with this property is found",
			change: space(`Circulant ±1 matrices of order 668 and then of larger orders, enumerated until a matrix with this property is found.`)},
		{name: "search: the primes, listed one by one", gate: acc, check: checkAcceptanceSearch, base: cmp, want: NeedsHuman, quote: "prime",
			change: space(`Every prime p, in increasing order, tested for the congruence 2^{p-1} ≡ 1 (mod p²).`)},
		{name: "search: bounded integers", gate: acc, check: checkAcceptanceSearch, base: cmp, want: Pass,
			change: space(`Integer triples (x, y, z) with |x|, |y|, |z| ≤ 10^16, a finite set.`)},
		{name: "search: integers written out", gate: acc, check: checkAcceptanceSearch, base: cmp, want: Pass,
			change: space(`Pairs of multisets of integers from {0, 1, …, 10⁴}, and integer points of the box [0, 99]^3.`)},
		{name: "search: primes in an interval", gate: acc, check: checkAcceptanceSearch, base: cmp, want: Pass,
			change: space(`The primes between 2·10¹³ and 10¹⁵.`)},

		{name: "certificate: the submitter's report", gate: acc, check: checkAcceptanceSearch, base: cmp, want: NeedsHuman, quote: "submitter's report",
			change: func(r *Revision) { r.Acceptance.Certificate = "The submitter's report of what the search found." }},
		{name: "certificate: a reported outcome accepted", gate: acc, check: checkAcceptanceSearch, base: cmp, want: NeedsHuman, quote: "result announced by the program is accepted",
			change: func(r *Revision) { r.Computation.Certification = "The result announced by the program is accepted." }},
		{name: "criterion: a statement that there is none", gate: acc, check: checkAcceptanceSearch, base: cmp, want: NeedsHuman, quote: "the statement that there is none",
			change: func(r *Revision) {
				r.Acceptance.Criterion = "A Hadamard matrix of order 668, or the statement that there is none."
			}},
		{name: "certificate: a report that is re-checked", gate: acc, check: checkAcceptanceSearch, base: cmp, want: Pass,
			change: func(r *Revision) {
				r.Acceptance.Certificate = "The submitter's report of the search, with code and logs that another person re-runs; a witness is checked in exact arithmetic."
				r.Acceptance.Criterion = "A Hadamard matrix of order 668, or a proof of the statement that there is none."
			}},
	})
}

// TestReadingIncumbentStructural holds the incumbent readings: an "at most N" target a known
// upper bound already meets, and an unresolved target about another size.
func TestReadingIncumbentStructural(t *testing.T) {
	t.Parallel()
	cons, cmp, cls := consistencyGate, computationalClean, classificationClean
	girth := func() *Revision {
		r := cls()
		r.OpenStatus.StrongestKnown = "202 ≤ n(3,13) ≤ 260 (Exoo, 2002)."
		return r
	}
	runReadingCases(t, []readingCase{
		{name: "incumbent: at most N blocks, known upper bound N", gate: cons, check: checkConsistencyIncumbent, base: cmp, want: NeedsHuman, quote: "at most $1000$ blocks",
			change: func(r *Revision) {
				r.Statement = `Find a covering design with at most $1000$ blocks, or prove that every covering design has at least $1001$ blocks.`
				r.OpenStatus.StrongestKnown = "980 ≤ C(20,8,5) ≤ 1000 (La Jolla repository)."
			}},
		{name: "incumbent: at most N vertices, known upper bound below", gate: cons, check: checkConsistencyIncumbent, base: girth, want: NeedsHuman, quote: "at most 270 vertices",
			change: setStatement(`Find a cubic graph of girth 13 with at most 270 vertices, or prove that none exists.`)},
		{name: "incumbent: at most N, the known upper bound above it", gate: cons, check: checkConsistencyIncumbent, base: girth, want: Pass,
			change: setStatement(`Find a cubic graph of girth 13 with at most 250 vertices, or prove that none exists.`)},
		{name: "unresolved target: another size of square", gate: cons, check: checkConsistencyIncumbent, base: cmp, want: NeedsHuman, quote: "2 \\times 2",
			change: func(r *Revision) {
				r.OpenStatus.UnresolvedTarget = `Whether a $2 \times 2$ matrix of this kind exists.`
			}},
		{name: "unresolved target: another order", gate: cons, check: checkConsistencyIncumbent, base: cls, want: NeedsHuman, quote: "order 9",
			change: func(r *Revision) {
				r.Statement = `Determine whether a projective plane of order 12 exists.`
				r.OpenStatus.UnresolvedTarget = "Whether a projective plane of order 9 exists."
				r.OpenStatus.StrongestKnown = "The planes of order at most 11 are known; order 10 was excluded by computer in 1989."
			}},
		{name: "unresolved target: the statement's size", gate: cons, check: checkConsistencyIncumbent, base: cmp, want: Pass,
			change: func(r *Revision) {
				r.OpenStatus.UnresolvedTarget = `Whether a $668 \times 668$ matrix of this kind exists, for order 668.`
			}},
	})
}

// TestReadingSmallCasesExample holds the reading of a small case that bounds a count below what
// an example of the same case shows.
func TestReadingSmallCasesExample(t *testing.T) {
	t.Parallel()
	comp, cmp := computationalGate, computationalClean
	withExample := func(body string) func() *Revision {
		return func() *Revision {
			r := cmp()
			r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: packet.Example, Body: body})
			return r
		}
	}
	small := func(s string) func(r *Revision) { return func(r *Revision) { r.Computation.SmallCases = s } }
	runReadingCases(t, []readingCase{
		{name: "small cases: at most, against an example's count", gate: comp, check: checkCompSmallCases, want: NeedsHuman, quote: "at most 4 rows",
			base:   withExample(`For $n = 8$ the four rows of the Sylvester matrix and one more row give five rows that are pairwise orthogonal.`),
			change: small("For n = 8 at most 4 rows can be pairwise orthogonal; orders 1, 2 and 4 have Hadamard matrices.")},
		{name: "small cases: fewer than, in a grid", gate: comp, check: checkCompSmallCases, want: NeedsHuman, quote: "fewer than seven cells",
			base:   withExample(`In the $4 \times 4$ board the seven cells $(0,0), (0,1), (1,2), (2,3), (3,0), (3,2), (1,3)$ are marked with no two in a row.`),
			change: small("On the 4 × 4 board fewer than seven cells can be marked; orders 1, 2 and 4 have Hadamard matrices.")},
		{name: "small cases: another case than the example's", gate: comp, check: checkCompSmallCases, want: Pass,
			base:   withExample(`For $n = 12$ the six rows of the example are pairwise orthogonal.`),
			change: small("For n = 8 at most 4 rows can be pairwise orthogonal; orders 1, 2 and 4 have Hadamard matrices.")},
		{name: "small cases: within the example's count", gate: comp, check: checkCompSmallCases, want: Pass,
			base:   withExample(`For $n = 8$ the four rows of the example are pairwise orthogonal.`),
			change: small("For n = 8 at most 8 rows can be pairwise orthogonal; orders 1, 2 and 4 have Hadamard matrices.")},
	})
}

// TestReadingDomainStructural holds the variable-domain readings: the argument of a function a
// "let" names is not given a range by it, and a definition of a term the statement does not use
// does not introduce the statement's letters.
func TestReadingDomainStructural(t *testing.T) {
	t.Parallel()
	st := statementGate
	withDefinition := func(term, body string) func() *Revision {
		return func() *Revision {
			r := clean()
			r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: packet.Definition, Term: term, Body: body})
			return r
		}
	}
	perfect := func() *Revision {
		r := clean()
		r.Statement = `A group $Q$ is *perfect* if $H_1(Q) = 0$. Let $G$ be a finite perfect group. Decide whether $G$ has a subgroup of index $2$.`
		return r
	}
	runReadingCases(t, []readingCase{
		{name: "domain: the argument of a function 'let' names", gate: st, check: stCheckDomain, want: NeedsHuman, quote: "$g(m)$",
			change: setStatement(`Let $g(m)$ be the largest prime factor of $m^2 + 1$. Determine all $m$ with $g(m) = 13$.`)},
		{name: "domain: two arguments, one given a range later", gate: st, check: stCheckDomain, want: NeedsHuman, quote: "$N(q, k)$",
			change: setStatement(`Let $N(q, k)$ be the largest size of a cap in $\mathrm{PG}(k, q)$. For every integer $k \ge 3$, determine all $q$ with $N(q, k) = q^2 + 1$.`)},
		{name: "domain: a function whose argument has a range", gate: st, check: stCheckDomain, want: Pass,
			change: setStatement(`For a positive integer $m$ let $g(m)$ be the largest prime factor of $m^2 + 1$. Determine all $m$ with $g(m) = 13$.`)},
		{name: "domain: the elements of listed sets, never said to be numbers", gate: st, check: stCheckDomain, want: NeedsHuman, quote: `\{y_1, \dots, y_k\}`,
			change: setStatement(`For an integer $k \ge 2$, find two distinct sets $\{x_1, \dots, x_k\}$ and $\{y_1, \dots, y_k\}$ with $\sum_i x_i^2 = \sum_i y_i^2$, all entries at most $100$.`)},
		{name: "domain: a tuple listed without a type", gate: st, check: stCheckDomain, want: NeedsHuman, quote: `\{c_1, \ldots, c_m\}`,
			change: setStatement(`For an integer $m \ge 3$, decide whether some sequence $\{c_1, \ldots, c_m\}$ has all its pairwise sums distinct and below $m^2$.`)},
		{name: "domain: listed sets of integers", gate: st, check: stCheckDomain, want: Pass,
			change: setStatement(`For an integer $k \ge 2$, find two distinct sets $\{x_1, \dots, x_k\}$ and $\{y_1, \dots, y_k\}$ of positive integers with $\sum_i x_i^2 = \sum_i y_i^2$.`)},
		{name: "domain: listed points", gate: st, check: stCheckDomain, want: Pass,
			change: setStatement(`For an integer $m \ge 3$, decide whether any points $\{c_1, \ldots, c_m\}$ of the plane with $m \ge 5$ contain a convex quadrilateral, and whether a set $S = \{s_1, \dots, s_m\}$ does.`)},
		{name: "quantifiers: the least constant bound by ∃ after ∀", gate: st, check: stCheckDomain, want: NeedsHuman, quote: `\exists C`,
			change: setStatement(`For a positive integer $n$ let $f(n)$ be the number of primes below $n$. Determine the smallest $C$ in $\forall n \ge 2\ \exists C: f(n) \le C n / \log n$.`)},
		{name: "quantifiers: the largest constant bound by ∃ first", gate: st, check: stCheckDomain, want: NeedsHuman, quote: `\exists \lambda`,
			change: setStatement(`For real $x$ let $g(x) = \sin x + \sin(\sqrt{2} x)$. Find the largest $\lambda$ such that $\exists \lambda\, \forall x \in \mathbb{R}: g(x) \ge -\lambda$.`)},
		{name: "quantifiers: the least constant left free", gate: st, check: stCheckDomain, want: Pass,
			change: setStatement(`For a positive integer $n$ let $f(n)$ be the number of primes below $n$. Determine the smallest real $C$ with $\forall n \ge 2: f(n) \le C n / \log n$.`)},
		{name: "quantifiers: another letter bound by ∃", gate: st, check: stCheckDomain, want: Pass,
			change: setStatement(`Determine the least real $K$ such that $\forall n \ge 1\ \exists x \in \mathbb{Z}: |x^2 - 2n| \le K \sqrt{n}$.`)},
		{name: "hypothesis: a perfect group with a homology it excludes", gate: st, check: stCheckDomain, base: perfect, want: NeedsHuman, quote: `H_1(G) \ne 0`,
			change: setStatement(`A group $Q$ is *perfect* if $H_1(Q) = 0$. Let $G$ be a finite perfect group with $H_1(G) \ne 0$. Decide whether $G$ has a subgroup of index $2$.`)},
		{name: "hypothesis: a highly connected manifold with a homotopy group", gate: st, check: stCheckDomain, want: NeedsHuman, quote: `\pi_3(N) \neq 0`,
			change: setStatement(`A manifold $M$ is \emph{highly connected} if $\pi_k(M) = 0$ for every $k \geq 1$. Let $N$ be a closed highly connected manifold of dimension $8$ with $\pi_3(N) \neq 0$. Decide whether $N$ is a sphere.`)},
		{name: "hypothesis: the denied equation of another object", gate: st, check: stCheckDomain, base: perfect, want: Pass,
			change: setStatement(`A group $Q$ is *perfect* if $H_1(Q) = 0$. Let $G$ be a finite perfect group and let $P$ be a finite group with $H_1(P) \ne 0$. Decide whether $G \times P$ has a subgroup of index $2$.`)},
		{name: "hypothesis: an index the definition does not cover", gate: st, check: stCheckDomain, want: Pass,
			change: setStatement(`A manifold $M$ is \emph{highly connected} if $\pi_k(M) = 0$ for every $k \geq 2$. Let $N$ be a closed highly connected manifold of dimension $8$ with $\pi_1(N) \neq 0$. Decide whether $N$ is aspherical.`)},
		{name: "domain: a definition of a term the statement drops", gate: st, check: stCheckDomain, base: withDefinition("admissible modulus", `An integer $q \ge 3$ that is not a prime power.`), want: NeedsHuman, quote: "$q$",
			change: setStatement(`Determine whether there are infinitely many $q$ for which a cyclic difference set modulo $q$ exists.`)},
		{name: "domain: a definition of a term the statement uses", gate: st, check: stCheckDomain, base: withDefinition("admissible modulus", `An integer $q \ge 3$ that is not a prime power.`), want: Pass,
			change: setStatement(`Determine whether there are infinitely many admissible moduli $q$ for which a cyclic difference set modulo $q$ exists.`)},
	})
}
