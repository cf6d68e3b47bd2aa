package policy_test

import (
	"context"
	"testing"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/reference"
	"github.com/theoremdb/theoremdb/ent/source"
	"github.com/theoremdb/theoremdb/records"
)

// TestSourceSaysWhetherItsRecordExists: a source's confirmation says whether its record exists,
// whatever any one citation claims of it — a citation with a wrong title is MISMATCH on its own
// reference and leaves the source CONFIRMED — and its licence class is read from the licence the
// record states.
func TestSourceSaysWhetherItsRecordExists(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		p1 := f.submit(t, f.member)
		p2 := f.submit(t, f.member)
		first, err := f.svc.Client().Reference.Query().Where(reference.RevisionID(*p1.CurrentRevisionID)).
			Order(reference.ByPosition()).First(ctx)
		if err != nil {
			t.Fatal(err)
		}
		second, err := f.svc.Client().Reference.Query().Where(reference.RevisionID(*p2.CurrentRevisionID),
			reference.SourceID(first.SourceID)).First(ctx)
		if err != nil {
			t.Fatalf("the two problems cite no source in common: %v", err)
		}
		found := records.Result{Status: records.StatusFound, Record: records.Record{Title: "Unsolved Problems in Number Theory",
			Authors: []string{"Richard K. Guy"}, Year: 2004, Resolver: "crossref",
			Licence: "https://creativecommons.org/licenses/by/4.0/"}}
		must(t, f.svc.RecordConfirmation(ctx, first.ID, found, records.Outcome{Confirmation: records.Confirmed}))
		must(t, f.svc.RecordConfirmation(ctx, second.ID, found, records.Outcome{Confirmation: records.Mismatch,
			Reason: "the record's title is “Unsolved Problems in Number Theory”, not “A different book”"}))

		src, err := f.svc.Client().Source.Get(ctx, first.SourceID)
		if err != nil {
			t.Fatal(err)
		}
		if src.Confirmation != source.ConfirmationCONFIRMED {
			t.Errorf("source confirmation = %s; want CONFIRMED: the record exists, one citation's claim is wrong", src.Confirmation)
		}
		if src.LicenceClass != source.LicenceClassOPEN {
			t.Errorf("source licence class = %s; want OPEN for a CC BY 4.0 record", src.LicenceClass)
		}
		if r, _ := f.svc.Client().Reference.Get(ctx, second.ID); r.Confirmation != reference.ConfirmationMISMATCH {
			t.Errorf("the wrong citation's reference = %s; want MISMATCH", r.Confirmation)
		}

		must(t, f.svc.RecordConfirmation(ctx, first.ID, records.Result{Status: records.StatusNotFound, Reason: "no such DOI"},
			records.Outcome{Confirmation: records.NotFound, Reason: "no such DOI"}))
		must(t, f.svc.RecordConfirmation(ctx, second.ID, records.Result{Status: records.StatusNotFound, Reason: "no such DOI"},
			records.Outcome{Confirmation: records.NotFound, Reason: "no such DOI"}))
		if src, _ := f.svc.Client().Source.Get(ctx, first.SourceID); src.Confirmation != source.ConfirmationNOT_FOUND {
			t.Errorf("source confirmation = %s after the record is gone; want NOT_FOUND", src.Confirmation)
		}
	})
}
