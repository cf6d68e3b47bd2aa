package gates

import (
	"testing"

	"github.com/theoremdb/theoremdb/packet"
)

// The classes a ninth blind split missed, read by their shape in several phrasings on problems
// of their own, each with neighbours that must not fire: a recurrence written in prose with its
// first term only mentioned; a search space bounded from below only; a result a relevance note
// states with a verb and a relation over an empty locator; an older DOI whose ISSN names another
// journal; an equivalence by order between two objects named by letters; a requested width the
// recorded bounds already meet; a title that fixes a measure of its object; a relevance note
// about an object of the title's kind under another name; a bound stated by a fraction that a
// value elsewhere exceeds; an example of a supremum beyond the record's upper bound; an example
// that exhibits, at a stated least size, an object without the property every such object has.

func TestReadingProseRecurrence(t *testing.T) {
	t.Parallel()
	st := statementGate
	runReadingCases(t, []readingCase{
		{name: "recurrence: let the next term be a function of the earlier ones", gate: st, check: stCheckRecurrence, want: NeedsHuman, quote: "b_{n+1}",
			change: setStatement(`For every integer $n \ge 1$ let $b_{n+1}$ be the largest prime factor of $b_1 + b_2 + \cdots + b_n + 1$. Prove that the sequence $(b_n)$ is unbounded.`)},
		{name: "recurrence: a family of sets from the previous one", gate: st, check: stCheckRecurrence, want: NeedsHuman, quote: "S_{k+1}",
			change: setStatement(`For each $k \ge 1$ let $S_{k+1}$ be the set of integers $m + s$ with $s \in S_k$ and $m$ prime. Decide whether $S_k$ contains every even integer above $10$ for some $k$.`)},
		{name: "recurrence: a superscript index defined as", gate: st, check: stCheckRecurrence, want: NeedsHuman, quote: "G^{j+1}",
			change: setStatement(`For $j \ge 1$ define $G^{j+1}$ as the commutator subgroup of $G^j$ and $G^1$. Prove that $G^j$ is trivial for some $j$ whenever $G$ is a finite group of odd order.`)},
		{name: "recurrence: the first term given in the same sentence", gate: st, check: stCheckRecurrence, want: Pass,
			change: setStatement(`Let $b_1 = 3$ and, for every integer $n \ge 1$, let $b_{n+1}$ be the largest prime factor of $b_1 + \cdots + b_n + 1$. Prove that the sequence is unbounded.`)},
		{name: "recurrence: the first set given in words", gate: st, check: stCheckRecurrence, want: Pass,
			change: setStatement(`Let $S_1$ be the set of primes and, for each $k \ge 1$, let $S_{k+1}$ be the set of integers $m + s$ with $s \in S_k$ and $m$ prime. Decide whether $S_k$ contains every even integer above $10$ for some $k$.`)},
		{name: "recurrence: a term named at a shifted index with no earlier term", gate: st, check: stCheckRecurrence, want: Pass,
			change: setStatement(`For every integer $n \ge 1$ let $p_{n+1}$ be the least prime above $2n$. Prove that $p_{n+1} < 3n$ for every $n \ge 2$.`)},
	})
}

func TestReadingSearchLowerOnly(t *testing.T) {
	t.Parallel()
	acc, cmp := acceptanceGate, computationalClean
	space := func(s string) func(r *Revision) { return func(r *Revision) { r.Acceptance.SearchSpace = s } }
	runReadingCases(t, []readingCase{
		{name: "search: orders from a number on", gate: acc, check: checkAcceptanceSearch, base: cmp, want: NeedsHuman, quote: "≥ 668",
			change: space(`Hadamard matrices of order n ≥ 668 with n divisible by 4, examined one order after another.`)},
		{name: "search: an enumeration with no last term", gate: acc, check: checkAcceptanceSearch, base: cmp, want: NeedsHuman, quote: "668, 672, 676, …",
			change: space(`Matrices with entries ±1 of orders 668, 672, 676, …, in increasing order.`)},
		{name: "search: above a number and upwards", gate: acc, check: checkAcceptanceSearch, base: cmp, want: NeedsHuman, quote: "above 10",
			change: space(`Circulant cores of size above 10 scanned upwards by size.`)},
		{name: "search: both ends", gate: acc, check: checkAcceptanceSearch, base: cmp, want: Pass,
			change: space(`Hadamard matrices of order n with 668 ≤ n ≤ 700 divisible by 4.`)},
		{name: "search: an enumeration with its last term", gate: acc, check: checkAcceptanceSearch, base: cmp, want: Pass,
			change: space(`Matrices with entries ±1 of orders 668, 672, …, 700.`)},
		{name: "search: a lower bound with a size", gate: acc, check: checkAcceptanceSearch, base: cmp, want: Pass,
			change: space(`Circulant cores of size at least 3 and at most 167, all of them.`)},
	})
}

