package gates

import (
	"testing"

	"github.com/theoremdb/theoremdb/packet"
)

// The classes a sixteenth blind split's defects showed the checks missing, each read by its
// shape on problems of its own with neighbours that must not fire: a recurrence written with
// plain subscripts outside TeX ("t_{k+1} = 3t_k + 1", "r_{i+1} is the least …") whose letter no
// field gives a first value; a class defined only by its closure rule, with no member to start
// from; an abbreviation the statement uses as a noun and no other field spells out; a title
// naming another dimension than the statement's; an acceptance that keeps only the proof of a
// "prove or disprove"; a relevance note whose result is introduced by "according to this paper"
// over an empty locator; a relevance note about the kind of object the packet excludes
// ("directed graphs" in a packet whose graphs are undirected); an example exhibiting an object
// of a kind on fewer elements than the record's lower bound on the least such object; and a
// hypothesis setting a quantity to zero beside one asking a product or power of it not to
// vanish.

func TestReadingBlind15Recurrence(t *testing.T) {
	t.Parallel()
	st := statementGate
	entry := func(kind packet.ExpositionKind, body string) func(r *Revision) {
		return func(r *Revision) { r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: kind, Body: body}) }
	}
	runReadingCases(t, []readingCase{
		{name: "plain: a recurrence with no first term", gate: st, check: stCheckRecurrence, want: NeedsHuman, quote: "t_{k+1} = 3t_k + 1",
			change: entry(packet.Example, "The layers of the sieve grow fast: their sizes satisfy t_{k+1} = 3t_k + 1 for k ≥ 1, so t₁₀ is large.")},
		{name: "plain: a recurrence in words with no first term", gate: st, check: stCheckRecurrence, want: NeedsHuman, quote: "r_{i+1} is the least",
			change: entry(packet.Remark, "The chain is built greedily: r_{i+1} is the least prime m with m > 2r_i, and the chain grows fast.")},
		{name: "plain: a recurrence with its first term", gate: st, check: stCheckRecurrence, want: Pass,
			change: entry(packet.Example, "The layers of the sieve have sizes t₁ = 1 and t_{k+1} = 3t_k + 1 for k ≥ 1, so t₁₀ is large.")},
		{name: "plain: a recurrence in words with its first term", gate: st, check: stCheckRecurrence, want: Pass,
			change: entry(packet.Remark, "The chain is built greedily: r_1 = 2, and r_{i+1} is the least prime m with m > 2r_i.")},
		{name: "plain: a condition on every sequence", gate: st, check: stCheckRecurrence, want: Pass,
			change: entry(packet.Remark, "Every sequence satisfying t_{k+1} = 3t_k + 1 grows like a power of three.")},
		{name: "plain: inside TeX, read by the formula reader", gate: st, check: stCheckRecurrence, want: Pass,
			change: entry(packet.Example, "Every sequence with $t_{k+1} = 3t_k + 1$ grows like a power of three.")},
	})
}

func TestReadingBlind15ClassDefinition(t *testing.T) {
	t.Parallel()
	st := statementGate
	def := func(body string) func(r *Revision) {
		return func(r *Revision) {
			r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: packet.Definition, Term: "cograph", Body: body})
		}
	}
	runReadingCases(t, []readingCase{
		{name: "class: a closure rule with no member to start from", gate: st, check: stCheckRecurrence, want: NeedsHuman, quote: "is a cograph when",
			change: def("A graph is a cograph when it is the disjoint union or the join of two cographs. Every cograph is perfect.")},
		{name: "class: the closure rule after its first member", gate: st, check: stCheckRecurrence, want: Pass,
			change: def("A single vertex is a cograph, and a graph is a cograph when it is the disjoint union or the join of two cographs.")},
		{name: "class: a definition by a property", gate: st, check: stCheckRecurrence, want: Pass,
			change: def("A graph is a cograph when it has no induced path on four vertices.")},
		{name: "class: the kind named again, not the class", gate: st, check: stCheckRecurrence, want: Pass,
			change: def("A graph is a cograph when it is the complement of a disconnected graph or a disjoint union of two graphs with that property.")},
	})
}

