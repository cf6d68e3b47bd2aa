package gates

import (
	"testing"

	"github.com/theoremdb/theoremdb/packet"
)

// The classes a fifteenth blind split's defects showed the checks missing, each read by its
// shape on problems of its own with a neighbour that must not fire: a search space bounded from
// below whose only upper bound says what is left out, or that says it has no upper limit; a
// requested width written with a Unicode power ("10⁻²") that the record's bounds already meet; a
// constant beside a decimal of three or more digits that is off by more than its last digits; a
// recurrence written with Unicode subscripts and no first term; a caption saying what has been
// classified or enumerated; a relevance note about a problem named after someone else, even one
// the packet mentions; an ORIGINAL provenance that says its text is copied; a definition entry
// dropping the statement's "exactly one"; a letter introduced as two kinds of number; and a
// computation instance whose range lies outside the search space's.

func TestReadingBlind14Search(t *testing.T) {
	t.Parallel()
	acc := acceptanceGate
	space := func(s string) func(r *Revision) { return func(r *Revision) { r.Acceptance.SearchSpace = s } }
	runReadingCases(t, []readingCase{
		{name: "search: a lower end and the range left out", gate: acc, check: checkAcceptanceSearch, base: computationalClean, want: NeedsHuman, quote: "> 10^{12}",
			change: space("Every odd number m > 10^{12}, taken in increasing order (below 10^{12} all have been checked).")},
		{name: "search: a lower end with no upper limit", gate: acc, check: checkAcceptanceSearch, base: computationalClean, want: NeedsHuman, quote: "at least 40",
			change: space("Graphs with at least 40 vertices, with no upper limit on the order (those with at most 39 vertices were enumerated).")},
		{name: "search: both ends beside the range left out", gate: acc, check: checkAcceptanceSearch, base: computationalClean, want: Pass,
			change: space("Odd numbers m with m > 10^{12} and m < 10^{14} (below 10^{12} all have been checked).")},
	})
}

func TestReadingBlind14Numbers(t *testing.T) {
	t.Parallel()
	cons := consistencyGate
	known := func() *Revision {
		r := numericalClean()
		r.OpenStatus.StrongestKnown = "0.0725 ≤ Δ₁₃ ≤ 0.0741 (annealing and a subdivision bound), an interval of width about 1.6·10⁻³."
		return r
	}
	entry := func(kind packet.ExpositionKind, body string) func(r *Revision) {
		return func(r *Revision) { r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: kind, Body: body}) }
	}
	runReadingCases(t, []readingCase{
		{name: "width: a Unicode power the record meets", gate: cons, check: checkConsistencyIncumbent, base: known, want: NeedsHuman, quote: "U − L ≤ 10⁻²",
			change: func(r *Revision) {
				r.Statement = "Let Δ₁₃ be the largest area such that some 13 points in the unit square have every triangle of area at least it. Determine rationals L ≤ U with U − L ≤ 10⁻² and L ≤ Δ₁₃ ≤ U."
			}},
		{name: "width: a Unicode power below the record's", gate: cons, check: checkConsistencyIncumbent, base: known, want: Pass,
			change: func(r *Revision) {
				r.Statement = "Let Δ₁₃ be the largest area such that some 13 points in the unit square have every triangle of area at least it. Determine rationals L ≤ U with U − L ≤ 10⁻⁴ and L ≤ Δ₁₃ ≤ U."
			}},
		{name: "constant: four digits off in the third", gate: cons, check: checkConsistencyBounds, want: NeedsHuman, quote: "√3/2 ≈ 0.8696",
			change: entry(packet.Remark, "The height of a unit equilateral triangle, √3/2 ≈ 0.8696, bounds the spacing of the pairs drawn.")},
		{name: "constant: four digits right", gate: cons, check: checkConsistencyBounds, want: Pass,
			change: entry(packet.Remark, "The height of a unit equilateral triangle, √3/2 ≈ 0.8660, bounds the spacing of the pairs drawn.")},
		{name: "constant: two digits, rounded", gate: cons, check: checkConsistencyBounds, want: Pass,
			change: entry(packet.Remark, "The height of a unit equilateral triangle, √3/2 ≈ 0.87, bounds the spacing of the pairs drawn.")},
	})
}

