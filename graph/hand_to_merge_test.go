package graph_test

import (
	"context"
	"testing"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/flag"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
)

// TestHandCaseToMerge: over GraphQL a moderator hands a claimed duplicate case to the reviewers;
// the case is HANDED_TO_MERGE, a member may not do it, and the public moderation log lists the
// hand-over with the survivor it names.
func TestHandCaseToMerge(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		a := newAPI(t, d)
		ctx := context.Background()
		a.token("ada")
		mona := a.token("mona", role.Moderator)
		eve := a.token("eve")
		dup, survivor := a.submit("ada", "Good integers"), a.submit("ada", "Very good integers")
		acc, err := a.svc.AccountByHandle(ctx, "eve")
		if err != nil {
			t.Fatal(err)
		}
		res, err := a.svc.FlagProblem(ctx, acc, policy.FlagInput{ProblemID: dup, Reason: flag.ReasonDUPLICATE,
			Explanation: "The same question as the other one.", DuplicateOf: survivor})
		if err != nil {
			t.Fatal(err)
		}
		if r := a.do(mona, `mutation($id: ID!) { claimCase(input: {caseId: $id}) { userErrors { message } } }`, map[string]any{"id": res.Case.ID}, nil); len(r.Errors) > 0 {
			t.Fatalf("claimCase: %s", r.Body)
		}
		const hand = `mutation($id: ID!, $into: String!) { handCaseToMerge(input: {caseId: $id, mergeInto: $into, note: "Both ask the same question."}) {
			case { state } problem { id state } userErrors { field code } } }`
		var out struct {
			HandCaseToMerge struct {
				Case       *struct{ State string }
				Problem    *struct{ ID, State string }
				UserErrors []struct {
					Field []string
					Code  string
				}
			}
		}
		a.do(eve, hand, map[string]any{"id": res.Case.ID, "into": survivor}, &out)
		if out.HandCaseToMerge.Case != nil {
			t.Errorf("a member handed a case to merge: %+v", out)
		}
		out.HandCaseToMerge.Case = nil
		r := a.do(mona, hand, map[string]any{"id": res.Case.ID, "into": survivor}, &out)
		if c := out.HandCaseToMerge.Case; c == nil || c.State != "HANDED_TO_MERGE" || out.HandCaseToMerge.Problem.State != "PROSPECTING" {
			t.Fatalf("handCaseToMerge = %s; want the case HANDED_TO_MERGE and the problem still prospecting", r.Body)
		}
		var log struct {
			ModerationLog []struct {
				Action    string
				Problem   struct{ ID string }
				MergeInto *struct{ ID string }
				Reason    string
			}
		}
		r = a.do("", `{ moderationLog { action problem { id } mergeInto { id } reason } }`, nil, &log)
		if len(log.ModerationLog) != 1 || log.ModerationLog[0].Action != "HANDED_TO_MERGE" || log.ModerationLog[0].Problem.ID != dup ||
			log.ModerationLog[0].MergeInto == nil || log.ModerationLog[0].MergeInto.ID != survivor {
			t.Errorf("moderationLog = %s; want the hand-over of %s into %s", r.Body, dup, survivor)
		}
	})
}
