package workers

import (
	"context"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/theoremdb/theoremdb/policy"
)

// CheckDriftArgs asks for one run of the drift sensor: each criterion's agreement between the
// machine and people over the last two windows, with an alert event on a drop past the margin.
type CheckDriftArgs struct{}

// Kind names the job.
func (CheckDriftArgs) Kind() string { return "check_drift" }

// InsertOpts keeps one run waiting or running at a time.
func (CheckDriftArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{MaxAttempts: 3, UniqueOpts: river.UniqueOpts{ByArgs: true, ByState: sweepUniqueStates}}
}

// CheckDriftWorker runs the drift sensor.
type CheckDriftWorker struct {
	river.WorkerDefaults[CheckDriftArgs]
	policy *policy.Service
	log    *slog.Logger
}

// Work runs the sensor and logs each alert.
func (w *CheckDriftWorker) Work(ctx context.Context, _ *river.Job[CheckDriftArgs]) error {
	rows, err := w.policy.CheckDrift(ctx, w.policy.Now(), policy.DefaultDrift)
	for _, r := range rows {
		if r.Alert {
			w.log.WarnContext(ctx, "agreement dropped", "criterion", r.Criterion, "drop", r.Drop)
		}
	}
	return err
}

// driftJob is the daily drift check, at midnight UTC.
func driftJob() *river.PeriodicJob {
	return river.NewPeriodicJob(GoldSchedule(24*time.Hour),
		func() (river.JobArgs, *river.InsertOpts) { return CheckDriftArgs{}, nil }, nil)
}
