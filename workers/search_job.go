package workers

import (
	"context"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/theoremdb/theoremdb/policy"
)

// CompactSearchEvery is how often the search index is compacted.
const CompactSearchEvery = time.Hour

// compactSearchBudget bounds one compaction; the next run goes on.
const compactSearchBudget = 2 * time.Minute

// CompactSearchArgs asks for the search index to be compacted
// (policy.CompactSearchIndex). It runs at start and every hour, and does
// nothing on PostgreSQL or when the index is merged already.
type CompactSearchArgs struct{}

// Kind names the job.
func (CompactSearchArgs) Kind() string { return "compact_search" }

// InsertOpts keeps at most one compaction waiting or running.
func (CompactSearchArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{MaxAttempts: 3, UniqueOpts: river.UniqueOpts{ByArgs: true, ByState: sweepUniqueStates}}
}

// CompactSearchWorker runs the compaction.
type CompactSearchWorker struct {
	river.WorkerDefaults[CompactSearchArgs]
	policy *policy.Service
	log    *slog.Logger
}

// Work compacts the index for at most compactSearchBudget.
func (w *CompactSearchWorker) Work(ctx context.Context, _ *river.Job[CompactSearchArgs]) error {
	start := time.Now()
	n, err := w.policy.Search().CompactIndex(ctx, compactSearchBudget)
	if n > 0 {
		w.log.Info("search index compacted", "steps", n, "took", time.Since(start).Round(time.Millisecond))
	}
	return err
}
