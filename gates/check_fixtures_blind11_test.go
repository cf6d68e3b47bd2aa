package gates

import (
	"testing"

	"github.com/theoremdb/theoremdb/packet"
)

// The classes a twelfth blind split missed, read by their shape in several phrasings on
// problems of their own, each with neighbours that must not fire: a table of two indexes defined
// by a recurrence with no boundary values; a remark or an example that defines a sequence by a
// recurrence with no first terms; a relevance note over an empty locator that states a claim
// about every object of a kind; a polynomial or a matrix introduced by an article with no ring;
// an equivalence that identifies two objects when one is finer or weaker than the other.

func TestReadingTableRecurrence(t *testing.T) {
	t.Parallel()
	st := statementGate
	runReadingCases(t, []readingCase{
		{name: "table: Eulerian numbers with no boundary", gate: st, check: stCheckRecurrence, want: NeedsHuman, quote: "A(n, k) =",
			change: setStatement(`For $n, k \ge 1$ let the numbers $A(n, k)$ satisfy $A(n, k) = (k+1) A(n-1, k) + (n-k) A(n-1, k-1)$. Prove that the sequence $A(n, 0), \ldots, A(n, n-1)$ is unimodal for every $n \ge 1$.`)},
		{name: "table: lattice paths with no boundary", gate: st, check: stCheckRecurrence, want: NeedsHuman, quote: "D(m, n) =",
			change: setStatement(`Define $D(m, n) = D(m-1, n) + D(m, n-1) + D(m-1, n-1)$ for $m, n \ge 1$. Decide whether $D(n, n)$ is squarefree for infinitely many $n$.`)},
		{name: "table: boundary values on both edges", gate: st, check: stCheckRecurrence, want: Pass,
			change: setStatement(`Let $D(m, 0) = D(0, n) = 1$ for $m, n \ge 0$ and $D(m, n) = D(m-1, n) + D(m, n-1) + D(m-1, n-1)$ for $m, n \ge 1$. Decide whether $D(n, n)$ is squarefree for infinitely many $n$.`)},
	})
}

func TestReadingExpositionRecurrence(t *testing.T) {
	t.Parallel()
	st := statementGate
	entry := func(kind packet.ExpositionKind, body string) func(r *Revision) {
		return func(r *Revision) {
			r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: kind, Body: body})
		}
	}
	runReadingCases(t, []readingCase{
		{name: "exposition: an example iterates with no start", gate: st, check: stCheckRecurrence, want: NeedsHuman, quote: `x_{k+1} = x_k^2 - 2`,
			change: entry(packet.Example, `Take $x_{k+1} = x_k^2 - 2$ for $k \ge 0$; the terms grow doubly exponentially, so a test on them needs few steps.`)},
		{name: "exposition: a remark's sequence with no base", gate: st, check: stCheckRecurrence, want: NeedsHuman, quote: `s_{j+1} = s_j^2 + s_j`,
			change: entry(packet.Remark, `The sequence $s_{j+1} = s_j^2 + s_j$, $j \ge 1$, bounds every gap that the method can reach.`)},
		{name: "exposition: the start given", gate: st, check: stCheckRecurrence, want: Pass,
			change: entry(packet.Example, `Take $x_0 = 4$ and $x_{k+1} = x_k^2 - 2$ for $k \ge 0$; the terms grow doubly exponentially.`)},
		{name: "exposition: a condition on a family", gate: st, check: stCheckRecurrence, want: Pass,
			change: entry(packet.Remark, `A chain is a sequence of primes satisfying $p_{i+1} = 2p_i + 1$ for each $i$, its first prime free.`)},
		{name: "exposition: a sequence known by name", gate: st, check: stCheckRecurrence, want: Pass,
			change: entry(packet.Remark, `The Fibonacci numbers satisfy $F_{n+2} = F_{n+1} + F_n$, and so their gaps grow too.`)},
	})
}

func TestReadingLocatorUniversalClaim(t *testing.T) {
	t.Parallel()
	refs := referencesGate
	row := func(rel string) func(r *Revision) {
		return func(r *Revision) { r.References[1].Locator = ""; r.References[1].Relevance = rel }
	}
	runReadingCases(t, []readingCase{
		{name: "universal: proves that every graph is", gate: refs, check: checkRefsRow, want: NeedsHuman, quote: "Proves that",
			change: row("Proves that every planar graph without triangles is 3-colourable.")},
		{name: "universal: shows that each group has", gate: refs, check: checkRefsRow, want: NeedsHuman, quote: "shows that",
			change: row("The paper shows that each finite group acting freely on a sphere has cyclic Sylow subgroups.")},
		{name: "universal: a claim about no kind", gate: refs, check: checkRefsRow, want: Pass,
			change: row("Proves that the parity barrier blocks the sieve method.")},
	})
}

