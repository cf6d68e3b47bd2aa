//go:build calibrate

package gates

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/similar"
)

func TestDuplicateCalibration(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(5, 5))
	r := clean()
	for range 20 {
		x := similar.NewIndex()
		if !DuplicateCalibration(r, rng, x) || x.Len() != 1 {
			t.Fatalf("DuplicateCalibration(clean()) did not add a copy")
		}
		cs, _ := x.Similar(context.Background(), r.Title, r.Statement, r.ProblemID, 1)
		if len(cs) != 1 || !strings.HasPrefix(cs[0].ID, "TDB-calibration-") || cs[0].Similarity < DuplicateReviewThreshold {
			t.Errorf("the planted copy = %v; want a TDB-calibration- candidate at %.2f or more", cs, DuplicateReviewThreshold)
		}
	}
	empty := clean()
	empty.Statement = " "
	if DuplicateCalibration(empty, rng, similar.NewIndex()) {
		t.Errorf("DuplicateCalibration(no statement) = true; want false")
	}
}

// TestDuplicatePlanters checks that the checks with the authority to fail have planters, which
// cannot plant into a packet, and that the calibration functions plant what the checks catch.
func TestDuplicatePlanters(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(9, 9))
	for _, c := range duplicateGate.Checks {
		p, ok := PlanterOf(c.ID)
		if c.Certifies != ok {
			t.Errorf("PlanterOf(%s) = %v; want %v", c.ID, ok, c.Certifies)
		}
		if ok && p(clean(), rng) {
			t.Errorf("planter of %s planted into the packet; want false (the defect lives in the environment)", c.ID)
		}
	}
	for range 10 {
		r := clean()
		x := similar.NewIndex()
		if !KnownAnswerCalibration(r, rng, x) {
			t.Fatal("KnownAnswerCalibration(clean()) = false")
		}
		if f := findingsOf(t, r, Env{Solved: x}, "duplicate.known-answer")[0]; f.Verdict == Pass {
			t.Errorf("known-answer on a planted solved copy = PASS: %s", f.Behaviour)
		}
		if f := findingsOf(t, r, Env{Claims: AnswerClaimCalibration(r, rng)}, "duplicate.answer-claim")[0]; f.Verdict != Fail {
			t.Errorf("answer-claim with a planted answer = %s; want FAIL", f.Verdict)
		}
		x = similar.NewIndex()
		DuplicateCalibration(r, rng, x)
		if f := findingsOf(t, r, Env{Problems: x}, "duplicate.near-duplicate")[0]; f.Verdict == Pass {
			t.Errorf("near-duplicate on a planted copy = PASS: %s", f.Behaviour)
		}
	}
}
