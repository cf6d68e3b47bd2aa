//go:build calibrate

package gates

import (
	"math/rand/v2"
	"testing"

	"github.com/theoremdb/theoremdb/packet"
)

// TestEveryCheckHasItsPlanter: every check that may FAIL has a planter for calibration, and no
// planter names an unknown check.
func TestEveryCheckHasItsPlanter(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	for _, g := range All() {
		for _, c := range g.Checks {
			seen[c.ID] = true
			if _, ok := PlanterOf(c.ID); ok != c.Certifies {
				t.Errorf("%s: check %s certifies %v but has planter %v", g.Name, c.ID, c.Certifies, ok)
			}
		}
	}
	for _, id := range PlantedChecks() {
		if !seen[id] {
			t.Errorf("planter for an unknown check %s", id)
		}
	}
}

// plantBases returns the packets a planter may meet: the two clean ones, and the clean one
// without its optional open-status, hero and computation records.
func plantBases() []func() *Revision {
	bare := func() *Revision {
		r := clean()
		r.OpenStatus, r.Hero, r.Computation = packet.OpenStatus{}, packet.Hero{}, nil
		return r
	}
	return []func() *Revision{clean, computationalClean, bare}
}

func TestPlantersAreCaught(t *testing.T) {
	t.Parallel()
	env := copyEnv(t)
	byCheck := map[string]*Gate{}
	for _, g := range myGates {
		for _, c := range g.Checks {
			byCheck[c.ID] = g
		}
	}
	for id, g := range byCheck {
		p, ok := PlanterOf(id)
		if !ok {
			continue
		}
		t.Run(id, func(t *testing.T) {
			t.Parallel()
			planted := 0
			for bi, base := range plantBases() {
				for seed := range uint64(40) {
					r := base().Clone()
					if !p(r, rand.New(rand.NewPCG(seed, uint64(bi)))) {
						continue
					}
					planted++
					if got, fs := checkVerdict(t, g, r, env, id); got != Fail && got != NeedsHuman {
						t.Errorf("planter %s on base %d seed %d: verdict %s; want FAIL or NEEDS_HUMAN\nfindings %+v", id, bi, seed, got, fs)
					}
				}
			}
			if planted == 0 {
				t.Errorf("planter %s planted nothing in any base packet", id)
			}
		})
	}
}
