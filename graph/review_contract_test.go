package graph_test

import (
	"context"
	"testing"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/binding"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
)

// TestReviewContract: the names agents rely on — reviewClaim with its payload and codes,
// Problem.hold and holds, pendingRevision — answer over GraphQL as the contract says.
func TestReviewContract(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		a := newAPI(t, d)
		a.token("ada")
		bot := a.token("bot", role.Agent, role.Reviewer)
		rita := a.token("rita", role.Reviewer)
		id := a.submit("ada", "Good integers")
		ada, _ := a.svc.AccountByHandle(ctx, "ada")
		c, err := a.svc.AttachClaim(ctx, ada, policy.ClaimInput{ProblemID: id, Summary: "Every integer is good.", Relation: binding.RelationADDRESSES})
		if err != nil {
			t.Fatal(err)
		}
		const review = `mutation($c: ID!, $rel: BindingRelation!) { reviewClaim(input: {claimId: $c, status: ESTABLISHED, relation: $rel,
			note: "The proof checks out and covers the statement."}) {
			claim { id status bindings { relation } } problem { id hold { reason } } userErrors { field code } } }`
		type payload struct {
			ReviewClaim struct {
				Claim *struct {
					ID, Status string
					Bindings   []struct{ Relation string }
				}
				Problem *struct {
					ID   string
					Hold *struct{ Reason string }
				}
				UserErrors []struct {
					Field []string
					Code  string
				}
			}
		}
		var out payload
		// An agent account reviews no claim, whatever its second role.
		if r := a.do(bot, review, map[string]any{"c": c.ID, "rel": "RESOLVES"}, &out); len(r.Errors) != 1 ||
			r.Errors[0].Extensions["code"] != "FORBIDDEN" {
			t.Errorf("agent-reviewer reviewClaim RESOLVES = %s; want FORBIDDEN", r.Body)
		}
		out = payload{}
		if r := a.do(rita, review, map[string]any{"c": c.ID, "rel": "RESOLVES"}, &out); len(r.Errors) > 0 {
			t.Fatal(r.Body)
		}
		rc := out.ReviewClaim
		if rc.Claim == nil || rc.Claim.Status != "ESTABLISHED" || rc.Problem == nil || rc.Problem.Hold == nil || rc.Problem.Hold.Reason != "ANSWER_CLAIM" {
			t.Fatalf("reviewClaim = %+v", rc)
		}
		var p struct {
			Problem struct {
				Hold *struct {
					Reason, Authority, OpenedAt string
					Claim                       *struct{ ID string }
				}
				Holds           []struct{ Reason string }
				PendingRevision *struct{ ID string }
			}
		}
		if r := a.do("", `query($id: String!) { problem(id: $id) { hold { reason authority openedAt claim { id } } holds { reason } pendingRevision { id number } } }`,
			map[string]any{"id": id}, &p); len(r.Errors) > 0 {
			t.Fatal(r.Body)
		}
		if h := p.Problem.Hold; h == nil || h.Claim == nil || h.Claim.ID != c.ID || h.OpenedAt == "" || len(p.Problem.Holds) != 1 || p.Problem.PendingRevision != nil {
			t.Errorf("problem = %+v; want the answer-claim hold naming the claim, and no pending revision", p.Problem)
		}

		// The presentation: the established answer is the resolution record and the headline; a
		// status record on a resolved packet is refused with a userError naming the field.
		type rec = *struct{ ID string }
		var pr struct {
			Problem struct {
				Presentation struct {
					Resolved                                       bool
					StatusRecord, ResolutionRecord, HeadlineRecord rec
				}
			}
		}
		if r := a.do("", `query($id: String!) { problem(id: $id) { presentation { resolved statusRecord { id } resolutionRecord { id } headlineRecord { id } } } }`,
			map[string]any{"id": id}, &pr); len(r.Errors) > 0 {
			t.Fatal(r.Body)
		}
		if ps := pr.Problem.Presentation; !ps.Resolved || ps.StatusRecord != nil || ps.ResolutionRecord == nil || ps.ResolutionRecord.ID != c.ID ||
			ps.HeadlineRecord == nil || ps.HeadlineRecord.ID != c.ID {
			t.Errorf("presentation = %+v; want resolved with %s as resolution and headline record", ps, c.ID)
		}
		var set struct {
			SetPresentation struct {
				Problem    *struct{ ID string }
				UserErrors []struct {
					Field []string
					Code  string
				}
			}
		}
		const setQ = `mutation($p: String!, $s: ID, $r: ID) { setPresentation(input: {problemId: $p, statusRecord: $s, resolutionRecord: $r}) {
			problem { id } userErrors { field code } } }`
		if r := a.do(rita, setQ, map[string]any{"p": id, "s": c.ID}, &set); len(r.Errors) > 0 {
			t.Fatal(r.Body)
		}
		if ue := set.SetPresentation.UserErrors; len(ue) != 1 || ue[0].Code != "INVALID" || len(ue[0].Field) != 1 || ue[0].Field[0] != "statusRecord" {
			t.Errorf("setPresentation(statusRecord on a resolved packet) userErrors = %+v", ue)
		}
		set.SetPresentation.UserErrors = nil
		if r := a.do(rita, setQ, map[string]any{"p": id, "r": c.ID}, &set); len(r.Errors) > 0 {
			t.Fatal(r.Body)
		}
		if sp := set.SetPresentation; len(sp.UserErrors) != 0 || sp.Problem == nil || sp.Problem.ID != id {
			t.Errorf("setPresentation(the answer) = %+v", sp)
		}
	})
}
