package gates

import (
	"testing"

	"github.com/theoremdb/theoremdb/packet"
)

// The classes a thirteenth blind split missed, read by their shape in several phrasings on
// problems of their own, each with neighbours that must not fire: a recurrence over a ranged
// index whose only values at fixed indexes are terms it computes itself; a recurrence that a
// sentence defines over a ranged index and only then labels with a known sequence's name; a
// relevance note over an empty locator that quotes a result under its label, with a word of a
// locator inside the result naming a variable; a title that counts a kind of thing with a number
// the packet never counts it with; a definition entry that defines again a term the statement
// defines, allowing what the statement's definition does not or dropping its distinctness; a
// remark that credits a value a row proves to a name that is none of the row's authors; an
// adjective before the noun asked for that standard vocabulary knows in compounds of different
// meanings, not with that noun, and that the packet never defines.

func TestReadingRecurrenceInRange(t *testing.T) {
	t.Parallel()
	st := statementGate
	entry := func(kind packet.ExpositionKind, body string) func(r *Revision) {
		return func(r *Revision) {
			r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: kind, Body: body})
		}
	}
	runReadingCases(t, []readingCase{
		{name: "in range: a convention quotes a later term only", gate: st, check: stCheckRecurrence, want: NeedsHuman, quote: `T_{m+1} = 2T_m + 1`,
			change: entry(packet.Convention, `Define $T_{m+1} = 2T_m + 1$ for $m \ge 1$; then $T_5 = 31$ counts the moves for five discs.`)},
		{name: "in range: an example bounds a later term", gate: st, check: stCheckRecurrence, want: NeedsHuman, quote: `c_{k+1} = c_k^2 + 1`,
			change: entry(packet.Example, `Let $c_{k+1} = c_k^2 + 1$ for $k \ge 0$; already $c_6$ exceeds $10^{20}$, so the search stops early.`)},
		{name: "in range: a name after a definition", gate: st, check: stCheckRecurrence, want: NeedsHuman, quote: `F_{n+2} = F_{n+1} + F_n`,
			change: entry(packet.Example, `Put $F_{n+2} = F_{n+1} + F_n$ for $n \ge 0$; these Fibonacci numbers grow like $\varphi^n$, which bounds the gaps.`)},
		{name: "in range: a remark names the sequence it defines", gate: st, check: stCheckRecurrence, want: NeedsHuman, quote: `Q_{n+1} = 2Q_n + Q_{n-1}`,
			change: entry(packet.Remark, `Define $Q_{n+1} = 2Q_n + Q_{n-1}$ for $n \ge 1$, the Pell numbers, whose ratios tend to $1 + \sqrt{2}$.`)},
		{name: "in range: the first term before the range", gate: st, check: stCheckRecurrence, want: Pass,
			change: entry(packet.Convention, `Define $T_1 = 1$ and $T_{m+1} = 2T_m + 1$ for $m \ge 1$; then $T_5 = 31$ counts the moves for five discs.`)},
		{name: "in range: a named sequence's property", gate: st, check: stCheckRecurrence, want: Pass,
			change: entry(packet.Remark, `The Fibonacci numbers satisfy $F_{n+2} = F_{n+1} + F_n$ for $n \ge 0$, and so their gaps grow too.`)},
		{name: "in range: a name after a complete definition", gate: st, check: stCheckRecurrence, want: Pass,
			change: entry(packet.Example, `Put $F_0 = 0$, $F_1 = 1$ and $F_{n+2} = F_{n+1} + F_n$ for $n \ge 0$; these Fibonacci numbers grow like $\varphi^n$.`)},
		{name: "in range: a chain of primes by a condition", gate: st, check: stCheckRecurrence, want: Pass,
			change: entry(packet.Remark, `A chain is a sequence of primes with $p_{i+1} = 2p_i + 1$ for $i \ge 1$; chains of length $17$ are known.`)},
		{name: "in range: a function's property", gate: st, check: stCheckRecurrence, want: Pass,
			change: entry(packet.Remark, `Let $\varphi(n+12) = \varphi(n) + 12$ for $n \ge 1$ hold; the first such $n$ is $6$.`)},
	})
}

