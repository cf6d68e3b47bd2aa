package corpus_test

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/event"
)

// A passing request merges nodes with permanent IDs, revisions, edges and
// events in the one hash-chained log; a revision keeps the ID and records
// its diff.
func TestMergeWritesNodesAndEvents(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		ctx := context.Background()
		f := newFixture(t, dialectName, clearCopies{})
		ids := f.mustMerge(t, person, definition("group"), theorem("identity", "group"))
		if ids[0] != "N-1" || ids[1] != "N-2" {
			t.Fatalf("ids = %v; want N-1, N-2", ids)
		}
		n, err := f.svc.Node(ctx, "identity")
		if err != nil {
			t.Fatal(err)
		}
		if n.ID != "N-2" || len(n.Uses) != 1 || n.Uses[0].ID != "N-1" || n.Level != corpus.E1 {
			t.Errorf("node = %s uses %v level %d; want N-2 using N-1 at E1", n.ID, n.Uses, n.Level)
		}
		d, err := f.svc.Node(ctx, "N-1")
		if err != nil {
			t.Fatal(err)
		}
		if len(d.UsedBy) != 1 || d.UsedBy[0].ID != "N-2" {
			t.Errorf("usedBy = %v; want N-2", d.UsedBy)
		}
		rev := theorem("")
		rev.Revises, rev.Uses = "N-2", []string{"N-1"}
		rev.Body = "The identity element of a group is unique.\nIt is written $e$."
		f.mustMerge(t, person, rev)
		n, err = f.svc.Node(ctx, "N-2")
		if err != nil {
			t.Fatal(err)
		}
		if len(n.Revisions) != 2 || !strings.Contains(n.Revisions[0].Diff, "+It is written $e$.") {
			t.Errorf("revisions = %+v; want two, the newest with its diff", n.Revisions)
		}
		kinds, err := f.pol.Client().Event.Query().Order(event.BySeq()).Select(event.FieldKind).Strings(ctx)
		if err != nil {
			t.Fatal(err)
		}
		joined := strings.Join(kinds, " ")
		for _, k := range []string{corpus.KindRequestOpened, corpus.KindNodeCreated, corpus.KindNodeRevised, corpus.KindRequestMerged, corpus.KindLevelChanged} {
			if !strings.Contains(joined, k) {
				t.Errorf("events %v lack %s", kinds, k)
			}
		}
		if _, err := f.pol.VerifyLog(ctx); err != nil {
			t.Errorf("VerifyLog = %v", err)
		}
		// A second node never reuses a number, even after a failed request.
		f.open(t, person, theorem("bad", "missing"))
		ids = f.mustMerge(t, person, theorem("next"))
		if ids[0] != "N-3" {
			t.Errorf("next id = %s; want N-3", ids[0])
		}
	})
}

// Two requests revising one node, processed at once: one merges, the
// other is refused STALE_REVISION, never merged over the first.
func TestStaleRevisionUnderConcurrency(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		ctx := context.Background()
		f := newFixture(t, dialectName, clearCopies{})
		f.mustMerge(t, person, definition("group"), theorem("identity", "group"))
		const n = 4
		ids := make([]string, n)
		for i := range n {
			d := theorem("")
			d.Revises, d.Uses = "identity", []string{"group"}
			d.Body = "The identity of a group is unique, version " + string(rune('a'+i)) + "."
			id, err := f.svc.Submit(ctx, corpus.Request{Writer: person, Drafts: []corpus.Draft{d}})
			if err != nil {
				t.Fatal(err)
			}
			ids[i] = id
		}
		results := make([]*corpus.Result, n)
		errs := make([]error, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				results[i], errs[i] = f.svc.Process(ctx, ids[i])
			}()
		}
		wg.Wait()
		merged, stale := 0, 0
		for i := range n {
			if errs[i] != nil {
				t.Fatalf("Process %d = %v", i, errs[i])
			}
			switch results[i].Request.State {
			case corpus.StateMerged:
				merged++
			case corpus.StateFailed:
				if len(results[i].UserErrors) == 1 && results[i].UserErrors[0].Code == corpus.CodeStale &&
					results[i].UserErrors[0].Field == "nodes[0].revises" {
					stale++
				}
			}
		}
		node, err := f.svc.Node(ctx, "identity")
		if err != nil {
			t.Fatal(err)
		}
		if merged != 1 || stale != n-1 || len(node.Revisions) != 2 {
			t.Errorf("merged %d, stale %d, revisions %d; want 1, %d, 2", merged, stale, len(node.Revisions), n-1)
		}
	})
}

// A stale request stays open, and processing a merged request again
// changes nothing.
func TestStaleRevisionStaysOpen(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		ctx := context.Background()
		f := newFixture(t, dialectName, clearCopies{})
		f.mustMerge(t, person, definition("group"))
		a, b := definition(""), definition("")
		a.Revises, b.Revises = "group", "group"
		a.Body += " (first)"
		b.Body += " (second)"
		ida, err := f.svc.Submit(ctx, corpus.Request{Writer: person, Drafts: []corpus.Draft{a}})
		if err != nil {
			t.Fatal(err)
		}
		idb, err := f.svc.Submit(ctx, corpus.Request{Writer: person, Drafts: []corpus.Draft{b}})
		if err != nil {
			t.Fatal(err)
		}
		if r, err := f.svc.Process(ctx, ida); err != nil || r.Request.State != corpus.StateMerged {
			t.Fatalf("Process(first) = %+v, %v; want MERGED", r, err)
		}
		before := f.counts(t)
		r, err := f.svc.Process(ctx, idb)
		if err != nil || r.Request.State != corpus.StateFailed || len(r.UserErrors) != 1 || r.UserErrors[0].Code != corpus.CodeStale {
			t.Fatalf("Process(second) = %+v, %v; want FAILED STALE_REVISION", r, err)
		}
		if after := f.counts(t); after[0] != before[0] || after[2] != before[2] {
			t.Errorf("counts %v -> %v; a stale request writes no node or revision", before, after)
		}
		again, err := f.svc.Process(ctx, ida)
		if err != nil || again.Request.State != corpus.StateMerged || len(again.Request.Gates) == 0 {
			t.Fatalf("Process(merged) = %+v, %v", again, err)
		}
		if after := f.counts(t); after[3] != before[3]+1 {
			t.Errorf("gate runs %d -> %d; processing a merged request again runs nothing", before[3]+1, after[3])
		}
	})
}
