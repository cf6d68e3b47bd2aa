package gates

import (
	"testing"

	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/similar"
)

func TestPassCheckFixtures(t *testing.T) {
	t.Parallel()
	runCheckFixtures(t, passCheckFixtures())
}

// passCheckFixtures are the negative fixtures of the gates other than the statement gate: for
// each check a short packet that comes close to what it looks for (the trigger's neighbour, as a
// linter's test has an input that must not fire) and the passing findings it must report.
func passCheckFixtures() []checkFixture {
	comp := computationalClean
	return []checkFixture{
		{name: "criterion names both outcomes", gate: acceptanceGate, check: checkAcceptanceEvidence,
			change: func(r *Revision) {
				r.Acceptance.Criterion = "A proof that every even n ≥ 4 is a sum of two primes, or an explicit even n with no such sum."
			}, want: []fixtureFinding{{"acceptance.evidence", Pass, Span{"acceptance.criterion", 0, 95, "A proof that every even n ≥ 4 is a sum of two primes, or an explicit even n with no such sum."}}}},
		{name: "numerical with its precision", gate: acceptanceGate, check: checkAcceptanceNumerical,
			change: func(r *Revision) {
				r.Acceptance = packet.Acceptance{Kind: packet.Numerical, Criterion: "Certified bounds L ≤ α ≤ U with U − L ≤ 10^{-3}.",
					Precision: "U − L ≤ 10^{-3}, with both bounds certified by interval arithmetic."}
			}, want: []fixtureFinding{{"acceptance.numerical", Pass, Span{"acceptance.precision", 0, 71, "U − L ≤ 10^{-3}, with both bounds certified by interval arithmetic."}}}},
		{name: "search with space and certificate", gate: acceptanceGate, check: checkAcceptanceSearch, base: comp,
			change: func(r *Revision) {
				r.Acceptance.SearchSpace = "Matrices of order 668 with entries +1 and −1, up to equivalence."
			}, want: []fixtureFinding{{"acceptance.search", Pass, Span{"acceptance.searchSpace", 0, 66, "Matrices of order 668 with entries +1 and −1, up to equivalence."}}, {"acceptance.search", Pass, Span{"acceptance.certificate", 0, 218, "Witness: the matrix as 668 lines of 668 signs, checked by computing H·Hᵀ = 668·I in exact integer arithmetic. Impossibility: a proof, with any computer-assisted part given as a certificate another person can check."}}}},
		{name: "classification with its equivalence", gate: acceptanceGate, check: checkAcceptanceClassification,
			change: func(r *Revision) {
				r.Acceptance = packet.Acceptance{Kind: packet.Classification,
					Criterion:   "A complete list of the kissing configurations of 24 unit vectors in ℝ^4, up to equivalence, with a proof that the list is complete.",
					Equivalence: "Two configurations are equivalent when an orthogonal map of ℝ^4 takes one to the other."}
			}, want: []fixtureFinding{{"acceptance.classification", Pass, Span{"acceptance.equivalence", 0, 89, "Two configurations are equivalent when an orthogonal map of ℝ^4 takes one to the other."}}}},
		{name: "criterion a person can check", gate: acceptanceGate, check: checkAcceptanceIndependent,
			change: func(r *Revision) {
				r.Acceptance.Criterion = "An explicit integer n ≥ 2 for which 4/n = 1/x + 1/y + 1/z has no solution, with a proof of that, or a proof for every n."
			}, want: []fixtureFinding{{"acceptance.independent-check", Pass, Span{"acceptance.criterion", 3, 11, "explicit"}}}},

		{name: "original problem", gate: provenanceGate, check: checkProvenanceKind,
			change: func(r *Revision) { r.Provenance.Kind = packet.Original }, want: []fixtureFinding{{"provenance.kind", Pass, Span{"provenance.kind", 0, 0, ""}}}},
		{name: "short attribution", gate: provenanceGate, check: checkProvenanceFields,
			change: func(r *Revision) { r.Provenance.Attribution = "A. de Polignac, 1849." }, want: []fixtureFinding{{"provenance.fields", Pass, Span{"provenance.attribution", 0, 21, "A. de Polignac, 1849."}}}},
		// A placeholder fails wherever it stands in the field, not only as the field's whole text.
		{name: "placeholder inside an attribution", gate: provenanceGate, check: checkProvenanceFields,
			change: func(r *Revision) {
				r.Provenance.Attribution = "A. de Polignac, 1849; the TBD notation of his paper is not used here."
			}, want: []fixtureFinding{{"provenance.fields", Fail, Span{"provenance.attribution", 0, 69, "A. de Polignac, 1849; the TBD notation of his paper is not used here."}}}},
		{name: "generated with generator and motivation", gate: provenanceGate, check: checkProvenanceGenerated,
			change: func(r *Revision) {
				r.Generated = true
				r.Provenance.GeneratedBy = "gen-7, a program that varies the gap in Polignac's conjecture"
				r.Provenance.Motivation = "The gap 2 is the smallest case of Polignac's conjecture left open."
			}, want: []fixtureFinding{{"provenance.generated", Pass, Span{"provenance.motivation", 0, 66, "The gap 2 is the smallest case of Polignac's conjecture left open."}}}},
		{name: "statement in our own words", gate: provenanceGate, check: checkProvenanceCopy,
			copies: true, want: []fixtureFinding{{"provenance.copy", Pass, Span{"statement", 0, 185, "Prove or disprove: there are infinitely many primes $p$ such that $p+2$ is also prime. Equivalently, determine whether for every integer $N$ there is a prime $p > N$ with $p + 2$ prime."}}}},
		{name: "primary source confirmed", gate: provenanceGate, check: checkProvenanceRecord,
			change: func(r *Revision) {
				for i := range r.References {
					r.References[i].Confirmation, r.References[i].LocatorConfirmed = "CONFIRMED", true
				}
			}, want: []fixtureFinding{{"provenance.source-record", Pass, Span{"references[0].identifier", 0, 31, "doi:10.4007/annals.2014.179.3.7"}}}},

		{name: "one database", gate: openStatusGate, check: checkOpenSearchRecord,
			change: func(r *Revision) { r.ReferenceSearch.Databases = []string{"zbMATH Open"} }, want: []fixtureFinding{{"open-status.search-record", Pass, Span{"referenceSearch.coverage", 0, 118, "Titles and abstracts through 2026-11-09; surveys of bounded prime gaps since 2013. No claimed proof has been accepted."}}}},
		{name: "search a year old", gate: openStatusGate, check: checkOpenDated,
			change: func(r *Revision) { r.ReferenceSearch.CheckedOn = fixtureNow.AddDate(-1, 0, 1) }, want: []fixtureFinding{{"open-status.dated-search", Pass, Span{"referenceSearch.checkedOn", 0, 16, "21 November 2025"}}}},
		{name: "one status row", gate: openStatusGate, check: checkOpenPrimary,
			change: func(r *Revision) { r.References = r.References[1:] }, want: []fixtureFinding{{"open-status.primary-source", Pass, Span{"references[0].citation", 0, 121, "D. H. J. Polymath, Variants of the Selberg sieve, and bounded intervals containing many primes, Res. Math. Sci. 1 (2014)."}}}},
		{name: "two queries", gate: openStatusGate, check: checkOpenAlternatives,
			change: func(r *Revision) { r.ReferenceSearch.Queries = []string{"twin prime conjecture", "prime pairs p, p+2"} }, want: []fixtureFinding{{"open-status.alternatives", Pass, Span{"referenceSearch.queries", 0, 41, "twin prime conjecture; prime pairs p, p+2"}}}},
		{name: "strongest known in a few words", gate: openStatusGate, check: checkOpenStrongest,
			change: func(r *Revision) { r.OpenStatus.StrongestKnown = "Gaps of at most 246 occur infinitely often." }, want: []fixtureFinding{{"open-status.strongest-known", Pass, Span{"openStatus.strongestKnown", 0, 43, "Gaps of at most 246 occur infinitely often."}}}},
		{name: "unresolved target in a few words", gate: openStatusGate, check: checkOpenUnresolved,
			change: func(r *Revision) { r.OpenStatus.UnresolvedTarget = "The gap 2." }, want: []fixtureFinding{{"open-status.unresolved-target", Pass, Span{"openStatus.unresolvedTarget", 0, 10, "The gap 2."}}}},
		{name: "OEIS beside other databases", gate: openStatusGate, check: checkOpenDatabaseSilence,
			change: func(r *Revision) {
				r.ReferenceSearch.Databases = []string{"OEIS", "zbMATH Open"}
				r.ReferenceSearch.Coverage = "Searched the OEIS and zbMATH Open; no results."
			}, want: []fixtureFinding{{"open-status.database-silence", Pass, Span{"referenceSearch.coverage", 0, 46, "Searched the OEIS and zbMATH Open; no results."}}}},
		// The two checks below hand every packet to a person, even one with nothing to read.
		{name: "empty coverage is still read by a person", gate: openStatusGate, check: checkOpenTargetAbsent,
			change: func(r *Revision) { r.ReferenceSearch.Coverage = "" }, want: []fixtureFinding{{"open-status.target-absent", NeedsHuman, Span{"referenceSearch.coverage", 0, 0, ""}}}},
		{name: "empty target is still judged by a person", gate: openStatusGate, check: checkOpenUncertainty,
			change: func(r *Revision) { r.OpenStatus.UnresolvedTarget = "" }, want: []fixtureFinding{{"open-status.uncertainty", NeedsHuman, Span{"referenceSearch.coverage", 0, 118, "Titles and abstracts through 2026-11-09; surveys of bounded prime gaps since 2013. No claimed proof has been accepted."}}}},

		{name: "unrelated problems indexed", gate: duplicateGate, check: "duplicate.near-duplicate", want: []fixtureFinding{{"duplicate.near-duplicate", Pass, Span{"statement", 0, 185, "Prove or disprove: there are infinitely many primes $p$ such that $p+2$ is also prime. Equivalently, determine whether for every integer $N$ there is a prime $p > N$ with $p + 2$ prime."}}}},
		{name: "solved record of another problem", gate: duplicateGate, check: "duplicate.known-answer",
			env: func() Env {
				env := fixtureEnv()
				x := similar.NewIndex()
				x.Add("solved:collatz", "Collatz conjecture", collatz, "proved", "https://example.org/collatz")
				env.Solved = x
				return env
			}, want: []fixtureFinding{{"duplicate.known-answer", Pass, Span{"statement", 0, 185, "Prove or disprove: there are infinitely many primes $p$ such that $p+2$ is also prime. Equivalently, determine whether for every integer $N$ there is a prime $p > N$ with $p + 2$ prime."}}}},
		{name: "attached claim that is not an answer", gate: duplicateGate, check: "duplicate.answer-claim",
			env: func() Env {
				env := fixtureEnv()
				env.Claims = StaticClaims{"TDB-1": {{ID: "claim-1", Summary: "A partial result: gaps of at most 600.", Answer: false}}}
				return env
			}, want: []fixtureFinding{{"duplicate.answer-claim", Pass, Span{"claims", 0, 0, ""}}}},
		{name: "empty statement is still compared by a person", gate: duplicateGate, check: "duplicate.equivalent-formulations",
			change: statement(""), want: []fixtureFinding{{"duplicate.equivalent-formulations", NeedsHuman, Span{"title", 0, 21, "Twin prime conjecture"}}}},

		{name: "one reference row", gate: referencesGate, check: checkRefsPresent,
			change: func(r *Revision) { r.References = r.References[:1] }, want: []fixtureFinding{{"references.present", Pass, Span{"references", 0, 0, ""}}}},
		{name: "book with a numbered locator", gate: referencesGate, check: checkRefsRow,
			change: func(r *Revision) {
				r.References = append(r.References, Reference{Citation: "R. K. Guy, Unsolved Problems in Number Theory, 3rd ed., Springer, 2004.",
					Relevance: "Lists the problem with its history and early partial results.", Role: "SECONDARY", Locator: "Problem A8"})
			}, want: []fixtureFinding{{"references.row", Pass, Span{"references", 0, 0, ""}}}},
		{name: "relevance that quotes a URL", gate: referencesGate, check: checkRefsRelevance,
			change: func(r *Revision) {
				r.References[0].Relevance = "Proves the first finite bound; the preprint was at https://arxiv.org/abs/1311.4600 before it appeared."
			}, want: []fixtureFinding{{"references.relevance", Pass, Span{"references", 0, 0, ""}}}},
		{name: "two works of one author", gate: referencesGate, check: checkRefsDuplicates,
			change: func(r *Revision) {
				r.References = append(r.References, Reference{Identifier: "doi:10.4007/annals.2015.181.1.7", Kind: "DOI",
					Citation: "J. Maynard, Small gaps between primes, Ann. of Math. (2) 181 (2015), 383–413.",
					Locator:  "Theorem 1.1", Relevance: "Bounded gaps by a simpler sieve.", Role: "SECONDARY"})
			}, want: []fixtureFinding{{"references.duplicates", Pass, Span{"references", 0, 0, ""}}}},
		{name: "quoted arXiv ID with its row", gate: referencesGate, check: checkRefsCited,
			change: func(r *Revision) { r.Exposition[3].Body += " The Polymath bound is in arXiv:1407.4897." }, want: []fixtureFinding{{"references.cited-sources", Pass, Span{"references", 0, 0, ""}}}},
		{name: "sources confirmed", gate: referencesGate, check: checkRefsRecord,
			change: func(r *Revision) {
				for i := range r.References {
					r.References[i].Confirmation, r.References[i].LocatorConfirmed = "CONFIRMED", true
				}
			}, want: []fixtureFinding{{"references.record", Pass, Span{"references", 0, 0, ""}}}},

		{name: "statement and acceptance agree", gate: consistencyGate, check: checkConsistencyBounds,
			change: func(r *Revision) {
				r.Statement = `Prove that for every integer $n \ge 3$ the graph $G_n$ is Hamiltonian.`
				r.Acceptance.Criterion = "A proof for every n ≥ 3, or an explicit n ≥ 3 with a non-Hamiltonian G_n."
			}, want: []fixtureFinding{{"consistency.bounds", Pass, Span{"statement", 0, 70, "Prove that for every integer $n \\ge 3$ the graph $G_n$ is Hamiltonian."}}}},
		{name: "certificate at a commit", gate: consistencyGate, check: checkConsistencyArtifacts,
			change: func(r *Revision) {
				r.Acceptance.Certificate = "The search code is at https://github.com/jdoe/search/tree/4ac48159a1f3e2c7d0b9e8f7a6c5d4e3b2a19081."
			}, want: []fixtureFinding{{"consistency.stable-artifacts", Pass, Span{"acceptance.certificate", 0, 99, "The search code is at https://github.com/jdoe/search/tree/4ac48159a1f3e2c7d0b9e8f7a6c5d4e3b2a19081."}}}},
		{name: "no incumbent stated", gate: consistencyGate, check: checkConsistencyIncumbent,
			change: func(r *Revision) { r.OpenStatus.StrongestKnown = "" }, want: []fixtureFinding{{"consistency.incumbent", Pass, Span{"openStatus.strongestKnown", 0, 0, ""}}}},
		{name: "no computation stated", gate: consistencyGate, check: checkConsistencyComputation, want: []fixtureFinding{{"consistency.computation-object", Pass, Span{"computation", 0, 0, ""}}}},

		{name: "brief of one line", gate: heroGate, check: checkHeroBrief,
			change: func(r *Revision) { r.Hero.Brief = "Twin primes below 50 joined by arcs." }, want: []fixtureFinding{{"hero.brief", Pass, Span{"hero.brief", 0, 36, "Twin primes below 50 joined by arcs."}}}},
		{name: "bespoke with its rights", gate: heroGate, check: checkHeroSource,
			change: func(r *Revision) {
				r.Hero.Bespoke = true
				r.Hero.RightsBasis = "Drawn for TheoremDB by the proposer and published under CC BY-SA 4.0."
			}, want: []fixtureFinding{{"hero.source", Pass, Span{"hero.rightsBasis", 0, 69, "Drawn for TheoremDB by the proposer and published under CC BY-SA 4.0."}}}},
		{name: "short alt", gate: heroGate, check: checkHeroAlt,
			change: func(r *Revision) { r.Hero.Alt = "A number line with arcs over the twin primes." }, want: []fixtureFinding{{"hero.alt", Pass, Span{"hero.alt", 0, 45, "A number line with arcs over the twin primes."}}}},
		{name: "short caption", gate: heroGate, check: checkHeroCaption,
			change: func(r *Revision) { r.Hero.Caption = "Twin primes below 50." }, want: []fixtureFinding{{"hero.caption", Pass, Span{"hero.caption", 0, 21, "Twin primes below 50."}}}},
		{name: "drawn by the site", gate: heroGate, check: checkHeroDepicts, want: []fixtureFinding{{"hero.depicts", Pass, Span{"hero", 0, 0, ""}}}},

		{name: "instance in the search space alone", gate: computationalGate, check: checkCompInstance, base: comp,
			change: func(r *Revision) { r.Computation.Instance = "" }, want: []fixtureFinding{{"computational.instance", Pass, Span{"acceptance.searchSpace", 0, 49, "All 668 × 668 matrices with entries +1 and −1."}}}},
		{name: "certification without a reason against brute force", gate: computationalGate, check: checkCompBruteForce, base: comp,
			change: func(r *Revision) { r.Computation.WhyNotBruteForce = "Too big." }, want: []fixtureFinding{{"computational.brute-force", Pass, Span{"computation.certification", 0, 72, "A witness is certified by computing H·Hᵀ in exact integer arithmetic."}}}},
		{name: "small cases named in a few words", gate: computationalGate, check: checkCompSmallCases, base: comp,
			change: func(r *Revision) { r.Computation.SmallCases = "Orders 1, 2, 4, 8 and 12." }, want: []fixtureFinding{{"computational.small-cases", Pass, Span{"computation.smallCases", 0, 25, "Orders 1, 2, 4, 8 and 12."}}}},
		{name: "exact search that rules out Monte Carlo", gate: computationalGate, check: checkCompExact, base: comp,
			change: func(r *Revision) {
				r.Computation.Certification = "An exhaustive search in exact arithmetic, checked by a second program."
			}, want: []fixtureFinding{{"computational.exact-evidence", Pass, Span{"acceptance.criterion", 47, 52, "proof"}}}},
		{name: "parameter origin in a few words", gate: computationalGate, check: checkCompOrigin, base: comp,
			change: func(r *Revision) { r.Computation.ParameterOrigin = "The smallest open order." }, want: []fixtureFinding{{"computational.parameter-origin", Pass, Span{"computation.parameterOrigin", 0, 24, "The smallest open order."}}}},
		{name: "code at an abbreviated commit", gate: computationalGate, check: checkCompCode, base: comp,
			change: func(r *Revision) { r.Computation.Code.Revision = "4ac48159a1f3" }, want: []fixtureFinding{{"computational.code", Pass, Span{"computation.code.revision", 0, 12, "4ac48159a1f3"}}}},
		// A tag can be moved as a branch can: only a commit names the code for good.
		{name: "code at a tag", gate: computationalGate, check: checkCompCode, base: comp,
			change: func(r *Revision) { r.Computation.Code.Revision = "v1.2.0" }, want: []fixtureFinding{{"computational.code", Fail, Span{"computation.code.revision", 0, 6, "v1.2.0"}}}},
	}
}
