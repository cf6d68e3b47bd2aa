package gates

import (
	"regexp"

	"github.com/theoremdb/theoremdb/packet"
)

// heuristicRe finds evidence that can find an object or suggest a value but certifies nothing:
// a heuristic search ("simulated annealing from many random starts", "gradient descent", "a
// genetic algorithm"), sampling ("Monte Carlo", "random sampling") or the absence of a
// counterexample among those tried.
var heuristicRe = regexp.MustCompile(`(?i)\b(simulated annealing|annealing|(many|multiple|several|numerous|\d+) random (starts?|restarts?|initiali[sz]ations?|seeds?|trials?)|random (re)?starts?|monte[ -]carlo|heuristics?|heuristically|genetic algorithms?|evolutionary (search|algorithms?)|local search|gradient descent|hill[ -]climbing|tabu search|basin[ -]hopping|numerical (experiments?|evidence|simulations?)|numerically observed|random sampling|randomly sampled|no counter-?examples? (is |was |has been )?found|finds? no counter-?examples?|extensive (numerical |computer )?(search|experiments?|testing)|(tested|checked) on (many|random|thousands))\b`)

// heuristicDeniedRe marks a sentence that says a heuristic is not enough ("estimates from
// annealing are not accepted", "heuristics alone do not count").
var heuristicDeniedRe = regexp.MustCompile(`(?i)\b(not|never|nor|insufficient|alone|only suggests?|rather than|instead of|cannot)\b`)

// heuristicCheckedRe marks a sentence in which what a heuristic finds is then certified by
// something that can be checked: "found by annealing and checked in exact arithmetic".
var heuristicCheckedRe = regexp.MustCompile(`(?i)\b(exact (rational |integer )?arithmetic|interval arithmetic|exactly|rigorous(ly)?|formal(ly|i[sz]ed)?|certified by (a |an )?(proof|interval|exact)|checked (independently|exactly|in exact)|verified (independently|exactly|in exact))\b`)

// acceptanceHeuristic asks a person about an acceptance condition that offers a heuristic as
// what settles or certifies the target: annealing, random restarts or sampling can find a
// witness, but they prove no bound, optimality or impossibility. It reports under the check of
// the acceptance kind and never fails, since a sentence may use the heuristic only to find a
// witness that it certifies otherwise in words the reader does not know.
func acceptanceHeuristic(a packet.Acceptance, out *Report) {
	id := acceptanceKindCheck(a.Kind)
	for _, t := range []Text{{fieldAcceptanceCriterion, a.Criterion}, {fieldAcceptancePrecision, a.Precision}, {fieldAcceptanceCertificate, a.Certificate}} {
		t.Body = compared(t.Body) // as far as intake lets a field be long
		for _, m := range heuristicRe.FindAllStringIndex(t.Body, 5) {
			start, end := sentenceAround(t.Body, m[0])
			sent := t.Body[start:end]
			if heuristicDeniedRe.MatchString(sent) || heuristicCheckedRe.MatchString(sent) {
				continue
			}
			h := t.Body[m[0]:m[1]]
			out.NeedsHuman(id, SpanOf(t.Field, t.Body, m[0], m[1]),
				t.Field+" offers “"+h+"” as evidence, which can find a witness or suggest a value but proves no bound, optimality or impossibility; a person must confirm that the "+acceptanceKindName(a.Kind)+" target is certified by something that can be checked.",
				"Say in "+t.Field+" how the result is certified beyond “"+h+"”: a proof, exact or interval arithmetic over an explicit witness, or a computation another person can rerun.")
			break
		}
	}
}

// sentenceAround returns the bounds of the sentence of s that holds byte i.
func sentenceAround(s string, i int) (int, int) {
	start := 0
	for _, m := range sentenceEndRe.FindAllStringIndex(s[:i], -1) {
		start = m[1]
	}
	end := len(s)
	if m := sentenceEndRe.FindStringIndex(s[i:]); m != nil {
		end = i + m[1]
	}
	return start, end
}

// acceptanceKindCheck is the check an acceptance finding of no check of its own reports under:
// the one of the acceptance kind, the evidence check for a proof.
func acceptanceKindCheck(k packet.AcceptanceKind) string {
	switch k {
	case packet.Numerical:
		return checkAcceptanceNumerical
	case packet.Search:
		return checkAcceptanceSearch
	case packet.Classification:
		return checkAcceptanceClassification
	}
	return checkAcceptanceEvidence
}