func TestReadingRingOfArticle(t *testing.T) {
	t.Parallel()
	st := statementGate
	runReadingCases(t, []readingCase{
		{name: "ring: for a polynomial", gate: st, check: stCheckDomain, want: NeedsHuman, quote: "For a polynomial",
			change: setStatement(`For a polynomial $p$ of degree $n \ge 2$ whose roots all lie in the closed unit disc, prove that every root of $p$ lies within distance $1$ of a root of $p'$.`)},
		{name: "ring: given a matrix", gate: st, check: stCheckDomain, want: NeedsHuman, quote: "Given a matrix",
			change: setStatement(`Given a matrix $A$ of order $n \ge 2$ with zero diagonal and $A^2 = I$, decide whether $n$ must be even.`)},
		{name: "ring: a maximum over the circle names no ring", gate: st, check: stCheckDomain, want: NeedsHuman, quote: "For every polynomial",
			change: setStatement(`For every polynomial $p$ of degree $n \ge 1$ with $p(0) = 1$, prove that the maximum of $|p|$ over the unit circle is at least $1$, with equality only for $p = 1$.`)},
		{name: "ring: over a field", gate: st, check: stCheckDomain, want: Pass,
			change: setStatement(`For every polynomial $p$ over a finite field of degree $n \ge 1$, prove that $p$ has at most $n$ roots.`)},
		{name: "ring: a complex polynomial", gate: st, check: stCheckDomain, want: Pass,
			change: setStatement(`For a complex polynomial $p$ of degree $n \ge 2$ whose roots all lie in the closed unit disc, prove that every root of $p$ lies within distance $1$ of a root of $p'$.`)},
		{name: "ring: coefficients named after", gate: st, check: stCheckDomain, want: Pass,
			change: setStatement(`For a polynomial $p$ with complex coefficients of degree $n \ge 2$ whose roots all lie in the closed unit disc, prove that every root of $p$ lies within distance $1$ of a root of $p'$.`)},
	})
}

func TestReadingEquivalenceComparison(t *testing.T) {
	t.Parallel()
	acc, cls := acceptanceGate, classificationClean
	eq := func(s string) func(r *Revision) { return func(r *Revision) { r.Acceptance.Equivalence = s } }
	runReadingCases(t, []readingCase{
		{name: "comparison: one finer than the other", gate: acc, check: checkAcceptanceClassification, base: cls, want: NeedsHuman, quote: "one of them is finer than the other",
			change: eq("Two partitions are identified when one of them is finer than the other.")},
		{name: "comparison: the first weaker than the second", gate: acc, check: checkAcceptanceClassification, base: cls, want: NeedsHuman, quote: "the first is weaker than the second",
			change: eq("Two norms count as one when the first is weaker than the second.")},
		{name: "comparison: each weaker than the other", gate: acc, check: checkAcceptanceClassification, base: cls, want: Pass,
			change: eq("Two norms count as one when each is weaker than the other.")},
	})
}

func TestReadingExampleBestConstant(t *testing.T) {
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
	least := base(`Let $C$ be the least number $C$ such that for every $n \ge 1$ and all reals $x_1, \ldots, x_n$ one has $\max_{k} |x_1 + \cdots + x_k| \le C \, \max_{\varepsilon} |\varepsilon_1 x_1 + \cdots + \varepsilon_n x_n|$, the last maximum over signs $\varepsilon_i = \pm 1$. Give reals $a \le b$ with $b - a \le 0.01$ and a proof that $a \le C \le b$.`,
		"1.25 ≤ C ≤ 1.5 by a two-term example and an averaging argument.")
	smallest := base(`Let $M$ be the smallest constant $M$ for which $\sup_{|z| < 1} |f'(z)| (1 - |z|^2) \le M \sup_{|z| < 1} |f(z)|$ holds for every bounded analytic $f$ on the unit disc. Determine reals $a \le b$ with $b - a \le 0.001$ and $a \le M \le b$.`,
		"1 ≤ M ≤ 1.2 (Schwarz–Pick and a Blaschke product).")
	largest := base(`Let $c$ be the largest number $c$ such that $\max_{k} |x_1 + \cdots + x_k| \ge c \, \min_{\varepsilon} |\varepsilon_1 x_1 + \cdots + \varepsilon_n x_n|$ for all reals $x_i$. Give reals $a \le b$ with $b - a \le 0.01$ and a proof that $a \le c \le b$.`,
		"0.5 ≤ c ≤ 0.75 by two examples.")
	example := func(body string) func(r *Revision) {
		return func(r *Revision) {
			r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: packet.Example, Body: body})
		}
	}
	runReadingCases(t, []readingCase{
		{name: "best: a least constant's instance above its upper bound", gate: cons, check: checkConsistencyBounds, base: least, want: NeedsHuman, quote: "1.6180",
			change: example(`For $x = (1, -1, 1)$ the two maxima are $2$ and $1$ after a careless choice of signs, a ratio of $\varphi \approx 1.6180$.`)},
		{name: "best: a smallest constant's instance above its upper bound", gate: cons, check: checkConsistencyBounds, base: smallest, want: NeedsHuman, quote: "1.3333",
			change: example(`The function $f(z) = z^2$ gives a ratio of about $4/3 \approx 1.3333$ at $|z| = 0.5$.`)},
		{name: "best: an instance within the bounds", gate: cons, check: checkConsistencyBounds, base: least, want: Pass,
			change: example(`For $x = (1, -1)$ the two maxima are $1$ and $0$ or $2$, and the best signs give a ratio $\approx 1.3333$.`)},
		{name: "best: a largest constant, bounded from below", gate: cons, check: checkConsistencyBounds, base: largest, want: Pass,
			change: example(`For $x = (1, 1)$ the ratio is $\approx 0.8000$, above the constant, as an instance of a largest constant may be.`)},
	})
}