func TestReadingBlind15Abbreviation(t *testing.T) {
	t.Parallel()
	st := statementGate
	runReadingCases(t, []readingCase{
		{name: "abbreviation: a noun no field spells out", gate: st, check: stCheckTerms, want: NeedsHuman, quote: "HSG",
			change: setStatement(`Let $G$ be an HSG of order $n \ge 5$. Prove or disprove: $G$ contains a cycle through all its vertices.`)},
		{name: "abbreviation: spelled out in a definition", gate: st, check: stCheckTerms, want: Pass,
			change: func(r *Revision) {
				r.Statement = `Let $G$ be an HSG of order $n \ge 5$. Prove or disprove: $G$ contains a cycle through all its vertices.`
				r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: packet.Definition, Term: "HSG", Body: "A highly symmetric graph (HSG) is a graph whose automorphism group acts transitively on its arcs."})
			}},
		{name: "abbreviation: a known one", gate: st, check: stCheckTerms, want: Pass,
			change: setStatement(`Let $I$ be a TSP instance on $n \ge 5$ cities. Prove or disprove: the LP relaxation of $I$ has an optimal vertex.`)},
		{name: "abbreviation: a modifier of a noun", gate: st, check: stCheckTerms, want: Pass,
			change: setStatement(`Let $X$ be a CW complex of dimension $2$. Prove or disprove: $X$ is aspherical when its fundamental group is free.`)},
	})
}

func TestReadingBlind15TitleDimension(t *testing.T) {
	t.Parallel()
	st := statementGate
	base := func() *Revision {
		r := clean()
		r.Title = "Closed geodesics on closed three-dimensional manifolds"
		r.Statement = "Let M be a closed three-dimensional manifold with a Riemannian metric g. Prove or disprove: (M, g) has infinitely many geometrically distinct closed geodesics."
		r.Exposition = []packet.ExpositionEntry{{Kind: packet.Remark, Body: "Bangert and Franks proved it for the two-sphere, so in dimension two the question is settled."}}
		r.Acceptance.Criterion = "A proof that every such (M, g) has infinitely many closed geodesics, or a metric with finitely many, with a proof."
		r.OpenStatus = packet.OpenStatus{StrongestKnown: "Known for surfaces (Bangert, Franks).", UnresolvedTarget: "Whether every closed Riemannian three-manifold has infinitely many closed geodesics."}
		return r
	}
	title := func(s string) func(r *Revision) { return func(r *Revision) { r.Title = s } }
	runReadingCases(t, []readingCase{
		{name: "dimension: a title on another dimension", gate: st, check: stCheckTitle, base: base, want: NeedsHuman, quote: "two-manifolds",
			change: title("Infinitely many closed geodesics on closed two-manifolds")},
		{name: "dimension: a title in digits on another dimension", gate: st, check: stCheckTitle, base: base, want: NeedsHuman, quote: "4-dimensional",
			change: title("Closed geodesics on closed 4-dimensional manifolds")},
		{name: "dimension: the statement's dimension in words", gate: st, check: stCheckTitle, base: base, want: Pass,
			change: title("Infinitely many closed geodesics on closed three-manifolds")},
		{name: "dimension: the statement's dimension in digits", gate: st, check: stCheckTitle, base: base, want: Pass,
			change: title("Closed geodesics on closed 3-dimensional manifolds")},
		{name: "dimension: a statement in every dimension", gate: st, check: stCheckTitle, base: base, want: Pass,
			change: func(r *Revision) {
				r.Title = "Closed geodesics on closed two-manifolds and beyond"
				r.Statement = "Let M be a closed manifold of dimension d ≥ 2 with a Riemannian metric g. Prove or disprove: (M, g) has infinitely many closed geodesics."
			}},
	})
}

