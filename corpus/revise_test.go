package corpus_test

import (
	"context"
	"errors"
	"testing"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
)

// A failing request stays open for its writer to revise; the revision
// runs the gates again and merges; only the writer revises or withdraws,
// and a merged or withdrawn request takes neither.
func TestReviseAndWithdraw(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		ctx := context.Background()
		f := newFixture(t, dialectName, clearCopies{})
		f.mustMerge(t, person, definition("group"))
		bad := theorem("identity", "grup")
		res := f.open(t, agent, bad)
		if res.Request.State != corpus.StateFailed {
			t.Fatalf("state = %s; want FAILED", res.Request.State)
		}
		id := res.Request.ID
		good := theorem("identity", "group")
		if _, err := f.svc.Revise(ctx, id, corpus.Request{Writer: person, Drafts: []corpus.Draft{good}}); !errors.Is(err, corpus.ErrNotWriter) {
			t.Errorf("Revise by another writer = %v; want ErrNotWriter", err)
		}
		rev, err := f.svc.Revise(ctx, id, corpus.Request{Writer: agent, Drafts: []corpus.Draft{good}})
		if err != nil {
			t.Fatal(err)
		}
		if rev.Request.ID != id || rev.Request.State != corpus.StateMerged || len(rev.Request.Nodes) != 1 {
			t.Fatalf("revised = %+v; want the same request merged", rev.Request)
		}
		if _, err := f.svc.Revise(ctx, id, corpus.Request{Writer: agent, Drafts: []corpus.Draft{good}}); !errors.Is(err, corpus.ErrNotOpen) {
			t.Errorf("Revise(merged) = %v; want ErrNotOpen", err)
		}
		other := f.open(t, agent, theorem("other", "nowhere"))
		v, err := f.svc.Withdraw(ctx, other.Request.ID, agent)
		if err != nil || v.State != corpus.StateWithdrawn {
			t.Fatalf("Withdraw = %+v, %v; want WITHDRAWN", v, err)
		}
		open, err := f.svc.OpenChangeRequests(ctx, 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(open) != 0 {
			t.Errorf("open requests = %d; want none after the merge and the withdrawal", len(open))
		}
		if _, err := f.svc.Withdraw(ctx, other.Request.ID, agent); !errors.Is(err, corpus.ErrNotOpen) {
			t.Errorf("Withdraw twice = %v; want ErrNotOpen", err)
		}
	})
}