func TestReadingRemainderSplit(t *testing.T) {
	t.Parallel()
	cons := consistencyGate
	remark := func(body string) func(r *Revision) {
		return func(r *Revision) {
			r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: packet.Remark, Body: body})
		}
	}
	runReadingCases(t, []readingCase{
		{name: "remainder: the last ones miscounted", gate: cons, check: checkConsistencyBounds, want: NeedsHuman, quote: "5 of the remaining 9",
			change: remark("Of the 40 cases, 31 were settled by hand; a sieve settled 5 of the remaining 9, and a computer search the last 3.")},
		{name: "remainder: the other part in TeX", gate: cons, check: checkConsistencyBounds, want: NeedsHuman, quote: "$12$ of the other $30$",
			change: remark("Exactly $12$ of the other $30$ graphs are planar, and the remaining $17$ contain a $K_5$ minor.")},
		{name: "remainder: parts that add up", gate: cons, check: checkConsistencyBounds, want: Pass,
			change: remark("Of the 40 cases, 31 were settled by hand; a sieve settled 5 of the remaining 9, and a computer search the last 4.")},
	})
}

func TestReadingExampleBeyondRecordedExtremum(t *testing.T) {
	t.Parallel()
	cons := consistencyGate
	entries := func(remark, example string) func(r *Revision) {
		return func(r *Revision) {
			r.Exposition = append(r.Exposition,
				packet.ExpositionEntry{Kind: packet.Remark, Body: remark},
				packet.ExpositionEntry{Kind: packet.Example, Body: example})
		}
	}
	runReadingCases(t, []readingCase{
		{name: "record: a girth below the least possible", gate: cons, check: checkConsistencyBounds, want: NeedsHuman, quote: "has girth 6",
			change: entries("A counting bound shows that the least possible girth of such a cage is 7.", "The graph found by the search has girth 6, so the bound is attained.")},
		{name: "record: a degree above the largest possible", gate: cons, check: checkConsistencyBounds, want: NeedsHuman, quote: "of degree $14$",
			change: entries("The largest possible degree of a vertex in such a graph is $12$.", "The drawing shows a vertex of degree $14$ and its neighbours.")},
		{name: "record: a value on the right side", gate: cons, check: checkConsistencyBounds, want: Pass,
			change: entries("A counting bound shows that the least possible girth of such a cage is 7.", "The graph found by the search has girth 9.")},
		{name: "record: a smaller object named by its size", gate: cons, check: checkConsistencyBounds, want: Pass,
			change: entries("The least possible diameter of such a seven-point set is 22270.", "A 5-point set with diameter 73 shows how the search starts.")},
	})
}

func TestReadingAskedPredicateUndefined(t *testing.T) {
	t.Parallel()
	st := statementGate
	runReadingCases(t, []readingCase{
		{name: "predicate: groups that are proper", gate: st, check: stCheckTerms, want: NeedsHuman, quote: "proper",
			change: setStatement(`Classify, up to isomorphism, the finite groups of order below $500$ that are proper.`)},
		{name: "predicate: pairs which are simple", gate: st, check: stCheckTerms, want: NeedsHuman, quote: "simple",
			change: setStatement(`Find all pairs of integers $(a, b)$ with $1 \le a < b \le 100$ which are simple.`)},
		{name: "predicate: defined in an entry", gate: st, check: stCheckTerms, want: Pass,
			change: func(r *Revision) {
				r.Statement = `Classify, up to isomorphism, the finite groups of order below $500$ that are proper.`
				r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: packet.Definition, Term: "proper",
					Body: "A finite group is proper when every maximal subgroup of it is normal."})
			}},
		{name: "predicate: a word of one meaning", gate: st, check: stCheckTerms, want: Pass,
			change: setStatement(`Determine all integers $n$ with $1 \le n \le 10^6$ that are squarefree.`)},
	})
}