func TestReadingLocatorStatedResult(t *testing.T) {
	t.Parallel()
	refs := referencesGate
	row := func(rel string) func(r *Revision) {
		return func(r *Revision) { r.References[1].Locator = ""; r.References[1].Relevance = rel }
	}
	runReadingCases(t, []readingCase{
		{name: "locator: proved there, with an inequality", gate: refs, check: checkRefsRow, want: NeedsHuman, quote: "Proved there:",
			change: row("Proved there: infinitely many consecutive primes satisfy p_{n+1} − p_n ≤ 246.")},
		{name: "locator: they show that, with at most", gate: refs, check: checkRefsRow, want: NeedsHuman, quote: "show that",
			change: row("They show that infinitely many gaps between consecutive primes are at most 246, by a refined sieve.")},
		{name: "locator: establishes that, with a relation", gate: refs, check: checkRefsRow, want: NeedsHuman, quote: "establishes that",
			change: row("The paper establishes that liminf (p_{n+1} − p_n) < 600 under no hypothesis.")},
		{name: "locator: a result with its place", gate: refs, check: checkRefsRow, want: Pass,
			change: func(r *Revision) {
				r.References[1].Locator = "Theorem 4"
				r.References[1].Relevance = "They show that infinitely many gaps between consecutive primes are at most 246."
			}},
		{name: "locator: a survey with no result", gate: refs, check: checkRefsRow, want: Pass,
			change: row("Surveys the sieve methods behind bounded gaps and the parity barrier.")},
		{name: "locator: a verb without a quantitative claim", gate: refs, check: checkRefsRow, want: Pass,
			change: row("Shows that the parity barrier blocks the sieve from reaching twin primes.")},
	})
}

func TestReadingDOIOfISSN(t *testing.T) {
	t.Parallel()
	refs := referencesGate
	row := func(id, cit string) func(r *Revision) {
		return func(r *Revision) { r.References[0].Identifier = id; r.References[0].Citation = cit }
	}
	runReadingCases(t, []readingCase{
		{name: "doi: the Journal of Number Theory's ISSN for another journal", gate: refs, check: checkRefsRow, want: NeedsHuman, quote: "0022-314X",
			change: row("doi:10.1016/0022-314X(84)90011-8", "A. Author, Gaps between primes, Acta Arith. 44 (1984), 12–30.")},
		{name: "doi: Discrete Mathematics' ISSN for a combinatorics journal", gate: refs, check: checkRefsRow, want: NeedsHuman, quote: "0012-365X",
			change: row("doi:10.1016/0012-365X(90)90120-N", "B. Author, Prime graphs, Ars Combin. 29 (1990), 5–9.")},
		{name: "doi: Advances' ISSN under a Society's journal", gate: refs, check: checkRefsRow, want: NeedsHuman, quote: "0001-8708",
			change: row("doi:10.1016/0001-8708(77)90001-2", "C. Author, Sieves, Bull. London Math. Soc. 9 (1977), 1–12.")},
		{name: "doi: the ISSN of the journal the citation names", gate: refs, check: checkRefsRow, want: Pass,
			change: row("doi:10.1016/0022-314X(84)90011-8", "A. Author, Gaps between primes, J. Number Theory 19 (1984), 12–30.")},
		{name: "doi: an ISSN DOI for a book chapter", gate: refs, check: checkRefsRow, want: Pass,
			change: row("doi:10.1016/0022-314X(84)90011-8", "A. Author, Gaps between primes, in: Sieve Methods, Academic Press.")},
	})
}

