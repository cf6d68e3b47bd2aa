package graph_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
	"github.com/theoremdb/theoremdb/ui"
)

// TestReviewerShownByOneRule: who sees a decision's reviewer by handle is one rule,
// policy.SeesReviewers, which GraphQL (Decision.reviewer), the problem page's decisions and the
// export all follow: reviewers and operators see the handle; a reader signed out, a member, a
// moderator and an agent see the decision's authority and no account.
func TestReviewerShownByOneRule(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		a := newAPI(t, d)
		ctx := context.Background()
		account := func(handle string, roles ...role.Role) (*ent.Account, string) {
			t.Helper()
			acc, err := a.svc.CreateAccount(ctx, handle, "", roles)
			if err != nil {
				t.Fatal(err)
			}
			tok, err := a.svc.CreateToken(ctx, acc, "test")
			if err != nil {
				t.Fatal(err)
			}
			return acc, tok
		}
		_, rita := account("rita", role.Reviewer)
		account("ada")
		p := a.submit("ada", "Good integers")
		var out decisionData
		if r := a.do(rita, recordDecision, map[string]any{"pid": p, "rev": a.revision(p), "key": "k1"}, &out); out.RecordDecision.Decision == nil {
			t.Fatalf("recordDecision: %s", r.Body)
		}

		type who struct {
			name string
			acc  *ent.Account
			tok  string
			want bool // sees "rita"
		}
		viewers := []who{{name: "anonymous"}}
		for _, v := range []struct {
			handle string
			roles  []role.Role
			want   bool
		}{
			{"mia", nil, false},
			{"mona", []role.Role{role.Moderator}, false},
			{"bot", []role.Role{role.Agent, role.Reviewer}, false},
			{"rhea", []role.Role{role.Reviewer}, true},
			{"otto", []role.Role{role.Operator}, true},
		} {
			acc, tok := account(v.handle, v.roles...)
			viewers = append(viewers, who{v.handle, acc, tok, v.want})
		}
		for _, v := range viewers {
			if got := policy.SeesReviewers(v.acc); got != v.want {
				t.Errorf("SeesReviewers(%s) = %v; want %v", v.name, got, v.want)
			}
			var q struct {
				Problem struct {
					Decisions []struct {
						Authority string
						Reviewer  *struct{ Handle string }
					}
				}
			}
			r := a.do(v.tok, `query($id: String!) { problem(id: $id) { decisions { authority reviewer { handle } } } }`, map[string]any{"id": p}, &q)
			if len(r.Errors) > 0 || len(q.Problem.Decisions) != 1 {
				t.Fatalf("%s: %s", v.name, r.Body)
			}
			dec := q.Problem.Decisions[0]
			gqlShows := dec.Reviewer != nil && dec.Reviewer.Handle == "rita"
			if gqlShows != v.want || dec.Reviewer != nil && !v.want || dec.Authority != "REVIEWER" {
				t.Errorf("GraphQL to %s: reviewer %+v, authority %s; want the handle shown %v, the authority always", v.name, dec.Reviewer, dec.Authority, v.want)
			}
			pv, err := a.svc.ViewProblem(ctx, v.acc, p, 10)
			if err != nil {
				t.Fatal(err)
			}
			var page bytes.Buffer
			if err := ui.ProblemPage(ui.ProblemView{P: pv, Tab: "history"}).Render(ctx, &page); err != nil {
				t.Fatal(err)
			}
			pageShows := strings.Contains(page.String(), `data-testid="decision-reviewer"`) && strings.Contains(page.String(), "@rita")
			if pageShows != v.want {
				t.Errorf("the problem page to %s names the reviewer: %v; want %v, as GraphQL", v.name, pageShows, v.want)
			}
		}

		// The public download names no reviewer; the operator's export, which a restore reads, does.
		for _, names := range []bool{false, true} {
			var b bytes.Buffer
			if err := a.svc.ExportJSONL(ctx, &b, policy.ExportOptions{BaseURL: "https://theoremdb.example", Reviewers: names}); err != nil {
				t.Fatal(err)
			}
			if got := strings.Contains(b.String(), `"reviewer":"rita"`); got != names {
				t.Errorf("an export with Reviewers %v names the reviewer: %v", names, got)
			}
		}
	})
}
