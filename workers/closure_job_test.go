package workers_test

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/workers"
)

// failCountOnce fails the first closure count job, as a worker that died
// in the middle of it would, and reports it.
type failCountOnce struct {
	river.MiddlewareDefaults
	failed atomic.Bool
	done   chan struct{}
}

func (f *failCountOnce) Work(ctx context.Context, job *rivertype.JobRow, next func(context.Context) error) error {
	if job.Kind != (workers.CountClosuresArgs{}).Kind() || !f.failed.CompareAndSwap(false, true) {
		return next(ctx)
	}
	defer close(f.done)
	return errors.New("the worker died counting")
}

// A merged request leaves its new node's closure size to a job: the node
// reads as pending meanwhile (its lowest level already right), a failed
// count is retried, and the size lands.
func TestWorkerCountsClosureAfterMerge(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		e := newEnv(t, d)
		cs := corpus.New(e.svc, corpus.WithQueue(e.jobs))
		writer := corpus.Writer{Kind: corpus.WriterPerson, ID: e.proposer.ID}
		res, err := cs.Open(ctx, corpus.Request{Writer: writer, Drafts: []corpus.Draft{
			{Kind: corpus.Definition, Label: "group", Title: "Group", Term: "group",
				Body: "A *group* is a set $G$ with an associative operation $G \\times G \\to G$, an identity element and inverses."},
			{Kind: corpus.Theorem, Label: "id-unique", Title: "Uniqueness of the identity", Uses: []string{"group"},
				Body: "The identity element of a group is unique."},
		}})
		if err != nil {
			t.Fatal(err)
		}
		fail := &failCountOnce{done: make(chan struct{})}
		e.worker(t, "corpus", fail)
		waitFor(t, "the request to merge", 60*time.Second, func() (bool, error) {
			v, err := cs.ChangeRequest(ctx, res.Request.ID)
			return err == nil && v.State == corpus.StateMerged, err
		})
		select {
		case <-fail.done:
		case <-time.After(30 * time.Second):
			t.Fatal("the count job never ran")
		}
		cl, err := cs.Closure(ctx, "id-unique")
		if err != nil {
			t.Fatal(err)
		}
		ref, err := cs.ClosureByQuery(ctx, "id-unique")
		if err != nil {
			t.Fatal(err)
		}
		if !cl.Pending || cl.LowestLevel != ref.LowestLevel || cl.SorryInClosure != ref.SorryInClosure {
			t.Errorf("after the failed count Closure = %+v; want pending, lowest and flag as the query's %+v", cl, ref)
		}
		// The retry waits out its backoff on the test clock.
		waitFor(t, "the retried count to land", 60*time.Second, func() (bool, error) {
			e.clock.Advance(time.Minute)
			cl, err = cs.Closure(ctx, "id-unique")
			return err == nil && !cl.Pending, err
		})
		if cl.Size != 1 || ref.Size != 1 {
			t.Errorf("Closure = %+v; want 1 node as the query's %+v", cl, ref)
		}
	})
}
