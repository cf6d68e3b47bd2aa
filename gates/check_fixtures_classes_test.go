package gates

import (
	"testing"

	"github.com/theoremdb/theoremdb/packet"
)

func TestClassCheckFixtures(t *testing.T) {
	t.Parallel()
	runCheckFixtures(t, classCheckFixtures())
}

// addEntry appends an exposition entry.
func addEntry(kind packet.ExpositionKind, body string) func(r *Revision) {
	return func(r *Revision) { r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: kind, Body: body}) }
}

// classCheckFixtures are fixtures of classes of defects the checks once missed on packets
// written without reading them, each phrased several ways and each with a close neighbour that
// must not fire: a count outside a stated bound (in digits or in words), an incumbent that meets
// the target when the statement spells a letter in TeX and the record in Unicode or states a
// count, a title naming an object the packet never mentions, a relevance note about another
// problem that shares a word with this one, a size's range that gives its object no domain, a
// heuristic offered as certification, and a word used as a quantity nothing defines.
func classCheckFixtures() []checkFixture {
	num, cls, rec := numericalClean, classificationClean, recurrenceClean
	st, cons, acc, refs := statementGate, consistencyGate, acceptanceGate, referencesGate
	return []checkFixture{
		// consistency.bounds: counts in prose.
		{name: "counts: an example's graph outside the bound its sentence states", want: []fixtureFinding{{"consistency.bounds", NeedsHuman, Span{"exposition[2].body", 66, 79, "$65$ vertices"}}, {"consistency.bounds", NeedsHuman, Span{"exposition[2].body", 21, 42, "at most $40$ vertices"}}}, gate: cons, check: checkConsistencyBounds, base: cls,
			change: addEntry(packet.Example, `Every such graph has at most $40$ vertices, as the Paley graph on $65$ vertices shows.`)},
		{name: "counts: a bound in words against an example in digits", want: []fixtureFinding{{"consistency.bounds", NeedsHuman, Span{"exposition[3].body", 21, 32, "$14$ points"}}, {"consistency.bounds", NeedsHuman, Span{"exposition[2].body", 37, 63, "no more than twelve points"}}}, gate: cons, check: checkConsistencyBounds, base: num,
			change: func(r *Revision) {
				addEntry(packet.Remark, `Every configuration found so far has no more than twelve points.`)(r)
				addEntry(packet.Example, `A configuration with $14$ points has a triangle of area $0.01$.`)(r)
			}},
		{name: "counts: a tally in words against a remark's bound", want: []fixtureFinding{{"consistency.bounds", NeedsHuman, Span{"exposition[3].body", 0, 19, "Seven prime factors"}}, {"consistency.bounds", NeedsHuman, Span{"exposition[2].body", 0, 28, "Fewer than $5$ prime factors"}}}, gate: cons, check: checkConsistencyBounds, base: rec,
			change: func(r *Revision) {
				addEntry(packet.Remark, `Fewer than $5$ prime factors of any term are known.`)(r)
				addEntry(packet.Example, `Seven prime factors of $s_9$ have been found.`)(r)
			}},
		{name: "counts: a denied count is no value", want: []fixtureFinding{{"consistency.bounds", Pass, Span{"statement", 0, 122, "Classify, up to isomorphism, the strongly regular graphs with parameters $(65, 32, 15, 16)$, or prove that there are none."}}}, gate: cons, check: checkConsistencyBounds, base: cls,
			change: addEntry(packet.Example, `Every such graph has at most $40$ vertices; no graph with $65$ vertices is known to be one.`)},
		{name: "counts: counts of different nouns", want: []fixtureFinding{{"consistency.bounds", Pass, Span{"statement", 0, 122, "Classify, up to isomorphism, the strongly regular graphs with parameters $(65, 32, 15, 16)$, or prove that there are none."}}}, gate: cons, check: checkConsistencyBounds, base: cls,
			change: addEntry(packet.Example, `Every such graph has at most $70$ vertices, and the Paley graph on $13$ vertices has $39$ edges.`)},
		{name: "counts: the question's own bound is asked, not stated", want: []fixtureFinding{{"consistency.bounds", Pass, Span{"statement", 0, 143, "Find a strongly regular graph with parameters $(65, 32, 15, 16)$ on at most $65$ vertices that is not a Paley graph, or prove that none exists."}}}, gate: cons, check: checkConsistencyBounds, base: cls,
			change: func(r *Revision) {
				r.Statement = `Find a strongly regular graph with parameters $(65, 32, 15, 16)$ on at most $65$ vertices that is not a Paley graph, or prove that none exists.`
				addEntry(packet.Example, `The Paley graph on $65$ vertices has these parameters.`)(r)
			}},

		// consistency.incumbent: one letter in two spellings, and counts.
		{name: "incumbent: TeX letter in the statement, Unicode in the record", want: []fixtureFinding{{"consistency.incumbent", NeedsHuman, Span{"openStatus.strongestKnown", 0, 10, "λ ≥ 7.7"}}}, gate: cons, check: checkConsistencyIncumbent, base: num,
			change: func(r *Revision) {
				r.Statement = `Let $\Delta_{13}$ be as in the definition, and let $\lambda = 1000\Delta_{13}$. Prove that $\lambda \ge 7.5$.`
				r.OpenStatus.StrongestKnown = "λ ≥ 7.7 from the configuration of Comellas and Yebra."
			}},
		{name: "incumbent: variant letter forms", want: []fixtureFinding{{"consistency.incumbent", NeedsHuman, Span{"openStatus.strongestKnown", 0, 10, "ϵ ≤ 0.1"}}}, gate: cons, check: checkConsistencyIncumbent, base: num,
			change: func(r *Revision) {
				r.Statement = `Show that $\varepsilon < 0.2$.`
				r.OpenStatus.StrongestKnown = "ϵ ≤ 0.1 is known."
			}},
		{name: "incumbent: a tally in words already meets the count asked", want: []fixtureFinding{{"consistency.incumbent", NeedsHuman, Span{"openStatus.strongestKnown", 0, 18, "Eleven such graphs"}}}, gate: cons, check: checkConsistencyIncumbent, base: cls,
			change: func(r *Revision) {
				r.Statement = `Prove that there are at least $4$ strongly regular graphs with parameters $(65, 32, 15, 16)$ up to isomorphism.`
				r.OpenStatus.StrongestKnown = "Eleven such graphs are known."
			}},
		{name: "incumbent: a known design already as small as asked", want: []fixtureFinding{{"consistency.incumbent", NeedsHuman, Span{"openStatus.strongestKnown", 35, 45, "998 blocks"}}}, gate: cons, check: checkConsistencyIncumbent, base: cls,
			change: func(r *Revision) {
				r.Statement = `Find a covering design with at most $1000$ blocks, or prove that none exists.`
				r.OpenStatus.StrongestKnown = "Gordon's table lists a design with 998 blocks."
			}},
		{name: "incumbent: a count beyond the tally", want: []fixtureFinding{{"consistency.incumbent", NeedsHuman, Span{"openStatus.strongestKnown", 0, 29, "Eleven such graphs are known."}}}, gate: cons, check: checkConsistencyIncumbent, base: cls,
			change: func(r *Revision) {
				r.Statement = `Prove that there are at least $12$ strongly regular graphs with parameters $(65, 32, 15, 16)$ up to isomorphism.`
				r.OpenStatus.StrongestKnown = "Eleven such graphs are known."
			}},
		{name: "incumbent: an example does not meet a universal bound", want: []fixtureFinding{{"consistency.incumbent", NeedsHuman, Span{"openStatus.strongestKnown", 0, 31, "Edel found one with 112 points."}}}, gate: cons, check: checkConsistencyIncumbent, base: cls,
			change: func(r *Revision) {
				r.Statement = `Find a cap set with $113$ points, or prove that every cap set has at most $112$ points.`
				r.OpenStatus.StrongestKnown = "Edel found one with 112 points."
			}},

		// statement.title-matches: an object the packet never mentions.
		{name: "title: asks whether the object is another one", want: []fixtureFinding{{"statement.title-matches", NeedsHuman, Span{"title", 40, 51, "pseudoprime"}}}, gate: st, check: stCheckTitle, base: rec,
			change: func(r *Revision) { r.Title = "Is every term of Sylvester's sequence a pseudoprime?" }},
		{name: "title: names a different object after an article", want: []fixtureFinding{{"statement.title-matches", NeedsHuman, Span{"title", 61, 68, "polygon"}}}, gate: st, check: stCheckTitle, base: cls,
			change: func(r *Revision) { r.Title = "Strongly regular graphs with the parameters of a generalized polygon" }},
		{name: "title: the question's object named after its article", want: []fixtureFinding{{"statement.title-matches", Pass, Span{"title", 0, 58, "Classifying the strongly regular graphs of a parameter set"}}}, gate: st, check: stCheckTitle, base: cls,
			change: func(r *Revision) { r.Title = "Classifying the strongly regular graphs of a parameter set" }},
		{name: "title: a compound after an article is read by its words", want: []fixtureFinding{{"statement.title-matches", Pass, Span{"title", 0, 59, "Is every term of Sylvester's sequence a square-free number?"}}}, gate: st, check: stCheckTitle, base: rec,
			change: func(r *Revision) { r.Title = "Is every term of Sylvester's sequence a square-free number?" }},

		// references.relevance: a note about another problem that shares a word with this one.
		{name: "relevance: another problem sharing one word", want: []fixtureFinding{{"references.relevance", NeedsHuman, Span{"references[0].relevance", 0, 70, "Determines the chromatic number of random regular tournaments exactly."}}}, gate: refs, check: checkRefsRelevance, base: cls,
			change: func(r *Revision) {
				r.References[0].Relevance = "Determines the chromatic number of random regular tournaments exactly."
			}},
		{name: "relevance: a tag's field is no shared subject", want: []fixtureFinding{{"references.relevance", NeedsHuman, Span{"references[0].relevance", 0, 79, "Computes the critical probability of site percolation on the honeycomb lattice."}}}, gate: refs, check: checkRefsRelevance, base: rec,
			change: func(r *Revision) {
				r.Tags = []string{"number theory", "probability"}
				r.References[0].Relevance = "Computes the critical probability of site percolation on the honeycomb lattice."
			}},
		{name: "relevance: a note on this problem's object", want: []fixtureFinding{{"references.relevance", Pass, Span{"references", 0, 0, ""}}}, gate: refs, check: checkRefsRelevance, base: cls,
			change: func(r *Revision) {
				r.References[0].Relevance = "Constructs new strongly regular graphs from switching classes and lists their automorphism groups."
			}},

		// statement.variable-domain: a size's range gives its object no domain.
		{name: "domain: only the order of the object is ranged", want: []fixtureFinding{{"statement.variable-domain", NeedsHuman, Span{"statement", 36, 41, "$|G|$"}}}, gate: st, check: stCheckDomain, base: rec,
			change: statement(`Prove that $G$ is solvable whenever $|G|$ is odd.`)},
		{name: "domain: a set known only by its size", want: []fixtureFinding{{"statement.variable-domain", NeedsHuman, Span{"statement", 10, 21, "$|A| \\ge 3$"}}}, gate: st, check: stCheckDomain, base: rec,
			change: statement(`For every $|A| \ge 3$, prove that $A + A$ contains a square.`)},
		{name: "domain: the object named before its size", want: []fixtureFinding{{"statement.variable-domain", Pass, Span{"statement", 0, 68, "Prove that every finite group $G$ is solvable whenever $|G|$ is odd."}}}, gate: st, check: stCheckDomain, base: rec,
			change: statement(`Prove that every finite group $G$ is solvable whenever $|G|$ is odd.`)},

		// acceptance: a heuristic offered as certification.
		{name: "heuristic: annealing certifies a numerical bound", want: []fixtureFinding{{"acceptance.numerical", NeedsHuman, Span{"acceptance.precision", 46, 65, "simulated annealing"}}}, gate: acc, check: checkAcceptanceNumerical, base: num,
			change: func(r *Revision) {
				r.Acceptance.Precision = "U − L ≤ 10^{-4}; both bounds certified by simulated annealing from many random starts."
			}},
		{name: "heuristic: no counterexample found settles a proof target", want: []fixtureFinding{{"acceptance.evidence", NeedsHuman, Span{"acceptance.criterion", 58, 74, "extensive search"}}}, gate: acc, check: checkAcceptanceEvidence, base: rec,
			change: func(r *Revision) {
				r.Acceptance.Criterion = "A proof that every s_n is squarefree, established when an extensive search finds no counterexample."
			}},
		{name: "heuristic: Monte Carlo completeness of a classification", want: []fixtureFinding{{"acceptance.classification", NeedsHuman, Span{"acceptance.criterion", 72, 83, "Monte Carlo"}}}, gate: acc, check: checkAcceptanceClassification, base: cls,
			change: func(r *Revision) {
				r.Acceptance.Criterion = "A list of graphs, each given by its adjacency matrix, shown complete by Monte Carlo sampling of switching classes."
			}},
		{name: "heuristic: a witness found by annealing and checked exactly", want: []fixtureFinding{{"acceptance.numerical", Pass, Span{"acceptance.precision", 0, 110, "U − L ≤ 10^{-4}; L from points found by simulated annealing and checked in exact arithmetic, U by a proof."}}}, gate: acc, check: checkAcceptanceNumerical, base: num,
			change: func(r *Revision) {
				r.Acceptance.Precision = "U − L ≤ 10^{-4}; L from points found by simulated annealing and checked in exact arithmetic, U by a proof."
			}},
		{name: "heuristic: said not to be enough", want: []fixtureFinding{{"acceptance.numerical", Pass, Span{"acceptance.precision", 0, 103, "U − L ≤ 10^{-4}, certified by interval arithmetic; estimates from simulated annealing do not count."}}}, gate: acc, check: checkAcceptanceNumerical, base: num,
			change: func(r *Revision) {
				r.Acceptance.Precision = "U − L ≤ 10^{-4}, certified by interval arithmetic; estimates from simulated annealing do not count."
			}},

		// statement.defined-terms: a word used as a quantity nothing defines.
		{name: "terms: an undefined quantity of the object", want: []fixtureFinding{{"statement.defined-terms", NeedsHuman, Span{"statement", 110, 118, "altitude"}}}, gate: st, check: stCheckTerms, base: rec,
			change: replace(`Is every term $s_n$ squarefree?`, `Is every term $s_n$ bounded by its altitude?`)},
		{name: "terms: the undefined quantity of a formula", want: []fixtureFinding{{"statement.defined-terms", NeedsHuman, Span{"statement", 82, 88, "spread"}}}, gate: st, check: stCheckTerms, base: rec,
			change: replace(`Is every term $s_n$ squarefree?`, `Is the spread of $s_n$ at most $n$?`)},
		{name: "terms: a standard quantity of the object", want: []fixtureFinding{{"statement.defined-terms", Pass, Span{"statement", 0, 111, "Let $s_0 = 2$ and $s_{n+1} = s_n^2 - s_n + 1$ for every integer $n \\ge 0$. Is the density of $s_n$ at most $n$?"}}}, gate: st, check: stCheckTerms, base: rec,
			change: replace(`Is every term $s_n$ squarefree?`, `Is the density of $s_n$ at most $n$?`)},
	}
}
