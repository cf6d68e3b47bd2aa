package workers_test

import (
	"context"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
)

// An opened change request stays PENDING until a worker runs the merge
// gates on it; the worker merges a passing request and leaves a failing one
// FAILED at the gate that stopped it, with the same gates as the dry run.
// A revision of the failed request is queued again and merges.
func TestWorkerRunsMergeGates(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		e := newEnv(t, d)
		cs := corpus.New(e.svc, corpus.WithQueue(e.jobs))
		writer := corpus.Writer{Kind: corpus.WriterPerson, ID: e.proposer.ID}
		good := corpus.Draft{Kind: corpus.Definition, Label: "group", Title: "Group", Term: "group",
			Body: "A *group* is a set $G$ with an associative operation $G \\times G \\to G$, an identity element and inverses."}
		bad := corpus.Draft{Kind: corpus.Theorem, Label: "free", Title: "Twin primes",
			Body: "There is a prime $p > N$ with $p + 2$ prime."}
		dry, err := cs.Check(ctx, corpus.Request{Writer: writer, Drafts: []corpus.Draft{bad}})
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, dr := range []corpus.Draft{good, bad} {
			res, err := cs.Open(ctx, corpus.Request{Writer: writer, Drafts: []corpus.Draft{dr}})
			if err != nil {
				t.Fatal(err)
			}
			if res.Request.State != corpus.StatePending || len(res.Request.Gates) != 0 {
				t.Fatalf("Open = %s with %d gates; want PENDING with none run before the worker", res.Request.State, len(res.Request.Gates))
			}
			ids = append(ids, res.Request.ID)
		}
		e.worker(t, "corpus")
		settled := func(id string) *corpus.ChangeRequestView {
			var v *corpus.ChangeRequestView
			waitFor(t, "change request "+id+" to settle", 60*time.Second, func() (bool, error) {
				var err error
				v, err = cs.ChangeRequest(ctx, id)
				return err == nil && v.State != corpus.StatePending, err
			})
			return v
		}
		if v := settled(ids[0]); v.State != corpus.StateMerged || len(v.Nodes) != 1 {
			t.Errorf("good request: %s, nodes %v; want MERGED with one node", v.State, v.Nodes)
		}
		v := settled(ids[1])
		if v.State != corpus.StateFailed || v.FailedGate != dry.Request.FailedGate || len(v.Gates) != len(dry.Request.Gates) {
			t.Errorf("bad request: %s at %q after %d gates; want FAILED as the dry run (%s after %d gates)",
				v.State, v.FailedGate, len(v.Gates), dry.Request.FailedGate, len(dry.Request.Gates))
		}
		fixed := bad
		fixed.Body = "For every integer $N \\ge 1$ there is a prime $p > N$."
		res, err := cs.Revise(ctx, ids[1], corpus.Request{Writer: writer, Drafts: []corpus.Draft{fixed}})
		if err != nil {
			t.Fatal(err)
		}
		if res.Request.State != corpus.StatePending {
			t.Errorf("Revise = %s; want PENDING until the worker", res.Request.State)
		}
		if v := settled(ids[1]); v.State != corpus.StateMerged {
			t.Errorf("revised request: %s at %q; want MERGED", v.State, v.FailedGate)
		}
	})
}
