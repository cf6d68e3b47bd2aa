package workers

import (
	"context"
	"errors"
	"time"

	"github.com/riverqueue/river"

	"github.com/theoremdb/theoremdb/policy"
)

// QueueLanes is the queue of agent-assisted review: its jobs wait on model providers, so they
// have workers of their own and never hold up the gates or default acceptance.
const QueueLanes = "lanes"

// ReviewPanelArgs asks for agent-assisted review of one revision whose gates have run.
type ReviewPanelArgs struct {
	RevisionID string `json:"revision_id"`
}

// Kind names the job.
func (ReviewPanelArgs) Kind() string { return "review_panel" }

// InsertOpts puts the job on the lanes queue. A provider failure is not retried by the job: it
// is recorded, and the review gate sends the problem to administrator_review.
func (ReviewPanelArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueLanes, MaxAttempts: 5}
}

// ReviewPanelWorker runs the panel, the review gate and the audit on a revision.
type ReviewPanelWorker struct {
	river.WorkerDefaults[ReviewPanelArgs]
	policy *policy.Service
	cfg    policy.PanelConfig
}

// Work runs the panel; while the revision's gates are still running (a rerun), it waits.
func (w *ReviewPanelWorker) Work(ctx context.Context, job *river.Job[ReviewPanelArgs]) error {
	_, err := w.policy.RunPanel(ctx, job.Args.RevisionID, w.cfg)
	if errors.Is(err, policy.ErrGatesPending) {
		return river.JobSnooze(time.Minute)
	}
	return err
}

// Timeout leaves room for three isolated calls and an audit, each with its retries.
func (w *ReviewPanelWorker) Timeout(*river.Job[ReviewPanelArgs]) time.Duration {
	return 15 * time.Minute
}
