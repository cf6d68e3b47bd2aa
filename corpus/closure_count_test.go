package corpus_test

import (
	"context"
	"database/sql"
	"slices"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
)

// countQueue is a corpus.Queue that keeps what it was asked to schedule,
// for the test to run as the worker would.
type countQueue struct {
	requests []string
	counts   [][]string
}

func (q *countQueue) ScheduleChangeRequest(_ context.Context, _ *sql.Tx, id string) error {
	q.requests = append(q.requests, id)
	return nil
}

func (q *countQueue) ScheduleClosureCounts(_ context.Context, _ *sql.Tx, ids []string) error {
	q.counts = append(q.counts, slices.Clone(ids))
	return nil
}

// merged opens a request on a service with a queue and processes it as
// the worker does; the request must merge.
func merged(t *testing.T, svc *corpus.Service, drafts ...corpus.Draft) []string {
	t.Helper()
	ctx := context.Background()
	res, err := svc.Open(ctx, corpus.Request{Writer: person, Drafts: drafts})
	if err != nil || res.Request.State != corpus.StatePending {
		t.Fatalf("Open = %+v, %v; want PENDING", res, err)
	}
	res, err = svc.Process(ctx, res.Request.ID)
	if err != nil || res.Request.State != corpus.StateMerged {
		t.Fatalf("Process = %+v, %v; want MERGED", res, err)
	}
	return res.Request.Nodes
}

// A merge leaves the closure sizes it changed to a job: the new node's,
// and, when a revision changes what a node uses, its dependants'. Until
// the job runs the closure says the size is pending (and the lowest level
// and sorry_in_closure, which come from the parents, are already right);
// after it, the size is the recursive query's.
func TestClosureCountDeferred(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		t.Parallel()
		ctx := context.Background()
		f := newFixture(t, d, clearCopies{})
		q := &countQueue{}
		svc := corpus.New(f.pol, corpus.WithCopies(clearCopies{}), corpus.WithQueue(q))
		base := f.mustMerge(t, person, definition("group"), theorem("id-unique", "group"), definition("ring"))
		top := merged(t, svc, proof("id-unique-proof", "id-unique", "id-unique"))[0]
		if want := [][]string{{top}}; !slices.EqualFunc(q.counts, want, slices.Equal) {
			t.Fatalf("scheduled counts = %v; want %v", q.counts, want)
		}
		pending := func(id string, wantLowest int, wantSorry bool) {
			t.Helper()
			cl, err := svc.Closure(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if !cl.Pending || cl.LowestLevel != wantLowest || cl.SorryInClosure != wantSorry {
				t.Errorf("Closure(%s) = %+v; want pending, lowest %d, sorry %v", id, cl, wantLowest, wantSorry)
			}
		}
		pending(top, 1, true)
		count := func(ids []string) {
			t.Helper()
			done, err := svc.CountClosures(ctx, ids, time.Time{})
			if err != nil || !done {
				t.Fatalf("CountClosures = %v, %v; want done", done, err)
			}
		}
		settled := func(id string, size int) {
			t.Helper()
			cl, err := svc.Closure(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			ref, err := svc.ClosureByQuery(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if cl.Pending || cl.Size != size || cl.Size != ref.Size || cl.LowestLevel != ref.LowestLevel || cl.SorryInClosure != ref.SorryInClosure {
				t.Errorf("Closure(%s) = %+v; want counted, size %d, as the query's %+v", id, cl, size, ref)
			}
		}
		count(q.counts[0])
		settled(top, 2)
		// A revision that changes what id-unique uses reshapes the closure of
		// every node resting on it: both are pending again, and counted anew.
		q.counts = nil
		rev := theorem("id-unique", "group", "ring")
		rev.Revises = base[1]
		merged(t, svc, rev)
		if len(q.counts) != 1 || !slices.Equal(q.counts[0], sorted(base[1], top)) {
			t.Fatalf("scheduled counts = %v; want [%v]", q.counts, sorted(base[1], top))
		}
		pending(top, 1, true)
		pending(base[1], 1, true)
		count(q.counts[0])
		settled(top, 3)
		settled(base[1], 2)
		// Counting again (a retried job) changes nothing.
		count(q.counts[0])
		settled(top, 3)
	})
}

func sorted(ids ...string) []string {
	slices.Sort(ids)
	return ids
}