func TestReadingLabelledResultVariable(t *testing.T) {
	t.Parallel()
	refs := referencesGate
	row := func(loc, rel string) func(r *Revision) {
		return func(r *Revision) { r.References[1].Locator = loc; r.References[1].Relevance = rel }
	}
	runReadingCases(t, []readingCase{
		{name: "label: a number n inside the theorem", gate: refs, check: checkRefsRow, want: NeedsHuman, quote: "Main theorem",
			change: row("", "Main theorem: for every prime p and every number n ≥ 2 the sieve leaves a set of density at most 1/n.")},
		{name: "label: a case k inside the lemma", gate: refs, check: checkRefsRow, want: NeedsHuman, quote: "Lemma",
			change: row("", "Lemma: in case k is odd, a graph of maximum degree k has a proper colouring with k colours.")},
		{name: "label: a section named after the result", gate: refs, check: checkRefsRow, want: Pass,
			change: row("", "Theorem: the parity barrier blocks every sieve of this kind (see Section 3).")},
		{name: "label: a locator given", gate: refs, check: checkRefsRow, want: Pass,
			change: row("Theorem 4", "Main theorem: for every prime p and every number n ≥ 2 the sieve leaves a set of density at most 1/n.")},
	})
}

func TestReadingTitleCount(t *testing.T) {
	t.Parallel()
	st := statementGate
	packetOf := func(title, stmt, remark string) func(r *Revision) {
		return func(r *Revision) {
			r.Title, r.Statement = title, stmt
			r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: packet.Remark, Body: remark})
		}
	}
	plane := `Decide whether the points of the plane can be coloured with five colours so that no two points at distance $1$ receive the same colour.`
	planeRemark := `At least five colours are needed (de Grey, 2018) and seven suffice; the four colour theorem for maps says nothing about distances.`
	tourney := `Decide whether every tournament on $13$ vertices contains a transitive subtournament on five vertices.`
	tourneyRemark := `Every tournament on twelve or fewer vertices has been checked by computer; five is the size asked.`
	runReadingCases(t, []readingCase{
		{name: "count: four colours over five", gate: st, check: stCheckTitle, want: NeedsHuman, quote: "four colours",
			change: packetOf("Colouring the plane with four colours at unit distance", plane, planeRemark)},
		{name: "count: twelve vertices over thirteen", gate: st, check: stCheckTitle, want: NeedsHuman, quote: "twelve vertices",
			change: packetOf("Transitive subtournaments in tournaments on twelve vertices", tourney, tourneyRemark)},
		{name: "count: the statement's own count", gate: st, check: stCheckTitle, want: Pass,
			change: packetOf("Colouring the plane with five colours at unit distance", plane, planeRemark)},
		{name: "count: a compound number", gate: st, check: stCheckTitle, want: Pass,
			change: packetOf("Twenty-eight primes in arithmetic progression", `Find $28$ primes in arithmetic progression, all below $10^{20}$.`, `Progressions of eight primes are easy to find; twenty-seven primes are the record.`)},
		{name: "count: the statement's parameter", gate: st, check: stCheckTitle, want: Pass,
			change: packetOf("Strongly regular graphs on 99 vertices", `Decide whether a strongly regular graph with parameters $(99, 14, 1, 2)$ exists.`, `The Paley graph on $13$ vertices is strongly regular, with parameters $(13, 6, 2, 3)$.`)},
		{name: "count: the title's count among others", gate: st, check: stCheckTitle, want: Pass,
			change: packetOf("Sums of four squares in short intervals", `Prove that every interval $[x, x + x^{1/4}]$ with $x$ large contains an integer that is a sum of four squares with each square at least $x/8$.`, `Sums of three squares miss the integers $4^a(8b + 7)$; four squares cover every integer.`)},
	})
}

func TestReadingTermDefinedTwice(t *testing.T) {
	t.Parallel()
	st := statementGate
	with := func(stmt string) func() *Revision {
		return func() *Revision { r := clean(); r.Statement = stmt; return r }
	}
	matching := with(`A matching of a graph $G$ is a set of edges of $G$, no two of which share a vertex. Decide whether every cubic bridgeless graph on $n$ vertices has at least $2^{n/3000}$ perfect matchings.`)
	packing := with(`A packing of a family of sets is a subfamily of pairwise disjoint sets. Decide whether every family of $n$ triangles of a graph with no packing of size $k$ is met by $2k$ edges.`)
	walk := with(`A walk in a graph is a sequence of vertices in which consecutive vertices are adjacent; its vertices may repeat. Decide whether every connected cubic graph has a closed walk through every vertex at most twice.`)
	entry := func(term, body string) func(r *Revision) {
		return func(r *Revision) {
			r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: packet.Definition, Term: term, Body: body})
		}
	}
	runReadingCases(t, []readingCase{
		{name: "twice: the entry allows shared vertices", gate: st, check: stCheckTerms, want: NeedsHuman, base: matching, quote: "A set of edges",
			change: entry("matching", `A set of edges of a graph; two of its edges may share an endpoint.`)},
		{name: "twice: the entry drops disjointness", gate: st, check: stCheckTerms, want: NeedsHuman, base: packing, quote: "A subfamily",
			change: entry("packing", `A subfamily of the given family of sets, of any size.`)},
		{name: "twice: the entry repeats the condition", gate: st, check: stCheckTerms, want: Pass, base: matching,
			change: entry("matching", `A set of edges of a graph, no two of which share a vertex.`)},
		{name: "twice: both allow the same", gate: st, check: stCheckTerms, want: Pass, base: walk,
			change: entry("walk", `A sequence of vertices in which consecutive vertices are adjacent; vertices may repeat.`)},
		{name: "twice: disjointness said otherwise", gate: st, check: stCheckTerms, want: Pass, base: packing,
			change: entry("packing", `A subfamily of the given family whose members are pairwise disjoint.`)},
	})
}

