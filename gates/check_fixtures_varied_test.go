package gates

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/similar"
)

func TestVariedCheckFixtures(t *testing.T) {
	t.Parallel()
	runCheckFixtures(t, variedCheckFixtures())
}

// TestVariedBasesClean holds the varied bases to what the two first clean packets give: every
// check passes but those that hand every packet to a person and the consistency checks that ask a
// person to compare a stated incumbent or computation with the target.
func TestVariedBasesClean(t *testing.T) {
	t.Parallel()
	env := fixtureEnv()
	env.Copies = copyEnv(t).Copies
	for _, tt := range []struct {
		name  string
		base  func() *Revision
		human []string
	}{
		{"numerical", numericalClean, []string{"consistency.incumbent", "consistency.computation-object"}},
		{"classification", classificationClean, []string{"consistency.incumbent"}},
		{"recurrence", recurrenceClean, []string{"consistency.incumbent"}},
		{"generated search", generatedClean, []string{"consistency.incumbent", "consistency.computation-object"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			for id, v := range cleanVerdicts(t, tt.base, env) {
				want := Pass
				if slices.Contains(alwaysHuman, id) || slices.Contains(tt.human, id) {
					want = NeedsHuman
				}
				if v != want {
					t.Errorf("%s on the %s packet = %s, want %s", id, tt.name, v, want)
				}
			}
		})
	}
}

// replace returns a change that replaces old by new in the statement, and fails the fixture's
// packet loudly (an empty statement) when old is not there, so a fixture cannot silently test
// the base.
func replace(old, new string) func(r *Revision) {
	return func(r *Revision) {
		if !strings.Contains(r.Statement, old) {
			r.Statement = ""
			return
		}
		r.Statement = strings.Replace(r.Statement, old, new, 1)
	}
}

// srgSearch turns the classification packet into a finite search for one graph.
func srgSearch(space string) func(r *Revision) {
	return func(r *Revision) {
		r.Statement = `Find a strongly regular graph with parameters $(65, 32, 15, 16)$ that is not a Paley graph, or prove that none exists.`
		r.Acceptance = packet.Acceptance{Kind: packet.Search,
			Criterion:   "An adjacency matrix of such a graph, or a proof that every strongly regular graph with these parameters is a Paley graph.",
			SearchSpace: space,
			Certificate: "A 65 × 65 adjacency matrix A, checked by computing A² = 32I + 15A + 16(J − I − A) in exact arithmetic."}
		r.Computation = &packet.Computation{
			Instance:         "Symmetric 0/1 matrices of order 65 with zero diagonal and row sums 32.",
			Equivalence:      "Graph isomorphism.",
			WhyNotBruteForce: "There are about 2^2080 symmetric 0/1 matrices of order 65; orderly generation with the eigenvalue constraint is needed.",
			SmallCases:       "The same search finds the Paley graph on 13 vertices and proves the uniqueness of the (13, 6, 2, 3) graph.",
			Certification:    "Exhaustive orderly generation, checked by a second program written independently.",
			ParameterOrigin:  "65 is the smallest order of a conference graph whose classification is open in Brouwer's table.",
			Code: &packet.CodeRef{Repository: "https://github.com/example/srg65", Revision: "0d2b9c4e1f3a5b7c9d8e6f4a2b0c1d3e5f7a9b8c",
				Inputs: "the parameters 65 32 15 16", ExpectedDigest: "sha256 of the list of graphs found"},
		}
	}
}

// srg65 is the search for a (65, 32, 15, 16) graph on 65 vertices of degree 32, with one
// change to its computation record.
func srg65(edit func(c *packet.Computation)) func(r *Revision) {
	return func(r *Revision) {
		srgSearch("Graphs on 65 vertices, regular of degree 32.")(r)
		edit(r.Computation)
	}
}