func TestReadingEquivalenceNamedOrder(t *testing.T) {
	t.Parallel()
	acc, cls := acceptanceGate, classificationClean
	eq := func(s string) func(r *Revision) { return func(r *Revision) { r.Acceptance.Equivalence = s } }
	runReadingCases(t, []readingCase{
		{name: "equivalence: one order extends another", gate: acc, check: checkAcceptanceClassification, base: cls, want: NeedsHuman, quote: "extends",
			change: eq("Two graphs G and H on the same vertex set are identified when H extends G, that is, every edge of G is an edge of H.")},
		{name: "equivalence: a partition refines another", gate: acc, check: checkAcceptanceClassification, base: cls, want: NeedsHuman, quote: "refines",
			change: eq("Partitions P and Q of the vertex set are identified when P refines Q.")},
		{name: "equivalence: a minor by letters", gate: acc, check: checkAcceptanceClassification, base: cls, want: NeedsHuman, quote: "is a minor of",
			change: eq("G and H are identified when G is a minor of H.")},
		{name: "equivalence: each extends the other", gate: acc, check: checkAcceptanceClassification, base: cls, want: Pass,
			change: eq("Two graphs G and H are identified when H extends G and G extends H, that is, they are equal.")},
		{name: "equivalence: an isomorphism that extends a map", gate: acc, check: checkAcceptanceClassification, base: cls, want: Pass,
			change: eq("Graph isomorphism: a bijection of the vertices that extends to a map of the edges.")},
	})
}

func TestReadingIncumbentWidth(t *testing.T) {
	t.Parallel()
	cons := consistencyGate
	// The base states the record, so that only the requested width changes.
	known := func(k string) func() *Revision {
		return func() *Revision { r := numericalClean(); r.OpenStatus.StrongestKnown = k; return r }
	}
	width := func(w string) func(r *Revision) {
		return setStatement(`Let $\Delta_{13}$ be the largest real number $\Delta$ such that some $13$ points in the unit square $[0,1]^2$ have every triangle formed by three of them of area at least $\Delta$. Determine rational numbers $L \le U$ with $U - L \le ` + w + `$ such that $L \le \Delta_{13} \le U$.`)
	}
	runReadingCases(t, []readingCase{
		{name: "width: a stated gap below the requested width", gate: cons, check: checkConsistencyIncumbent, base: known("Configurations give 0.0065 and a subdivision bound 0.0122; the gap has width about 0.0057."), want: NeedsHuman, quote: "U - L",
			change: width("0.01")},
		{name: "width: two bounds on one quantity", gate: cons, check: checkConsistencyIncumbent, base: known("0.0065 ≤ Δ₁₃ ≤ 0.0122 by a configuration and a subdivision bound."), want: NeedsHuman, quote: "U - L",
			change: width("0.01")},
		{name: "width: below and above in prose", gate: cons, check: checkConsistencyIncumbent, base: known("Areas below 0.0065 are attained by a configuration, and areas above 0.0122 are excluded by a subdivision bound."), want: NeedsHuman, quote: "U - L",
			change: width("0.5")},
		{name: "width: the request narrower than the record", gate: cons, check: checkConsistencyIncumbent, base: known("0.0065 ≤ Δ₁₃ ≤ 0.0122 by a configuration and a subdivision bound; the gap has width about 0.0057."), want: Pass,
			change: width("0.001")},
	})
}

func TestReadingTitleMeasure(t *testing.T) {
	t.Parallel()
	st := statementGate
	title := func(s string) func(r *Revision) { return func(r *Revision) { r.Title = s } }
	runReadingCases(t, []readingCase{
		{name: "title: graphs of girth five", gate: st, check: stCheckTitle, base: classificationClean, want: NeedsHuman, quote: "of girth five",
			change: title("Strongly regular graphs with parameters (65, 32, 15, 16) of girth five")},
		{name: "title: twin primes in dimension two", gate: st, check: stCheckTitle, want: NeedsHuman, quote: "in dimension 7",
			change: title("Twin prime conjecture in dimension 7")},
		{name: "title: a Hadamard matrix of rank three", gate: st, check: stCheckTitle, base: computationalClean, want: NeedsHuman, quote: "of rank three",
			change: title("A Hadamard matrix of order 668 of rank three")},
		{name: "title: the order the statement names", gate: st, check: stCheckTitle, base: computationalClean, want: Pass,
			change: title("A Hadamard matrix of order 668")},
		{name: "title: a measure without a number", gate: st, check: stCheckTitle, want: Pass,
			change: title("Twin prime conjecture of any width")},
	})
}