func TestReadingBlind15CriterionBranch(t *testing.T) {
	t.Parallel()
	cons := consistencyGate
	crit := func(s string) func(r *Revision) { return func(r *Revision) { r.Acceptance.Criterion = s } }
	runReadingCases(t, []readingCase{
		{name: "branch: a proof only, for prove or disprove", gate: cons, check: checkConsistencyBounds, base: collatzClean, want: NeedsHuman, quote: "A proof that every orbit",
			change: crit("A proof that every orbit of T reaches 1.")},
		{name: "branch: a proof or a counterexample", gate: cons, check: checkConsistencyBounds, base: collatzClean, want: Pass,
			change: crit("A proof that every orbit of T reaches 1, or a positive integer whose orbit never does, with a proof.")},
		{name: "branch: a proof or a disproof", gate: cons, check: checkConsistencyBounds, base: collatzClean, want: Pass,
			change: crit("A proof or a disproof that every orbit of T reaches 1.")},
		{name: "branch: a proof only, for prove that", gate: cons, check: checkConsistencyBounds, base: collatzClean, want: Pass,
			change: func(r *Revision) {
				r.Statement = `Let $T$ be the Collatz map, $T(n) = n/2$ for even $n$ and $T(n) = 3n + 1$ for odd $n$. Prove that for every positive integer $n$ the orbit of $n$ under $T$ reaches $1$.`
				r.Acceptance.Criterion = "A proof that every orbit of T reaches 1."
			}},
	})
}

func TestReadingBlind15References(t *testing.T) {
	t.Parallel()
	refs := referencesGate
	row := func(locator, relevance string) func(r *Revision) {
		return func(r *Revision) { r.References[1].Locator, r.References[1].Relevance = locator, relevance }
	}
	runReadingCases(t, []readingCase{
		{name: "according: a result with no locator", gate: refs, check: checkRefsRow, want: NeedsHuman, quote: "According to this paper",
			change: row("", "According to this paper infinitely many pairs of consecutive primes differ by at most 246, which is the current bound.")},
		{name: "according: a result with its locator", gate: refs, check: checkRefsRow, want: Pass,
			change: row("Theorem 4", "According to this paper infinitely many pairs of consecutive primes differ by at most 246, which is the current bound.")},
		{name: "according: a state of the art with no result", gate: refs, check: checkRefsRow, want: Pass,
			change: row("", "According to this paper the parity barrier keeps the sieve methods from reaching the gap two.")},
		{name: "excluded: a note about the kind the packet rules out", gate: refs, check: checkRefsRelevance, base: undirectedClean, want: NeedsHuman, quote: "directed graphs",
			change: func(r *Revision) {
				r.References[0].Relevance = "Classifies the finite vertex-transitive directed graphs of prime order, including the circulant tournaments."
			}},
		{name: "excluded: a note about the packet's own kind", gate: refs, check: checkRefsRelevance, base: undirectedClean, want: Pass,
			change: func(r *Revision) {
				r.References[0].Relevance = "Classifies the finite vertex-transitive undirected graphs of prime order, which are the circulants."
			}},
		{name: "excluded: a note that names both kinds", gate: refs, check: checkRefsRelevance, base: undirectedClean, want: Pass,
			change: func(r *Revision) {
				r.References[0].Relevance = "Classifies the vertex-transitive graphs of prime order, directed and undirected, which are the circulants."
			}},
	})
}

// undirectedClean is a packet whose convention says its graphs are undirected.
func undirectedClean() *Revision {
	r := clean()
	r.Title = "Hamiltonian cycles in vertex-transitive graphs"
	r.Statement = "Prove or disprove: every finite connected vertex-transitive graph with more than five vertices, other than the Coxeter graph, has a Hamiltonian cycle."
	r.Exposition = []packet.ExpositionEntry{
		{Kind: packet.Convention, Body: "Graphs are finite, simple and undirected; a graph is vertex-transitive when its automorphism group acts transitively on its vertices."},
		{Kind: packet.Example, Body: "The Petersen graph is vertex-transitive and has a Hamiltonian path but no Hamiltonian cycle; it has ten vertices."},
	}
	r.Acceptance.Criterion = "A proof that every such graph has a Hamiltonian cycle, or a graph with no Hamiltonian cycle, with a proof."
	r.References[0].Citation = "D. Marušič, Hamiltonian circuits in Cayley graphs, Discrete Math. 46 (1983), 49–54."
	r.References[0].Relevance = "Proves that Cayley graphs of many groups have Hamiltonian cycles, evidence for the conjecture."
	r.OpenStatus = packet.OpenStatus{StrongestKnown: "Known for Cayley graphs of several families of groups.", UnresolvedTarget: "Whether every such vertex-transitive graph has a Hamiltonian cycle."}
	return r
}

