package workers

import (
	"context"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/theoremdb/theoremdb/corpus"
)

// RecheckKernelArgs asks for one re-check of every E4 and E5 node's proof
// by the second checker (POLICY.md section 5: E5 is "re-checked by a
// second, independent checker that agrees").
type RecheckKernelArgs struct{}

// Kind names the job.
func (RecheckKernelArgs) Kind() string { return "recheck_kernel" }

// InsertOpts keeps one re-check waiting or running at a time.
func (RecheckKernelArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{MaxAttempts: 3, UniqueOpts: river.UniqueOpts{ByArgs: true, ByState: sweepUniqueStates}}
}

// RecheckKernelWorker runs the re-check.
type RecheckKernelWorker struct {
	river.WorkerDefaults[RecheckKernelArgs]
	corpus *corpus.Service
	log    *slog.Logger
}

// Work re-checks the nodes and logs what changed.
func (w *RecheckKernelWorker) Work(ctx context.Context, _ *river.Job[RecheckKernelArgs]) error {
	sum, err := w.corpus.RecheckFormal(ctx)
	w.log.InfoContext(ctx, "kernel re-check", "checked", sum.Checked, "changed", sum.Changed,
		"disagreements", sum.Disagreements, "skipped", sum.Skipped)
	return err
}

// Timeout leaves room for every binding of nf.mm's size.
func (w *RecheckKernelWorker) Timeout(*river.Job[RecheckKernelArgs]) time.Duration { return time.Hour }

// kernelJob is the nightly re-check, at midnight UTC.
func kernelJob() *river.PeriodicJob {
	return river.NewPeriodicJob(GoldSchedule(24*time.Hour),
		func() (river.JobArgs, *river.InsertOpts) { return RecheckKernelArgs{}, nil }, nil)
}
