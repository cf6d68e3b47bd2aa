package policy_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/decision"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/ent/hold"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
)

// TestHeldForStaff: a reviewer sends a problem to staff; while held it stays prospecting, no
// reviewer may decide it, and its default acceptance waits past the deadline; a staff qualify
// then accepts it at once on the authority STAFF and releases the hold, on the record.
func TestHeldForStaff(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		p := f.submitChecked(t, f.member)
		if _, err := f.svc.SendToStaff(ctx, f.member, p.ID, "why"); err == nil {
			t.Error("a member sent a problem to staff")
		}
		if _, err := f.svc.SendToStaff(ctx, f.reviewer, p.ID, ""); !cmp.Equal(keys(err), []errKey{{"note", policy.CodeRequired}}) {
			t.Errorf("send to staff without a note = %v", err)
		}
		h, err := f.svc.SendToStaff(ctx, f.reviewer, p.ID, "The cited source may already answer it; staff should compare.")
		if err != nil || h.Reason != hold.ReasonREVIEWER {
			t.Fatalf("SendToStaff() = %+v, %v", h, err)
		}
		pk, _ := f.svc.ProblemPacket(ctx, p.ID)
		if len(pk.Holds) != 1 || pk.Problem.State != problem.StatePROSPECTING {
			t.Fatalf("packet after the hold: %d holds, state %s", len(pk.Holds), pk.Problem.State)
		}
		_, err = f.decide(ctx, f.reviewer, policy.DecisionInput{ProblemID: p.ID, Action: decision.ActionKEEP_PROSPECTING,
			Notes: packet.DecisionNotes{Reason: "r"}, RevisionRequests: []string{"Cite the answer."}, IdempotencyKey: "k1"})
		if diff := cmp.Diff([]errKey{{"problemId", policy.CodeHeldForStaff}}, keys(err)); diff != "" {
			t.Errorf("a reviewer's decision on a held problem (-want +got):\n%s", diff)
		}
		f.clock.Advance(policy.DefaultChallengeWindow + time.Hour)
		if ok, err := f.svc.AcceptElapsed(ctx, p.ID); ok || err != nil {
			t.Errorf("AcceptElapsed(held) = %v, %v; want it to wait for staff", ok, err)
		}
		if n, err := f.svc.AcceptOverdue(ctx); n != 0 || err != nil {
			t.Errorf("AcceptOverdue() = %d, %v; want the held problem left alone", n, err)
		}
		res, err := f.decide(ctx, f.operator, policy.DecisionInput{ProblemID: p.ID, Action: decision.ActionQUALIFY,
			Notes: qualifyNotes(), IdempotencyKey: "staff-1"})
		if err != nil {
			t.Fatalf("staff qualify after the deadline = %v", err)
		}
		if res.Problem.State != problem.StateACCEPTED || res.Decision.Authority != decision.AuthoritySTAFF ||
			*res.Problem.AcceptanceAuthority != problem.AcceptanceAuthoritySTAFF {
			t.Errorf("after staff qualify: state %s, decision authority %s", res.Problem.State, res.Decision.Authority)
		}
		open, _ := f.svc.Client().Hold.Query().Where(hold.ReleasedAtIsNil()).Count(ctx)
		released, _ := f.svc.Client().Event.Query().Where(event.Kind(policy.KindHoldReleased), event.Subject(p.ID)).Count(ctx)
		if open != 0 || released != 1 {
			t.Errorf("after the staff decision: %d holds open, %d release events", open, released)
		}
	})
}

// TestStaffKeepProspectingAfterTheDeadline: staff who keep a held problem prospecting after its
// deadline give the revision requests a new challenge period.
func TestStaffKeepProspectingAfterTheDeadline(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		p := f.submitChecked(t, f.member)
		if _, err := f.svc.SendToStaff(ctx, f.reviewer, p.ID, "Ask staff."); err != nil {
			t.Fatal(err)
		}
		f.clock.Advance(policy.DefaultChallengeWindow + time.Hour)
		res, err := f.decide(ctx, f.operator, policy.DecisionInput{ProblemID: p.ID, Action: decision.ActionKEEP_PROSPECTING,
			Notes: packet.DecisionNotes{Reason: "The search misses the 2024 survey."}, RevisionRequests: []string{"Cite the 2024 survey."},
			IdempotencyKey: "staff-kp"})
		if err != nil {
			t.Fatal(err)
		}
		if want := f.clock.Now().Add(policy.DefaultChallengeWindow); !res.Problem.Deadline.Equal(want.UTC().Truncate(time.Microsecond)) ||
			res.Problem.State != problem.StatePROSPECTING {
			t.Errorf("after staff keep-prospecting: state %s, deadline %s; want prospecting until %s", res.Problem.State, res.Problem.Deadline, want)
		}
	})
}

// TestDuplicateGateHoldsForStaff: a failing duplicate or known-answer check on the current
// revision holds the problem for staff, once however often the gate runs.
func TestDuplicateGateHoldsForStaff(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		p := f.submit(t, f.member)
		for range 2 {
			runs, err := f.svc.GateRunsToDo(ctx, *p.CurrentRevisionID)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range runs {
				res := gates.Result{Gate: gates.Name(r.Gate), Outcome: gates.OutcomePass, Started: f.clock.Now(), Finished: f.clock.Now()}
				if r.Gate == "DUPLICATE" {
					res.Outcome = gates.OutcomeFail
					res.Findings = []gates.Finding{{Check: "duplicate.known-answer", Criterion: "c", Policy: gates.PolicyVersion,
						Span: gates.Span{Field: "statement"}, Behaviour: "The statement matches solved:x (0.97).",
						Evidence: gates.Contradicts, Verdict: gates.Fail, Fix: "f", Consequence: gates.BlocksQualify}}
				}
				if err := f.svc.RecordGateResult(ctx, r.ID, "d", res); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := f.svc.RerunGates(ctx, gates.Duplicate, p.ID); err != nil {
				t.Fatal(err)
			}
		}
		hs, err := f.svc.Client().Hold.Query().Where(hold.ProblemID(p.ID)).All(ctx)
		if err != nil || len(hs) != 1 || hs[0].Reason != hold.ReasonKNOWN_ANSWER || hs[0].Authority != policy.AuthorityGate {
			t.Errorf("holds after two failing known-answer runs = %+v, %v; want one KNOWN_ANSWER hold by the gate", hs, err)
		}
	})
}
