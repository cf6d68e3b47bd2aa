package gates

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// fieldCase is one value of one field, written as submissions write it, and what a check must
// report on the packet that holds it: the worst verdict and, unless it passes, the quoted span.
type fieldCase struct {
	value string
	want  Verdict
	quote string
}

// fieldCorpus is, per check, a field of a clean packet and values for it: a linter's table of
// inputs that must fire and close neighbours that must not.
var fieldCorpus = []struct {
	check string
	gate  *Gate
	base  func() *Revision
	set   func(r *Revision, v string)
	cases []fieldCase
}{
	{checkHeroCaption, heroGate, numericalClean, func(r *Revision, v string) { r.Hero.Caption = v }, []fieldCase{
		{"Thirteen points in the unit square and the thinnest triangle they span.", Pass, ""},
		{"A configuration of thirteen points, found by simulated annealing.", Pass, ""},
		{"The best configuration known, proved optimal in 2019.", Fail, "proved"},
		{"This configuration proves that Δ13 ≥ 0.0077.", Fail, "proves"},
		{"Thirteen points whose least triangle is conjectured to be optimal.", Fail, "conjectured"},
		{"Thirteen points; whether their least triangle can be larger is unknown.", Fail, "is unknown"},
	}},
	{checkRefsRelevance, referencesGate, numericalClean, func(r *Revision, v string) { r.References[0].Relevance = v }, []fieldCase{
		{"Gives lower bounds for Heilbronn numbers of up to twelve points; thirteen is not covered.", Pass, ""},
		{"https://www.combinatorics.org/ojs/index.php/eljc/article/view/v9i1r6", Fail, "https://www.combinatorics.org/ojs/index.php/eljc/article/view/v9i1r6"},
		{"Relevant.", Fail, "Relevant."},
		{"See the paper.", Fail, "See the paper."},
		{"Proves the Kepler conjecture on sphere packings in three dimensions.", NeedsHuman, "Proves the Kepler conjecture on sphere packings in three dimensions."},
		{"Bounds the least triangle among n points in the square by a power of n.", Pass, ""},
		{"The configurations of Table 1 are the incumbents for small point counts in the square.", Pass, ""},
	}},
	{checkAcceptanceEvidence, acceptanceGate, recurrenceClean, func(r *Revision, v string) { r.Acceptance.Criterion = v }, []fieldCase{
		{"A proof that every s_n is squarefree, or an n and a prime p with p² dividing s_n.", Pass, ""},
		{"An index n with p² | s_n for a prime p, given with the factorisation, or a proof that none exists.", Pass, ""},
		{"Solve the problem.", Fail, "Solve the problem."},
		{"A solution.", Fail, "A solution."},
		{"TBD", Fail, "TBD"},
	}},
	{checkAcceptanceIndependent, acceptanceGate, recurrenceClean, func(r *Revision, v string) { r.Acceptance.Criterion = v }, []fieldCase{
		{"A counterexample n with the prime p and the quotient s_n / p², which anyone can multiply out.", Pass, ""},
		{"A formal proof in Lean 4 that every s_n is squarefree.", Pass, ""},
		{"General agreement among number theorists that the question is settled.", NeedsHuman, "General agreement among number theorists that the question is settled."},
		{"A persuasive heuristic argument.", NeedsHuman, "A persuasive heuristic argument."},
	}},
	{checkAcceptanceClassification, acceptanceGate, classificationClean, func(r *Revision, v string) { r.Acceptance.Equivalence = v }, []fieldCase{
		{"Graph isomorphism.", Pass, ""},
		{"Two graphs are equivalent when a bijection of their vertex sets preserves adjacency.", Pass, ""},
		{"Up to isomorphism.", Pass, ""},
		{"Isomorphism and switching (Seidel switching).", Pass, ""},
		{"The natural one.", Fail, "The natural one."},
		{"As usual.", Fail, "As usual."},
		{"Obvious.", Fail, "Obvious."},
		{"Same colours.", NeedsHuman, "Same colours."},
		{"", Fail, ""},
	}},
	{checkAcceptanceNumerical, acceptanceGate, numericalClean, func(r *Revision, v string) { r.Acceptance.Precision = v }, []fieldCase{
		{"Ten correct decimal digits, certified by interval arithmetic.", Pass, ""},
		{"U − L ≤ 10^{-4}, with U proved by a computer-assisted argument given as a certificate.", Pass, ""},
		{"An absolute error below 0.0001.", Pass, ""},
		{"Exact: the value as a closed form.", Pass, ""},
		{"As accurate as possible.", Fail, "As accurate as possible."},
		{"As precisely as possible, to within 10^{-4}.", Pass, ""},
		{"High precision.", Fail, "High precision."},
		{"n/a", Fail, "n/a"},
	}},
	{checkAcceptanceSearch, acceptanceGate, classificationClean, func(r *Revision, v string) { srgSearch(v)(r) }, []fieldCase{
		{"Graphs on 65 vertices, regular of degree 32.", Pass, ""},
		{"Symmetric 0/1 matrices of order 65 with zero diagonal.", Pass, ""},
		{"Strongly regular graphs of every order.", NeedsHuman, "every order"},
		{"All graphs, of any size.", NeedsHuman, "All graphs"},
		{"The positive integers.", NeedsHuman, "The positive integers"},
		{"", Fail, ""},
	}},
	{checkConsistencyArtifacts, consistencyGate, classificationClean, func(r *Revision, v string) {
		srgSearch("Graphs on 65 vertices, regular of degree 32.")(r)
		r.Acceptance.Certificate = v
	}, []fieldCase{
		{"The list is at https://github.com/example/srg65/blob/0d2b9c4e1f3a5b7c9d8e6f4a2b0c1d3e5f7a9b8c/list.g6.", Pass, ""},
		{"The list is at https://github.com/example/srg65/blob/main/list.g6.", Fail, "https://github.com/example/srg65/blob/main/list.g6"},
		{"The list is at https://doi.org/10.5281/zenodo.7654321.", Pass, ""},
		{"The list is at https://example.edu/~jdoe/srg65/list.g6.", NeedsHuman, "https://example.edu/~jdoe/srg65/list.g6"},
		{"The list is at https://example.edu/~jdoe/srg65/list.g6 (sha256 3f2a9c0d1e4b5a6978c0d1e2f3a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6).", Pass, ""},
		{"Each adjacency matrix is checked by computing A² = 32I + 15A + 16(J − I − A).", Pass, ""},
	}},
	{checkCompExact, computationalGate, classificationClean, func(r *Revision, v string) {
		srgSearch("Graphs on 65 vertices, regular of degree 32.")(r)
		r.Computation.Certification = v
	}, []fieldCase{
		{"Exhaustive orderly generation, checked by a second program written independently.", Pass, ""},
		{"An exact search with a DRAT proof of unsatisfiability.", Pass, ""},
		{"A Monte Carlo search found no such graph in 10^9 trials.", Fail, "Monte Carlo"},
		{"Floating-point eigenvalue computations suggest none exists.", Fail, "suggest"},
	}},
	{checkCompCode, computationalGate, classificationClean, func(r *Revision, v string) {
		srgSearch("Graphs on 65 vertices, regular of degree 32.")(r)
		r.Computation.Code.Revision = v
	}, []fieldCase{
		{"0d2b9c4e1f3a5b7c9d8e6f4a2b0c1d3e5f7a9b8c", Pass, ""},
		{"0d2b9c4", Pass, ""},
		{"sha256:3f2a9c0d1e4b5a6978c0d1e2f3a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6", Pass, ""},
		{"main", Fail, "main"},
		{"HEAD", Fail, "HEAD"},
		{"latest", Fail, "latest"},
		{"v2.1", Fail, "v2.1"},
		{"", Fail, ""},
	}},
	{checkOpenAlternatives, openStatusGate, classificationClean, func(r *Revision, v string) { r.ReferenceSearch.Queries = splitQueries(v) }, []fieldCase{
		{"srg(65,32,15,16); conference graph 65 vertices", Pass, ""},
		{"strongly regular graph 65 32 15 16", Fail, "strongly regular graph 65 32 15 16"},
		{"", Fail, ""},
	}},
	{checkProvenanceFields, provenanceGate, numericalClean, func(r *Revision, v string) { r.Provenance.RightsBasis = v }, []fieldCase{
		{"Statement written in our own words; no text reproduced.", Pass, ""},
		{"CC BY 4.0, as the source states on its first page.", Pass, ""},
		{"TBD", Fail, "TBD"},
		{"none", Fail, "none"},
		{"", Fail, ""},
	}},
	{checkOpenStrongest, openStatusGate, numericalClean, func(r *Revision, v string) { r.OpenStatus.StrongestKnown = v }, []fieldCase{
		{"Δ13 ≥ 0.0077 from an explicit configuration; no upper bound below 0.03 is published.", Pass, ""},
		{"Nothing is known.", Pass, ""},
		{"unknown", Fail, "unknown"},
		{"", Fail, ""},
	}},
}

// splitQueries splits a test's queries at semicolons.
func splitQueries(s string) []string {
	var out []string
	for _, q := range strings.Split(s, ";") {
		if q = strings.TrimSpace(q); q != "" {
			out = append(out, q)
		}
	}
	return out
}

func TestFieldCorpus(t *testing.T) {
	t.Parallel()
	for _, fc := range fieldCorpus {
		for _, c := range fc.cases {
			t.Run(fc.check+"/"+c.value, func(t *testing.T) {
				t.Parallel()
				r := fc.base()
				fc.set(r, c.value)
				got, fs := checkVerdict(t, fc.gate, r, fixtureEnv(), fc.check)
				quote := ""
				for _, f := range fs {
					if f.Verdict == got && got != Pass {
						quote = f.Span.Quote
						break
					}
				}
				if diff := cmp.Diff(c, fieldCase{c.value, got, quote}, cmp.AllowUnexported(fieldCase{})); diff != "" {
					t.Errorf("%s on %q (-want +got):\n%s", fc.check, c.value, diff)
				}
			})
		}
	}
}