func TestReadingBlind14Recurrence(t *testing.T) {
	t.Parallel()
	st := statementGate
	entry := func(kind packet.ExpositionKind, body string) func(r *Revision) {
		return func(r *Revision) { r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: kind, Body: body}) }
	}
	runReadingCases(t, []readingCase{
		{name: "unicode: a recurrence with no first term", gate: st, check: stCheckRecurrence, want: NeedsHuman, quote: "tₖ = 3tₖ₋₁",
			change: entry(packet.Example, "The layers of the sieve have sizes tₖ = 3tₖ₋₁ + 1 for k ≥ 1, so the tenth layer is large.")},
		{name: "unicode: a recurrence with its first term", gate: st, check: stCheckRecurrence, want: Pass,
			change: entry(packet.Example, "The layers of the sieve have sizes t₀ = 1 and tₖ = 3tₖ₋₁ + 1 for k ≥ 1, so the tenth layer is large.")},
		{name: "unicode: a condition on every sequence", gate: st, check: stCheckRecurrence, want: Pass,
			change: entry(packet.Remark, "Every sequence satisfying tₖ = 3tₖ₋₁ + 1 grows like a power of three.")},
	})
}

func TestReadingBlind14Caption(t *testing.T) {
	t.Parallel()
	hero := heroGate
	caption := func(s string) func(r *Revision) { return func(r *Revision) { r.Hero.Caption = s } }
	runReadingCases(t, []readingCase{
		{name: "caption: what is classified", gate: hero, check: checkHeroCaption, want: NeedsHuman, quote: "is classified",
			change: caption("Twin prime pairs joined by arcs; every such pattern of arcs is classified.")},
		{name: "caption: what was enumerated", gate: hero, check: checkHeroCaption, want: NeedsHuman, quote: "were enumerated",
			change: caption("Arcs joining twin primes; pairs of this shape were enumerated by computer.")},
		{name: "caption: a classified set drawn", gate: hero, check: checkHeroCaption, want: Pass,
			change: caption("Twin prime pairs joined by arcs, the classified pairs drawn in grey.")},
	})
}

func TestReadingBlind14References(t *testing.T) {
	t.Parallel()
	refs := referencesGate
	mentioned := func() *Revision {
		r := clean()
		r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: packet.Remark, Body: "Like the Goldbach conjecture on sums of two primes, it resists sieve methods alone."})
		return r
	}
	runReadingCases(t, []readingCase{
		{name: "relevance: another named conjecture the packet mentions", gate: refs, check: checkRefsRelevance, base: mentioned, want: NeedsHuman, quote: "Goldbach conjecture",
			change: func(r *Revision) {
				r.References[0].Relevance = "Concerns the Goldbach conjecture that every even number above 2 is a sum of two primes."
			}},
		{name: "relevance: the named conjecture beside the problem's", gate: refs, check: checkRefsRelevance, base: mentioned, want: Pass,
			change: func(r *Revision) {
				r.References[0].Relevance = "Proves bounded gaps between primes, the first step towards the twin prime conjecture; the Goldbach conjecture is a contrast."
			}},
		{name: "relevance: another named conjecture as a hypothesis", gate: refs, check: checkRefsRelevance, base: mentioned, want: Pass,
			change: func(r *Revision) {
				r.References[0].Relevance = "Proves bounded gaps between primes, and smaller gaps under the Goldbach conjecture."
			}},
		{name: "original: a statement copied verbatim", gate: refs, check: checkRefsRow, want: NeedsHuman, quote: "verbatim",
			change: func(r *Revision) {
				r.Provenance.Kind = packet.Original
				r.Provenance.Attribution = "An original question of this record on prime pairs."
				r.Provenance.RightsBasis = "Statement copied verbatim from Zhang's paper, Section 1; the rest is ours."
			}},
		{name: "original: text written for the record", gate: refs, check: checkRefsRow, want: Pass,
			change: func(r *Revision) {
				r.Provenance.Kind = packet.Original
				r.Provenance.Attribution = "An original question of this record on prime pairs."
				r.Provenance.RightsBasis = "Original text written for this record; no text reproduced."
			}},
		{name: "original: an import that says it copies", gate: refs, check: checkRefsRow, want: Pass,
			change: func(r *Revision) {
				r.Provenance.RightsBasis = "Statement copied verbatim from Zhang's paper, Section 1, under fair quotation."
			}},
	})
}

