package workers

import (
	"context"
	"database/sql"
	"errors"

	"github.com/riverqueue/river"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/policy"
)

// ProcessChangeRequestArgs asks for the merge gates of one change request.
type ProcessChangeRequestArgs struct {
	ChangeRequestID string `json:"change_request_id"`
}

// Kind names the job.
func (ProcessChangeRequestArgs) Kind() string { return "process_change_request" }

// InsertOpts bounds the retries. Processing is idempotent: a request
// already merged or withdrawn is left as it is, and one that failed is
// run again only when its writer revised it (which enqueues a new job).
func (ProcessChangeRequestArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{MaxAttempts: 10}
}

// ProcessChangeRequestWorker runs the merge gates on an opened or revised
// change request, the same gates in the same order as the writer's dry
// run, and merges it or leaves it FAILED with its findings, in one
// transaction with its events (corpus.Service.Process).
type ProcessChangeRequestWorker struct {
	river.WorkerDefaults[ProcessChangeRequestArgs]
	corpus *corpus.Service
}

// Work processes the request.
func (w *ProcessChangeRequestWorker) Work(ctx context.Context, job *river.Job[ProcessChangeRequestArgs]) error {
	_, err := w.corpus.Process(ctx, job.Args.ChangeRequestID)
	if errors.Is(err, policy.ErrNotFound) {
		return river.JobCancel(err) // no such request: retrying cannot help
	}
	return err
}

// ScheduleChangeRequest inserts, in tx, the job that runs a change
// request's merge gates; it makes the client a corpus.Queue.
func (c *Client) ScheduleChangeRequest(ctx context.Context, tx *sql.Tx, id string) error {
	_, err := c.river.InsertTx(ctx, tx, ProcessChangeRequestArgs{ChangeRequestID: id}, nil)
	return err
}
