package gates

import (
	"testing"

	"github.com/theoremdb/theoremdb/packet"
)

// The classes a seventeenth blind split's defects showed the checks missing, each read by its
// shape on problems of its own with neighbours that must not fire: a recurrence whose term
// carries a parameter besides its index ("P_{n+1}(x) = x·P_n(x) − 1"), an iterated operation
// defined from its previous power ("G^{×(n+1)} = G^{×n} × G") and a function of an integer
// defined from its other values on a range with a lower end ("for n ≥ 2, h(n) = …h(n − a)…"),
// none with a first value; a requested width written as a fraction ("b − a ≤ 1/2"), read whole;
// a citation whose title ends in a series numeral ("… III, preprint"), which names no place; and
// an example giving two measures of one object beyond a bound the packet states between them
// ("bs(f) ≤ 2·s(f)⁴").

func TestReadingBlind16Recurrence(t *testing.T) {
	t.Parallel()
	st := statementGate
	entry := func(kind packet.ExpositionKind, body string) func(r *Revision) {
		return func(r *Revision) { r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: kind, Body: body}) }
	}
	runReadingCases(t, []readingCase{
		{name: "parameter: a recurrence with no first term", gate: st, check: stCheckRecurrence, want: NeedsHuman, quote: "P_{n+1}(x) = x·P_n(x) − 1",
			change: entry(packet.Definition, "The polynomials of the family satisfy P_{n+1}(x) = x·P_n(x) − 1 for n ≥ 0.")},
		{name: "parameter: a recurrence with its first term", gate: st, check: stCheckRecurrence, want: Pass,
			change: entry(packet.Definition, "Let P_0(x) = 1 and P_{n+1}(x) = x·P_n(x) − 1 for n ≥ 0.")},
		{name: "iterated: a power with no first one", gate: st, check: stCheckRecurrence, want: NeedsHuman, quote: "G^{×(n+1)} = G^{×n} × G",
			change: entry(packet.Convention, "For a graph G write G^{×(n+1)} = G^{×n} × G for the iterated direct product.")},
		{name: "iterated: a power with its first one", gate: st, check: stCheckRecurrence, want: Pass,
			change: entry(packet.Convention, "For a graph G write G^{×1} = G and G^{×(n+1)} = G^{×n} × G for the iterated direct product.")},
		{name: "function: values from other arguments with no start", gate: st, check: stCheckRecurrence, want: NeedsHuman, quote: "h(n) = max{ h(a) + h(n − a)",
			change: entry(packet.Definition, "Let h be the integer function with, for n ≥ 2, h(n) = max{ h(a) + h(n − a) : 1 ≤ a < n } + 1.")},
		{name: "function: values from other arguments with a start", gate: st, check: stCheckRecurrence, want: Pass,
			change: entry(packet.Definition, "Let h(1) = 0 and, for n ≥ 2, h(n) = max{ h(a) + h(n − a) : 1 ≤ a < n } + 1.")},
		{name: "function: an identity with no range", gate: st, check: stCheckRecurrence, want: Pass,
			change: entry(packet.Remark, "The function is even: h(x) = h(−x), and it is continuous.")},
		{name: "function: a property of every function", gate: st, check: stCheckRecurrence, want: Pass,
			change: entry(packet.Remark, "Every function with h(n) = 2h(n − 1) for n ≥ 1 is a multiple of a power of two.")},
	})
}

