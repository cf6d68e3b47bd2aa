package workers

import (
	"context"
	"log/slog"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/theoremdb/theoremdb/policy"
)

// SweepOverdueArgs asks for every overdue problem to be accepted. It runs
// periodically and at start, and catches any deadline job that was lost.
type SweepOverdueArgs struct{}

// Kind names the job.
func (SweepOverdueArgs) Kind() string { return "sweep_overdue" }

// InsertOpts keeps at most one sweep waiting or running, so periodic
// inserts on several clients do not pile up, but counts only the states
// River requires plus retryable: a failed sweep's retry is the pending one.
// River's default states also count completed jobs, which would drop every
// later run-on-start and periodic sweep until the cleaner removed the
// completed row a day later, leaving overdue problems unaccepted.
func (SweepOverdueArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{MaxAttempts: 3, UniqueOpts: river.UniqueOpts{ByArgs: true, ByState: sweepUniqueStates}}
}

// sweepUniqueStates are the states in which a sweep blocks the next one.
// Completed, cancelled and discarded sweeps are over and must not.
var sweepUniqueStates = []rivertype.JobState{
	rivertype.JobStateAvailable,
	rivertype.JobStatePending,
	rivertype.JobStateRetryable,
	rivertype.JobStateRunning,
	rivertype.JobStateScheduled,
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
