package corpus_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/readerreport"
)

// TestReportQueueOrder: a report that a node at E5 is incorrect comes
// first, then the higher the level reported the sooner (an E5 on another
// property before an E3 correctness report), then the oldest; a decided
// report is not in the queue.
func TestReportQueueOrder(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		t.Parallel()
		ctx := context.Background()
		f := newFixture(t, d, clearCopies{})
		t0 := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
		for _, r := range []struct {
			node     string
			level    int
			property readerreport.Property
			at       time.Duration
			state    readerreport.State
		}{
			{"N-1", corpus.E2, readerreport.PropertySTYLE, 0, readerreport.StateOPEN},
			{"N-2", corpus.E5, readerreport.PropertySTYLE, time.Hour, readerreport.StateOPEN},
			{"N-3", corpus.E3, readerreport.PropertyCORRECTNESS, 2 * time.Hour, readerreport.StateOPEN},
			{"N-4", corpus.E5, readerreport.PropertyCORRECTNESS, 3 * time.Hour, readerreport.StateOPEN},
			{"N-5", corpus.E3, readerreport.PropertyFIDELITY, -time.Hour, readerreport.StateOPEN},
			{"N-6", corpus.E5, readerreport.PropertyCORRECTNESS, -2 * time.Hour, readerreport.StateDISMISSED},
		} {
			if err := f.pol.Client().ReaderReport.Create().SetNodeID(r.node).SetRevisionID("nrv_" + r.node).SetProperty(r.property).
				SetExplanation("Wrong.").SetAccountID("acc_reader").SetLevel(r.level).SetState(r.state).SetCreatedAt(t0.Add(r.at)).
				SetKind(corpus.Theorem).SetWriter(corpus.WriterPerson).SetStratum(corpus.Theorem + "|PERSON").Exec(ctx); err != nil {
				t.Fatal(err)
			}
		}
		rs, err := f.svc.ReportQueue(ctx, 10)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, r := range rs {
			got = append(got, r.Node)
		}
		if want := []string{"N-4", "N-2", "N-5", "N-3", "N-1"}; !slices.Equal(got, want) {
			t.Errorf("ReportQueue = %v; want %v", got, want)
		}
		if rs, err := f.svc.ReportQueue(ctx, 2); err != nil || len(rs) != 2 || rs[0].Node != "N-4" || rs[1].Node != "N-2" {
			t.Errorf("ReportQueue(2) = %+v, %v; want the first two", rs, err)
		}
	})
}
