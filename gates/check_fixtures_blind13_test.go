package gates

import (
	"testing"

	"github.com/theoremdb/theoremdb/packet"
)

// The classes a fourteenth blind split missed, read by their shape on problems of their own,
// each with neighbours that must not fire: a constant written beside a decimal that is not its
// value; a function at a number bounded below by more than it is bounded above; a quantity
// measured in nats in one field and in bits in another; an acceptance condition that rests on
// agreement or opinion; a constant fixed before an ε that then sits in an exponent beside it; a
// recurrence over a range of the index with no value below it (a function whose right side ties
// other arguments to the index, a term chosen by a rule in an example, a function whose closed
// form a remark then gives); a relevance note over an empty locator that states an implication,
// with an author's initials in the citation that read like a page; a definition that uses its
// own term in its defining clause; a caption that says nothing does better; a provenance that
// credits a work with the number its own range excludes.

func TestReadingConstantsAndBounds(t *testing.T) {
	t.Parallel()
	cons := consistencyGate
	remark := func(body string) func(r *Revision) {
		return func(r *Revision) {
			r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: packet.Remark, Body: body})
		}
	}
	runReadingCases(t, []readingCase{
		{name: "constant: a square root miswritten", gate: cons, check: checkConsistencyBounds, want: NeedsHuman, quote: `\sqrt{3} \approx 1.932`,
			change: remark(`The hexagonal packing has density $\pi / (2\sqrt{3})$, and its cells have aspect $\sqrt{3} \approx 1.932$, above the square lattice's.`)},
		{name: "constant: a natural logarithm miswritten", gate: cons, check: checkConsistencyBounds, want: NeedsHuman, quote: `\ln 3 \approx 1.299`,
			change: remark(`Each ternary digit carries $\ln 3 \approx 1.299$ nats of choice, so the walk mixes after a few steps.`)},
		{name: "constant: a base-ten logarithm in Unicode", gate: cons, check: checkConsistencyBounds, want: NeedsHuman, quote: "log₁₀ 5 ≈ 0.599",
			change: remark(`A digit of the sum is fixed with probability log₁₀ 5 ≈ 0.599, by Benford's law.`)},
		{name: "constant: written correctly", gate: cons, check: checkConsistencyBounds, want: Pass,
			change: remark(`The hexagonal packing has density $\pi / (2\sqrt{3}) \approx 0.9069$, and its cells have aspect $\sqrt{3} \approx 1.732$.`)},
		{name: "constant: a logarithm with no base is not guessed", gate: cons, check: checkConsistencyBounds, want: Pass,
			change: remark(`Each step costs $\log 3 \approx 0.477$ in the units of the survey.`)},
		{name: "constant: a variable in the expression", gate: cons, check: checkConsistencyBounds, want: Pass,
			change: remark(`For large $m$ the count is $m \log_2 m \approx 3.5$ times the naive one at $m = 8$.`)},
		{name: "quantity at a number: a lower bound above an upper one", gate: cons, check: checkConsistencyBounds, want: NeedsHuman, quote: `R(3, 6) \ge 19`,
			change: remark(`A colouring of $K_{18}$ without the pattern shows $R(3, 6) \ge 19$, while the flag-algebra bound gives $R(3, 6) \le 18$.`)},
		{name: "quantity at a number: agreeing bounds", gate: cons, check: checkConsistencyBounds, want: Pass,
			change: remark(`A colouring of $K_{17}$ without the pattern shows $R(3, 6) \ge 18$, while the flag-algebra bound gives $R(3, 6) \le 18$.`)},
		{name: "quantity at a number: a bound that goes on", gate: cons, check: checkConsistencyBounds, want: Pass,
			change: remark(`One has $R(3, 6) \ge 19$ only if $R(3, 6) \le 18 + k$ for the shift $k$ of the construction.`)},
		{name: "units: nats in a remark, bits in a convention", gate: cons, check: checkConsistencyBounds, want: NeedsHuman, quote: "nats",
			change: func(r *Revision) {
				r.Exposition = append(r.Exposition,
					packet.ExpositionEntry{Kind: packet.Convention, Body: `Entropies are in bits: $H(X) = -\sum_x p(x) \log_2 p(x)$.`},
					packet.ExpositionEntry{Kind: packet.Remark, Body: `The channel's capacity, 0.53 nats per use, bounds what any code can carry.`})
			}},
		{name: "units: nats throughout", gate: cons, check: checkConsistencyBounds, want: Pass,
			change: func(r *Revision) {
				r.Exposition = append(r.Exposition,
					packet.ExpositionEntry{Kind: packet.Convention, Body: `Entropies are in nats, with natural logarithms.`},
					packet.ExpositionEntry{Kind: packet.Remark, Body: `The channel's capacity, 0.53 nats per use, bounds what any code can carry.`})
			}},
	})
}