func TestReadingBlind14Definitions(t *testing.T) {
	t.Parallel()
	st := statementGate
	colouring := func() *Revision {
		r := clean()
		r.Title = "Unique colourings one colour above the chromatic number"
		r.Statement = `Let $G$ be a finite graph. Let $s(G)$ be the least $k$ for which $G$ has a proper $k$-colouring, and $u(G)$ the least $k$ for which $G$ has exactly one proper $k$-colouring up to permuting the colours. Decide whether $u(G) \le s(G) + 1$ for every $G$ with $s(G) \ge 3$.`
		r.Exposition = []packet.ExpositionEntry{{Kind: packet.Definition, Term: "u", Body: `$u(G)$ is the least $k$ for which $G$ has exactly one proper $k$-colouring, colourings that differ by a permutation of the colours counted once.`}}
		return r
	}
	body := func(s string) func(r *Revision) { return func(r *Revision) { r.Exposition[0].Body = s } }
	linnik := func() *Revision {
		r := clean()
		r.Statement = `For coprime integers $r$ and $m \ge 3$, let $g(r, m)$ be the least prime $\equiv r \pmod m$, and let $\theta$ be the infimum of the reals $t$ with $g(r, m) \le m^t$ for all large $m$. Give reals $r_0 \le s_0$ with $s_0 - r_0 \le 1$ and proofs that $r_0 \le \theta \le s_0$.`
		return r
	}
	runReadingCases(t, []readingCase{
		{name: "definition: the entry drops exactly one", gate: st, check: stCheckTerms, base: colouring, want: NeedsHuman, quote: "least $k$ for which $G$ has a proper",
			change: body(`$u(G)$ is the least $k$ for which $G$ has a proper $k$-colouring.`)},
		{name: "definition: the entry keeps exactly one", gate: st, check: stCheckTerms, base: colouring, want: Pass,
			change: body(`$u(G)$ is the least $k$ such that exactly one proper $k$-colouring of $G$ exists, up to renaming the colours.`)},
		{name: "domain: a letter introduced as an integer and as a real", gate: st, check: stCheckDomain, base: linnik, want: NeedsHuman, quote: `r \le s`,
			change: func(r *Revision) {
				r.Statement = `For coprime integers $r$ and $m \ge 3$, let $g(r, m)$ be the least prime $\equiv r \pmod m$, and let $\theta$ be the infimum of the reals $t$ with $g(r, m) \le m^t$ for all large $m$. Give reals $r \le s$ with $s - r \le 1$ and proofs that $r \le \theta \le s$.`
			}},
		{name: "domain: the real ends with letters of their own", gate: st, check: stCheckDomain, base: linnik, want: Pass,
			change: func(r *Revision) {
				r.Statement = `For coprime integers $r$ and $m \ge 3$, let $g(r, m)$ be the least prime $\equiv r \pmod m$, and let $\theta$ be the infimum of the reals $t$ with $g(r, m) \le m^t$ for all large $m$. Give reals $x \le y$ with $y - x \le 1$ and proofs that $x \le \theta \le y$.`
			}},
	})
}

func TestReadingBlind14InstanceRange(t *testing.T) {
	t.Parallel()
	cons := consistencyGate
	ranged := func() *Revision {
		r := computationalClean()
		r.Title = "An odd number between 10^9 and 10^12 with a rare property"
		r.Statement = `Find an odd integer $m$ with $10^{9} < m < 10^{12}$ such that $2^{m-1} \equiv 1 \pmod{m^2}$, or prove that none exists.`
		r.Acceptance.SearchSpace = "Odd integers m with 10^9 < m < 10^12."
		r.Computation.Instance = "Odd m with 10^9 < m < 10^12 and the congruence of the statement."
		return r
	}
	instance := func(s string) func(r *Revision) { return func(r *Revision) { r.Computation.Instance = s } }
	runReadingCases(t, []readingCase{
		{name: "instance: a range below the search space", gate: cons, check: checkConsistencyBounds, base: ranged, want: NeedsHuman, quote: "m ≤ 10^9",
			change: instance("Odd m ≤ 10^9 and the congruence of the statement.")},
		{name: "instance: the same range in other words", gate: cons, check: checkConsistencyBounds, base: ranged, want: Pass,
			change: instance("Every odd m in the range 10^9 < m < 10^12, tested with the congruence of the statement.")},
	})
}
