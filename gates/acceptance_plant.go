//go:build calibrate

package gates

import (
	"math/rand/v2"

	"github.com/theoremdb/theoremdb/packet"
)

func init() {
	plant(checkAcceptanceEvidence, func(r *Revision, rng *rand.Rand) bool {
		switch rng.IntN(4) {
		case 0:
			r.Acceptance.Criterion = plantPick(rng, "TBD", "todo", "n/a", "-", "?", "See above.", "Same as statement.")
		case 1:
			r.Acceptance.Criterion = plantPick(rng, "Solve the problem.", "A complete and correct solution of the problem.",
				"Settle the question.", "Resolve the conjecture.", "Answer the question posed above.")
		case 2:
			r.Acceptance.Criterion = r.Statement
		default:
			r.Acceptance.Kind = ""
			r.Acceptance.Criterion = plantPick(rng, "Solve it.", "TBD", "Answer.")
		}
		return true
	})
	plant(checkAcceptanceNumerical, func(r *Revision, rng *rand.Rand) bool {
		if r.Acceptance.Kind != packet.Numerical {
			// A record that declares a numerical target without the numerical parts.
			r.Acceptance.Kind = packet.Numerical
			r.Acceptance.Precision = plantPick(rng, "", "TBD", "n/a")
			return true
		}
		switch rng.IntN(3) {
		case 0:
			r.Acceptance.Precision = plantPick(rng, "", "TBD", "?", "see above")
		case 1:
			r.Acceptance.Criterion = plantPick(rng, "A proof.", "A proof of the statement.", "A proof or a disproof of the claim.")
		default:
			r.Acceptance.Precision = "The answer should be good enough to convince the community."
			r.Acceptance.Certificate = ""
		}
		return true
	})
	plant(checkAcceptanceSearch, func(r *Revision, rng *rand.Rand) bool {
		r.Acceptance.Kind = packet.Search
		switch rng.IntN(3) {
		case 0:
			r.Acceptance.SearchSpace = plantPick(rng, "", "TBD", "same as statement", "all of them")
		case 1:
			r.Acceptance.Certificate = plantPick(rng, "", "TBD", "n/a", "see above")
		default:
			r.Acceptance.SearchSpace, r.Acceptance.Certificate = "", ""
		}
		return true
	})
	plant(checkAcceptanceClassification, func(r *Revision, rng *rand.Rand) bool {
		r.Acceptance.Kind = packet.Classification
		switch rng.IntN(2) {
		case 0:
			r.Acceptance.Equivalence = plantPick(rng, "", "TBD", "the usual one", "n/a", "see statement")
		default:
			r.Acceptance.Equivalence = "Two objects are the same when they are isomorphic."
			r.Acceptance.Criterion = "A classification of the objects in the statement, with a proof."
		}
		return true
	})
}

// plantPick returns one of the options, chosen by rng.
func plantPick(rng *rand.Rand, options ...string) string { return options[rng.IntN(len(options))] }