// variedCheckFixtures are fixtures on the varied bases: a numerical target, a classification and
// a sequence, each check with an input that must trigger it and a close neighbour that must not,
// including the classes that once failed complete packets (a numerical target held to the
// extra checks of a finite search, an equivalence named in two standard words, objects the
// question itself introduces, an initial value given in a convention) and the defects once
// missed (a title asking another question, a recurrence without initial value, an example
// against a stated bound, an incumbent that meets the target, an unbounded search space, a
// theorem cited without a locator, a relevance note about another problem, a caption stating a
// bound).
func variedCheckFixtures() []checkFixture {
	num, cls, rec, gen := numericalClean, classificationClean, recurrenceClean, generatedClean
	st := statementGate
	return []checkFixture{
		// A packet an agent generated: its generator, its motivation and its parameter's origin.
		{name: "generated: no generator named", gate: provenanceGate, check: checkProvenanceGenerated, base: gen,
			change: func(r *Revision) { r.Provenance.GeneratedBy = "" }, want: []fixtureFinding{{"provenance.generated", Fail, Span{"provenance.generatedBy", 0, 0, ""}}}},
		{name: "generated: motivation left as TBD", gate: provenanceGate, check: checkProvenanceGenerated, base: gen,
			change: func(r *Revision) { r.Provenance.Motivation = "TBD" }, want: []fixtureFinding{{"provenance.generated", Fail, Span{"provenance.motivation", 0, 3, "TBD"}}}},
		{name: "generated: generator and motivation", gate: provenanceGate, check: checkProvenanceGenerated, base: gen, want: []fixtureFinding{{"provenance.generated", Pass, Span{"provenance.motivation", 0, 112, "The table's upper bound for C(19, 6, 4) is well above the Schönheim lower bound, the widest gap among v ≤ 20."}}}},
		{name: "generated: parameter chosen at random", gate: computationalGate, check: checkCompOrigin, base: gen,
			change: func(r *Revision) { r.Computation.ParameterOrigin = "Chosen at random." }, want: []fixtureFinding{{"computational.parameter-origin", Fail, Span{"computation.parameterOrigin", 0, 17, "Chosen at random."}}}},
		{name: "generated: how the parameter was picked, not why", gate: computationalGate, check: checkCompOrigin, base: gen,
			change: func(r *Revision) {
				r.Computation.ParameterOrigin = "We simply picked a random value of v between 15 and 20 because it was convenient."
			}, want: []fixtureFinding{{"computational.parameter-origin", Fail, Span{"computation.parameterOrigin", 0, 81, "We simply picked a random value of v between 15 and 20 because it was convenient."}}}},
		{name: "generated: the widest gap in the table", gate: computationalGate, check: checkCompOrigin, base: gen, want: []fixtureFinding{{"computational.parameter-origin", Pass, Span{"computation.parameterOrigin", 0, 153, "Among the entries C(v, 6, 4) with v ≤ 20, the table's bounds for v = 19 are furthest apart, so a smaller design there would most improve what is known."}}}},
		{name: "original question needs no source locator", gate: provenanceGate, check: checkProvenanceFields, base: gen, want: []fixtureFinding{{"provenance.fields", Pass, Span{"provenance.attribution", 0, 90, "Generated by an agent account from the La Jolla Covering Repository's table of C(v, 6, 4)."}}}},
		{name: "original question without a rights basis", gate: provenanceGate, check: checkProvenanceFields, base: gen,
			change: func(r *Revision) { r.Provenance.RightsBasis = "" }, want: []fixtureFinding{{"provenance.fields", Fail, Span{"provenance.rightsBasis", 0, 0, ""}}}},
		{name: "a URL row at a table entry", gate: referencesGate, check: checkRefsRow, base: gen, want: []fixtureFinding{{"references.row", Pass, Span{"references", 0, 0, ""}}}},
		{name: "the repository's silence alone", gate: openStatusGate, check: checkOpenDatabaseSilence, base: gen,
			change: func(r *Revision) {
				r.ReferenceSearch.Databases = []string{"OEIS"}
				r.ReferenceSearch.Coverage = "The OEIS has no sequence of these covering numbers."
				r.References = nil
			}, want: []fixtureFinding{{"open-status.database-silence", Fail, Span{"referenceSearch.databases", 0, 4, "OEIS"}}}},
		{name: "the design already in the solved records", gate: duplicateGate, check: "duplicate.known-answer", base: gen,
			env: func() Env {
				env := fixtureEnv()
				x := similar.NewIndex()
				x.Add("solved:c1964", "A small covering design C(19, 6, 4)",
					`A covering design $C(v, k, t)$ is a family of $k$-element subsets (blocks) of a $v$-element set such that every $t$-element subset lies in at least one block. Find a covering design $C(19, 6, 4)$ with at most $1000$ blocks, or prove that every covering design $C(19, 6, 4)$ has more than $1000$ blocks.`,
					"found", "https://example.org/c1964")
				env.Solved = x
				return env
			}, want: []fixtureFinding{{"duplicate.known-answer", Fail, Span{"statement", 0, 302, "A covering design $C(v, k, t)$ is a family of $k$-element subsets (blocks) of a $v$-element set such that every $t$-element subset lies in at least one block. Find a covering design $C(19, 6, 4)$ with at most $1000$ blocks, or prove that every covering design $C(19, 6, 4)$ has more than $1000$ block…"}}}},

		// statement.tex-wellformed
		{name: "numerical: closing dollar dropped", gate: st, check: stCheckTeX, base: num,
			change: replace(`\Delta_{13} \le U$.`, `\Delta_{13} \le U.`), want: []fixtureFinding{{"statement.tex-wellformed", Fail, Span{"statement", 253, 278, "$L \\le \\Delta_{13} \\le U."}}}},
		{name: "sequence: environment closed by the wrong name", gate: st, check: stCheckTeX, base: rec,
			change: statement(`Let $s_n = \begin{cases} 2 & n = 0 \\ s_{n-1}^2 - s_{n-1} + 1 & n \ge 1 \end{case}$ for integers $n \ge 0$. Is every $s_n$ squarefree?`), want: []fixtureFinding{{"statement.tex-wellformed", Fail, Span{"statement", 72, 112, "\\end{case}$ for integers $n \\ge 0$. Is e"}}}},
		{name: "classification: macro KaTeX lacks", gate: st, check: stCheckTeX, base: cls,
			change: replace(`with parameters $(65, 32, 15, 16)$`, `$\srg(65, 32, 15, 16)$`), want: []fixtureFinding{{"statement.tex-wellformed", NeedsHuman, Span{"statement", 58, 62, "\\srg"}}}},
		{name: "classification: operatorname renders", gate: st, check: stCheckTeX, base: cls,
			change: replace(`with parameters $(65, 32, 15, 16)$`, `$\operatorname{srg}(65, 32, 15, 16)$`), want: []fixtureFinding{{"statement.tex-wellformed", Pass, Span{"statement", 0, 124, "Classify, up to isomorphism, the strongly regular graphs $\\operatorname{srg}(65, 32, 15, 16)$, or prove that there are none."}}, {"statement.tex-wellformed", Pass, Span{"exposition[0].body", 0, 222, "A graph on $v$ vertices, regular of degree $k$, in which every two adjacent vertices have $\\lambda$ common neighbours and every two non-adjacent vertices have $\\mu$ common neighbours, has parameters $(v, k, \\lambda, \\mu)$."}}, {"statement.tex-wellformed", Pass, Span{"exposition[1].body", 0, 85, "The Paley graph on $13$ vertices is strongly regular with parameters $(13, 6, 2, 3)$."}}}},
		{name: "sequence: cases environment closed", gate: st, check: stCheckTeX, base: rec,
			change: statement(`Let $s_n = \begin{cases} 2 & n = 0 \\ s_{n-1}^2 - s_{n-1} + 1 & n \ge 1 \end{cases}$ for integers $n \ge 0$. Is every $s_n$ squarefree?`), want: []fixtureFinding{{"statement.tex-wellformed", Pass, Span{"statement", 0, 135, "Let $s_n = \\begin{cases} 2 & n = 0 \\\\ s_{n-1}^2 - s_{n-1} + 1 & n \\ge 1 \\end{cases}$ for integers $n \\ge 0$. Is every $s_n$ squarefree?"}}, {"statement.tex-wellformed", Pass, Span{"exposition[0].body", 0, 62, "An integer is squarefree when no square of a prime divides it."}}, {"statement.tex-wellformed", Pass, Span{"exposition[1].body", 0, 71, "The first terms are $2$, $3$, $7$, $43$ and $1807$; each is squarefree."}}}},

		// statement.variable-domain
		{name: "infinitely many n with no domain", gate: st, check: stCheckDomain, base: rec,
			change: statement(`Prove that there are infinitely many $n$ such that $n^2 + 1$ is prime.`), want: []fixtureFinding{{"statement.variable-domain", NeedsHuman, Span{"statement", 37, 40, "$n$"}}}},
		{name: "infinitely many integers n", gate: st, check: stCheckDomain, base: rec,
			change: statement(`Prove that there are infinitely many integers $n$ such that $n^2 + 1$ is prime.`), want: []fixtureFinding{{"statement.variable-domain", Pass, Span{"statement", 0, 79, "Prove that there are infinitely many integers $n$ such that $n^2 + 1$ is prime."}}}},
		{name: "requested bounds without their kind", gate: st, check: stCheckDomain, base: num,
			change: replace(`Determine rational numbers $L \le U$`, `Determine $L \le U$`), want: []fixtureFinding{{"statement.variable-domain", NeedsHuman, Span{"statement", 191, 200, "$L \\le U$"}}, {"statement.variable-domain", NeedsHuman, Span{"statement", 191, 200, "$L \\le U$"}}}},
		{name: "requested bounds introduced by the question", gate: st, check: stCheckDomain, base: num, want: []fixtureFinding{{"statement.variable-domain", Pass, Span{"statement", 0, 279, "Let $\\Delta_{13}$ be the largest real number $\\Delta$ such that some $13$ points in the unit square $[0,1]^2$ have every triangle formed by three of them of area at least $\\Delta$. Determine rational numbers $L \\le U$ with $U - L \\le 10^{-4}$ such that $L \\le \\Delta_{13} \\le U$."}}}},
		{name: "requested reals introduced by the question", gate: st, check: stCheckDomain, base: num,
			change: statement(`Find real numbers $x, y$ with $x^2 + y^2 = 1$ and $x + 2y$ as large as possible.`), want: []fixtureFinding{{"statement.variable-domain", Pass, Span{"statement", 0, 80, "Find real numbers $x, y$ with $x^2 + y^2 = 1$ and $x + 2y$ as large as possible."}}}},

		// statement.defined-terms
		{name: "coined adjective on the terms", gate: st, check: stCheckTerms, base: rec,
			change: replace(`squarefree?`, `Vardi-smooth?`), want: []fixtureFinding{{"statement.defined-terms", NeedsHuman, Span{"statement", 95, 107, "Vardi-smooth"}}}},
		{name: "quoted coinage", gate: st, check: stCheckTerms, base: cls,
			change: replace(`the strongly regular graphs`, `the "Brouwer-tight" strongly regular graphs`), want: []fixtureFinding{{"statement.defined-terms", Fail, Span{"statement", 34, 47, "Brouwer-tight"}}}},
		{name: "term of a definition entry", gate: st, check: stCheckTerms, base: cls, want: []fixtureFinding{{"statement.defined-terms", Pass, Span{"statement", 0, 122, "Classify, up to isomorphism, the strongly regular graphs with parameters $(65, 32, 15, 16)$, or prove that there are none."}}}},

		// statement.definition-names-term
		{name: "definition of a term used nowhere", gate: st, check: stCheckDefinition, base: cls,
			change: func(r *Revision) { r.Exposition[0].Term = "Moore graph" }, want: []fixtureFinding{{"statement.definition-names-term", NeedsHuman, Span{"exposition[0].term", 0, 11, "Moore graph"}}}},
		{name: "definition of a term only the reference search uses", gate: st, check: stCheckDefinition, base: cls,
			change: func(r *Revision) { r.Exposition[0].Term = "conference graph" }, want: []fixtureFinding{{"statement.definition-names-term", Pass, Span{"exposition[0].term", 0, 16, "conference graph"}}}},
		{name: "definition names the statement's term", gate: st, check: stCheckDefinition, base: cls, want: []fixtureFinding{{"statement.definition-names-term", Pass, Span{"exposition[0].term", 0, 23, "strongly regular graphs"}}}},

		// statement.exposition-kinds
		{name: "example that defines", gate: st, check: stCheckKinds, base: cls,
			change: func(r *Revision) {
				r.Exposition[1].Body = `A strongly regular graph with $k = (v-1)/2$ and $\mu = k/2$ is called a conference graph.`
			}, want: []fixtureFinding{{"statement.exposition-kinds", NeedsHuman, Span{"exposition[1].body", 60, 69, "is called"}}}},
		{name: "example that exhibits", gate: st, check: stCheckKinds, base: cls, want: []fixtureFinding{{"statement.exposition-kinds", Pass, Span{"exposition", 0, 0, ""}}}},
		{name: "remark kind misspelt", gate: st, check: stCheckKinds, base: num,
			change: func(r *Revision) { r.Exposition[1].Kind = "REMARKS" }, want: []fixtureFinding{{"statement.exposition-kinds", Fail, Span{"exposition[1].kind", 0, 0, "REMARKS"}}}},

		// statement.recursive-sequence
		{name: "recurrence without its initial value", gate: st, check: stCheckRecurrence, base: rec,
			change: replace(`Let $s_0 = 2$ and $s_{n+1}`, `Let $s_{n+1}`), want: []fixtureFinding{{"statement.recursive-sequence", Fail, Span{"statement", 4, 31, "$s_{n+1} = s_n^2 - s_n + 1$"}}}},
		{name: "initial value in the convention sentence with the recurrence", gate: st, check: stCheckRecurrence, base: rec,
			change: func(r *Revision) {
				replace(`Let $s_0 = 2$ and $s_{n+1}`, `Let $s_{n+1}`)(r)
				r.Exposition[0] = packet.ExpositionEntry{Kind: packet.Convention,
					Body: `The sequence starts at $s_0 = 2$, and $s_{n+1} = s_n^2 - s_n + 1$ for every $n \ge 0$.`}
			}, want: []fixtureFinding{{"statement.recursive-sequence", Pass, Span{"statement", 4, 31, "$s_{n+1} = s_n^2 - s_n + 1$"}}}},
		{name: "initial value in a convention of its own", gate: st, check: stCheckRecurrence, base: rec,
			change: func(r *Revision) {
				replace(`Let $s_0 = 2$ and $s_{n+1}`, `Let $s_{n+1}`)(r)
				r.Exposition[0] = packet.ExpositionEntry{Kind: packet.Convention, Body: `We take $s_0 = 2$ throughout.`}
			}, want: []fixtureFinding{{"statement.recursive-sequence", Pass, Span{"statement", 4, 31, "$s_{n+1} = s_n^2 - s_n + 1$"}}}},
		{name: "initial value in the statement", gate: st, check: stCheckRecurrence, base: rec, want: []fixtureFinding{{"statement.recursive-sequence", Pass, Span{"statement", 18, 45, "$s_{n+1} = s_n^2 - s_n + 1$"}}}},

		// statement.determinate-target
		{name: "numerical: setting described, nothing asked", gate: st, check: stCheckTarget, base: num,
			change: statement(`We consider configurations of $13$ points in the unit square $[0,1]^2$ and the least area $\Delta$ of a triangle they span.`), want: []fixtureFinding{{"statement.determinate-target", Fail, Span{"statement", 0, 123, "We consider configurations of $13$ points in the unit square $[0,1]^2$ and the least area $\\Delta$ of a triangle they span."}}}},
		{name: "numerical: explore", gate: st, check: stCheckTarget, base: num,
			change: replace(`Determine rational numbers`, `Explore rational numbers`), want: []fixtureFinding{{"statement.determinate-target", Fail, Span{"statement", 181, 188, "Explore"}}}},
		{name: "numerical: determine", gate: st, check: stCheckTarget, base: num, want: []fixtureFinding{{"statement.determinate-target", Pass, Span{"statement", 181, 190, "Determine"}}}},
		{name: "classification: classify", gate: st, check: stCheckTarget, base: cls,
			change: statement(`Classify, up to isomorphism, the strongly regular graphs with parameters $(65, 32, 15, 16)$.`), want: []fixtureFinding{{"statement.determinate-target", Pass, Span{"statement", 0, 8, "Classify"}}}},

		// statement.title-matches
		{name: "title of another problem", gate: st, check: stCheckTitle, base: cls,
			change: func(r *Revision) { r.Title = "Heilbronn's triangle problem for thirteen points" }, want: []fixtureFinding{{"statement.title-matches", Fail, Span{"title", 0, 48, "Heilbronn's triangle problem for thirteen points"}}}},
		{name: "title of the same graphs in other words", gate: st, check: stCheckTitle, base: cls,
			change: func(r *Revision) { r.Title = "Classifying the (65, 32, 15, 16) strongly regular graphs" }, want: []fixtureFinding{{"statement.title-matches", Pass, Span{"title", 0, 56, "Classifying the (65, 32, 15, 16) strongly regular graphs"}}}},
		{name: "title of the sequence", gate: st, check: stCheckTitle, base: rec, want: []fixtureFinding{{"statement.title-matches", Pass, Span{"title", 0, 40, "Squarefree terms of Sylvester's sequence"}}}},

		// statement.self-contained
		{name: "parameters left to a named table", gate: st, check: stCheckSelf, base: cls,
			change: replace(`with parameters $(65, 32, 15, 16)$`, `with the parameters given in Brouwer's table`), want: []fixtureFinding{{"statement.self-contained", NeedsHuman, Span{"statement", 93, 101, "'s table"}}}},
		{name: "notation of the source", gate: st, check: stCheckSelf, base: num,
			change: func(r *Revision) { r.Statement += ` We use the notation of Comellas and Yebra.` }, want: []fixtureFinding{{"statement.self-contained", Fail, Span{"statement", 283, 321, "use the notation of Comellas and Yebra"}}}},
		{name: "parameters given in the statement", gate: st, check: stCheckSelf, base: cls, want: []fixtureFinding{{"statement.self-contained", Pass, Span{"statement", 0, 122, "Classify, up to isomorphism, the strongly regular graphs with parameters $(65, 32, 15, 16)$, or prove that there are none."}}}},
		{name: "pointer to the packet's own example", gate: st, check: stCheckSelf, base: cls,
			change: func(r *Revision) { r.Statement += ` (The Paley graph on 13 vertices is a smaller example.)` }, want: []fixtureFinding{{"statement.self-contained", Pass, Span{"statement", 0, 177, "Classify, up to isomorphism, the strongly regular graphs with parameters $(65, 32, 15, 16)$, or prove that there are none. (The Paley graph on 13 vertices is a smaller example.)"}}}},

		// statement.explicit-objects
		{name: "numerical statement is read by a person", gate: st, check: stCheckExplicit, base: num, want: []fixtureFinding{{"statement.explicit-objects", NeedsHuman, Span{"statement", 0, 279, "Let $\\Delta_{13}$ be the largest real number $\\Delta$ such that some $13$ points in the unit square $[0,1]^2$ have every triangle formed by three of them of area at least $\\Delta$. Determine rational numbers $L \\le U$ with $U - L \\le 10^{-4}$ such that $L \\le \\Delta_{13} \\le U$."}}}},

		// acceptance.evidence
		{name: "sequence: criterion that restates the task", gate: acceptanceGate, check: checkAcceptanceEvidence, base: rec,
			change: func(r *Revision) { r.Acceptance.Criterion = "Settle the question." }, want: []fixtureFinding{{"acceptance.evidence", Fail, Span{"acceptance.criterion", 0, 20, "Settle the question."}}}},
		{name: "sequence: criterion naming both outcomes", gate: acceptanceGate, check: checkAcceptanceEvidence, base: rec, want: []fixtureFinding{{"acceptance.evidence", Pass, Span{"acceptance.criterion", 0, 96, "A proof that every s_n is squarefree, or an explicit n with a prime p such that p² divides s_n."}}}},

		// acceptance.numerical
		{name: "numerical: no precision", gate: acceptanceGate, check: checkAcceptanceNumerical, base: num,
			change: func(r *Revision) { r.Acceptance.Precision = "" }, want: []fixtureFinding{{"acceptance.numerical", Fail, Span{"acceptance.precision", 0, 0, ""}}}},
		{name: "numerical: precision that states none", gate: acceptanceGate, check: checkAcceptanceNumerical, base: num,
			change: func(r *Revision) { r.Acceptance.Precision = "As precise as possible." }, want: []fixtureFinding{{"acceptance.numerical", Fail, Span{"acceptance.precision", 0, 23, "As precise as possible."}}}},
		{name: "numerical: width and certification", gate: acceptanceGate, check: checkAcceptanceNumerical, base: num, want: []fixtureFinding{{"acceptance.numerical", Pass, Span{"acceptance.precision", 0, 153, "U − L ≤ 10^{-4}; the lower bound is exact for the points given, the upper bound is certified by interval arithmetic over a subdivision of the square."}}}},

		// acceptance.search
		{name: "search over graphs of every order", gate: acceptanceGate, check: checkAcceptanceSearch, base: cls,
			change: srgSearch("Strongly regular graphs of every order."), want: []fixtureFinding{{"acceptance.search", NeedsHuman, Span{"acceptance.searchSpace", 27, 38, "every order"}}}},
		{name: "search over graphs on 65 vertices", gate: acceptanceGate, check: checkAcceptanceSearch, base: cls,
			change: srgSearch("Graphs on 65 vertices, regular of degree 32."), want: []fixtureFinding{{"acceptance.search", Pass, Span{"acceptance.searchSpace", 0, 44, "Graphs on 65 vertices, regular of degree 32."}}, {"acceptance.search", Pass, Span{"acceptance.certificate", 0, 108, "A 65 × 65 adjacency matrix A, checked by computing A² = 32I + 15A + 16(J − I − A) in exact arithmetic."}}}},

		// acceptance.classification
		{name: "equivalence named in two standard words", gate: acceptanceGate, check: checkAcceptanceClassification, base: cls, want: []fixtureFinding{{"acceptance.classification", Pass, Span{"acceptance.equivalence", 0, 18, "Graph isomorphism."}}}},
		{name: "equivalence left to the reader", gate: acceptanceGate, check: checkAcceptanceClassification, base: cls,
			change: func(r *Revision) { r.Acceptance.Equivalence = "The natural one." }, want: []fixtureFinding{{"acceptance.classification", Fail, Span{"acceptance.equivalence", 0, 16, "The natural one."}}}},
		{name: "equivalence of another structure", gate: acceptanceGate, check: checkAcceptanceClassification, base: cls,
			change: func(r *Revision) { r.Acceptance.Equivalence = "Isomorphism of designs." }, want: []fixtureFinding{{"acceptance.classification", Pass, Span{"acceptance.equivalence", 0, 23, "Isomorphism of designs."}}}},

		// acceptance.independent-check
		{name: "sequence: criterion a community judges", gate: acceptanceGate, check: checkAcceptanceIndependent, base: rec,
			change: func(r *Revision) { r.Acceptance.Criterion = "A resolution that the community finds satisfactory." }, want: []fixtureFinding{{"acceptance.independent-check", NeedsHuman, Span{"acceptance.criterion", 0, 51, "A resolution that the community finds satisfactory."}}}},
		{name: "sequence: criterion naming a proof", gate: acceptanceGate, check: checkAcceptanceIndependent, base: rec, want: []fixtureFinding{{"acceptance.independent-check", Pass, Span{"acceptance.criterion", 2, 7, "proof"}}}},

		// provenance.kind
		{name: "kind outside the three", gate: provenanceGate, check: checkProvenanceKind, base: num,
			change: func(r *Revision) { r.Provenance.Kind = "FOLKLORE" }, want: []fixtureFinding{{"provenance.kind", Fail, Span{"provenance.kind", 0, 0, ""}}}},
		{name: "reformulation", gate: provenanceGate, check: checkProvenanceKind, base: num, want: []fixtureFinding{{"provenance.kind", Pass, Span{"provenance.kind", 0, 0, ""}}}},

		// provenance.fields
		{name: "reformulation without attribution", gate: provenanceGate, check: checkProvenanceFields, base: num,
			change: func(r *Revision) { r.Provenance.Attribution = "" }, want: []fixtureFinding{{"provenance.fields", Fail, Span{"provenance.attribution", 0, 0, ""}}}},
		{name: "source locator n/a", gate: provenanceGate, check: checkProvenanceFields, base: num,
			change: func(r *Revision) { r.Provenance.SourceLocator = "n/a" }, want: []fixtureFinding{{"provenance.fields", Fail, Span{"provenance.sourceLocator", 0, 3, "n/a"}}}},
		{name: "original question without a source locator", gate: provenanceGate, check: checkProvenanceFields, base: num,
			change: func(r *Revision) { r.Provenance.Kind, r.Provenance.SourceLocator = packet.Original, "" }, want: []fixtureFinding{{"provenance.fields", Pass, Span{"provenance.attribution", 0, 73, "H. Heilbronn, about 1950; the numerical form for thirteen points is ours."}}}},

		// provenance.generated
		{name: "generated without motivation", gate: provenanceGate, check: checkProvenanceGenerated, base: rec,
			change: func(r *Revision) {
				r.Generated, r.Provenance.GeneratedBy = true, "seqbot 0.3, varying the seed of Sylvester's recurrence"
			}, want: []fixtureFinding{{"provenance.generated", Fail, Span{"provenance.motivation", 0, 0, ""}}}},
		{name: "written by a person", gate: provenanceGate, check: checkProvenanceGenerated, base: rec, want: []fixtureFinding{{"provenance.generated", Pass, Span{"provenance.generatedBy", 0, 0, ""}}}},

		// provenance.copy
		{name: "statement copied from a GFDL text", gate: provenanceGate, check: checkProvenanceCopy, base: cls, copies: true,
			change: statement(refGFDL), want: []fixtureFinding{{"provenance.copy", Fail, Span{"statement", 0, 288, "Let $X$ be a scheme. A quasi-coherent sheaf on $X$ is said to be of finite presentation when\nlocally on $X$ it is the cokernel of a map between finite free modules, and the category of such\nsheaves is closed under cokernels and extensions, which is the fact we use in every later chapter."}}, {"provenance.copy", Fail, Span{"statement", 0, 287, "Let $X$ be a scheme. A quasi-coherent sheaf on $X$ is said to be of finite presentation when\nlocally on $X$ it is the cokernel of a map between finite free modules, and the category of such\nsheaves is closed under cokernels and extensions, which is the fact we use in every later chapter"}}}},
		{name: "classification in its own words", gate: provenanceGate, check: checkProvenanceCopy, base: cls, copies: true, want: []fixtureFinding{{"provenance.copy", Pass, Span{"statement", 0, 122, "Classify, up to isomorphism, the strongly regular graphs with parameters $(65, 32, 15, 16)$, or prove that there are none."}}}},

		// provenance.source-record
		{name: "primary source the record plane did not find", gate: provenanceGate, check: checkProvenanceRecord, base: rec,
			change: func(r *Revision) {
				r.References[0].Confirmation, r.References[0].ConfirmationReason = "NOT_FOUND", "Open Library: no such ISBN"
			}, want: []fixtureFinding{{"provenance.source-record", Fail, Span{"references[0].identifier", 0, 18, "isbn:9780387208602"}}}},
		{name: "primary source confirmed", gate: provenanceGate, check: checkProvenanceRecord, base: rec,
			change: func(r *Revision) { r.References[0].Confirmation, r.References[0].LocatorConfirmed = "CONFIRMED", true }, want: []fixtureFinding{{"provenance.source-record", Pass, Span{"references[0].identifier", 0, 18, "isbn:9780387208602"}}}},

		// open-status.search-record
		{name: "search without coverage", gate: openStatusGate, check: checkOpenSearchRecord, base: cls,
			change: func(r *Revision) { r.ReferenceSearch.Coverage = "" }, want: []fixtureFinding{{"open-status.search-record", Fail, Span{"referenceSearch.coverage", 0, 0, ""}}}},
		{name: "search with tables and articles", gate: openStatusGate, check: checkOpenSearchRecord, base: cls, want: []fixtureFinding{{"open-status.search-record", Pass, Span{"referenceSearch.coverage", 0, 74, "The online tables as of November 2026 and articles citing them since 2010."}}}},

		// open-status.dated-search
		{name: "undated search", gate: openStatusGate, check: checkOpenDated, base: cls,
			change: func(r *Revision) { r.ReferenceSearch.CheckedOn = time.Time{} }, want: []fixtureFinding{{"open-status.dated-search", Fail, Span{"referenceSearch.checkedOn", 0, 0, ""}}}},
		{name: "search three weeks old", gate: openStatusGate, check: checkOpenDated, base: cls, want: []fixtureFinding{{"open-status.dated-search", Pass, Span{"referenceSearch.checkedOn", 0, 15, "1 November 2026"}}}},

		// open-status.primary-source
		{name: "only a secondary row", gate: openStatusGate, check: checkOpenPrimary, base: rec,
			change: func(r *Revision) { r.References[0].Role = "SECONDARY" }, want: []fixtureFinding{{"open-status.primary-source", Fail, Span{"references", 0, 0, ""}}}},
		{name: "primary row", gate: openStatusGate, check: checkOpenPrimary, base: rec, want: []fixtureFinding{{"open-status.primary-source", Pass, Span{"references[0].citation", 0, 71, "R. K. Guy, Unsolved Problems in Number Theory, 3rd ed., Springer, 2004."}}}},

		// open-status.alternatives
		{name: "one query for a classification", gate: openStatusGate, check: checkOpenAlternatives, base: cls,
			change: func(r *Revision) { r.ReferenceSearch.Queries = r.ReferenceSearch.Queries[:1] }, want: []fixtureFinding{{"open-status.alternatives", Fail, Span{"referenceSearch.queries", 0, 34, "strongly regular graph 65 32 15 16"}}}},
		{name: "parameters and the conference-graph name", gate: openStatusGate, check: checkOpenAlternatives, base: cls, want: []fixtureFinding{{"open-status.alternatives", Pass, Span{"referenceSearch.queries", 0, 67, "strongly regular graph 65 32 15 16; conference graph on 65 vertices"}}}},

		// open-status.strongest-known
		{name: "strongest known left as TODO", gate: openStatusGate, check: checkOpenStrongest, base: rec,
			change: func(r *Revision) { r.OpenStatus.StrongestKnown = "TODO" }, want: []fixtureFinding{{"open-status.strongest-known", Fail, Span{"openStatus.strongestKnown", 0, 4, "TODO"}}}},
		{name: "strongest known as a range of checked terms", gate: openStatusGate, check: checkOpenStrongest, base: rec, want: []fixtureFinding{{"open-status.strongest-known", Pass, Span{"openStatus.strongestKnown", 0, 61, "Terms are known to be squarefree for all n up to a few dozen."}}}},

		// open-status.unresolved-target
		{name: "unresolved target a placeholder", gate: openStatusGate, check: checkOpenUnresolved, base: num,
			change: func(r *Revision) { r.OpenStatus.UnresolvedTarget = "n/a" }, want: []fixtureFinding{{"open-status.unresolved-target", Fail, Span{"openStatus.unresolvedTarget", 0, 3, "n/a"}}}},
		{name: "unresolved target an interval", gate: openStatusGate, check: checkOpenUnresolved, base: num, want: []fixtureFinding{{"open-status.unresolved-target", Pass, Span{"openStatus.unresolvedTarget", 0, 80, "An interval of width 10^{-4} containing the Heilbronn number of thirteen points."}}}},

		// open-status.database-silence
		{name: "only the OEIS and its silence", gate: openStatusGate, check: checkOpenDatabaseSilence, base: rec,
			change: func(r *Revision) {
				r.ReferenceSearch.Databases = []string{"OEIS"}
				r.ReferenceSearch.Coverage = "No OEIS entry mentions a square factor."
				r.References = nil
			}, want: []fixtureFinding{{"open-status.database-silence", Fail, Span{"referenceSearch.databases", 0, 4, "OEIS"}}}},
		{name: "the OEIS and the articles it cites", gate: openStatusGate, check: checkOpenDatabaseSilence, base: rec, want: []fixtureFinding{{"open-status.database-silence", Pass, Span{"referenceSearch.coverage", 0, 79, "OEIS A000058 and the articles it cites, with zbMATH Open through November 2026."}}}},

		// open-status.target-absent and open-status.uncertainty
		{name: "classification: target absence is read by a person", gate: openStatusGate, check: checkOpenTargetAbsent, base: cls, want: []fixtureFinding{{"open-status.target-absent", NeedsHuman, Span{"referenceSearch.coverage", 0, 74, "The online tables as of November 2026 and articles citing them since 2010."}}}},
		{name: "numerical: uncertainty is judged by a person", gate: openStatusGate, check: checkOpenUncertainty, base: num, want: []fixtureFinding{{"open-status.uncertainty", NeedsHuman, Span{"openStatus.unresolvedTarget", 0, 80, "An interval of width 10^{-4} containing the Heilbronn number of thirteen points."}}}},

		// duplicate.near-duplicate
		{name: "the sequence indexed in other words", gate: duplicateGate, check: "duplicate.near-duplicate", base: rec,
			env: func() Env {
				env := fixtureEnv()
				x := similar.NewIndex()
				x.Add("TDB-77", "Sylvester's sequence and squares",
					`Let $s_0 = 2$ and $s_{n+1} = s_n^2 - s_n + 1$ for each integer $n \ge 0$. Is each term $s_n$ squarefree?`, "ACCEPTED", "")
				env.Problems = x
				return env
			}, want: []fixtureFinding{{"duplicate.near-duplicate", Fail, Span{"statement", 0, 106, "Let $s_0 = 2$ and $s_{n+1} = s_n^2 - s_n + 1$ for every integer $n \\ge 0$. Is every term $s_n$ squarefree?"}}}},
		{name: "another recurrence indexed", gate: duplicateGate, check: "duplicate.near-duplicate", base: rec,
			env: func() Env {
				env := fixtureEnv()
				x := similar.NewIndex()
				x.Add("TDB-78", "Primes in the Euclid–Mullin sequence",
					`Let $a_1 = 2$ and let $a_{n+1}$ be the least prime factor of $a_1 a_2 \cdots a_n + 1$. Does every prime occur in the sequence?`, "ACCEPTED", "")
				env.Problems = x
				return env
			}, want: []fixtureFinding{{"duplicate.near-duplicate", Pass, Span{"statement", 0, 106, "Let $s_0 = 2$ and $s_{n+1} = s_n^2 - s_n + 1$ for every integer $n \\ge 0$. Is every term $s_n$ squarefree?"}}}},

		// duplicate.known-answer
		{name: "classification already in the solved records", gate: duplicateGate, check: "duplicate.known-answer", base: cls,
			env: func() Env {
				env := fixtureEnv()
				x := similar.NewIndex()
				x.Add("solved:srg65", "Strongly regular graphs (65, 32, 15, 16)",
					`Classify up to isomorphism the strongly regular graphs with parameters $(65, 32, 15, 16)$, or prove there are none.`, "classified", "https://example.org/srg65")
				env.Solved = x
				return env
			}, want: []fixtureFinding{{"duplicate.known-answer", Fail, Span{"statement", 0, 122, "Classify, up to isomorphism, the strongly regular graphs with parameters $(65, 32, 15, 16)$, or prove that there are none."}}}},
		{name: "solved record of a smaller parameter set", gate: duplicateGate, check: "duplicate.known-answer", base: cls,
			env: func() Env {
				env := fixtureEnv()
				x := similar.NewIndex()
				x.Add("solved:petersen", "Uniqueness of the Petersen graph",
					`Prove that every strongly regular graph with parameters $(10, 3, 0, 1)$ is isomorphic to the Petersen graph.`, "proved", "https://example.org/petersen")
				env.Solved = x
				return env
			}, want: []fixtureFinding{{"duplicate.known-answer", Pass, Span{"statement", 0, 122, "Classify, up to isomorphism, the strongly regular graphs with parameters $(65, 32, 15, 16)$, or prove that there are none."}}}},

		// duplicate.answer-claim
		{name: "attached counterexample", gate: duplicateGate, check: "duplicate.answer-claim", base: rec,
			env: func() Env {
				env := fixtureEnv()
				env.Claims = StaticClaims{"TDB-43": {{ID: "claim-9", Summary: "s_n is divisible by 25 for n = 41: a counterexample.", Answer: true}}}
				return env
			}, want: []fixtureFinding{{"duplicate.answer-claim", Fail, Span{"claims", 0, 0, "s_n is divisible by 25 for n = 41: a counterexample."}}}},
		{name: "attached partial computation", gate: duplicateGate, check: "duplicate.answer-claim", base: rec,
			env: func() Env {
				env := fixtureEnv()
				env.Claims = StaticClaims{"TDB-43": {{ID: "claim-10", Summary: "Squarefree for n ≤ 30 by a factorisation table.", Answer: false}}}
				return env
			}, want: []fixtureFinding{{"duplicate.answer-claim", Pass, Span{"claims", 0, 0, ""}}}},

		// duplicate.equivalent-formulations
		{name: "numerical: equivalent formulations are read by a person", gate: duplicateGate, check: "duplicate.equivalent-formulations", base: num, want: []fixtureFinding{{"duplicate.equivalent-formulations", NeedsHuman, Span{"statement", 0, 279, "Let $\\Delta_{13}$ be the largest real number $\\Delta$ such that some $13$ points in the unit square $[0,1]^2$ have every triangle formed by three of them of area at least $\\Delta$. Determine rational numbers $L \\le U$ with $U - L \\le 10^{-4}$ such that $L \\le \\Delta_{13} \\le U$."}}}},

		// references.present
		{name: "numerical without rows", gate: referencesGate, check: checkRefsPresent, base: num,
			change: func(r *Revision) { r.References = nil }, want: []fixtureFinding{{"references.present", Fail, Span{"references", 0, 0, ""}}}},
		{name: "numerical with its table", gate: referencesGate, check: checkRefsPresent, base: num, want: []fixtureFinding{{"references.present", Pass, Span{"references", 0, 0, ""}}}},

		// references.row
		{name: "theorem cited without a locator", gate: referencesGate, check: checkRefsRow, base: num,
			change: func(r *Revision) {
				r.References = append(r.References, Reference{Citation: "K. F. Roth, On a problem of Heilbronn, J. London Math. Soc. 26 (1951), 198–204.",
					Relevance: "Proves the first upper bound o(1) for Heilbronn numbers (Theorem 1).", Role: "SECONDARY"})
			}, want: []fixtureFinding{{"references.row", Fail, Span{"references[1].locator", 0, 0, ""}}}},
		{name: "theorem cited with its locator", gate: referencesGate, check: checkRefsRow, base: num,
			change: func(r *Revision) {
				r.References = append(r.References, Reference{Citation: "K. F. Roth, On a problem of Heilbronn, J. London Math. Soc. 26 (1951), 198–204.",
					Relevance: "Proves the first upper bound o(1) for Heilbronn numbers.", Locator: "Theorem 1", Role: "SECONDARY"})
			}, want: []fixtureFinding{{"references.row", Pass, Span{"references", 0, 0, ""}}}},

		// references.relevance
		{name: "relevance about a different problem", gate: referencesGate, check: checkRefsRelevance, base: num,
			change: func(r *Revision) {
				r.References[0].Relevance = "Settles the Erdős–Szekeres happy ending problem for hexagons."
			}, want: []fixtureFinding{{"references.relevance", NeedsHuman, Span{"references[0].relevance", 0, 64, "Settles the Erdős–Szekeres happy ending problem for hexagons."}}}},
		{name: "relevance about this table", gate: referencesGate, check: checkRefsRelevance, base: num, want: []fixtureFinding{{"references.relevance", Pass, Span{"references", 0, 0, ""}}}},

		// references.duplicates
		{name: "one book twice at one locator", gate: referencesGate, check: checkRefsDuplicates, base: cls,
			change: func(r *Revision) { r.References = append(r.References, r.References[0]) }, want: []fixtureFinding{{"references.duplicates", Fail, Span{"references[1].identifier", 0, 18, "isbn:9781009057226"}}}},
		{name: "one book at two locators", gate: referencesGate, check: checkRefsDuplicates, base: cls,
			change: func(r *Revision) {
				x := r.References[0]
				x.Locator, x.Relevance = "Section 9.1", "Proves that a conference graph has v ≡ 1 (mod 4)."
				r.References = append(r.References, x)
			}, want: []fixtureFinding{{"references.duplicates", Pass, Span{"references", 0, 0, ""}}}},

		// references.cited-sources
		{name: "DOI in an example without a row", gate: referencesGate, check: checkRefsCited, base: cls,
			change: func(r *Revision) {
				r.Exposition[1].Body += ` See doi:10.1016/j.disc.2005.01.010 for the computer search.`
			}, want: []fixtureFinding{{"references.cited-sources", Fail, Span{"exposition[1].body", 94, 120, "10.1016/j.disc.2005.01.010"}}}},
		{name: "preprint the coverage note saw and set aside", gate: referencesGate, check: checkRefsCited, base: cls,
			change: func(r *Revision) {
				r.ReferenceSearch.Coverage = `Searched MathSciNet and arXiv to 2026-11; a claimed classification (arXiv:2406.01234) was read and set aside as unrefereed.`
			}, want: []fixtureFinding{{"references.cited-sources", NeedsHuman, Span{"referenceSearch.coverage", 68, 84, "arXiv:2406.01234"}}}},
		{name: "ISBN in a remark with its row", gate: referencesGate, check: checkRefsCited, base: cls,
			change: func(r *Revision) { r.Exposition[1].Body += ` The table is in the book with ISBN 9781009057226.` }, want: []fixtureFinding{{"references.cited-sources", Pass, Span{"references", 0, 0, ""}}}},

		// references.record
		{name: "ISBN whose record has another title", gate: referencesGate, check: checkRefsRecord, base: cls,
			change: func(r *Revision) {
				r.References[0].Confirmation, r.References[0].ConfirmationReason = "MISMATCH", "the record's title is Spectra of Graphs"
			}, want: []fixtureFinding{{"references.record", Fail, Span{"references[0].identifier", 0, 18, "isbn:9781009057226"}}}},
		{name: "ISBN confirmed with its table", gate: referencesGate, check: checkRefsRecord, base: cls,
			change: func(r *Revision) { r.References[0].Confirmation, r.References[0].LocatorConfirmed = "CONFIRMED", true }, want: []fixtureFinding{{"references.record", Pass, Span{"references", 0, 0, ""}}}},

		// consistency.bounds
		{name: "example value outside the stated interval", gate: consistencyGate, check: checkConsistencyBounds, base: num,
			change: func(r *Revision) {
				r.Statement = `It is known that $0.0077 \le \Delta_{13} \le 0.03$. ` + r.Statement
				r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: packet.Example,
					Body: `A regular grid of thirteen points gives only $\Delta_{13} = 0.005$.`})
			}, want: []fixtureFinding{{"consistency.bounds", NeedsHuman, Span{"exposition[2].body", 46, 65, "\\Delta_{13} = 0.005"}}, {"consistency.bounds", NeedsHuman, Span{"statement", 18, 49, "0.0077 \\le \\Delta_{13} \\le 0.03"}}}},
		{name: "example value inside the stated interval", gate: consistencyGate, check: checkConsistencyBounds, base: num,
			change: func(r *Revision) {
				r.Statement = `It is known that $0.0077 \le \Delta_{13} \le 0.03$. ` + r.Statement
				r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: packet.Example,
					Body: `A configuration of Comellas gives $\Delta_{13} \ge 0.0077$, and for twelve points $\Delta_{12} = 0.0325$.`})
			}, want: []fixtureFinding{{"consistency.bounds", Pass, Span{"statement", 0, 331, "It is known that $0.0077 \\le \\Delta_{13} \\le 0.03$. Let $\\Delta_{13}$ be the largest real number $\\Delta$ such that some $13$ points in the unit square $[0,1]^2$ have every triangle formed by three of them of area at least $\\Delta$. Determine rational numbers $L \\le U$ with $U - L \\le 10^{-4}$ such …"}}}},

		// consistency.stable-artifacts
		{name: "certificate at a moving branch on GitLab", gate: consistencyGate, check: checkConsistencyArtifacts, base: cls,
			change: func(r *Revision) {
				srgSearch("Graphs on 65 vertices, regular of degree 32.")(r)
				r.Acceptance.Certificate = "The checker is at https://gitlab.com/jdoe/srg/-/blob/master/check.py."
			}, want: []fixtureFinding{{"consistency.stable-artifacts", Fail, Span{"acceptance.certificate", 18, 68, "https://gitlab.com/jdoe/srg/-/blob/master/check.py"}}}},
		{name: "certificate deposited with a DOI", gate: consistencyGate, check: checkConsistencyArtifacts, base: cls,
			change: func(r *Revision) {
				srgSearch("Graphs on 65 vertices, regular of degree 32.")(r)
				r.Acceptance.Certificate = "The adjacency matrices are deposited at https://doi.org/10.5281/zenodo.1234567."
			}, want: []fixtureFinding{{"consistency.stable-artifacts", Pass, Span{"acceptance.certificate", 0, 79, "The adjacency matrices are deposited at https://doi.org/10.5281/zenodo.1234567."}}}},

		// consistency.incumbent
		{name: "known interval already as narrow as asked", gate: consistencyGate, check: checkConsistencyIncumbent, base: num,
			change: func(r *Revision) {
				r.OpenStatus.StrongestKnown = "0.0077 ≤ Δ13 ≤ 0.00775 by a configuration of Comellas and an interval computation."
			}, want: []fixtureFinding{{"consistency.incumbent", NeedsHuman, Span{"openStatus.strongestKnown", 0, 27, "0.0077 ≤ Δ13 ≤ 0.00775"}}}},
		{name: "known interval wider than asked", gate: consistencyGate, check: checkConsistencyIncumbent, base: num,
			change: func(r *Revision) {
				r.OpenStatus.StrongestKnown = "0.007 ≤ Δ13 ≤ 0.03 from a configuration and Roth's bound."
			}, want: []fixtureFinding{{"consistency.incumbent", NeedsHuman, Span{"openStatus.strongestKnown", 0, 62, "0.007 ≤ Δ13 ≤ 0.03 from a configuration and Roth's bound."}}}},
		{name: "sequence without an incumbent", gate: consistencyGate, check: checkConsistencyIncumbent, base: rec,
			change: func(r *Revision) { r.OpenStatus.StrongestKnown = "" }, want: []fixtureFinding{{"consistency.incumbent", Pass, Span{"openStatus.strongestKnown", 0, 0, ""}}}},

		// consistency.computation-object
		{name: "numerical with its computation", gate: consistencyGate, check: checkConsistencyComputation, base: num, want: []fixtureFinding{{"consistency.computation-object", NeedsHuman, Span{"computation.instance", 0, 0, ""}}}},
		{name: "classification without a computation", gate: consistencyGate, check: checkConsistencyComputation, base: cls, want: []fixtureFinding{{"consistency.computation-object", Pass, Span{"computation", 0, 0, ""}}}},

		// hero.brief, hero.source, hero.alt, hero.caption, hero.depicts
		{name: "brief left as TBD", gate: heroGate, check: checkHeroBrief, base: cls,
			change: func(r *Revision) { r.Hero.Brief = "TBD" }, want: []fixtureFinding{{"hero.brief", Fail, Span{"hero.brief", 0, 3, "TBD"}}}},
		{name: "brief of the Paley graph", gate: heroGate, check: checkHeroBrief, base: cls, want: []fixtureFinding{{"hero.brief", Pass, Span{"hero.brief", 0, 53, "A circular drawing of the Paley graph on 13 vertices."}}}},
		{name: "bespoke art with a placeholder rights basis", gate: heroGate, check: checkHeroSource, base: num,
			change: func(r *Revision) { r.Hero.Bespoke, r.Hero.RightsBasis = true, "n/a" }, want: []fixtureFinding{{"hero.source", Fail, Span{"hero.rightsBasis", 0, 3, "n/a"}}}},
		{name: "generated fallback needs no rights basis", gate: heroGate, check: checkHeroSource, base: num, want: []fixtureFinding{{"hero.source", Pass, Span{"hero.rightsBasis", 0, 0, ""}}}},
		{name: "alt of one word", gate: heroGate, check: checkHeroAlt, base: cls,
			change: func(r *Revision) { r.Hero.Alt = "Image." }, want: []fixtureFinding{{"hero.alt", Fail, Span{"hero.alt", 0, 6, "Image."}}}},
		{name: "alt describing dots and lines", gate: heroGate, check: checkHeroAlt, base: cls, want: []fixtureFinding{{"hero.alt", Pass, Span{"hero.alt", 0, 71, "Thirteen dots on a circle, each joined to six others by straight lines."}}}},
		{name: "caption stating a bound", gate: heroGate, check: checkHeroCaption, base: num,
			change: func(r *Revision) {
				r.Hero.Caption = "Thirteen points whose smallest triangle has area at least 0.0077."
			}, want: []fixtureFinding{{"hero.caption", NeedsHuman, Span{"hero.caption", 49, 65, "at least 0.0077."}}}},
		{name: "caption stating the status", gate: heroGate, check: checkHeroCaption, base: cls,
			change: func(r *Revision) { r.Hero.Caption = "The Paley graph on 13 vertices; the case of 65 vertices is open." }, want: []fixtureFinding{{"hero.caption", Fail, Span{"hero.caption", 56, 63, "is open"}}}},
		{name: "caption describing the setup", gate: heroGate, check: checkHeroCaption, base: num, want: []fixtureFinding{{"hero.caption", Pass, Span{"hero.caption", 0, 76, "Thirteen points in the unit square and the triangle of least area they span."}}}},
		{name: "bespoke drawing is looked at", gate: heroGate, check: checkHeroDepicts, base: num,
			change: func(r *Revision) {
				r.Hero.Bespoke, r.Hero.RightsBasis = true, "Drawn by the proposer for TheoremDB, released under CC BY 4.0."
			}, want: []fixtureFinding{{"hero.depicts", NeedsHuman, Span{"hero.alt", 0, 101, "A square with thirteen dots spread inside it and one thin triangle between three of them shaded grey."}}}},
		{name: "generated drawing", gate: heroGate, check: checkHeroDepicts, base: num, want: []fixtureFinding{{"hero.depicts", Pass, Span{"hero", 0, 0, ""}}}},

		// The computational checks: a numerical target with a computation block is not held to
		// the extra checks of a finite search, a search target is.
		{name: "numerical: no instance is no finding", gate: computationalGate, check: checkCompInstance, base: num, want: []fixtureFinding{{"computational.instance", Pass, Span{"acceptance.kind", 0, 0, ""}}}},
		{name: "search: instance without equivalence", gate: computationalGate, check: checkCompInstance, base: cls,
			change: srg65(func(c *packet.Computation) { c.Equivalence = "" }), want: []fixtureFinding{{"computational.instance", Fail, Span{"computation.equivalence", 0, 0, ""}}}},
		{name: "search for numbers: no equivalence asks a person", gate: computationalGate, check: checkCompInstance, base: cls,
			change: srg65(func(c *packet.Computation) {
				c.Instance, c.Equivalence = "Odd integers n ≤ 10¹² with exactly four distinct prime factors, tested in order.", ""
			}), want: []fixtureFinding{{"computational.instance", NeedsHuman, Span{"computation.equivalence", 0, 0, ""}}}},
		{name: "search for primes of a form: no equivalence asks a person", gate: computationalGate, check: checkCompInstance, base: cls,
			change: srg65(func(c *packet.Computation) {
				c.Instance, c.Equivalence = "The primes p < 2^40 with 2p + 1 also prime.", ""
			}),
			want: []fixtureFinding{{"computational.instance", NeedsHuman, Span{"computation.equivalence", 0, 0, ""}}}},
		{name: "search for integer matrices: no equivalence still fails", gate: computationalGate, check: checkCompInstance, base: cls,
			change: srg65(func(c *packet.Computation) {
				c.Instance, c.Equivalence = "Integer matrices of order 12 with entries ±1 and orthogonal rows.", ""
			}),
			want: []fixtureFinding{{"computational.instance", Fail, Span{"computation.equivalence", 0, 0, ""}}}},
		{name: "search: equivalence in two standard words", gate: computationalGate, check: checkCompInstance, base: cls,
			change: srgSearch("Graphs on 65 vertices, regular of degree 32."), want: []fixtureFinding{{"computational.instance", Pass, Span{"computation.instance", 0, 70, "Symmetric 0/1 matrices of order 65 with zero diagonal and row sums 32."}}}},
		{name: "numerical: no reason against brute force is no finding", gate: computationalGate, check: checkCompBruteForce, base: num, want: []fixtureFinding{{"computational.brute-force", Pass, Span{"acceptance.kind", 0, 0, ""}}}},
		{name: "search: neither reason nor certification", gate: computationalGate, check: checkCompBruteForce, base: cls,
			change: srg65(func(c *packet.Computation) { c.WhyNotBruteForce, c.Certification = "", "" }), want: []fixtureFinding{{"computational.brute-force", Fail, Span{"computation.whyNotBruteForce", 0, 0, ""}}}},
		{name: "numerical: no small cases is no finding", gate: computationalGate, check: checkCompSmallCases, base: num, want: []fixtureFinding{{"computational.small-cases", Pass, Span{"acceptance.kind", 0, 0, ""}}}},
		{name: "search: no small cases", gate: computationalGate, check: checkCompSmallCases, base: cls,
			change: srg65(func(c *packet.Computation) { c.SmallCases = "" }), want: []fixtureFinding{{"computational.small-cases", Fail, Span{"computation.smallCases", 0, 0, ""}}}},
		{name: "search: the small case it finds", gate: computationalGate, check: checkCompSmallCases, base: cls,
			change: srgSearch("Graphs on 65 vertices, regular of degree 32."), want: []fixtureFinding{{"computational.small-cases", Pass, Span{"computation.smallCases", 0, 106, "The same search finds the Paley graph on 13 vertices and proves the uniqueness of the (13, 6, 2, 3) graph."}}}},
		{name: "search: heuristic certification", gate: computationalGate, check: checkCompExact, base: cls,
			change: func(r *Revision) {
				srgSearch("Graphs on 65 vertices, regular of degree 32.")(r)
				r.Acceptance.Criterion = "An adjacency matrix of such a graph, or strong heuristic evidence that none exists."
				r.Computation.Certification = "Simulated annealing from many random starts found none."
			}, want: []fixtureFinding{{"computational.exact-evidence", Fail, Span{"acceptance.criterion", 47, 56, "heuristic"}}}},
		{name: "numerical: bounds by a proof", gate: computationalGate, check: checkCompExact, base: num, want: []fixtureFinding{{"computational.exact-evidence", Pass, Span{"acceptance.criterion", 119, 124, "proof"}}}},
		{name: "numerical: no parameter origin is no finding", gate: computationalGate, check: checkCompOrigin, base: num, want: []fixtureFinding{{"computational.parameter-origin", Pass, Span{"acceptance.kind", 0, 0, ""}}}},
		{name: "search: no parameter origin", gate: computationalGate, check: checkCompOrigin, base: cls,
			change: srg65(func(c *packet.Computation) { c.ParameterOrigin = "" }), want: []fixtureFinding{{"computational.parameter-origin", Fail, Span{"computation.parameterOrigin", 0, 0, ""}}}},
		{name: "search: the parameter's place in the table", gate: computationalGate, check: checkCompOrigin, base: cls,
			change: srgSearch("Graphs on 65 vertices, regular of degree 32."), want: []fixtureFinding{{"computational.parameter-origin", Pass, Span{"computation.parameterOrigin", 0, 95, "65 is the smallest order of a conference graph whose classification is open in Brouwer's table."}}}},
		{name: "numerical: code on master", gate: computationalGate, check: checkCompCode, base: num,
			change: func(r *Revision) { r.Computation.Code.Revision = "master" }, want: []fixtureFinding{{"computational.code", Fail, Span{"computation.code.revision", 0, 6, "master"}}}},
		{name: "numerical: code at a full commit", gate: computationalGate, check: checkCompCode, base: num, want: []fixtureFinding{{"computational.code", Pass, Span{"computation.code.revision", 0, 40, "9f1c2e7a5b3d4c6e8f0a1b2c3d4e5f6a7b8c9d0e"}}}},
	}
}