func TestReadingRelevanceNamedObject(t *testing.T) {
	t.Parallel()
	refs := referencesGate
	note := func(title, rel string) func(r *Revision) {
		return func(r *Revision) { r.Title = title; r.References[1].Relevance = rel }
	}
	runReadingCases(t, []readingCase{
		{name: "relevance: another named sequence", gate: refs, check: checkRefsRelevance, want: NeedsHuman, quote: "Fibonacci's sequence",
			change: note("Twin primes and the Polymath sequence", "Asks whether Fibonacci's sequence contains infinitely many primes, and lists the known prime terms.")},
		{name: "relevance: numbers of another adjective", gate: refs, check: checkRefsRelevance, want: NeedsHuman, quote: "amicable numbers",
			change: note("Twin prime numbers", "Shows that amicable numbers below 10^{12} have at least four prime factors.")},
		{name: "relevance: another named constant", gate: refs, check: checkRefsRelevance, want: NeedsHuman, quote: "Brun's constant",
			change: note("Twin primes and the Hardy–Littlewood constant", "Computes Brun's constant to eleven decimals from the primes below 10^{16}.")},
		{name: "relevance: the title's own named sequence", gate: refs, check: checkRefsRelevance, want: Pass,
			change: note("Twin primes and the Polymath sequence", "Tabulates the Polymath sequence of gap bounds up to 246.")},
		{name: "relevance: a kind with an ordinary adjective", gate: refs, check: checkRefsRelevance, want: Pass,
			change: note("Twin prime numbers", "Current unconditional bound 246 on gaps between prime numbers and the parity barrier that keeps the conjecture open.")},
	})
}

func TestReadingFractionBounds(t *testing.T) {
	t.Parallel()
	cons := consistencyGate
	runReadingCases(t, []readingCase{
		{name: "fraction: an example below a bound written 1/2", gate: cons, check: checkConsistencyBounds, base: numericalClean, want: NeedsHuman, quote: "0.0012",
			change: func(r *Revision) {
				r.Exposition = append(r.Exposition,
					packet.ExpositionEntry{Kind: packet.Remark, Body: `Comellas and Yebra showed $\Delta_{13} > 1/500$.`},
					packet.ExpositionEntry{Kind: packet.Example, Body: `A grid of thirteen points gives no triangle larger than the bound, so $\Delta_{13} \le 0.0012$.`})
			}},
		{name: "fraction: a remark's value below a \\tfrac bound of the record", gate: cons, check: checkConsistencyBounds, base: numericalClean, want: NeedsHuman, quote: "0.0041",
			change: func(r *Revision) {
				r.OpenStatus.StrongestKnown = `$\tfrac{1}{200} < \Delta_{13}$ by an explicit configuration.`
				r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: packet.Remark, Body: `A subdivision argument gives $\Delta_{13} \le 0.0041$.`})
			}},
		{name: "fraction: a slipped closed form beside a third", gate: cons, check: checkConsistencyBounds, base: numericalClean, want: NeedsHuman, quote: "0.0013",
			change: func(r *Revision) {
				r.OpenStatus.StrongestKnown = `1/200 < Δ₁₃ by an explicit configuration.`
				r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: packet.Remark, Body: `A subdivision gives $\tfrac{1}{200} < \Delta_{13} \le \tfrac13 \cdot \tfrac{1}{25} \approx 0.0013$.`})
			}},
		{name: "fraction: a third is not read as 0.3", gate: cons, check: checkConsistencyBounds, base: numericalClean, want: Pass,
			change: func(r *Revision) {
				r.OpenStatus.StrongestKnown = `$\Delta_{13} > 0.32$ by an explicit configuration.`
				r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: packet.Remark, Body: `Every configuration has $\Delta_{13} \le 1/3$.`})
			}},
		{name: "fraction: a value above the fraction bound", gate: cons, check: checkConsistencyBounds, base: numericalClean, want: Pass,
			change: func(r *Revision) {
				r.OpenStatus.StrongestKnown = `$\tfrac{1}{200} < \Delta_{13}$ by an explicit configuration.`
				r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: packet.Remark, Body: `A subdivision argument gives $\Delta_{13} \le 0.0122$.`})
			}},
	})
}

