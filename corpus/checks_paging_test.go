package corpus_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/role"
)

// TestPeopleChecksLongQueue: a queue longer than the batch the queue is
// read in (200 nodes) is counted and paged whole; a page of 0 or less is
// the default 20, one past MaxPage is MaxPage; a cursor this server never
// gave out is refused.
func TestPeopleChecksLongQueue(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		ctx := context.Background()
		f := newFixture(t, dialectName, clearCopies{})
		rita, err := f.pol.CreateAccount(ctx, "rita", "", []role.Role{role.Reviewer})
		if err != nil {
			t.Fatal(err)
		}
		const n = 230
		var drafts []corpus.Draft
		for i := range n {
			d := definition(fmt.Sprintf("group-%d", i))
			d.References = []corpus.Reference{{Identifier: "arXiv:2101.00001", Citation: "A. Author, Groups (2021)", Locator: fmt.Sprintf("Def. %d", i+1)}}
			drafts = append(drafts, d)
		}
		ids := append(f.mustMerge(t, agent, drafts[:corpus.MaxDrafts]...), f.mustMerge(t, agent, drafts[corpus.MaxDrafts:]...)...)

		if c, err := f.svc.PeopleCheckCount(ctx, rita); err != nil || c != n {
			t.Fatalf("PeopleCheckCount = %d, %v; want %d, one statement a node", c, err, n)
		}
		for _, c := range []struct{ first, want int }{{0, 20}, {-5, 20}, {corpus.MaxPage + 1, corpus.MaxPage}, {7, 7}} {
			p, err := f.svc.PeopleChecks(ctx, rita, c.first, "")
			if err != nil || len(p.Checks) != c.want || !p.HasNext || p.Checks[0].ID != ids[0]+".statement.0" {
				t.Errorf("PeopleChecks(%d) = %d checks, %v; want the first %d", c.first, len(p.Checks), err, c.want)
			}
		}
		var got []string
		after := ""
		for len(got) <= n {
			p, err := f.svc.PeopleChecks(ctx, rita, corpus.MaxPage, after)
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, checkIDs(p)...)
			if !p.HasNext {
				break
			}
			after = p.EndCursor
		}
		if len(got) != n {
			t.Fatalf("paged %d checks; want %d", len(got), n)
		}
		for i, id := range ids {
			if got[i] != id+".statement.0" {
				t.Fatalf("check %d = %s; want %s.statement.0, in the order of the nodes' numbers", i, got[i], id)
			}
		}
		for _, bad := range []string{"nonsense", "X-3.statement.0", "N-x.proof"} {
			if _, err := f.svc.PeopleChecks(ctx, rita, 10, bad); !errors.Is(err, corpus.ErrBadCursor) {
				t.Errorf("PeopleChecks(after %q) = %v; want ErrBadCursor", bad, err)
			}
		}
	})
}
