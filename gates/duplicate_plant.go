//go:build calibrate

package gates

import (
	"fmt"
	"math/rand/v2"

	"github.com/theoremdb/theoremdb/similar"
)

// DuplicateCalibration plants a near duplicate of r for calibration (make calibrate-gates): it
// adds to idx, under an ID no problem has, a near copy of r's statement as another live problem,
// so that running the duplicate gate on r with idx as Env.Problems must report it. The copy is
// the kind a resubmission makes (similar.Index.AddNearCopy). It returns false when r has no
// statement to copy.
//
// The planter registered for duplicate.near-duplicate returns false, because a duplicate is a
// relation between a packet and the index, which a planter, changing the packet alone, cannot
// create; the calibration calls DuplicateCalibration instead.
func DuplicateCalibration(r *Revision, rng *rand.Rand, idx *similar.Index) bool {
	return idx.AddNearCopy(rng, r.Title, r.Statement, "TDB-calibration-", "ACCEPTED", "")
}

// KnownAnswerCalibration plants a known answer for calibration: it adds to idx, a catalogue of
// solved records, a near copy of r's statement (see DuplicateCalibration) as a record its
// source says is solved. It returns false when r has no statement to copy.
func KnownAnswerCalibration(r *Revision, rng *rand.Rand, idx *similar.Index) bool {
	return idx.AddNearCopy(rng, r.Title, r.Statement, "solved-calibration:", "proved", "https://example.org/solved-calibration")
}

// AnswerClaimCalibration plants an attached answer for calibration: it returns claims for r's
// problem of which one, picked by rng among a few, is a machine-readable answer.
func AnswerClaimCalibration(r *Revision, rng *rand.Rand) Claims {
	summaries := []string{"Proof of the statement in full.", "A counterexample disproving the statement.",
		"The requested value, with a certificate.", "Complete resolution of the question as stated."}
	claims := []Claim{{ID: "claim-lemma", Summary: "A lemma addressing a special case.", Answer: false}}
	k := rng.IntN(len(summaries))
	claims = append(claims, Claim{ID: fmt.Sprintf("claim-answer-%d", k), Summary: summaries[k], Answer: true})
	return StaticClaims{r.ProblemID: claims}
}

// The three checks with the authority to fail read the environment, not the packet: a planter,
// which changes the packet alone, cannot plant their defects, so each returns false and the
// calibration plants through DuplicateCalibration, KnownAnswerCalibration and
// AnswerClaimCalibration instead.
func init() {
	for _, id := range []string{"duplicate.near-duplicate", "duplicate.known-answer", "duplicate.answer-claim"} {
		plant(id, func(*Revision, *rand.Rand) bool { return false })
	}
}
