package workers

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/theoremdb/theoremdb/corpus"
)

// DefaultCanaries is how many canaries a month receives when the
// configuration does not say.
const DefaultCanaries = 20

// CanariesArgs asks for the day's canary work: the ended months' canaries
// retired, the month's canaries on its first run in a month, the weekly
// report on Mondays.
type CanariesArgs struct{}

// Kind names the job.
func (CanariesArgs) Kind() string { return "canaries" }

// InsertOpts keeps one run waiting or running at a time.
func (CanariesArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{MaxAttempts: 3, UniqueOpts: river.UniqueOpts{ByArgs: true, ByState: sweepUniqueStates}}
}

// CanariesWorker runs the day's canary work.
type CanariesWorker struct {
	river.WorkerDefaults[CanariesArgs]
	corpus *corpus.Service
	count  int
	log    *slog.Logger
}

// Work plants and reports, and logs the figures (never which nodes are canaries).
func (w *CanariesWorker) Work(ctx context.Context, _ *river.Job[CanariesArgs]) error {
	var b [8]byte
	_, _ = rand.Read(b[:])
	did, err := w.corpus.CanaryDay(ctx, w.count, binary.LittleEndian.Uint64(b[:]))
	stopped, withdrawn := 0, 0
	for _, r := range did.Report {
		if r.Stopped {
			stopped++
		}
	}
	for _, r := range did.Retired {
		withdrawn += len(r.Withdrawn)
	}
	w.log.InfoContext(ctx, "canaries", "retired", len(did.Retired), "withdrawn", withdrawn, "planted", len(did.Planted),
		"reported", len(did.Report), "stopped", stopped)
	return err
}

// Timeout leaves room for the gates of every canary.
func (w *CanariesWorker) Timeout(*river.Job[CanariesArgs]) time.Duration { return 30 * time.Minute }

// canariesJob is the daily canary job, at midnight UTC.
func canariesJob() *river.PeriodicJob {
	return river.NewPeriodicJob(GoldSchedule(24*time.Hour),
		func() (river.JobArgs, *river.InsertOpts) { return CanariesArgs{}, nil }, &river.PeriodicJobOpts{RunOnStart: true})
}
