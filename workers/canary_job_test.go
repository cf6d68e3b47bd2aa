package workers_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/riverqueue/river/rivertype"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/workers"
)

// TestCanariesJob: the daily canary job, run on start on a Monday, plants
// the month's canaries through change requests, runs the weekly report, and
// a second run in the month plants none again.
func TestCanariesJob(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		ctx := context.Background()
		e := newEnv(t, dialectName)
		for e.clock.Now().Weekday() != time.Monday {
			e.clock.Advance(24 * time.Hour)
		}
		cs := corpus.New(e.svc, corpus.WithCopies(noCopies{}))
		var ds []corpus.Draft
		for i := range 3 {
			ds = append(ds, corpus.Draft{Kind: corpus.Theorem, Label: fmt.Sprintf("bound-%d", i), Title: fmt.Sprintf("A bound %d", i),
				Body: fmt.Sprintf("For every integer $n \\ge %d$, $2^n \\ge n + %d$.", i+1, i)})
		}
		res, err := cs.Open(ctx, corpus.Request{Writer: corpus.Writer{Kind: corpus.WriterImporter, ID: "openlogic"}, Drafts: ds})
		if err != nil || res.Request.State != corpus.StateMerged {
			t.Fatalf("import: %v %+v", err, res)
		}
		e.start(t, workers.Config{SweepInterval: time.Hour, Gold: workers.GoldConfig{Every: -1}, Canaries: cs, CanaryCount: 2})
		count := func(kind string) (int, error) {
			return e.svc.Client().Event.Query().Where(event.KindEQ(kind), event.Public(false)).Count(ctx)
		}
		waitFor(t, "the month's canaries", 30*time.Second, func() (bool, error) {
			n, err := count(corpus.KindCanaryPlanted)
			return n == 2, err
		})
		waitFor(t, "a second run", 30*time.Second, func() (bool, error) {
			ins, err := e.jobs.River().Insert(ctx, workers.CanariesArgs{}, nil)
			if err != nil || ins.UniqueSkippedAsDuplicate {
				return false, err
			}
			for {
				j, err := e.jobs.River().JobGet(ctx, ins.Job.ID)
				if err != nil {
					return false, err
				}
				switch j.State {
				case rivertype.JobStateCompleted:
					return true, nil
				case rivertype.JobStateDiscarded, rivertype.JobStateCancelled:
					return false, fmt.Errorf("the second run ended %s: %v", j.State, j.Errors)
				}
				time.Sleep(50 * time.Millisecond)
			}
		})
		if n, err := count(corpus.KindCanaryPlanted); err != nil || n != 2 {
			t.Errorf("canaries after a second run = %d, %v; want still 2", n, err)
		}
	})
}
