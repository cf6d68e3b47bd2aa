package corpus_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/policy"
)

// TestClosureOfLoneAndUnknownNodes: a node that uses nothing has an empty
// closure at once, even while its count waits for the job (there is nothing
// to count); a node read by its label reads as by its ID; an unknown node
// has no closure.
func TestClosureOfLoneAndUnknownNodes(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		t.Parallel()
		ctx := context.Background()
		f := newFixture(t, d, clearCopies{})
		q := &countQueue{}
		svc := corpus.New(f.pol, corpus.WithCopies(clearCopies{}), corpus.WithQueue(q))
		lone := merged(t, svc, definition("lone"))[0]
		if len(q.counts) != 1 {
			t.Fatalf("scheduled counts = %v; want the new node's", q.counts)
		}
		for _, ref := range []string{lone, "lone"} {
			cl, err := svc.Closure(ctx, ref)
			if err != nil || cl.Pending || cl.Size != 0 || cl.LowestLevel != -1 || cl.SorryInClosure {
				t.Errorf("Closure(%s) = %+v, %v; want empty and settled before the count", ref, cl, err)
			}
			ref2, err := svc.ClosureByQuery(ctx, ref)
			if err != nil || ref2.Size != 0 || ref2.LowestLevel != -1 {
				t.Errorf("ClosureByQuery(%s) = %+v, %v; want empty", ref, ref2, err)
			}
		}
		top := merged(t, svc, theorem("on-lone", "lone"))[0]
		cl, err := svc.Closure(ctx, "on-lone")
		if err != nil || !cl.Pending || cl.LowestLevel < 0 {
			t.Errorf("Closure(on-lone) = %+v, %v; want pending, with lone's level as its lowest", cl, err)
		}
		if done, err := svc.CountClosures(ctx, []string{top, "N-999"}, time.Time{}); err != nil || !done {
			t.Fatalf("CountClosures with an unknown ID = %v, %v; want done", done, err)
		}
		if cl, err := svc.Closure(ctx, top); err != nil || cl.Pending || cl.Size != 1 {
			t.Errorf("Closure(on-lone) counted = %+v, %v; want size 1", cl, err)
		}
		for _, ref := range []string{"N-999", "no-such-label"} {
			if _, err := svc.Closure(ctx, ref); !errors.Is(err, policy.ErrNotFound) {
				t.Errorf("Closure(%s) = %v; want ErrNotFound", ref, err)
			}
			if _, err := svc.ClosureByQuery(ctx, ref); !errors.Is(err, policy.ErrNotFound) {
				t.Errorf("ClosureByQuery(%s) = %v; want ErrNotFound", ref, err)
			}
		}
	})
}
