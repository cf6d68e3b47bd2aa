package workers_test

import (
	"context"
	"database/sql"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"github.com/theoremdb/theoremdb/db"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/workers"
)

// lose is a scheduler that drops every deadline job, as a lost one would
// be, so that only the overdue sweep can accept the problem.
type lose struct{}

func (lose) ScheduleAcceptance(context.Context, *sql.Tx, string, time.Time) error { return nil }

func (lose) ScheduleGates(context.Context, *sql.Tx, string) error           { return nil }
func (lose) ScheduleConfirmations(context.Context, *sql.Tx, []string) error { return nil }
func (lose) SchedulePanel(context.Context, *sql.Tx, string) error           { return nil }

// submitLost submits a problem whose challenge window is window and whose
// deadline job is lost.
func (e *env) submitLost(t *testing.T, window time.Duration) *ent.Problem {
	t.Helper()
	svc := policy.New(e.db, policy.Config{ChallengeWindow: window}, policy.WithClock(e.clock),
		policy.WithScheduler(lose{}))
	p, err := svc.Submit(context.Background(), e.proposer, input())
	if err != nil {
		t.Fatal(err)
	}
	if n := jobCount(t, e.db); n != 0 {
		t.Fatalf("deadline jobs after a lost submission = %d; want 0", n)
	}
	return p
}

// completedSweeps counts the sweeps that ran to the end; a completed sweep
// is what the old uniqueness let block every later one.
func completedSweeps(ctx context.Context, d *db.DB) (int, error) {
	var n int
	err := d.QueryRowContext(ctx,
		`SELECT count(*) FROM river_job WHERE kind = 'sweep_overdue' AND state = 'completed'`).Scan(&n)
	return n, err
}

func (e *env) waitAccepted(t *testing.T, what, id string) {
	t.Helper()
	ctx := context.Background()
	waitFor(t, what, 20*time.Second, func() (bool, error) {
		got, err := e.svc.Client().Problem.Get(ctx, id)
		return err == nil && got.State == problem.StateACCEPTED, err
	})
}

func (e *env) wantProspecting(t *testing.T, id string) {
	t.Helper()
	got, err := e.svc.Client().Problem.Get(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if got.State != problem.StatePROSPECTING {
		t.Fatalf("%s is %s before its deadline; want PROSPECTING", id, got.State)
	}
}

// TestSweepRunsOnEveryStart restarts the worker after its first sweep has
// completed: the second start's sweep must still run, and accept a problem
// that went overdue in between without its deadline job.
func TestSweepRunsOnEveryStart(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		ctx := context.Background()
		e := newEnv(t, dialectName)
		p := e.submitLost(t, policy.DefaultChallengeWindow)

		first := e.worker(t, "first")
		waitFor(t, "the first start's sweep to complete", 20*time.Second, func() (bool, error) {
			n, err := completedSweeps(ctx, e.db)
			return n >= 1, err
		})
		stopCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		if err := first.Stop(stopCtx); err != nil {
			t.Fatalf("stop: %v", err)
		}
		e.wantProspecting(t, p.ID)

		e.clock.Advance(policy.DefaultChallengeWindow + time.Hour)
		e.worker(t, "second")
		e.waitAccepted(t, "the second start's sweep to accept the problem", p.ID)
	})
}

// TestSweepRunsEveryPeriod lets the first, run-on-start sweep complete and
// then loses a deadline job: a later periodic sweep of the same client must
// accept the problem.
func TestSweepRunsEveryPeriod(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		ctx := context.Background()
		e := newEnv(t, dialectName)
		// The periodic enqueuer waits in real time but decides by the test
		// clock, so a short period and window keep its catch-up to a few
		// inserts once the clock jumps.
		const period, window = 100 * time.Millisecond, time.Second
		e.start(t, workers.Config{ID: "sweeper", SweepInterval: period})
		waitFor(t, "the run-on-start sweep to complete", 20*time.Second, func() (bool, error) {
			n, err := completedSweeps(ctx, e.db)
			return n >= 1, err
		})

		p := e.submitLost(t, window)
		e.wantProspecting(t, p.ID)
		e.clock.Advance(window + time.Second)
		e.waitAccepted(t, "a periodic sweep to accept the problem", p.ID)
	})
}

// TestSweepKeepsOnePending checks the other half of the sweep's uniqueness:
// a sweep waiting to run absorbs the next one, a finished one does not.
func TestSweepKeepsOnePending(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		opts  *river.InsertOpts
		final bool // cancel the first sweep before inserting the second
		dup   bool
	}{
		{name: "available", dup: true},
		{name: "scheduled", opts: &river.InsertOpts{ScheduledAt: time.Now().Add(time.Hour)}, dup: true},
		{name: "cancelled", final: true, dup: false},
	}
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				ctx := context.Background()
				e := newEnv(t, dialectName)
				rc := e.jobs.River() // inserts only, so nothing works the sweeps
				first, err := rc.Insert(ctx, workers.SweepOverdueArgs{}, tt.opts)
				if err != nil {
					t.Fatal(err)
				}
				if first.UniqueSkippedAsDuplicate {
					t.Fatal("the first sweep was skipped as a duplicate")
				}
				if tt.final {
					if _, err := rc.JobCancel(ctx, first.Job.ID); err != nil {
						t.Fatal(err)
					}
				}
				second, err := rc.Insert(ctx, workers.SweepOverdueArgs{}, nil)
				if err != nil {
					t.Fatal(err)
				}
				if second.UniqueSkippedAsDuplicate != tt.dup {
					t.Errorf("Insert(sweep) after a %s one: UniqueSkippedAsDuplicate = %v; want %v",
						tt.name, second.UniqueSkippedAsDuplicate, tt.dup)
				}
			})
		}
	})
}
