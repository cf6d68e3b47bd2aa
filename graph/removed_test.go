package graph_test

import (
	"context"
	"testing"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/flag"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
)

// TestRemovedProblemIsATombstone: over GraphQL a removed problem, by ID or by node, has its
// state, the public reason and date of its removal, and no content: no current revision, no
// revisions.
func TestRemovedProblemIsATombstone(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		a := newAPI(t, d)
		a.token("ada")
		moToken := a.token("mo", role.Moderator)
		id := a.submit("ada", "Good integers")
		ada, _ := a.svc.AccountByHandle(ctx, "ada")
		mo, _ := a.svc.AccountByHandle(ctx, "mo")
		fr, err := a.svc.FlagProblem(ctx, ada, policy.FlagInput{ProblemID: id, Reason: flag.ReasonABUSE,
			Explanation: "The statement is copied word for word from a paywalled book."})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := a.svc.ClaimCase(ctx, mo, fr.Case.ID); err != nil {
			t.Fatal(err)
		}
		if _, _, err := a.svc.RemoveProblem(ctx, mo, fr.Case.ID, "Copied text from a source that forbids it."); err != nil {
			t.Fatal(err)
		}
		for _, q := range []string{
			`{ p: problem(id: "` + id + `") { state removal { reason at } currentRevision { statement } revisions { statement } } }`,
			`{ p: node(id: "` + id + `") { ... on Problem { state removal { reason at } currentRevision { statement } revisions { statement } } } }`,
		} {
			var out struct {
				P struct {
					State   string
					Removal *struct{ Reason, At string }
					// Pointers, so that null and absent differ from empty.
					CurrentRevision *struct{ Statement string }
					Revisions       []struct{ Statement string }
				}
			}
			if r := a.do("", q, nil, &out); len(r.Errors) > 0 {
				t.Fatalf("%s: %s", q, r.Body)
			}
			p := out.P
			if p.State != "REMOVED" || p.Removal == nil || p.Removal.Reason != "Copied text from a source that forbids it." || p.Removal.At == "" {
				t.Errorf("%s: state %s, removal %+v; want REMOVED with the reason and date", q, p.State, p.Removal)
			}
			if p.CurrentRevision != nil || len(p.Revisions) != 0 {
				t.Errorf("%s: a removed problem shows content: %+v, %d revisions", q, p.CurrentRevision, len(p.Revisions))
			}
		}

		// Lists leave it out for everyone but moderators, who see its tombstone.
		type list struct {
			Problems struct {
				Edges []struct{ Node struct{ ID, State string } }
			}
		}
		listed := func(token, where string) (map[string]string, gqlResponse) {
			var out list
			r := a.do(token, `{ problems(first: 100`+where+`) { edges { node { id state } } } }`, nil, &out)
			got := map[string]string{}
			for _, e := range out.Problems.Edges {
				got[e.Node.ID] = e.Node.State
			}
			return got, r
		}
		member := a.token("ada2")
		for _, tok := range []string{"", member} {
			if got, r := listed(tok, ""); len(r.Errors) > 0 || got[id] != "" {
				t.Errorf("a reader's list shows the removed problem: %v %s", got, r.Body)
			}
			if _, r := listed(tok, ", where: {state: REMOVED}"); len(r.Errors) == 0 {
				t.Errorf("a reader listed the removed problems: %s", r.Body)
			}
		}
		if got, r := listed(moToken, ""); len(r.Errors) > 0 || got[id] != "REMOVED" {
			t.Errorf("a moderator's list = %v %s; want the removed problem's tombstone in it", got, r.Body)
		}
		if got, r := listed(moToken, ", where: {state: REMOVED}"); len(r.Errors) > 0 || len(got) != 1 || got[id] != "REMOVED" {
			t.Errorf("a moderator's list of removed problems = %v %s", got, r.Body)
		}
	})
}
