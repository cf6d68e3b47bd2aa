package corpus_test

import (
	"context"
	"errors"
	"testing"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/policy"
)

// TestClosureByQueryDiamond: the closure is every node a node rests on,
// itself excluded and a shared ancestor counted once; a node using nothing
// has an empty closure (lowest level -1, nothing below E2), stored and
// queried alike; an unknown node is not found either way.
func TestClosureByQueryDiamond(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		t.Parallel()
		ctx := context.Background()
		f := newFixture(t, d, clearCopies{})
		ids := f.mustMerge(t, person, definition("dm-d"), theorem("dm-a", "dm-d"), theorem("dm-b", "dm-d"),
			theorem("dm-top", "dm-a", "dm-b"))

		top, err := f.svc.ClosureByQuery(ctx, "dm-top")
		if err != nil || top.Size != 3 || top.LowestLevel != 1 || !top.SorryInClosure || top.Pending {
			t.Errorf("ClosureByQuery(top) = %+v, %v; want 3 nodes at E1, below E2", top, err)
		}
		if a, err := f.svc.ClosureByQuery(ctx, ids[1]); err != nil || a.Size != 1 {
			t.Errorf("ClosureByQuery(a) = %+v, %v; want the definition alone", a, err)
		}
		for name, closure := range map[string]func(context.Context, string) (*corpus.Closure, error){
			"Closure": f.svc.Closure, "ClosureByQuery": f.svc.ClosureByQuery,
		} {
			c, err := closure(ctx, ids[0])
			if err != nil || c.Size != 0 || c.Pending || c.LowestLevel != -1 || c.SorryInClosure {
				t.Errorf("%s(definition) = %+v, %v; want empty, not pending, lowest -1", name, c, err)
			}
			if _, err := closure(ctx, "N-999999"); !errors.Is(err, policy.ErrNotFound) {
				t.Errorf("%s(unknown) = %v; want ErrNotFound", name, err)
			}
		}
	})
}
