package policy_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/decision"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
)

// TestArchiveWithOtherReason: a reason code where one fits, OTHER where none does, and then the
// note's reason is the explanation, which an archive always requires.
func TestArchiveWithOtherReason(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		p := f.submit(t, f.member)
		other := decision.ReasonCodeOTHER
		_, err := f.decide(ctx, f.reviewer, policy.DecisionInput{ProblemID: p.ID, Action: decision.ActionARCHIVE,
			ReasonCode: &other, IdempotencyKey: "k1"})
		if diff := cmp.Diff([]errKey{{"notes.reason", policy.CodeRequired}}, keys(err)); diff != "" {
			t.Errorf("OTHER without an explanation (-want +got):\n%s", diff)
		}
		res, err := f.decide(ctx, f.reviewer, policy.DecisionInput{ProblemID: p.ID, Action: decision.ActionARCHIVE,
			ReasonCode: &other, IdempotencyKey: "k2",
			Notes: packet.DecisionNotes{Reason: "The problem was withdrawn at its source, which no reason code names."}})
		if err != nil || res.Problem.State != problem.StateARCHIVED || *res.Decision.ReasonCode != other {
			t.Fatalf("archive with OTHER and an explanation = %v, %+v", err, res)
		}
	})
}

// TestArchiveOtherRefusesGroundsThatDecideNothing: an OTHER archive that rests on a ground the
// policy says cannot support refusal — popularity, importance, difficulty, whether agents can
// solve it, retrieval fit, the lack of a formal statement — is refused with the ground named.
func TestArchiveOtherRefusesGroundsThatDecideNothing(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		p := f.submit(t, f.member)
		other := decision.ReasonCodeOTHER
		for i, reason := range []string{
			"Nobody will care about this problem; it is not popular.",
			"Not important enough for the index.",
			"Far too difficult: hopeless for the foreseeable future.",
			"Agents are unlikely to solve it, so it does not belong here.",
			"Poor retrieval fit for TheoremDB.",
			"There is no formal statement in Lean, only the informal one.",
		} {
			_, err := f.decide(ctx, f.reviewer, policy.DecisionInput{ProblemID: p.ID, Action: decision.ActionARCHIVE,
				ReasonCode: &other, IdempotencyKey: fmt.Sprint("g", i), Notes: packet.DecisionNotes{Reason: reason}})
			if diff := cmp.Diff([]errKey{{"notes.reason", policy.CodeInvalid}}, keys(err)); diff != "" {
				t.Errorf("archive OTHER for %q (-want +got):\n%s", reason, diff)
			}
		}
	})
}