func TestReadingConsensusAcceptance(t *testing.T) {
	t.Parallel()
	acc := acceptanceGate
	criterion := func(c string) func(r *Revision) { return func(r *Revision) { r.Acceptance.Criterion = c } }
	cls := func(c string) func(r *Revision) {
		return func(r *Revision) {
			*r = *classificationClean()
			r.Acceptance.Criterion = c
		}
	}
	runReadingCases(t, []readingCase{
		{name: "consensus: experts agree", gate: acc, check: checkAcceptanceEvidence, want: NeedsHuman, quote: "experts in analytic number theory agree",
			change: criterion("An argument that there are infinitely many such primes, accepted when experts in analytic number theory agree that it is sound.")},
		{name: "consensus: a list the community accepts", gate: acc, check: checkAcceptanceClassification, want: NeedsHuman, quote: "consensus",
			change: cls("A table of the objects up to the stated equivalence, taken as final by consensus among the working group.")},
		{name: "consensus: widely believed optimal", gate: acc, check: checkAcceptanceEvidence, want: NeedsHuman, quote: "widely believed",
			change: criterion("A construction that is widely believed to be optimal by those who work on prime gaps.")},
		{name: "consensus: denied as evidence", gate: acc, check: checkAcceptanceEvidence, want: Pass,
			change: criterion("A complete proof that the set is infinite, or that it is finite; agreement among experts is not enough.")},
		{name: "consensus: referees check a proof", gate: acc, check: checkAcceptanceEvidence, want: Pass,
			change: criterion("A complete proof that the set is infinite or finite, published after refereeing.")},
	})
}

func TestReadingConstantBeforeEpsilon(t *testing.T) {
	t.Parallel()
	st := statementGate
	stmt := func(s string) func(r *Revision) { return func(r *Revision) { r.Statement = s } }
	runReadingCases(t, []readingCase{
		{name: "constant first: a power of x", gate: st, check: stCheckDomain, want: NeedsHuman, quote: "there is a constant $K$ such that for every $\\delta",
			change: stmt(`For a real $x \ge 2$ let $E(x)$ be the number of primes $p \le x$ minus $\mathrm{li}(x)$. Prove that there is a constant $K$ such that for every $\delta > 0$ and all $x \ge 2$, $|E(x)| \le x^{1/2} + K x^{\delta}$.`)},
		{name: "constant first: the Unicode epsilon", gate: st, check: stCheckDomain, want: NeedsHuman, quote: "there exists an absolute constant $c$ such that for all ε",
			change: stmt(`For an integer $N \ge 1$ let $g(N)$ be the largest gap between consecutive primes below $N$. Decide whether there exists an absolute constant $c$ such that for all ε > 0 and all $N \ge 2$, $g(N) \le c N^{ε}$.`)},
		{name: "constant after epsilon", gate: st, check: stCheckDomain, want: Pass,
			change: stmt(`For a real $x \ge 2$ let $E(x)$ be the number of primes $p \le x$ minus $\mathrm{li}(x)$. Prove that for every $\delta > 0$ there is a constant $K$ such that for all $x \ge 2$, $|E(x)| \le x^{1/2} + K x^{\delta}$.`)},
		{name: "constant first, linear in epsilon", gate: st, check: stCheckDomain, want: Pass,
			change: stmt(`For a real $x \ge 2$ let $E(x)$ be the number of primes $p \le x$ minus $\mathrm{li}(x)$. Prove that there is a constant $K$ such that for every $\delta > 0$ and all $x \ge 2$, $|E(x)| \le x^{1/2} + K \delta x$.`)},
	})
}

