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

// TestEventActorByOneRule: who acted is shown by one rule (policy.ActorShown) on GraphQL's
// Event.actor and on the account's activity page, and never as an account's internal ID: an
// author (the proposer, a claim's author) is named to anyone; a reviewer only to reviewers,
// operators and the reviewer; the site acting by itself to no one.
func TestEventActorByOneRule(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		a := newAPI(t, d)
		ctx := context.Background()
		accounts := map[string]*ent.Account{}
		tokens := map[string]string{"anonymous": ""}
		for handle, roles := range map[string][]role.Role{
			"rita": {role.Reviewer}, "ada": nil, "mia": nil, "mona": {role.Moderator},
			"bot": {role.Agent, role.Reviewer}, "rhea": {role.Reviewer}, "otto": {role.Operator},
		} {
			acc, err := a.svc.CreateAccount(ctx, handle, "", roles)
			if err != nil {
				t.Fatal(err)
			}
			if tokens[handle], err = a.svc.CreateToken(ctx, acc, "test"); err != nil {
				t.Fatal(err)
			}
			accounts[handle] = acc
		}
		p := a.submit("ada", "Good integers")
		var dec decisionData
		if r := a.do(tokens["rita"], recordDecision, map[string]any{"pid": p, "rev": a.revision(p), "key": "k1"}, &dec); dec.RecordDecision.Decision == nil {
			t.Fatalf("recordDecision: %s", r.Body)
		}
		if r := a.do(tokens["mia"], `mutation($p: String!) { attachClaim(input: {problemId: $p, summary: "Every n below 10^6 is good.", relation: ADDRESSES}) { claim { id } } }`,
			map[string]any{"p": p}, nil); len(r.Errors) > 0 {
			t.Fatalf("attachClaim: %s", r.Body)
		}

		for name, tok := range tokens {
			viewer := accounts[name]
			var q struct {
				Problem struct {
					Events []struct {
						Kind, Authority string
						Actor           *string
					}
				}
			}
			r := a.do(tok, `query($id: String!) { problem(id: $id) { events { kind authority actor } } }`, map[string]any{"id": p}, &q)
			if len(r.Errors) > 0 {
				t.Fatalf("%s: %s", name, r.Body)
			}
			seen := map[string]string{}
			for _, ev := range q.Problem.Events {
				shown := ""
				if ev.Actor != nil {
					shown = *ev.Actor
				}
				for _, acc := range accounts {
					if shown == acc.ID || strings.HasPrefix(shown, "acc_") {
						t.Errorf("Event.actor shows %s an account's ID: %q", name, shown)
					}
				}
				if ev.Actor != nil && shown == "" {
					t.Errorf("Event.actor is an empty string to %s; want a handle or null", name)
				}
				seen[ev.Kind] = shown
			}
			wantReviewer := ""
			if policy.SeesReviewers(viewer) || name == "rita" {
				wantReviewer = "rita"
			}
			for kind, want := range map[string]string{"problem.submitted": "ada", "claim.attached": "mia", "decision.recorded": wantReviewer} {
				if got, ok := seen[kind]; !ok || got != want {
					t.Errorf("%s's actor to %s = %q (present %v); want %q", kind, name, got, ok, want)
				}
			}
		}

		// The page follows the same rule: the proposer's activity names the claim's author and not
		// the reviewer; a reviewer who proposes sees the reviewer of their problem.
		inbox := func(handle string) map[string]string {
			t.Helper()
			ov, err := a.svc.Overview(ctx, accounts[handle])
			if err != nil {
				t.Fatal(err)
			}
			var page bytes.Buffer
			if err := ui.AccountPage(ui.Page{Viewer: policy.ViewerOf(accounts[handle])}, ui.AccountView{Overview: ov}).Render(ctx, &page); err != nil {
				t.Fatal(err)
			}
			for _, acc := range accounts {
				if strings.Contains(page.String(), acc.ID) {
					t.Errorf("%s's account page shows an account's ID %s", handle, acc.ID)
				}
			}
			out := map[string]string{}
			for _, it := range ov.Inbox {
				out[it.Kind] = it.Actor
				if it.Actor != "" && !strings.Contains(page.String(), "by @"+it.Actor) {
					t.Errorf("%s's account page does not name @%s on %s", handle, it.Actor, it.Kind)
				}
			}
			return out
		}
		if got := inbox("ada"); got["decision.recorded"] != "" || got["claim.attached"] != "mia" {
			t.Errorf("ada's activity names %v; want the claim's author and no reviewer", got)
		}
		p2 := a.submit("rhea", "Good integers again")
		if r := a.do(tokens["rita"], recordDecision, map[string]any{"pid": p2, "rev": a.revision(p2), "key": "k2"}, &dec); dec.RecordDecision.Decision == nil {
			t.Fatalf("recordDecision: %s", r.Body)
		}
		if got := inbox("rhea"); got["decision.recorded"] != "rita" {
			t.Errorf("a reviewer's activity names %v; want the reviewer of their problem", got)
		}
	})
}
