package policy_test

import (
	"context"
	"testing"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/reference"
	"github.com/theoremdb/theoremdb/ent/source"
	"github.com/theoremdb/theoremdb/records"
)

// TestSourceSaysWhetherTheRecordExists: a source's confirmation says whether its record exists —
// one citation elsewhere claiming a wrong title makes that reference MISMATCH, not the source —
// and its licence class is read from the licence its record states.
func TestSourceSaysWhetherTheRecordExists(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		good, bad := f.submit(t, f.member), f.submit(t, f.account(t, "zed"))
		ref := func(p string) *ent.Reference {
			t.Helper()
			r, err := f.svc.Client().Reference.Query().Where(reference.RevisionIDIn(p), reference.Position(0)).Only(ctx)
			if err != nil {
				t.Fatal(err)
			}
			return r
		}
		g, b := ref(*good.CurrentRevisionID), ref(*bad.CurrentRevisionID)
		if g.SourceID != b.SourceID {
			t.Fatal("the two references do not share their source")
		}
		rec := records.Record{Title: "Unsolved Problems in Number Theory", Authors: []string{"Richard K. Guy"}, Year: 2004,
			Resolver: "crossref", Licence: "https://creativecommons.org/licenses/by-sa/4.0/"}
		must(t, f.svc.RecordConfirmation(ctx, g.ID, records.Result{Status: records.StatusFound, Record: rec},
			records.Outcome{Confirmation: records.Confirmed}))
		must(t, f.svc.RecordConfirmation(ctx, b.ID, records.Result{Status: records.StatusFound, Record: rec},
			records.Outcome{Confirmation: records.Mismatch, Reason: "the claimed title is another book's"}))
		src, err := f.svc.Client().Source.Get(ctx, g.SourceID)
		if err != nil {
			t.Fatal(err)
		}
		if src.Confirmation != source.ConfirmationCONFIRMED {
			t.Errorf("source confirmation = %s; want CONFIRMED: the record exists, one citation's claim does not match it", src.Confirmation)
		}
		if src.LicenceClass != source.LicenceClassSHARE_ALIKE {
			t.Errorf("source licence class = %s; want SHARE_ALIKE from %q", src.LicenceClass, rec.Licence)
		}
	})
}