func TestReadingBlind15ExampleOrder(t *testing.T) {
	t.Parallel()
	cons := consistencyGate
	base := func() *Revision {
		r := clean()
		r.Title = "A 5-regular graph of girth 5 on fewer than 30 vertices"
		r.Statement = "Find a 5-regular graph of girth 5 with at most 29 vertices, or prove that none exists."
		r.Exposition = []packet.ExpositionEntry{
			{Kind: packet.Remark, Body: "A computer search showed that the smallest 5-regular girth-5 graphs have at least 30 vertices, and a graph on 30 vertices is known."},
		}
		r.Acceptance.Criterion = "A 5-regular graph of girth 5 on at most 29 vertices with its adjacency list, or a proof that none exists."
		r.OpenStatus = packet.OpenStatus{StrongestKnown: "The least order is 30, by an exhaustive search.", UnresolvedTarget: "Whether the search that gives 30 can be confirmed independently."}
		return r
	}
	example := func(s string) func(r *Revision) {
		return func(r *Revision) {
			r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: packet.Example, Body: s})
		}
	}
	runReadingCases(t, []readingCase{
		{name: "order: an example below the least size's bound", gate: cons, check: checkConsistencyBounds, base: base, want: NeedsHuman, quote: "5-regular girth-5 graph on 24 vertices",
			change: example("Joining two copies of the Petersen graph by a perfect matching and adding four vertices gives a 5-regular girth-5 graph on 24 vertices.")},
		{name: "order: an example at the bound", gate: cons, check: checkConsistencyBounds, base: base, want: Pass,
			change: example("The known 5-regular girth-5 graph on 30 vertices is built from two copies of the Petersen graph.")},
		{name: "order: an example of the kind above the bound", gate: cons, check: checkConsistencyBounds, base: base, want: Pass,
			change: example("Joining three copies of the Petersen graph gives a 5-regular girth-5 graph on 36 vertices.")},
	})
}

func TestReadingBlind15VacuousZero(t *testing.T) {
	t.Parallel()
	st := statementGate
	runReadingCases(t, []readingCase{
		{name: "zero: a factor set to zero in a product asked not to vanish", gate: st, check: stCheckDomain, want: NeedsHuman, quote: "Df = 0",
			change: setStatement("Let f be a smooth map of the plane with Df = 0 everywhere and det(Df) · (Df)² nowhere zero. Prove or disprove: f has a fixed point.")},
		{name: "zero: a factor set to zero in TeX", gate: st, check: stCheckDomain, want: NeedsHuman, quote: "\\omega = 0",
			change: setStatement(`Let $\omega$ be a $2$-form on a closed $4$-manifold $M$ with $d\omega = 0$ and $\omega = 0$ and $\omega \wedge \omega \ne 0$ at every point. Prove or disprove: $M$ has a symplectic structure.`)},
		{name: "zero: the quantity's derivative asked not to vanish", gate: st, check: stCheckDomain, want: Pass,
			change: setStatement("Let f be a smooth function on the line with f(0) = 0 and f'(0) nonzero. Prove or disprove: f changes sign at 0.")},
		{name: "zero: a sum asked not to vanish", gate: st, check: stCheckDomain, want: Pass,
			change: setStatement("Let A be a square matrix with A² = 0 and (A + I)² nonzero. Prove or disprove: A + I is invertible.")},
		{name: "zero: a closed form whose power does not vanish", gate: st, check: stCheckDomain, want: Pass,
			change: setStatement("Let ω be a 2-form on a closed 4-manifold M with dω = 0 and ω ∧ ω nowhere zero. Prove or disprove: M has an almost complex structure.")},
	})
}