func TestReadingRangedRecurrences(t *testing.T) {
	t.Parallel()
	st := statementGate
	stmt := func(s string) func(r *Revision) { return func(r *Revision) { r.Statement = s } }
	entry := func(kind packet.ExpositionKind, body string) func(r *Revision) {
		return func(r *Revision) {
			r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: kind, Body: body})
		}
	}
	runReadingCases(t, []readingCase{
		{name: "ranged: a maximum over splittings", gate: st, check: stCheckRecurrence, want: NeedsHuman, quote: `M(k) = \max`,
			change: stmt(`For $k \ge 2$ let $M(k) = \max\{ M(i) + M(j) + ij : i, j \ge 1,\ i + j = k \}$. Decide whether $M(k) \le k^2$ for every $k \ge 1$.`)},
		{name: "ranged: a maximum with its first value", gate: st, check: stCheckRecurrence, want: Pass,
			change: stmt(`Let $M(1) = 0$ and, for $k \ge 2$, $M(k) = \max\{ M(i) + M(j) + ij : i, j \ge 1,\ i + j = k \}$. Decide whether $M(k) \le k^2$ for every $k \ge 1$.`)},
		{name: "ranged: a term chosen by a rule in an example", gate: st, check: stCheckRecurrence, want: NeedsHuman, quote: `b_{j+1}`,
			change: entry(packet.Example, `For $j \ge 1$, choose $b_{j+1}$ to be the least prime above $2b_j$; the chain runs $3, 7, 17, 37$, so four terms fit below $40$.`)},
		{name: "ranged: a chosen term with its start", gate: st, check: stCheckRecurrence, want: Pass,
			change: entry(packet.Example, `Put $b_1 = 3$ and, for $j \ge 1$, choose $b_{j+1}$ to be the least prime above $2b_j$; the chain runs $3, 7, 17, 37$.`)},
		{name: "ranged: a closed form after a recurrence", gate: st, check: stCheckRecurrence, want: NeedsHuman, quote: `S(m) = 3\,S(m-1) + 2`,
			change: entry(packet.Remark, `Counting moves on three pegs, $S(m) = 3\,S(m-1) + 2$ for $m \ge 1$, hence $S(m) = 3^{m+1} - 1$ grows exponentially.`)},
		{name: "ranged: a closed form with the base case", gate: st, check: stCheckRecurrence, want: Pass,
			change: entry(packet.Remark, `Counting moves on three pegs, $S(0) = 2$ and $S(m) = 3\,S(m-1) + 2$ for $m \ge 1$, hence $S(m) = 3^{m+1} - 1$.`)},
		{name: "ranged: a function's property with no closed form", gate: st, check: stCheckRecurrence, want: Pass,
			change: entry(packet.Remark, `The count satisfies $S(m) = 3\,S(m-1) + 2$ for $m \ge 1$ whatever the start, which is why only the growth matters.`)},
	})
}

func TestReadingImplicationWithoutLocator(t *testing.T) {
	t.Parallel()
	refs := referencesGate
	row := func(cit, loc, rel string) func(r *Revision) {
		return func(r *Revision) {
			r.References[1].Citation, r.References[1].Locator, r.References[1].Relevance = cit, loc, rel
		}
	}
	cit := "P. R. Halmos and J. Doe, Sieves and their limits, J. Number Theory 150 (2015), 1–40."
	runReadingCases(t, []readingCase{
		{name: "implication: an if-then result, initials in the citation", gate: refs, check: checkRefsRow, want: NeedsHuman, quote: "Shows that",
			change: row(cit, "", "Shows that if a sieve of dimension one detects primes then its level of distribution exceeds one half.")},
		{name: "implication: an if-and-only-if result", gate: refs, check: checkRefsRow, want: NeedsHuman, quote: "Proves that",
			change: row(cit, "", "Proves that a weighted sieve detects twin primes if and only if the parity barrier is broken.")},
		{name: "implication: a locator given", gate: refs, check: checkRefsRow, want: Pass,
			change: row(cit, "Theorem 3", "Shows that if a sieve of dimension one detects primes then its level of distribution exceeds one half.")},
		{name: "implication: a page in the citation", gate: refs, check: checkRefsRow, want: Pass,
			change: row("J. Doe, Sieves and their limits, J. Number Theory 150 (2015), p. 14.", "", "Shows that if a sieve of dimension one detects primes then its level of distribution exceeds one half.")},
		{name: "implication: a survey's scope", gate: refs, check: checkRefsRow, want: Pass,
			change: row(cit, "", "Surveys what sieves can and cannot detect, with the history of the parity barrier.")},
	})
}

