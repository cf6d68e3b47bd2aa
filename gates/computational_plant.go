//go:build calibrate

package gates

import (
	"math/rand/v2"

	"github.com/theoremdb/theoremdb/packet"
)

func init() {
	plant(checkCompInstance, func(r *Revision, rng *rand.Rand) bool {
		if r.Computation == nil || !r.FiniteSearch() {
			return false
		}
		switch rng.IntN(3) {
		case 0:
			r.Computation.Instance, r.Acceptance.SearchSpace = "", ""
		case 1:
			r.Computation.Instance = plantPick(rng, "TBD", "see statement", "the usual one", "?")
		default:
			r.Computation.Equivalence, r.Acceptance.Equivalence = plantPick(rng, "", "TBD", "n/a"), ""
		}
		return true
	})
	plant(checkCompBruteForce, func(r *Revision, rng *rand.Rand) bool {
		if r.Computation == nil || !r.FiniteSearch() {
			return false
		}
		r.Computation.WhyNotBruteForce = plantPick(rng, "", "TBD", "It is hard.", "Too big.")
		r.Computation.Certification = plantPick(rng, "", "TBD", "n/a", "Trust us.")
		return true
	})
	plant(checkCompSmallCases, func(r *Revision, rng *rand.Rand) bool {
		if r.Computation == nil || !r.FiniteSearch() {
			return false
		}
		r.Computation.SmallCases = plantPick(rng, "", "TBD", "see the paper", "The small cases are easy.", "n/a", "Trivial.")
		return true
	})
	plant(checkCompExact, func(r *Revision, rng *rand.Rand) bool {
		if !r.Computational() {
			return false
		}
		weak := plantPick(rng, "Numerical evidence suggests the answer, and a floating-point search is enough.",
			"A Monte Carlo simulation that finds the value with high confidence.",
			"Heuristic search results that make the answer likely.")
		switch {
		case r.Acceptance.Kind == packet.Numerical && rng.IntN(2) == 0:
			r.Acceptance.Precision = weak
		case r.Computation != nil && rng.IntN(3) == 0:
			r.Computation.Certification = weak
		default:
			r.Acceptance.Certificate = weak
		}
		return true
	})
	plant(checkCompOrigin, func(r *Revision, rng *rand.Rand) bool {
		if r.Computation == nil || !r.FiniteSearch() {
			return false
		}
		if rng.IntN(2) == 0 {
			r.Computation.ParameterOrigin = plantPick(rng, "", "TBD", "Chosen arbitrarily.", "?")
			return true
		}
		r.Generated = true
		r.Computation.ParameterOrigin = plantPick(rng, "The parameter was chosen at random.", "A round number, picked because it is convenient.",
			"Selected arbitrarily by the generator as a nice value.")
		return true
	})
	plant(checkCompCode, func(r *Revision, rng *rand.Rand) bool {
		if r.Computation == nil {
			return false
		}
		if r.Computation.Code == nil {
			r.Computation.Code = &packet.CodeRef{Repository: "https://github.com/agentlab/search", Revision: plantPick(rng, "main", "", "master"),
				Inputs: plantPick(rng, "", "n = 17"), ExpectedDigest: plantPick(rng, "", "TBD")}
			return true
		}
		switch rng.IntN(4) {
		case 0:
			r.Computation.Code.Revision = plantPick(rng, "main", "master", "HEAD", "v1.0", "latest")
		case 1:
			r.Computation.Code.ExpectedDigest = plantPick(rng, "", "TBD", "?")
		case 2:
			r.Computation.Code.Inputs = plantPick(rng, "", "TBD", "n/a")
		default:
			r.Computation.Code.Repository = plantPick(rng, "", "TBD", "?")
		}
		return true
	})
}
