package corpusimport_test

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/copycheck"
	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/imports/corpusimport"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/policy/policytest"
)

type clearCopies struct{}

func (clearCopies) Check(context.Context, []byte, copycheck.Format) (*copycheck.Result, error) {
	return &copycheck.Result{Verdict: copycheck.VerdictClear, ThresholdsVersion: "test"}, nil
}

// The import goes through change requests as the importer, with licence
// and attribution, and a second run opens no request; a changed item is
// revised in place, keeping its node.
func TestImportIsIdempotent(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		ctx := context.Background()
		d := dbtest.Open(t, dialectName)
		pol := policy.New(d, policy.Config{}, policy.WithClock(policytest.NewClock(time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC))))
		svc := corpus.New(pol, corpus.WithCopies(clearCopies{}))
		items, _, err := corpusimport.ParseOpenLogic(os.DirFS("testdata/openlogic/content"))
		if err != nil {
			t.Fatal(err)
		}
		run := func() corpusimport.Summary {
			t.Helper()
			sum, err := corpusimport.Runner{Corpus: svc, Source: corpusimport.OpenLogic}.Run(ctx, corpusimport.PlanItems(items))
			if err != nil {
				t.Fatal(err)
			}
			return sum
		}
		first := run()
		if first.Merged != len(items) || first.Failed != 0 {
			t.Fatalf("first run: %s; want %d merged", first, len(items))
		}
		events, _ := pol.Client().Event.Query().Count(ctx)
		requests, _ := pol.Client().ChangeRequest.Query().Count(ctx)
		second := run()
		if second.Unchanged != len(items) || second.Merged+second.Revised+second.Failed != 0 {
			t.Errorf("second run: %s; want every item unchanged", second)
		}
		events2, _ := pol.Client().Event.Query().Count(ctx)
		requests2, _ := pol.Client().ChangeRequest.Query().Count(ctx)
		if events2 != events || requests2 != requests {
			t.Errorf("second run wrote %d events and %d requests; want none", events2-events, requests2-requests)
		}
		n, err := svc.Node(ctx, "ol-sfr-set-ext-prop-ext")
		if err != nil {
			t.Fatal(err)
		}
		if n.Writer.Kind != corpus.WriterImporter || n.Licence != "CC-BY-4.0" || n.Attribution == "" || len(n.Uses) != 1 ||
			n.Level != corpus.E1 || len(n.ProvedBy) != 1 {
			t.Errorf("node = %+v; want the importer's, licensed, attributed, using the definition, proved, at E1", n)
		}
		// A changed item is a revision of the same node.
		items[1].Body += " Sets are determined by their elements."
		third := run()
		if third.Revised != 1 || third.Unchanged != len(items)-1 {
			t.Errorf("third run: %s; want one revision", third)
		}
		n2, err := svc.Node(ctx, "ol-sfr-set-ext-prop-ext")
		if err != nil {
			t.Fatal(err)
		}
		if n2.ID != n.ID || len(n2.Revisions) != 2 {
			t.Errorf("revised node %s with %d revisions; want %s with 2", n2.ID, len(n2.Revisions), n.ID)
		}
	})
}

// An item that fails a gate stays failing on the next run without a new
// request; what points to it is imported without the edge.
func TestImportLeavesAFailingItemAlone(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		ctx := context.Background()
		d := dbtest.Open(t, dialectName)
		pol := policy.New(d, policy.Config{})
		svc := corpus.New(pol, corpus.WithCopies(clearCopies{}))
		items := []corpusimport.Item{
			{Key: "t:broken", Label: "broken", Kind: "DEFINITION", Title: "Broken", Body: "A set $A is broken."},
			{Key: "t:user", Label: "user", Kind: "LEMMA", Title: "User", Body: "Every set is a set.", Refs: []string{"t:broken"}},
		}
		run := func() corpusimport.Summary {
			t.Helper()
			sum, err := corpusimport.Runner{Corpus: svc, Source: corpusimport.OpenLogic}.Run(ctx, corpusimport.PlanItems(items))
			if err != nil {
				t.Fatal(err)
			}
			return sum
		}
		first := run()
		if first.Failed != 1 || first.FailedAt[corpus.GateIntake] != 1 || first.Merged != 1 || first.DroppedEdges != 1 {
			t.Fatalf("first run: %s; want the broken item failed at intake, the other merged without its edge", first)
		}
		requests, _ := pol.Client().ChangeRequest.Query().Count(ctx)
		second := run()
		requests2, _ := pol.Client().ChangeRequest.Query().Count(ctx)
		if second.StillFailing != 1 || second.Unchanged != 1 || requests2 != requests {
			t.Errorf("second run: %s, %d new requests; want one still failing, one unchanged, none new", second, requests2-requests)
		}
	})
}
