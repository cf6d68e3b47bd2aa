//go:build calibrate

package gates

import (
	"math/rand/v2"
	"strings"

	"github.com/theoremdb/theoremdb/packet"
)

func init() {
	plant(checkHeroBrief, func(r *Revision, rng *rand.Rand) bool {
		if r.Hero.Brief == "" {
			return false
		}
		r.Hero.Brief = plantPick(rng, "", "TBD", "todo", "Hero image.", "?")
		return true
	})
	plant(checkHeroSource, func(r *Revision, rng *rand.Rand) bool {
		if r.Hero.Brief == "" && r.Hero.Alt == "" && r.Hero.Caption == "" {
			return false
		}
		if rng.IntN(4) == 0 {
			r.Hero = packet.Hero{}
			return true
		}
		r.Hero.Bespoke = true
		r.Hero.RightsBasis = plantPick(rng, "", "TBD", "n/a", "?")
		return true
	})
	plant(checkHeroAlt, func(r *Revision, rng *rand.Rand) bool {
		if r.Hero.Alt == "" {
			return false
		}
		r.Hero.Alt = plantPick(rng, "", "Hero image.", "Decorative illustration.", "An illustration of the problem.",
			"Figure.", "Decorative mathematical symbols on a background.", "image")
		return true
	})
	plant(checkHeroCaption, func(r *Revision, rng *rand.Rand) bool {
		if r.Hero.Caption == "" {
			return false
		}
		claim := plantPick(rng, "The conjecture was proved in 2024.", "This problem remains open.", "The best known bound of 246 is shown.",
			"A counterexample found by computer search.", "We show the extremal case.", "The picture illustrates the main theorem.",
			"The problem is still unsolved.")
		// The recorded state of the art as a bound: "The quantity stays below 46."
		if nums := twoDigitsRe.FindAllString(r.OpenStatus.StrongestKnown, 5); len(nums) > 0 && rng.IntN(2) == 0 {
			claim = plantPick(rng, "The quantity shown stays below ", "Here the value is at most ", "The count drawn exceeds ") +
				nums[rng.IntN(len(nums))] + "."
		}
		if rng.IntN(2) == 0 {
			r.Hero.Caption = claim
		} else {
			r.Hero.Caption = strings.TrimSpace(r.Hero.Caption) + " " + claim
		}
		return true
	})
}
