package gates

import (
	"testing"

	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/similar"
)

func TestGateCheckFixtures(t *testing.T) {
	t.Parallel()
	runCheckFixtures(t, gateCheckFixtures())
}

// gateCheckFixtures are the fixtures of every gate but the statement gate.
func gateCheckFixtures() []checkFixture {
	comp := computationalClean
	return []checkFixture{
		{name: "placeholder criterion", gate: acceptanceGate, check: checkAcceptanceEvidence,
			change: func(r *Revision) { r.Acceptance.Criterion = "TBD" }, want: []fixtureFinding{{"acceptance.evidence", Fail, Span{"acceptance.criterion", 0, 3, "TBD"}}}},
		{name: "numerical without precision", gate: acceptanceGate, check: checkAcceptanceNumerical,
			change: func(r *Revision) {
				r.Acceptance = packet.Acceptance{Kind: packet.Numerical, Criterion: "Certified bounds L ≤ α ≤ U with U − L ≤ 10^{-3}."}
			}, want: []fixtureFinding{{"acceptance.numerical", Fail, Span{"acceptance.precision", 0, 0, ""}}}},
		{name: "search without space", gate: acceptanceGate, check: checkAcceptanceSearch, base: comp,
			change: func(r *Revision) { r.Acceptance.SearchSpace = "" }, want: []fixtureFinding{{"acceptance.search", Fail, Span{"acceptance.searchSpace", 0, 0, ""}}}},
		{name: "classification without equivalence", gate: acceptanceGate, check: checkAcceptanceClassification,
			change: func(r *Revision) {
				r.Acceptance = packet.Acceptance{Kind: packet.Classification,
					Criterion: "A complete list of the kissing configurations of 24 unit vectors in ℝ^4, up to equivalence, with a proof that the list is complete."}
			}, want: []fixtureFinding{{"acceptance.classification", Fail, Span{"acceptance.equivalence", 0, 0, ""}}}},
		{name: "names nothing checkable", gate: acceptanceGate, check: checkAcceptanceIndependent,
			change: func(r *Revision) { r.Acceptance.Criterion = "A convincing argument accepted by experts in the area." }, want: []fixtureFinding{{"acceptance.independent-check", NeedsHuman, Span{"acceptance.criterion", 0, 54, "A convincing argument accepted by experts in the area."}}}},

		{name: "no provenance kind", gate: provenanceGate, check: checkProvenanceKind,
			change: func(r *Revision) { r.Provenance.Kind = "" }, want: []fixtureFinding{{"provenance.kind", Fail, Span{"provenance.kind", 0, 0, ""}}}},
		{name: "placeholder attribution", gate: provenanceGate, check: checkProvenanceFields,
			change: func(r *Revision) { r.Provenance.Attribution = "TBD" }, want: []fixtureFinding{{"provenance.fields", Fail, Span{"provenance.attribution", 0, 3, "TBD"}}}},
		{name: "generated without generator", gate: provenanceGate, check: checkProvenanceGenerated,
			change: func(r *Revision) { r.Generated = true }, want: []fixtureFinding{{"provenance.generated", Fail, Span{"provenance.generatedBy", 0, 0, ""}}, {"provenance.generated", Fail, Span{"provenance.motivation", 0, 0, ""}}}},
		{name: "no copy-check index", gate: provenanceGate, check: checkProvenanceCopy, want: []fixtureFinding{{"provenance.copy", Unknown, Span{"statement", 0, 0, ""}}}},
		{name: "primary source not found", gate: provenanceGate, check: checkProvenanceRecord,
			change: func(r *Revision) {
				for i := range r.References {
					r.References[i].Confirmation, r.References[i].LocatorConfirmed = "CONFIRMED", true
				}
				r.References[0].Confirmation, r.References[0].ConfirmationReason = "NOT_FOUND", "Crossref: no such DOI"
			}, want: []fixtureFinding{{"provenance.source-record", Fail, Span{"references[0].identifier", 0, 31, "doi:10.4007/annals.2014.179.3.7"}}}},

		{name: "no databases", gate: openStatusGate, check: checkOpenSearchRecord,
			change: func(r *Revision) { r.ReferenceSearch.Databases = nil }, want: []fixtureFinding{{"open-status.search-record", Fail, Span{"referenceSearch.databases", 0, 0, ""}}}},
		{name: "stale search", gate: openStatusGate, check: checkOpenDated,
			change: func(r *Revision) { r.ReferenceSearch.CheckedOn = fixtureNow.AddDate(-2, 0, 0) }, want: []fixtureFinding{{"open-status.dated-search", Fail, Span{"referenceSearch.checkedOn", 0, 16, "20 November 2024"}}}},
		{name: "no rows for the open status", gate: openStatusGate, check: checkOpenPrimary,
			change: func(r *Revision) { r.References = nil }, want: []fixtureFinding{{"open-status.primary-source", Fail, Span{"references", 0, 0, ""}}}},
		{name: "one query", gate: openStatusGate, check: checkOpenAlternatives,
			change: func(r *Revision) { r.ReferenceSearch.Queries = []string{"twin prime conjecture"} }, want: []fixtureFinding{{"open-status.alternatives", Fail, Span{"referenceSearch.queries", 0, 21, "twin prime conjecture"}}}},
		{name: "strongest known missing", gate: openStatusGate, check: checkOpenStrongest,
			change: func(r *Revision) { r.OpenStatus.StrongestKnown = "" }, want: []fixtureFinding{{"open-status.strongest-known", Fail, Span{"openStatus.strongestKnown", 0, 0, ""}}}},
		{name: "unresolved target missing", gate: openStatusGate, check: checkOpenUnresolved,
			change: func(r *Revision) { r.OpenStatus.UnresolvedTarget = "" }, want: []fixtureFinding{{"open-status.unresolved-target", Fail, Span{"openStatus.unresolvedTarget", 0, 0, ""}}}},
		{name: "OEIS silence alone", gate: openStatusGate, check: checkOpenDatabaseSilence,
			change: func(r *Revision) {
				r.ReferenceSearch.Databases = []string{"OEIS"}
				r.ReferenceSearch.Coverage = "Searched the OEIS; no results."
				r.References = nil
			}, want: []fixtureFinding{{"open-status.database-silence", Fail, Span{"referenceSearch.databases", 0, 4, "OEIS"}}}},
		{name: "target absence is read by a person", gate: openStatusGate, check: checkOpenTargetAbsent, want: []fixtureFinding{{"open-status.target-absent", NeedsHuman, Span{"referenceSearch.coverage", 0, 118, "Titles and abstracts through 2026-11-09; surveys of bounded prime gaps since 2013. No claimed proof has been accepted."}}}},
		{name: "uncertainty is judged by a person", gate: openStatusGate, check: checkOpenUncertainty, want: []fixtureFinding{{"open-status.uncertainty", NeedsHuman, Span{"openStatus.unresolvedTarget", 0, 42, "Whether the gap 2 occurs infinitely often."}}}},

		{name: "near duplicate", gate: duplicateGate, check: "duplicate.near-duplicate",
			env: func() Env {
				env := fixtureEnv()
				x := similar.NewIndex()
				x.Add("TDB-9", "Twin primes", renamed, "ACCEPTED", "")
				env.Problems = x
				return env
			}, want: []fixtureFinding{{"duplicate.near-duplicate", Fail, Span{"statement", 0, 185, "Prove or disprove: there are infinitely many primes $p$ such that $p+2$ is also prime. Equivalently, determine whether for every integer $N$ there is a prime $p > N$ with $p + 2$ prime."}}}},
		{name: "known answer", gate: duplicateGate, check: "duplicate.known-answer",
			env: func() Env {
				env := fixtureEnv()
				x := similar.NewIndex()
				x.Add("solved:twin", "Twin primes", renamed, "proved", "https://example.org/twin")
				env.Solved = x
				return env
			}, want: []fixtureFinding{{"duplicate.known-answer", Fail, Span{"statement", 0, 185, "Prove or disprove: there are infinitely many primes $p$ such that $p+2$ is also prime. Equivalently, determine whether for every integer $N$ there is a prime $p > N$ with $p + 2$ prime."}}}},
		{name: "attached answer", gate: duplicateGate, check: "duplicate.answer-claim",
			env: func() Env {
				env := fixtureEnv()
				env.Claims = StaticClaims{"TDB-1": {{ID: "claim-1", Summary: "Proof of the statement in full.", Answer: true}}}
				return env
			}, want: []fixtureFinding{{"duplicate.answer-claim", Fail, Span{"claims", 0, 0, "Proof of the statement in full."}}}},
		{name: "equivalent formulations are read by a person", gate: duplicateGate, check: "duplicate.equivalent-formulations", want: []fixtureFinding{{"duplicate.equivalent-formulations", NeedsHuman, Span{"statement", 0, 185, "Prove or disprove: there are infinitely many primes $p$ such that $p+2$ is also prime. Equivalently, determine whether for every integer $N$ there is a prime $p > N$ with $p + 2$ prime."}}}},

		{name: "no reference rows", gate: referencesGate, check: checkRefsPresent,
			change: func(r *Revision) { r.References = nil }, want: []fixtureFinding{{"references.present", Fail, Span{"references", 0, 0, ""}}}},
		{name: "book with a vague locator", gate: referencesGate, check: checkRefsRow,
			change: func(r *Revision) {
				r.References = append(r.References, Reference{Citation: "R. K. Guy, Unsolved Problems in Number Theory, 3rd ed., Springer, 2004.",
					Relevance: "Lists the problem with its history and early partial results.", Role: "SECONDARY", Locator: "the introduction"})
			}, want: []fixtureFinding{{"references.row", Fail, Span{"references[2].locator", 0, 16, "the introduction"}}}},
		// A row with a stable identifier (here a DOI) needs no exact locator: only a row without one
		// must name a numbered place.
		{name: "article with a vague locator passes", gate: referencesGate, check: checkRefsRow,
			change: func(r *Revision) { r.References[0].Locator = "the introduction" }, want: []fixtureFinding{{"references.row", Pass, Span{"references", 0, 0, ""}}}},
		{name: "relevance is a URL", gate: referencesGate, check: checkRefsRelevance,
			change: func(r *Revision) { r.References[0].Relevance = "https://doi.org/10.4007/annals.2014.179.3.7" }, want: []fixtureFinding{{"references.relevance", Fail, Span{"references[0].relevance", 0, 43, "https://doi.org/10.4007/annals.2014.179.3.7"}}}},
		{name: "same work twice", gate: referencesGate, check: checkRefsDuplicates,
			change: func(r *Revision) { r.References = append(r.References, r.References[0]) }, want: []fixtureFinding{{"references.duplicates", Fail, Span{"references[2].identifier", 0, 31, "doi:10.4007/annals.2014.179.3.7"}}}},
		{name: "quoted arXiv ID without a row", gate: referencesGate, check: checkRefsCited,
			change: func(r *Revision) { r.Exposition[3].Body += " Maynard's sieve is in arXiv:1311.4600." }, want: []fixtureFinding{{"references.cited-sources", Fail, Span{"exposition[3].body", 176, 191, "arXiv:1311.4600"}}}},
		{name: "source not found", gate: referencesGate, check: checkRefsRecord,
			change: func(r *Revision) {
				r.References[0].Confirmation, r.References[0].ConfirmationReason = "NOT_FOUND", "Crossref: no such DOI"
			}, want: []fixtureFinding{{"references.record", Fail, Span{"references[0].identifier", 0, 31, "doi:10.4007/annals.2014.179.3.7"}}}},

		{name: "statement and acceptance disagree", gate: consistencyGate, check: checkConsistencyBounds,
			change: func(r *Revision) {
				r.Statement = `Prove that for every integer $n \ge 3$ the graph $G_n$ is Hamiltonian.`
				r.Acceptance.Criterion = "A proof for every n ≥ 4, or an explicit n with a non-Hamiltonian G_n."
			}, want: []fixtureFinding{{"consistency.bounds", NeedsHuman, Span{"statement", 30, 37, "n \\ge 3"}}, {"consistency.bounds", NeedsHuman, Span{"acceptance.criterion", 18, 25, "n ≥ 4"}}}},
		{name: "certificate on a branch", gate: consistencyGate, check: checkConsistencyArtifacts,
			change: func(r *Revision) {
				r.Acceptance.Certificate = "The search code is at https://github.com/jdoe/search/tree/main."
			}, want: []fixtureFinding{{"consistency.stable-artifacts", Fail, Span{"acceptance.certificate", 22, 62, "https://github.com/jdoe/search/tree/main"}}}},
		{name: "incumbent stated", gate: consistencyGate, check: checkConsistencyIncumbent, base: comp, want: []fixtureFinding{{"consistency.incumbent", NeedsHuman, Span{"openStatus.strongestKnown", 0, 53, "Hadamard matrices are known for every order 4k < 668."}}}},
		{name: "computation stated", gate: consistencyGate, check: checkConsistencyComputation, base: comp, want: []fixtureFinding{{"consistency.computation-object", NeedsHuman, Span{"computation.instance", 0, 65, "Matrices of order 668 with entries ±1, as 668 rows of 668 signs."}}}},

		{name: "no brief", gate: heroGate, check: checkHeroBrief,
			change: func(r *Revision) { r.Hero.Brief = "" }, want: []fixtureFinding{{"hero.brief", Fail, Span{"hero.brief", 0, 0, ""}}}},
		{name: "bespoke without rights", gate: heroGate, check: checkHeroSource,
			change: func(r *Revision) { r.Hero.Bespoke = true }, want: []fixtureFinding{{"hero.source", Fail, Span{"hero.rightsBasis", 0, 0, ""}}}},
		{name: "no alt", gate: heroGate, check: checkHeroAlt,
			change: func(r *Revision) { r.Hero.Alt = "" }, want: []fixtureFinding{{"hero.alt", Fail, Span{"hero.alt", 0, 0, ""}}}},
		{name: "no caption", gate: heroGate, check: checkHeroCaption,
			change: func(r *Revision) { r.Hero.Caption = "" }, want: []fixtureFinding{{"hero.caption", Fail, Span{"hero.caption", 0, 0, ""}}}},
		{name: "bespoke art is looked at", gate: heroGate, check: checkHeroDepicts,
			change: func(r *Revision) {
				r.Hero.Bespoke = true
				r.Hero.RightsBasis = "Drawn for TheoremDB by the proposer and published under CC BY-SA 4.0."
			}, want: []fixtureFinding{{"hero.depicts", NeedsHuman, Span{"hero.alt", 0, 106, "A number line from 1 to 50 with arcs joining 3 and 5, 5 and 7, 11 and 13, 17 and 19, 29 and 31, 41 and 43."}}}},

		{name: "no instance", gate: computationalGate, check: checkCompInstance, base: comp,
			change: func(r *Revision) { r.Computation.Instance, r.Acceptance.SearchSpace = "", "" }, want: []fixtureFinding{{"computational.instance", Fail, Span{"computation.instance", 0, 0, ""}}}},
		{name: "neither brute force nor certification", gate: computationalGate, check: checkCompBruteForce, base: comp,
			change: func(r *Revision) { r.Computation.WhyNotBruteForce, r.Computation.Certification = "Too big.", "" }, want: []fixtureFinding{{"computational.brute-force", Fail, Span{"computation.whyNotBruteForce", 0, 8, "Too big."}}}},
		{name: "no small cases", gate: computationalGate, check: checkCompSmallCases, base: comp,
			change: func(r *Revision) { r.Computation.SmallCases = "" }, want: []fixtureFinding{{"computational.small-cases", Fail, Span{"computation.smallCases", 0, 0, ""}}}},
		{name: "monte carlo", gate: computationalGate, check: checkCompExact, base: comp,
			change: func(r *Revision) { r.Computation.Certification = "A Monte Carlo search with high confidence." }, want: []fixtureFinding{{"computational.exact-evidence", Fail, Span{"computation.certification", 2, 13, "Monte Carlo"}}}},
		{name: "no parameter origin", gate: computationalGate, check: checkCompOrigin, base: comp,
			change: func(r *Revision) { r.Computation.ParameterOrigin = "" }, want: []fixtureFinding{{"computational.parameter-origin", Fail, Span{"computation.parameterOrigin", 0, 0, ""}}}},
		{name: "code on a branch", gate: computationalGate, check: checkCompCode, base: comp,
			change: func(r *Revision) { r.Computation.Code.Revision = "main" }, want: []fixtureFinding{{"computational.code", Fail, Span{"computation.code.revision", 0, 4, "main"}}}},
		{name: "empty criterion", gate: acceptanceGate, check: checkAcceptanceEvidence,
			change: func(r *Revision) { r.Acceptance.Criterion = "" }, want: []fixtureFinding{{"acceptance.evidence", Fail, Span{"acceptance.criterion", 0, 0, ""}}}},
		{name: "criterion restates the task", gate: acceptanceGate, check: checkAcceptanceEvidence,
			change: func(r *Revision) { r.Acceptance.Criterion = "A complete and correct solution of the problem." }, want: []fixtureFinding{{"acceptance.evidence", Fail, Span{"acceptance.criterion", 0, 47, "A complete and correct solution of the problem."}}}},
		{name: "no acceptance kind", gate: acceptanceGate, check: checkAcceptanceEvidence,
			change: func(r *Revision) { r.Acceptance.Kind = "" }, want: []fixtureFinding{{"acceptance.evidence", Fail, Span{"acceptance.kind", 0, 0, ""}}}},
		{name: "search without certificate", gate: acceptanceGate, check: checkAcceptanceSearch, base: comp,
			change: func(r *Revision) { r.Acceptance.Certificate = "TBD" }, want: []fixtureFinding{{"acceptance.search", Fail, Span{"acceptance.certificate", 0, 3, "TBD"}}}},
		{name: "one query spelled twice", gate: openStatusGate, check: checkOpenAlternatives,
			change: func(r *Revision) {
				r.ReferenceSearch.Queries = []string{"twin prime conjecture", "Twin prime conjecture"}
			}, want: []fixtureFinding{{"open-status.alternatives", Fail, Span{"referenceSearch.queries", 0, 44, "twin prime conjecture; Twin prime conjecture"}}}},
		{name: "search in the future", gate: openStatusGate, check: checkOpenDated,
			change: func(r *Revision) { r.ReferenceSearch.CheckedOn = fixtureNow.AddDate(0, 1, 0) }, want: []fixtureFinding{{"open-status.dated-search", NeedsHuman, Span{"referenceSearch.checkedOn", 0, 16, "20 December 2026"}}}},
		{name: "placeholder locator", gate: referencesGate, check: checkRefsRow,
			change: func(r *Revision) { r.References[0].Locator = "TBD" }, want: []fixtureFinding{{"references.row", Fail, Span{"references[0].locator", 0, 3, "TBD"}}}},
		{name: "placeholder citation", gate: referencesGate, check: checkRefsRow,
			change: func(r *Revision) { r.References[1].Citation = "?" }, want: []fixtureFinding{{"references.row", Fail, Span{"references[1].citation", 0, 1, "?"}}}},
		{name: "source not yet resolved", gate: referencesGate, check: checkRefsRecord,
			change: func(r *Revision) {
				r.References[0].Kind, r.References[0].Confirmation, r.References[0].ConfirmationReason = "ARXIV", "PENDING", "as the record plane said"
			}, want: []fixtureFinding{{"references.record", NeedsHuman, Span{"references[0].identifier", 0, 31, "doi:10.4007/annals.2014.179.3.7"}}, {"references.record", NeedsHuman, Span{"references[0].locator", 0, 9, "Section 1"}}}},
		{name: "primary contradicts its record", gate: provenanceGate, check: checkProvenanceRecord,
			change: func(r *Revision) {
				for i := range r.References {
					r.References[i].Confirmation, r.References[i].LocatorConfirmed = "CONFIRMED", true
				}
				r.References[0].Confirmation, r.References[0].ConfirmationReason = "MISMATCH", "the claimed year 1990 is not the record's 2014"
			}, want: []fixtureFinding{{"provenance.source-record", Fail, Span{"references[0].identifier", 0, 31, "doi:10.4007/annals.2014.179.3.7"}}}},
		{name: "caption cites a theorem", gate: heroGate, check: checkHeroCaption,
			change: func(r *Revision) { r.Hero.Caption = "Gaps between primes, as in Zhang's theorem." }, want: []fixtureFinding{{"hero.caption", NeedsHuman, Span{"hero.caption", 35, 42, "theorem"}}}},
		{name: "caption states the recorded bound by name and number", gate: heroGate, check: checkHeroCaption,
			change: func(r *Revision) {
				r.OpenStatus.StrongestKnown = "The densest packing known has density 0.7405; no upper bound below 0.7786 is known."
				r.Hero.Caption = "A dense packing drawn to scale; its density 0.7405 is the best known lower bound."
			},
			want: []fixtureFinding{{"hero.caption", Fail, Span{"hero.caption", 58, 68, "best known"}}, {"hero.caption", Fail, Span{"hero.caption", 69, 80, "lower bound"}}}},
		{name: "caption names a bound beside a number the record does not give", gate: heroGate, check: checkHeroCaption,
			change: func(r *Revision) {
				r.Hero.Caption = "The 12 shaded strips give the easy lower bound."
			},
			want: []fixtureFinding{{"hero.caption", NeedsHuman, Span{"hero.caption", 35, 46, "lower bound"}}}},
		{name: "caption describes what the setup asks for", gate: heroGate, check: checkHeroCaption,
			change: func(r *Revision) {
				r.Hero.Caption = "A packing drawn to scale; the question wants verified bounds on its density."
			},
			want: []fixtureFinding{{"hero.caption", NeedsHuman, Span{"hero.caption", 45, 53, "verified"}}}},
		{name: "small cases without a value", gate: computationalGate, check: checkCompSmallCases, base: comp,
			change: func(r *Revision) { r.Computation.SmallCases = "The small cases are easy to check by hand." }, want: []fixtureFinding{{"computational.small-cases", Fail, Span{"computation.smallCases", 0, 42, "The small cases are easy to check by hand."}}}},
		{name: "numerical evidence suggests", gate: computationalGate, check: checkCompExact, base: comp,
			change: func(r *Revision) {
				r.Acceptance.Certificate = "Numerical evidence suggests that no such matrix exists."
			}, want: []fixtureFinding{{"computational.exact-evidence", Fail, Span{"acceptance.certificate", 0, 18, "Numerical evidence"}}}},
		{name: "program without code", gate: computationalGate, check: checkCompCode, base: comp,
			change: func(r *Revision) {
				r.Computation.Code = nil
				r.Computation.SmallCases = "Orders up to 64 were checked by our program."
			}, want: []fixtureFinding{{"computational.code", NeedsHuman, Span{"computation.code", 0, 0, ""}}}},
	}
}
