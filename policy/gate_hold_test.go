package policy_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/decision"
	"github.com/theoremdb/theoremdb/ent/hold"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
)

// TestReviewerSettlesADuplicateHold: a failing duplicate check holds the problem for staff — no
// default acceptance, no qualify without staff — and a reviewer's merge into the problem the
// finding names, or archive as a direct duplicate, settles it; any other decision stays staff
// work.
func TestReviewerSettlesADuplicateHold(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		for _, action := range []decision.Action{decision.ActionMERGE, decision.ActionARCHIVE} {
			t.Run(string(action), func(t *testing.T) {
				f := newFixture(t, d)
				first := f.submit(t, f.member)
				f.runRealGates(t, *first.CurrentRevisionID)
				dup := f.submit(t, f.member)
				f.runRealGates(t, *dup.CurrentRevisionID)
				hs, _ := f.svc.Client().Hold.Query().Where(hold.ProblemID(dup.ID), hold.ReleasedAtIsNil()).All(ctx)
				if len(hs) != 1 || hs[0].Reason != hold.ReasonDUPLICATE {
					t.Fatalf("holds of the copy = %+v; want one DUPLICATE hold", hs)
				}
				refused := func(name string, in policy.DecisionInput) {
					t.Helper()
					in.ProblemID, in.RevisionID = dup.ID, *dup.CurrentRevisionID
					_, err := f.svc.RecordDecision(ctx, f.reviewer, in)
					if diff := cmp.Diff([]errKey{{"problemId", policy.CodeHeldForStaff}}, keys(err)); diff != "" {
						t.Errorf("%s on a duplicate hold (-want +got):\n%s\nerr = %v", name, diff, err)
					}
				}
				refused("qualify", policy.DecisionInput{Action: decision.ActionQUALIFY, Notes: qualifyNotes(), IdempotencyKey: "q"})
				refused("archive for another reason", policy.DecisionInput{Action: decision.ActionARCHIVE,
					ReasonCode: ptr(decision.ReasonCodeILL_DEFINED_STATEMENT), IdempotencyKey: "a0",
					Notes: packet.DecisionNotes{Reason: "The statement is ill-defined."}})
				in := policy.DecisionInput{ProblemID: dup.ID, RevisionID: *dup.CurrentRevisionID, Action: action, IdempotencyKey: "s",
					Notes: packet.DecisionNotes{Reason: "The same statement as " + first.ID + ", word for word."}}
				if action == decision.ActionMERGE {
					in.MergeInto = first.ID
					in.Notes.DuplicateCheck = "The statements are identical."
				} else {
					in.ReasonCode = ptr(decision.ReasonCodeDIRECT_DUPLICATE)
				}
				res, err := f.svc.RecordDecision(ctx, f.reviewer, in)
				if err != nil {
					t.Fatalf("a reviewer's %s the finding supports = %v", action, err)
				}
				want := map[decision.Action]problem.State{decision.ActionMERGE: problem.StateMERGED, decision.ActionARCHIVE: problem.StateARCHIVED}[action]
				if res.Problem.State != want {
					t.Errorf("state after the reviewer's %s = %s; want %s", action, res.Problem.State, want)
				}
				if n, _ := f.svc.Client().Hold.Query().Where(hold.ProblemID(dup.ID), hold.ReleasedAtIsNil()).Count(ctx); n != 0 {
					t.Errorf("%d holds still open after the reviewer settled it", n)
				}
			})
		}
	})
}

// TestReviewOfferedOnAGateHold: the review page offers a reviewer the decision on a problem held
// only by a failing duplicate check (the server then takes only the archive or merge the finding
// supports).
func TestReviewOfferedOnAGateHold(t *testing.T) {
	t.Parallel()
	f := newFixture(t, "sqlite3")
	ctx := context.Background()
	first := f.submit(t, f.member)
	f.runRealGates(t, *first.CurrentRevisionID)
	dup := f.submit(t, f.member)
	f.runRealGates(t, *dup.CurrentRevisionID)
	pk, err := f.svc.ProblemPacket(ctx, dup.ID)
	if err != nil {
		t.Fatal(err)
	}
	if perm := policy.PermissionsOn(f.reviewer, pk.Problem, f.clock.Now()); !policy.ReviewerMaySettle(pk.Problem) || !perm.Review || !perm.SettleGateHold {
		t.Errorf("a reviewer is not offered the decision on a problem held by a duplicate finding")
	}
}
