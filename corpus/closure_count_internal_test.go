package corpus

import (
	"context"
	"testing"

	"github.com/theoremdb/theoremdb/copycheck"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/policy"
)

// noCopies is a copy check that finds nothing copied.
type noCopies struct{}

func (noCopies) Check(context.Context, []byte, copycheck.Format) (*copycheck.Result, error) {
	return &copycheck.Result{Verdict: copycheck.VerdictClear, ThresholdsVersion: "test"}, nil
}

// A count begun before a later change of the closure's shape lands
// nowhere: the change raised the generation, left the size pending, and
// the count that change schedules is the one that lands.
func TestStaleClosureCountLandsNowhere(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		t.Parallel()
		ctx := context.Background()
		s := New(policy.New(dbtest.Open(t, d), policy.Config{}), WithCopies(noCopies{}))
		w := Writer{Kind: WriterPerson, ID: "acc_writer"}
		body := "A *group* is a set $G$ with an associative operation, an identity element and inverses."
		res, err := s.Open(ctx, Request{Writer: w, Drafts: []Draft{
			{Kind: Definition, Label: "group", Title: "Group", Term: "group", Body: body},
			{Kind: Definition, Label: "ring", Title: "Ring", Term: "ring", Body: "A *ring* is a set with two operations."},
			{Kind: Theorem, Label: "id-unique", Title: "Identity", Uses: []string{"group"}, Body: "The identity element of a group is unique."}}})
		if err != nil || res.Request.State != StateMerged {
			t.Fatalf("Open = %+v, %v", res, err)
		}
		id := res.Request.Nodes[2]
		before, err := s.client.CorpusNode.Get(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		stale, err := s.closureCount(ctx, s.db, id)
		if err != nil || stale != 1 {
			t.Fatalf("closureCount = %d, %v; want 1", stale, err)
		}
		// The count above has begun; a revision now makes id-unique use ring too.
		res, err = s.Open(ctx, Request{Writer: w, Drafts: []Draft{{Kind: Theorem, Label: "id-unique", Title: "Identity",
			Uses: []string{"group", "ring"}, Revises: id, Body: "The identity element of a group is unique."}}})
		if err != nil || res.Request.State != StateMerged {
			t.Fatalf("revision = %+v, %v", res, err)
		}
		if ok, err := s.storeCount(ctx, id, before.ClosureGeneration, stale); err != nil || ok {
			t.Errorf("storeCount of the stale count = %v, %v; want refused", ok, err)
		}
		cl, err := s.Closure(ctx, id)
		if err != nil || cl.Pending || cl.Size != 2 {
			t.Errorf("Closure = %+v, %v; want the revision's count, 2", cl, err)
		}
	})
}
