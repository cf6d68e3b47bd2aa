package gates

import (
	"testing"

	"github.com/theoremdb/theoremdb/packet"
)

func TestReferencesGate(t *testing.T) {
	t.Parallel()
	row := func(ref Reference) func(r *Revision) {
		return func(r *Revision) { r.References = append(r.References, ref) }
	}
	book := Reference{Citation: "R. K. Guy, Unsolved Problems in Number Theory, 3rd ed., Springer, 2004.",
		Relevance: "Lists the problem with its history and early partial results.", Role: "SECONDARY"}
	runGateCases(t, referencesGate, clean, []gateCase{
		{"rows present", nil, nil, checkRefsPresent, Pass},
		{"no rows", func(r *Revision) { r.References = nil }, nil, checkRefsPresent, Fail},
		{"original without rows", func(r *Revision) { r.References, r.Provenance.Kind = nil, packet.Original }, nil, checkRefsPresent, Pass},

		{"stable rows", nil, nil, checkRefsRow, Pass},
		{"book with an exact locator", func(r *Revision) { b := book; b.Locator = "Problem A8"; row(b)(r) }, nil, checkRefsRow, Pass},
		{"book with a section sign", func(r *Revision) { b := book; b.Locator = "§2.3"; row(b)(r) }, nil, checkRefsRow, Pass},
		{"file and line", func(r *Revision) { b := book; b.Locator = "ErdosProblems/42.lean:17"; row(b)(r) }, nil, checkRefsRow, Pass},
		{"URL row without locator", row(Reference{Identifier: "url:https://www.erdosproblems.com/42", Kind: "URL",
			Citation: "Erdős problems database, problem 42", Relevance: "The problem's page, the source of its status and tags."}), nil, checkRefsRow, Pass},
		{"book without locator", row(book), nil, checkRefsRow, Fail},
		{"book with a vague locator", func(r *Revision) { b := book; b.Locator = "the introduction"; row(b)(r) }, nil, checkRefsRow, Fail},
		{"placeholder locator", func(r *Revision) { r.References[0].Locator = "TBD" }, nil, checkRefsRow, Fail},
		{"placeholder citation", func(r *Revision) { r.References[1].Citation = "?" }, nil, checkRefsRow, Fail},
		{"theorem claimed without a locator", func(r *Revision) {
			r.References[0].Locator = ""
			r.References[0].Relevance = "Proves the main theorem on bounded gaps between consecutive primes."
		}, nil, checkRefsRow, NeedsHuman},
		{"lemma claimed without a locator", func(r *Revision) {
			r.References[1].Locator = ""
			r.References[1].Relevance = "Its sieve lemma proves the bound 246 on gaps between consecutive primes."
		}, nil, checkRefsRow, NeedsHuman},
		{"numbered theorem named in the note", func(r *Revision) {
			r.References[0].Locator = ""
			r.References[0].Relevance = "Theorem 1 proves bounded gaps between consecutive primes."
		}, nil, checkRefsRow, NeedsHuman}, // the place belongs in the locator, where the record plane confirms it
		{"note that states the conjecture needs no locator", func(r *Revision) {
			r.References[0].Locator = ""
			r.References[0].Relevance = "States the conjecture and proves the first finite bound on gaps."
		}, nil, checkRefsRow, Pass},
		{"unparseable identifier", func(r *Revision) { r.References[0].Identifier, r.References[0].Locator = "see Guy's book", "" }, nil, checkRefsRow, Fail},

		{"relevance in prose", nil, nil, checkRefsRelevance, Pass},
		{"three-word relevance", func(r *Revision) { r.References[1].Relevance = "Current upper bound." }, nil, checkRefsRelevance, Pass},
		{"relevance is a URL", func(r *Revision) { r.References[0].Relevance = "https://doi.org/10.4007/annals.2014.179.3.7" }, nil, checkRefsRelevance, Fail},
		{"relevance is see and a URL", func(r *Revision) { r.References[0].Relevance = "See https://arxiv.org/abs/1407.4897." }, nil, checkRefsRelevance, Fail},
		{"relevance says relevant", func(r *Revision) { r.References[0].Relevance = "Relevant." }, nil, checkRefsRelevance, Fail},
		{"relevance is generic", func(r *Revision) { r.References[0].Relevance = "Useful related background reference." }, nil, checkRefsRelevance, Fail},
		{"no relevance", func(r *Revision) { r.References[0].Relevance = "" }, nil, checkRefsRelevance, Fail},
		{"relevance about a different problem", func(r *Revision) {
			r.References[1].Relevance = "Determines the chromatic number of unit-distance graphs in the Euclidean plane."
		}, nil, checkRefsRelevance, NeedsHuman},
		{"relevance tied by a subject word", func(r *Revision) {
			r.References[1].Relevance = "Determines the parity barrier for sieves that detect twin primes."
		}, nil, checkRefsRelevance, Pass},
		{"relevance tied to the problem by reference", func(r *Revision) {
			r.References[1].Relevance = "Cited in the formal-conjectures docstring of twin_primes."
		}, nil, checkRefsRelevance, Pass},

		{"no duplicates", nil, nil, checkRefsDuplicates, Pass},
		{"same work at two locators", func(r *Revision) {
			d := r.References[0]
			d.Locator, d.Relevance = "Theorem 1", "The main theorem: bounded gaps between primes."
			row(d)(r)
		}, nil, checkRefsDuplicates, Pass},
		{"same work at the same locator", func(r *Revision) { row(r.References[0])(r) }, nil, checkRefsDuplicates, Fail},
		{"same work spelled as a DOI URL", func(r *Revision) {
			d := r.References[0]
			d.Identifier, d.Kind = "url:https://doi.org/10.4007/ANNALS.2014.179.3.7", "URL"
			row(d)(r)
		}, nil, checkRefsDuplicates, Fail},

		{"nothing quoted", nil, nil, checkRefsCited, Pass},
		{"quoted identifier with a row", func(r *Revision) {
			r.Exposition[3].Body += " See arXiv:1407.4897v1 and https://doi.org/10.4007/annals.2014.179.3.7."
		}, nil, checkRefsCited, Pass},
		{"quoted arXiv ID without a row", func(r *Revision) { r.Exposition[3].Body += " Maynard's sieve is in arXiv:1311.4600." }, nil, checkRefsCited, Fail},
		// The coverage note records what the search found, so a work only it names asks a person.
		{"DOI in the coverage note without a row", func(r *Revision) {
			r.ReferenceSearch.Coverage += " The 2015 survey 10.1090/bull/1525 was read."
		}, nil, checkRefsCited, NeedsHuman},
		{"URL in the open status without a row", func(r *Revision) {
			r.OpenStatus.StrongestKnown += " (https://terrytao.wordpress.com/2013/06/30/bounded-gaps-between-primes/)"
		}, nil, checkRefsCited, Fail},
	})
}
