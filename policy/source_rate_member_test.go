package policy_test

import (
	"context"
	"testing"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/batchstop"
	"github.com/theoremdb/theoremdb/ent/reference"
	"github.com/theoremdb/theoremdb/records"
)

// TestFabricatedSourceStopIsForModelConfigurations: the fabricated-source stop is meant for a
// model configuration; a human member who cites a source the record plane cannot find is never
// stopped from submitting (the references gate judges each source).
func TestFabricatedSourceStopIsForModelConfigurations(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		p := f.submit(t, f.member)
		refs, _ := f.svc.Client().Reference.Query().Where(reference.RevisionID(*p.CurrentRevisionID)).Order(reference.ByPosition()).All(ctx)
		for _, r := range refs {
			must(t, f.svc.RecordConfirmation(ctx, r.ID, records.Result{Status: records.StatusNotFound, Reason: "Crossref: 404"},
				records.Outcome{Confirmation: records.NotFound, Reason: "no such record"}))
		}
		if n, _ := f.svc.Client().BatchStop.Query().Where(batchstop.LiftedAtIsNil()).Count(ctx); n != 0 {
			t.Errorf("%d stops after a member's sources were not found; want none", n)
		}
		if _, err := f.svc.Submit(ctx, f.member, validInput()); err != nil {
			t.Errorf("a member's next submission = %v; want it accepted at intake", err)
		}
	})
}
