package corpus_test

import (
	"context"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/readerreport"
)

// TestRatesCountConfirmedReports: a report confirmed in the month is an
// error the audit missed. On a sampled node it counts in the sample's
// stratum, once, whatever the report's own record says; on a node no one
// sampled it counts in the report's stratum; one decided outside the month
// or dismissed counts nowhere.
func TestRatesCountConfirmedReports(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		t.Parallel()
		ctx := context.Background()
		f := newFixture(t, d, clearCopies{})
		c := f.pol.Client()
		m := "2026-11"
		at := time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC)
		sampled := corpus.Stratum{Kind: corpus.Theorem, Writer: "lane_a", Model: "m-1", PromptVersion: "p-1"}
		other := corpus.Stratum{Kind: corpus.Theorem, Writer: "lane_b", Model: "m-2", PromptVersion: "p-2"}
		sm, err := c.AuditSample.Create().SetMonth(m).SetNodeID("N-1").SetRevisionID("nrv_1").SetPosition(0).SetSeed("s").
			SetCreatedAt(at).SetKind(sampled.Kind).SetWriter(sampled.Writer).SetModel(sampled.Model).
			SetPromptVersion(sampled.PromptVersion).SetLayer("").SetStratum(sampled.Key()).Save(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if err := c.AuditAnswer.Create().SetSampleID(sm.ID).SetProperty("CORRECTNESS").SetError(false).SetAuditorID("acc_a").
			SetSeconds(60).SetCreatedAt(at).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		report := func(node string, st corpus.Stratum, state readerreport.State, decided time.Time) {
			t.Helper()
			if err := c.ReaderReport.Create().SetNodeID(node).SetRevisionID("nrv_x").SetProperty(readerreport.PropertyCORRECTNESS).
				SetExplanation("False for n = 2.").SetAccountID("acc_reader").SetLevel(corpus.E1).SetState(state).
				SetDecidedAt(decided).SetCreatedAt(decided.Add(-time.Hour)).SetKind(st.Kind).SetWriter(st.Writer).SetModel(st.Model).
				SetPromptVersion(st.PromptVersion).SetStratum(st.Key()).Exec(ctx); err != nil {
				t.Fatal(err)
			}
		}
		report("N-1", other, readerreport.StateCONFIRMED, at)                                           // sampled: the sample's stratum
		report("N-2", other, readerreport.StateCONFIRMED, at)                                           // not sampled: its own
		report("N-3", other, readerreport.StateCONFIRMED, time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)) // next month
		report("N-4", other, readerreport.StateDISMISSED, at)

		rows, err := f.svc.Rates(ctx, m)
		if err != nil || len(rows) != 2 {
			t.Fatalf("Rates = %+v, %v; want a row for each stratum", rows, err)
		}
		byKey := map[string]corpus.RateRow{}
		for _, r := range rows {
			byKey[r.Key] = r
		}
		if r := byKey[sampled.Key()]; r.N != 1 || r.Errors != 1 || r.Reports != 1 || r.Pending != 0 || r.Property != corpus.PropertyCorrectness {
			t.Errorf("sampled stratum = %+v; want the clean sample turned error by its report, counted once", r)
		}
		if r := byKey[other.Key()]; r.N != 1 || r.Errors != 1 || r.Reports != 1 || r.Pending != 0 {
			t.Errorf("reported stratum = %+v; want the one unsampled node's report alone", r)
		}
	})
}
