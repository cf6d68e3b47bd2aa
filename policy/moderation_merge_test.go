package policy_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/decision"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/ent/flag"
	"github.com/theoremdb/theoremdb/ent/moderationcase"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
)

// TestHandDuplicateToMerge: a moderator settles a claimed duplicate case by handing it to the
// reviewers, recorded as an event and in the public log; only a duplicate case, only a problem
// a reviewer can still merge, into one that survives. The review queue carries the proposal
// until a reviewer's decision answers it, and the merge itself goes through RecordDecision.
func TestHandDuplicateToMerge(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		mod := f.account(t, "mona", role.Moderator)
		rev := f.reviewer
		eve := f.account(t, "eve")
		dup, survivor, gone := f.submit(t, f.member), f.submit(t, f.member), f.submit(t, f.member)
		flagged, err := f.svc.FlagProblem(ctx, eve, policy.FlagInput{ProblemID: dup.ID, Reason: flag.ReasonDUPLICATE,
			Explanation: because, DuplicateOf: survivor.ID})
		if err != nil {
			t.Fatal(err)
		}
		other, err := f.svc.FlagProblem(ctx, eve, policy.FlagInput{ProblemID: survivor.ID, Reason: flag.ReasonKNOWN_ANSWER, Explanation: because})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []string{flagged.Case.ID, other.Case.ID} {
			if _, err := f.svc.ClaimCase(ctx, mod, c); err != nil {
				t.Fatal(err)
			}
		}
		// The survivor must survive; only a duplicate case is handed; a note is required.
		if _, err := f.decide(ctx, rev, policy.DecisionInput{ProblemID: gone.ID, Action: decision.ActionARCHIVE,
			ReasonCode: ptr(decision.ReasonCodeILL_DEFINED_STATEMENT), IdempotencyKey: "archive-gone", Notes: packet.DecisionNotes{Reason: "The objects are not defined."}}); err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			name, caseID, into, note string
			want                     []errKey
		}{
			{"no note", flagged.Case.ID, survivor.ID, "", []errKey{{"note", policy.CodeRequired}}},
			{"no survivor", flagged.Case.ID, "", "Same question.", []errKey{{"mergeInto", policy.CodeRequired}}},
			{"unknown survivor", flagged.Case.ID, "TDB-404", "Same question.", []errKey{{"mergeInto", policy.CodeNotFound}}},
			{"archived survivor", flagged.Case.ID, gone.ID, "Same question.", []errKey{{"mergeInto", policy.CodeInvalid}}},
			{"into itself", flagged.Case.ID, dup.ID, "Same question.", []errKey{{"mergeInto", policy.CodeInvalid}}},
			{"not a duplicate case", other.Case.ID, dup.ID, "Same question.", []errKey{{"caseId", policy.CodeInvalid}}},
		} {
			_, _, err := f.svc.HandToMerge(ctx, mod, tc.caseID, tc.into, tc.note)
			if diff := cmp.Diff(tc.want, keys(err)); diff != "" {
				t.Errorf("HandToMerge(%s) (-want +got):\n%s", tc.name, diff)
			}
		}
		if _, _, err := f.svc.HandToMerge(ctx, eve, flagged.Case.ID, survivor.ID, "Same question."); err == nil {
			t.Error("a member handed a case to merge")
		}

		c, pid, err := f.svc.HandToMerge(ctx, mod, flagged.Case.ID, survivor.Slug, "Both ask the same question.")
		if err != nil || pid != dup.ID || c.State != moderationcase.StateHANDED_TO_MERGE || c.ResolvedAt == nil {
			t.Fatalf("HandToMerge() = %+v, %s, %v; want the case handed", c, pid, err)
		}
		ev, err := f.svc.Client().Event.Query().Where(event.KindEQ(policy.KindCaseHandedToMerge), event.Subject(dup.ID)).Only(ctx)
		if err != nil || ev.Actor != mod.ID {
			t.Fatalf("the hand-over's event: %+v, %v", ev, err)
		}
		log, err := f.svc.ModerationLog(ctx, 10, 0)
		if err != nil || len(log) == 0 || log[0].MergeInto != survivor.ID || log[0].ProblemID != dup.ID || log[0].Reason != "Both ask the same question." {
			t.Errorf("moderation log = %+v, %v; want the hand-over first", log, err)
		}
		if p, _ := f.svc.Client().Problem.Get(ctx, dup.ID); p.State != problem.StatePROSPECTING {
			t.Errorf("after the hand-over %s is %s; want it prospecting until a reviewer decides", dup.ID, p.State)
		}
		queue := func() string {
			items, err := f.svc.ReviewQueue(ctx, rev, 100)
			if err != nil {
				t.Fatal(err)
			}
			for _, it := range items {
				if it.ID == dup.ID {
					return it.MergeInto
				}
			}
			return "(not listed)"
		}
		if got := queue(); got != survivor.ID {
			t.Errorf("the review queue proposes %q for %s; want %s", got, dup.ID, survivor.ID)
		}
		if _, err := f.decide(ctx, rev, policy.DecisionInput{ProblemID: dup.ID, Action: decision.ActionMERGE, MergeInto: survivor.ID, IdempotencyKey: "merge-dup",
			Notes: packet.DecisionNotes{DuplicateCheck: "The same statement.", Reason: "A direct duplicate."}}); err != nil {
			t.Fatal(err)
		}
		if p, _ := f.svc.Client().Problem.Get(ctx, dup.ID); p.State != problem.StateMERGED || *p.MergedIntoID != survivor.ID {
			t.Errorf("after the reviewer's merge %s is %s into %v", dup.ID, p.State, p.MergedIntoID)
		}
		if hs, err := f.svc.MergeHandoffs(ctx, []string{dup.ID}); err != nil || len(hs) != 0 {
			t.Errorf("after the merge the proposal stands: %+v, %v", hs, err)
		}
	})
}
