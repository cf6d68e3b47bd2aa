package workers

import (
	"context"
	"log/slog"

	"github.com/riverqueue/river"

	"github.com/theoremdb/theoremdb/policy"
)

// SweepOverdueArgs asks for every overdue problem to be accepted. It runs
// periodically and at start, and catches any deadline job that was lost.
type SweepOverdueArgs struct{}

// Kind names the job.
func (SweepOverdueArgs) Kind() string { return "sweep_overdue" }

// InsertOpts keeps one sweep pending at a time.
func (SweepOverdueArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{MaxAttempts: 3, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// SweepOverdueWorker runs the sweep.
type SweepOverdueWorker struct {
	river.WorkerDefaults[SweepOverdueArgs]
	policy *policy.Service
	log    *slog.Logger
}

// Work accepts what is overdue.
func (w *SweepOverdueWorker) Work(ctx context.Context, _ *river.Job[SweepOverdueArgs]) error {
	n, err := w.policy.AcceptOverdue(ctx)
	if n > 0 {
		w.log.Info("overdue problems accepted", "count", n)
	}
	return err
}
