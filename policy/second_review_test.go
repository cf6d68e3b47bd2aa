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
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
)

func TestWeekOf(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"2026-11-30T00:00:00Z":      "2026-11-30", // a Monday
		"2026-12-06T23:59:59Z":      "2026-11-30", // the Sunday after
		"2026-12-07T00:00:00Z":      "2026-12-07",
		"2026-12-01T05:00:00+09:00": "2026-11-30", // Monday 20:00 UTC
	} {
		at, _ := time.Parse(time.RFC3339, in)
		if got := policy.WeekOf(at).Format("2006-01-02"); got != want {
			t.Errorf("WeekOf(%s) = %s; want %s", in, got, want)
		}
	}
}

// TestSecondReviews: the 1st and 11th qualify decisions of a UTC week are selected, on the
// record; a second review is by another reviewer on the same revision; agreeing names no split,
// splitting names its class, and an ERROR holds the accepted problem for staff, who settle it.
func TestSecondReviews(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		second := f.account(t, "rhea", role.Reviewer)
		var qualified []*policy.DecisionResult
		for i := range 11 {
			p := f.submit(t, f.member)
			res, err := f.decide(ctx, f.reviewer, policy.DecisionInput{ProblemID: p.ID, Action: decision.ActionQUALIFY,
				Notes: qualifyNotes(), IdempotencyKey: "q" + p.ID})
			if err != nil {
				t.Fatalf("qualify %d: %v", i, err)
			}
			qualified = append(qualified, res)
		}
		var selected []int
		for i, q := range qualified {
			d, _ := f.svc.Client().Decision.Get(ctx, q.Decision.ID)
			if d.SecondReviewSelectedAt != nil {
				selected = append(selected, i+1)
			}
		}
		if diff := cmp.Diff([]int{1, 11}, selected); diff != "" {
			t.Errorf("qualify decisions selected for a second review (-want +got):\n%s", diff)
		}
		if n, _ := f.svc.Client().Event.Query().Where(event.Kind(policy.KindSecondReviewSelected)).Count(ctx); n != 2 {
			t.Errorf("%d selection events; want 2", n)
		}
		queue, err := f.svc.SecondReviewQueue(ctx, second, 10)
		if err != nil || len(queue) != 2 || !queue[0].CanReview {
			t.Fatalf("SecondReviewQueue() = %+v, %v", queue, err)
		}
		first := qualified[0].Decision
		in := func(action decision.Action, key string, dis *decision.Disagreement) policy.DecisionInput {
			notes := packet.DecisionNotes{Reason: "The cited bound is misquoted; the problem is open in a weaker form only."}
			if action == decision.ActionQUALIFY {
				notes = qualifyNotes()
			}
			return policy.DecisionInput{ProblemID: first.ProblemID, RevisionID: first.RevisionID, Action: action,
				Notes:            notes,
				RevisionRequests: map[bool][]string{true: {"Quote the bound as the source states it."}}[action == decision.ActionKEEP_PROSPECTING],
				IdempotencyKey:   key, SecondReviewOf: first.ID, Disagreement: dis}
		}
		_, err = f.svc.RecordDecision(ctx, f.reviewer, in(decision.ActionQUALIFY, "s1", nil))
		if diff := cmp.Diff([]errKey{{"secondReviewOf", policy.CodeSelfReview}}, keys(err)); diff != "" {
			t.Errorf("the first reviewer reviews again (-want +got):\n%s", diff)
		}
		_, err = f.svc.RecordDecision(ctx, second, in(decision.ActionKEEP_PROSPECTING, "s2", nil))
		if diff := cmp.Diff([]errKey{{"disagreement", policy.CodeRequired}}, keys(err)); diff != "" {
			t.Errorf("a split without its class (-want +got):\n%s", diff)
		}
		errClass := decision.DisagreementERROR
		res, err := f.svc.RecordDecision(ctx, second, in(decision.ActionKEEP_PROSPECTING, "s3", &errClass))
		if err != nil {
			t.Fatalf("second review with an error = %v", err)
		}
		if res.Problem.State != problem.StateACCEPTED || res.Decision.SecondReviewOfID == nil || *res.Decision.Disagreement != errClass {
			t.Errorf("after the split: state %s, decision %+v", res.Problem.State, res.Decision)
		}
		hs, _ := f.svc.Client().Hold.Query().Where(hold.ProblemID(first.ProblemID), hold.ReleasedAtIsNil()).All(ctx)
		if len(hs) != 1 || hs[0].Reason != hold.ReasonDISAGREEMENT {
			t.Fatalf("holds after an ERROR split = %+v; want one DISAGREEMENT hold", hs)
		}
		if _, err := f.svc.RecordDecision(ctx, second, in(decision.ActionQUALIFY, "s4", nil)); err == nil {
			t.Error("a second second review was recorded")
		}
		splits, counts, err := f.svc.DisagreementQueue(ctx, second, decision.DisagreementERROR, 10)
		if err != nil || len(splits) != 1 || splits[0].FirstDecision != first.ID || splits[0].Class != "ERROR" || counts["ERROR"] != 1 || len(counts) != 1 {
			t.Errorf("DisagreementQueue(ERROR) = %+v, %v, %v; want the one split naming the first decision, counted", splits, counts, err)
		}
		if others, _, err := f.svc.DisagreementQueue(ctx, second, decision.DisagreementEXPERTISE, 10); err != nil || len(others) != 0 {
			t.Errorf("DisagreementQueue(EXPERTISE) = %+v, %v; want none", others, err)
		}
		code := decision.ReasonCodeOTHER
		staff, err := f.svc.RecordDecision(ctx, f.operator, policy.DecisionInput{ProblemID: first.ProblemID, RevisionID: first.RevisionID,
			Action: decision.ActionARCHIVE, ReasonCode: &code, IdempotencyKey: "staff",
			Notes: packet.DecisionNotes{Reason: "The second review is right: the open status was misquoted."}})
		if err != nil || staff.Problem.State != problem.StateARCHIVED || staff.Decision.Authority != decision.AuthoritySTAFF {
			t.Fatalf("staff archive of the held accepted problem = %+v, %v", staff, err)
		}
		if n, _ := f.svc.Client().Hold.Query().Where(hold.ReleasedAtIsNil()).Count(ctx); n != 0 {
			t.Errorf("%d holds open after the staff decision", n)
		}
	})
}
