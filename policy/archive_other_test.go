package policy_test

import (
	"context"
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