func TestReadingCircularDefinition(t *testing.T) {
	t.Parallel()
	st := statementGate
	def := func(term, body string) func(r *Revision) {
		return func(r *Revision) {
			r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: packet.Definition, Term: term, Body: body})
		}
	}
	runReadingCases(t, []readingCase{
		{name: "circular: a definition entry", gate: st, check: stCheckTerms, want: NeedsHuman, quote: "has full rank when",
			change: def("full rank", `A vertex $v$ of a graph has full rank when every neighbour of $v$ lies in a clique whose vertices have full rank.`)},
		{name: "circular: a marked term in the statement", gate: st, check: stCheckTerms, want: NeedsHuman, quote: "*rigid* if",
			change: func(r *Revision) {
				r.Statement = `A framework $F$ in the plane is *rigid* if every framework obtained from $F$ by a small motion is rigid and congruent to $F$. Decide whether every generic framework on $2n - 3$ edges with $n \ge 2$ vertices is rigid.`
			}},
		{name: "circular: the term again in a later sentence", gate: st, check: stCheckTerms, want: Pass,
			change: def("central vertex", `A central vertex is one whose eccentricity equals the radius of the graph. Every tree has one or two central vertices.`)},
		{name: "circular: the term only once", gate: st, check: stCheckTerms, want: Pass,
			change: def("p-regular class", `A conjugacy class of $G$ is $p$-regular class when the order of its elements is prime to $p$.`)},
	})
}

func TestReadingCaptionExtremal(t *testing.T) {
	t.Parallel()
	hero := heroGate
	caption := func(c string) func(r *Revision) { return func(r *Revision) { r.Hero.Caption = c } }
	runReadingCases(t, []readingCase{
		{name: "caption: nothing does better", gate: hero, check: checkHeroCaption, want: NeedsHuman, quote: "does better",
			change: caption("Pairs of primes two apart marked on a line; no other spacing does better among small gaps.")},
		{name: "caption: cannot be improved", gate: hero, check: checkHeroCaption, want: NeedsHuman, quote: "cannot be improved",
			change: caption("Arcs join primes two apart; the pattern of gaps shown cannot be improved below 50.")},
		{name: "caption: the setup only", gate: hero, check: checkHeroCaption, want: Pass,
			change: caption("Pairs of primes two apart marked on a line from 1 to 50, each pair joined by an arc.")},
	})
}

func TestReadingProvenanceBeyondRange(t *testing.T) {
	t.Parallel()
	refs := referencesGate
	prov := func(attr, loc string) func(r *Revision) {
		return func(r *Revision) { r.Provenance.Attribution, r.Provenance.SourceLocator = attr, loc }
	}
	loc := "A. Author and B. Author, Groups of order less than 2048, J. Algebra 400 (2014), Table 2"
	runReadingCases(t, []readingCase{
		{name: "range: the source credited with its excluded bound", gate: refs, check: checkRefsRow, want: NeedsHuman, quote: "order 2048",
			change: prov("The enumeration of the groups of order 2048 by A. Author and B. Author, whose table this record copies.", loc)},
		{name: "range: the record asks for the excluded bound", gate: refs, check: checkRefsRow, want: Pass,
			change: prov("Enumeration of groups by order, done below 2048 by A. Author and B. Author; this record asks for order 2048.", loc)},
		{name: "range: a number inside the range", gate: refs, check: checkRefsRow, want: Pass,
			change: prov("The enumeration of the groups of order 1536 by A. Author and B. Author, whose table this record copies.", loc)},
	})
}