func TestReadingBlind16Width(t *testing.T) {
	t.Parallel()
	cons := consistencyGate
	base := func() *Revision {
		r := clean()
		r.Title = "The growth constant of a lattice walk, to within a given width"
		r.Statement = "Let μ be the connective constant of self-avoiding walks on the hexagonal-square lattice. Give reals a ≤ b with b − a ≤ 1/2 and proofs that a ≤ μ ≤ b."
		r.OpenStatus = packet.OpenStatus{StrongestKnown: "1.9 ≤ μ ≤ 2.6, by counting walks and bridges.", UnresolvedTarget: "A proved interval of width at most 1/2 containing μ."}
		return r
	}
	ask := func(w string) func(r *Revision) {
		return func(r *Revision) {
			r.Statement = "Let μ be the connective constant of self-avoiding walks on the hexagonal-square lattice. Give reals a ≤ b with b − a ≤ " + w + " and proofs that a ≤ μ ≤ b."
		}
	}
	runReadingCases(t, []readingCase{
		{name: "width: a fraction below the known width", gate: cons, check: checkConsistencyIncumbent, base: base, want: Pass, change: ask("1/2")},
		{name: "width: a whole width the known one meets", gate: cons, check: checkConsistencyIncumbent, base: base, want: NeedsHuman, quote: "b − a ≤ 1", change: ask("1")},
		{name: "width: a fraction the known width meets", gate: cons, check: checkConsistencyIncumbent, base: base, want: NeedsHuman, quote: "b − a ≤ 3/4", change: ask("3/4")},
	})
}

func TestReadingBlind16SeriesTitle(t *testing.T) {
	t.Parallel()
	refs := referencesGate
	row := func(citation, locator string) func(r *Revision) {
		return func(r *Revision) {
			r.References[1].Citation, r.References[1].Locator = citation, locator
			r.References[1].Relevance = "Shows that every planar graph of girth at least 5 is 3-choosable, a step towards the conjecture."
		}
	}
	runReadingCases(t, []readingCase{
		{name: "series: a title's numeral, no locator", gate: refs, check: checkRefsRow, want: NeedsHuman, quote: "Shows that",
			change: row("C. Thomassen, Planar graphs of large girth and the choosability problem II, arXiv preprint, 2014.", "")},
		{name: "series: a place in the citation", gate: refs, check: checkRefsRow, want: Pass,
			change: row("C. Thomassen, Colouring planar graphs of large girth, arXiv preprint, 2014, Theorem 2.", "")},
		{name: "series: a title's numeral with a locator", gate: refs, check: checkRefsRow, want: Pass,
			change: row("C. Thomassen, Planar graphs of large girth and the choosability problem II, arXiv preprint, 2014.", "Theorem 2")},
	})
}

func TestReadingBlind16ExampleRelation(t *testing.T) {
	t.Parallel()
	cons := consistencyGate
	base := func() *Revision {
		r := clean()
		r.Title = "Certificate complexity against sensitivity"
		r.Statement = "Determine the least α such that there is a constant C with C(f) ≤ C·s(f)^α for every Boolean function f."
		r.Exposition = []packet.ExpositionEntry{
			{Kind: packet.Remark, Body: "It is known that C(f) ≤ 3·s(f)⁵ for every Boolean function f, so α ≤ 5."},
		}
		r.OpenStatus = packet.OpenStatus{StrongestKnown: "2 ≤ α ≤ 5.", UnresolvedTarget: "The exact value of α."}
		return r
	}
	example := func(s string) func(r *Revision) {
		return func(r *Revision) {
			r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: packet.Example, Body: s})
		}
	}
	runReadingCases(t, []readingCase{
		{name: "relation: an example beyond the bound", gate: cons, check: checkConsistencyBounds, base: base, want: NeedsHuman, quote: "s(f) = 1 and C(f) = 7",
			change: example("A function on 9 variables has s(f) = 1 and C(f) = 7.")},
		{name: "relation: an example within the bound", gate: cons, check: checkConsistencyBounds, base: base, want: Pass,
			change: example("A function on 9 variables has s(f) = 2 and C(f) = 7.")},
		{name: "relation: a value given by a formula", gate: cons, check: checkConsistencyBounds, base: base, want: Pass,
			change: example("The family has s(f) = 1 and C(f) = 7k² for every k.")},
		{name: "relation: the two values in different sentences", gate: cons, check: checkConsistencyBounds, base: base, want: Pass,
			change: example("The first function has s(f) = 1. The second has C(f) = 7.")},
	})
}
