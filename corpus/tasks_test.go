package corpus_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/corpustask"
	"github.com/theoremdb/theoremdb/role"
)

// TestTasksPage: Tasks lists the open jobs oldest first, at most limit and
// at most corpus.MaxTasks of them; a limit of 0 or less is an empty page,
// as with Stops, Snapshots and OpenChangeRequests (it was the most, 500),
// and TasksFor reads its limit the same.
func TestTasksPage(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		t.Parallel()
		ctx := context.Background()
		f := newFixture(t, d, clearCopies{})
		c := f.pol.Client()
		start := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
		var rows []*ent.CorpusTaskCreate
		for i := range corpus.MaxTasks + 2 {
			rows = append(rows, c.CorpusTask.Create().SetKind(corpustask.KindCOUNTEREXAMPLE).SetSubject(fmt.Sprintf("cr_%d", i)).
				SetSummary("COUNTEREXAMPLE found.").SetCreatedAt(start.Add(time.Duration(i)*time.Minute)))
		}
		for len(rows) > 0 {
			n := min(len(rows), 300)
			if err := c.CorpusTask.CreateBulk(rows[:n]...).Exec(ctx); err != nil {
				t.Fatal(err)
			}
			rows = rows[n:]
		}
		// The oldest job is done: it leaves the queue.
		if err := c.CorpusTask.Update().Where(corpustask.Subject("cr_0")).SetState(corpustask.StateDONE).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		for _, limit := range []int{0, -1, -500} {
			ts, err := f.svc.Tasks(ctx, limit)
			if err != nil || ts == nil || len(ts) != 0 {
				t.Errorf("Tasks(%d) = %d jobs (nil: %v), %v; want an empty page", limit, len(ts), ts == nil, err)
			}
		}
		ts, err := f.svc.Tasks(ctx, 3)
		if err != nil || len(ts) != 3 || ts[0].Subject != "cr_1" || ts[2].Subject != "cr_3" || ts[0].State != "OPEN" ||
			ts[0].Kind != corpus.TaskCounterexample || !ts[0].CreatedAt.Equal(start.Add(time.Minute)) {
			t.Fatalf("Tasks(3) = %+v, %v; want cr_1 … cr_3, open, oldest first", ts, err)
		}
		for _, limit := range []int{corpus.MaxTasks, corpus.MaxTasks + 1, 1 << 20} {
			ts, err := f.svc.Tasks(ctx, limit)
			if err != nil || len(ts) != corpus.MaxTasks || ts[len(ts)-1].Subject != fmt.Sprintf("cr_%d", corpus.MaxTasks) {
				t.Errorf("Tasks(%d) = %d jobs, %v; want the oldest %d open ones", limit, len(ts), err, corpus.MaxTasks)
			}
		}
		rita, err := f.pol.CreateAccount(ctx, "rita", "", []role.Role{role.Reviewer})
		if err != nil {
			t.Fatal(err)
		}
		if ts, err := f.svc.TasksFor(ctx, rita, 0); err != nil || len(ts) != 0 {
			t.Errorf("TasksFor(0) = %d jobs, %v; want an empty page", len(ts), err)
		}
		if ts, err := f.svc.TasksFor(ctx, rita, 2); err != nil || len(ts) != 2 || ts[1].Subject != "cr_2" {
			t.Errorf("TasksFor(2) = %+v, %v; want cr_1, cr_2", ts, err)
		}
	})
}
