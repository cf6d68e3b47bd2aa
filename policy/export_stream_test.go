package policy_test

import (
	"context"
	"fmt"
	"io"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/policy/policytest"
)

// streamWriter counts what an export writes and, at each flush, what it
// wrote since the one before and the statements it sent.
type streamWriter struct {
	written, sinceFlush int
	flushes             []flushMark
}

type flushMark struct {
	bytes      int
	statements int64
}

func (w *streamWriter) Write(p []byte) (int, error) {
	w.written += len(p)
	w.sinceFlush += len(p)
	return len(p), nil
}

// TestExportStreams exports more problems than one batch, in both formats,
// and holds it to streaming: the download is flushed after every batch
// read, the first long before the last problem is read, and what reaches
// the writer between two flushes (what the export holds at once) stays
// the size of a batch however many problems there are.
func TestExportStreams(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		dd := dbtest.Open(t, d)
		n := dbtest.CountStatements(dd)
		f := &fixture{db: dd, svc: policy.New(dd, policy.Config{}), clock: policytest.NewClock(time.Now())}
		const problems = 230 // two batches of 100 and a part of one
		for i := range problems {
			if i%19 == 0 {
				f.member = f.account(t, fmt.Sprintf("member%d", i))
			}
			f.submit(t, f.member)
		}
		for name, export := range map[string]func(io.Writer, policy.ExportOptions) error{
			"jsonl": func(w io.Writer, o policy.ExportOptions) error { return f.svc.ExportJSONL(ctx, w, o) },
			"csv":   func(w io.Writer, o policy.ExportOptions) error { return f.svc.ExportCSV(ctx, w, o) },
		} {
			w := &streamWriter{}
			n.Store(0)
			err := export(w, policy.ExportOptions{BaseURL: "https://theoremdb.test", Flush: func() {
				w.flushes = append(w.flushes, flushMark{w.sinceFlush, n.Load()})
				w.sinceFlush = 0
			}})
			if err != nil {
				t.Fatal(err)
			}
			total := n.Load()
			if len(w.flushes) < 3 {
				t.Fatalf("%s: %d flushes for %d problems; want one a batch of 100", name, len(w.flushes), problems)
			}
			if first := w.flushes[0]; first.statements*2 > total || first.bytes == 0 {
				t.Errorf("%s: the first flush came after %d of %d statements with %d bytes: the export is not streamed",
					name, first.statements, total, first.bytes)
			}
			largest := 0
			for _, m := range w.flushes {
				largest = max(largest, m.bytes)
			}
			if perProblem := w.written / problems; largest > 110*perProblem {
				t.Errorf("%s: %d bytes between two flushes, %d a problem: more than a batch is held at once", name, largest, perProblem)
			}
		}
	})
}
