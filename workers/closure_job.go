package workers

import (
	"context"
	"database/sql"
	"time"

	"github.com/riverqueue/river"

	"github.com/theoremdb/theoremdb/corpus"
)

// CountClosuresArgs asks for the closure sizes of corpus nodes that a merge
// left pending.
type CountClosuresArgs struct {
	NodeIDs []string `json:"node_ids"`
}

// Kind names the job.
func (CountClosuresArgs) Kind() string { return "count_closures" }

// InsertOpts retries a failed count: the sizes stay pending until one
// lands, and counting again is harmless (corpus.Service.CountClosures).
func (CountClosuresArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{MaxAttempts: 25}
}

// closureJobNodes is the most nodes one count job carries; a change that
// reshapes the closures of more is split into several jobs.
const closureJobNodes = 200

// closureBudget is how long one run of a count job counts before it
// snoozes and comes back for the rest, well inside the job timeout.
const closureBudget = 20 * time.Second

// closureTimeout bounds one run of a count job, in place of the workers'
// job timeout (half of RescueAfter): one closure at a million nodes takes
// a minute or more to count on a busy machine. A run longer than
// RescueAfter may be rescued and run twice, which counting allows.
const closureTimeout = 15 * time.Minute

// CountClosuresWorker counts, after a merge committed, the closure sizes it
// changed, so that the merge's transaction never walks a closure.
type CountClosuresWorker struct {
	river.WorkerDefaults[CountClosuresArgs]
	corpus *corpus.Service
}

// Timeout is closureTimeout.
func (w *CountClosuresWorker) Timeout(*river.Job[CountClosuresArgs]) time.Duration {
	return closureTimeout
}

// Work counts the pending sizes; a run that used up its budget snoozes
// and counts the rest when it comes back.
func (w *CountClosuresWorker) Work(ctx context.Context, job *river.Job[CountClosuresArgs]) error {
	done, err := w.corpus.CountClosures(ctx, job.Args.NodeIDs, time.Now().Add(closureBudget))
	if err != nil {
		return err
	}
	if !done {
		return river.JobSnooze(0)
	}
	return nil
}

// ScheduleClosureCounts inserts, in tx, the jobs that count the closure
// sizes of ids; with ScheduleChangeRequest it makes the client a
// corpus.Queue.
func (c *Client) ScheduleClosureCounts(ctx context.Context, tx *sql.Tx, ids []string) error {
	var params []river.InsertManyParams
	for i := 0; i < len(ids); i += closureJobNodes {
		params = append(params, river.InsertManyParams{Args: CountClosuresArgs{NodeIDs: ids[i:min(len(ids), i+closureJobNodes)]}})
	}
	if len(params) == 0 {
		return nil
	}
	_, err := c.river.InsertManyTx(ctx, tx, params)
	return err
}
