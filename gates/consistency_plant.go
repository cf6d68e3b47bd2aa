//go:build calibrate

package gates

import (
	"math/rand/v2"
	"strings"
)

func init() {
	plant(checkConsistencyArtifacts, func(r *Revision, rng *rand.Rand) bool {
		if c := r.Computation; c != nil && c.Code != nil && rng.IntN(2) == 0 {
			c.Code.Revision = plantPick(rng, "main", "master", "HEAD", "latest", "develop")
			return true
		}
		owner, repo := plantPick(rng, "agentlab", "searchgroup", "jdoe"), plantPick(rng, "ramsey-search", "hadamard", "certify", "enumeration")
		var link string
		switch rng.IntN(4) {
		case 0:
			link = "https://github.com/" + owner + "/" + repo + "/tree/main"
		case 1:
			link = "https://github.com/" + owner + "/" + repo + "/blob/master/verify.py"
		case 2:
			link = "https://gitlab.com/" + owner + "/" + repo
		default:
			link = "https://github.com/" + owner + "/" + repo
		}
		sentence := "The verifying code is at " + link + "."
		if r.Computation != nil && rng.IntN(2) == 0 {
			r.Computation.Certification = strings.TrimSpace(r.Computation.Certification + " " + sentence)
			return true
		}
		r.Acceptance.Certificate = strings.TrimSpace(r.Acceptance.Certificate + " " + sentence)
		return true
	})
}