func TestReadingResultCredit(t *testing.T) {
	t.Parallel()
	refs := referencesGate
	credit := func(row int, rel, remark string) func(r *Revision) {
		return func(r *Revision) {
			r.References[row].Relevance = rel
			r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: packet.Remark, Body: remark})
		}
	}
	polymath := "Proves the bound 246 and, by a refined sieve, the exponent 0.5257 for the level of distribution that bounded gaps need."
	zhang := "States the conjecture and proves a first finite bound, with a level of distribution 0.5000000029 beyond one half."
	runReadingCases(t, []readingCase{
		{name: "credit: another author showed the row's value", gate: refs, check: checkRefsRow, want: NeedsHuman, quote: "Maynard showed",
			change: credit(1, polymath, "Maynard showed that the exponent 0.5257 suffices for bounded gaps between primes.")},
		{name: "credit: two other authors obtained the row's value", gate: refs, check: checkRefsRow, want: NeedsHuman, quote: "Bombieri and Friedlander obtained",
			change: credit(0, zhang, "Bombieri and Friedlander obtained the level of distribution 0.5000000029 for smooth moduli, which gives bounded gaps.")},
		{name: "credit: the row's author named", gate: refs, check: checkRefsRow, want: Pass,
			change: credit(1, polymath, "Polymath showed that the exponent 0.5257 suffices for bounded gaps between primes.")},
		{name: "credit: the value without a credit", gate: refs, check: checkRefsRow, want: Pass,
			change: credit(1, polymath, "The exponent 0.5257 suffices for bounded gaps between primes.")},
		{name: "credit: a row that retells the value", gate: refs, check: checkRefsRow, want: Pass,
			change: credit(1, "Recounts the exponent 0.5257 of the level of distribution and the bound 246 that follows.", "Maynard showed that the exponent 0.5257 suffices for bounded gaps between primes.")},
	})
}

func TestReadingAskedCompoundModifier(t *testing.T) {
	t.Parallel()
	st := statementGate
	// The statement and a remark that uses the word without defining it are set together, so that
	// the word is known to the packet and only its meaning is missing.
	with := func(stmt, body string, defs ...packet.ExpositionEntry) func(r *Revision) {
		return func(r *Revision) {
			r.Statement = stmt
			r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: packet.Remark, Body: body})
			r.Exposition = append(r.Exposition, defs...)
		}
	}
	quivers := `Classify the simple quivers with at most $9$ vertices up to isomorphism.`
	quiverRemark := `Simple quivers appear throughout the representation theory of algebras.`
	hypermaps := `Determine all uniform hypermaps of genus $2$ up to isomorphism.`
	hypermapRemark := `Uniform hypermaps of genus $0$ and $1$ were listed long ago.`
	runReadingCases(t, []readingCase{
		{name: "modifier: simple quivers", gate: st, check: stCheckTerms, want: NeedsHuman, quote: "simple",
			change: with(quivers, quiverRemark)},
		{name: "modifier: uniform hypermaps", gate: st, check: stCheckTerms, want: NeedsHuman, quote: "uniform",
			change: with(hypermaps, hypermapRemark)},
		{name: "modifier: defined by an entry", gate: st, check: stCheckTerms, want: Pass,
			change: with(quivers, quiverRemark, packet.ExpositionEntry{Kind: packet.Definition, Term: "simple quiver",
				Body: `A quiver with no loops and at most one arrow between any two vertices.`})},
		{name: "modifier: defined in the statement", gate: st, check: stCheckTerms, want: Pass,
			change: with(`Determine all uniform hypermaps of genus $2$ up to isomorphism, where a hypermap is called uniform if all its vertices have one degree.`, hypermapRemark)},
		{name: "modifier: a compound the vocabulary knows", gate: st, check: stCheckTerms, want: Pass,
			change: with(`Determine all convex polytopes of dimension $4$ with $7$ vertices up to combinatorial equivalence.`, `Convex polytopes with few vertices were listed by computer.`)},
	})
}