func TestReadingExampleBeyondExtremum(t *testing.T) {
	t.Parallel()
	cons := consistencyGate
	// The base states the record, so that only the example changes.
	base := func() *Revision {
		r := numericalClean()
		r.OpenStatus.StrongestKnown = "0.0065 ≤ Δ₁₃ ≤ 0.0122 by a configuration and a subdivision bound."
		return r
	}
	example := func(body string) func(r *Revision) {
		return func(r *Revision) {
			r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: packet.Example, Body: body})
		}
	}
	runReadingCases(t, []readingCase{
		{name: "extremum: an example's area through approx", gate: cons, check: checkConsistencyBounds, base: base, want: NeedsHuman, quote: "0.0190",
			change: example(`Thirteen points on two concentric circles have smallest triangle area $1/52 \approx 0.0190$.`)},
		{name: "extremum: an example's value in words", gate: cons, check: checkConsistencyBounds, base: base, want: NeedsHuman, quote: "0.0150",
			change: example(`A perturbed grid does better: its smallest area is about $0.0150$, and its value is 0.0150 exactly.`)},
		{name: "extremum: an example below the upper bound", gate: cons, check: checkConsistencyBounds, base: base, want: Pass,
			change: example(`Thirteen points on a circle have smallest triangle area $\approx 0.0031$.`)},
		{name: "extremum: a number of another magnitude", gate: cons, check: checkConsistencyBounds, base: base, want: Pass,
			change: example(`The square has area $1$ and perimeter $\approx 4.0000$, so the points lie in a set of diameter about 1.41.`)},
	})
}

func TestReadingExampleBeyondThreshold(t *testing.T) {
	t.Parallel()
	cons := consistencyGate
	// The base defines a least size and states its values, so that only the example changes.
	base := func(def, value string) func() *Revision {
		return func() *Revision {
			r := clean()
			r.Exposition = append(r.Exposition,
				packet.ExpositionEntry{Kind: packet.Definition, Term: "threshold", Body: def},
				packet.ExpositionEntry{Kind: packet.Remark, Body: value})
			return r
		}
	}
	ramsey := base(`$R_k(4)$ is the least $n$ such that every colouring of the edges of $K_n$ with $k$ colours contains a monochromatic $K_4$.`, `It is known that $R_2(4) = 18$.`)
	vdw := base(`$W_k(3)$ is the smallest $n$ such that every colouring of $\{1, \ldots, n\}$ with $k$ colours contains a monochromatic three-term progression.`, `Small values: W₂(3) = 9 and W₃(3) = 27.`)
	example := func(body string) func(r *Revision) {
		return func(r *Revision) {
			r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: packet.Example, Body: body})
		}
	}
	runReadingCases(t, []readingCase{
		{name: "threshold: a colouring of K_18 with two colours and no K_4", gate: cons, check: checkConsistencyBounds, base: ramsey, want: NeedsHuman, quote: "K_{18}",
			change: example(`The Paley construction gives a colouring of $K_{18}$ with two colours and no monochromatic $K_4$.`)},
		{name: "threshold: nine points with two colours and no progression", gate: cons, check: checkConsistencyBounds, base: vdw, want: NeedsHuman, quote: "9 points",
			change: example(`Colour 9 points with two colours, alternating in blocks, so that there is no monochromatic three-term progression.`)},
		{name: "threshold: thirty elements and three colours", gate: cons, check: checkConsistencyBounds, base: vdw, want: NeedsHuman, quote: "30 elements",
			change: example(`A colouring of 30 elements with three colours without a monochromatic progression of length three exists.`)},
		{name: "threshold: a size below the value", gate: cons, check: checkConsistencyBounds, base: ramsey, want: Pass,
			change: example(`The Paley graph gives a colouring of $K_{17}$ with two colours and no monochromatic $K_4$.`)},
		{name: "threshold: another number of colours", gate: cons, check: checkConsistencyBounds, base: vdw, want: Pass,
			change: example(`Colour 12 points with four colours so that there is no monochromatic three-term progression.`)},
		{name: "threshold: an example of the property itself", gate: cons, check: checkConsistencyBounds, base: ramsey, want: Pass,
			change: example(`Every colouring of $K_{18}$ with two colours contains a monochromatic $K_4$.`)},
	})
}
