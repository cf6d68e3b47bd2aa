package workers

import (
	"context"
	"time"

	"github.com/riverqueue/river"

	"github.com/theoremdb/theoremdb/policy"
)

// AcceptAtDeadlineArgs asks for a problem's default acceptance when its
// challenge window ends.
type AcceptAtDeadlineArgs struct {
	ProblemID string `json:"problem_id"`
}

// Kind names the job.
func (AcceptAtDeadlineArgs) Kind() string { return "accept_at_deadline" }

// InsertOpts makes the job unique per problem. Unlike the sweep's, it keeps
// River's default unique states, which count completed jobs too: a problem
// gets its one deadline at submission and never becomes prospecting again,
// so a completed deadline job is final and a second one for the same problem
// could only be a duplicate. A discarded or cancelled one does not block, and
// the overdue sweep accepts its problem regardless.
func (AcceptAtDeadlineArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{MaxAttempts: 25, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// AcceptAtDeadlineWorker accepts the problem, or snoozes until its deadline
// if the job woke early by the policy's clock.
type AcceptAtDeadlineWorker struct {
	river.WorkerDefaults[AcceptAtDeadlineArgs]
	policy *policy.Service
}

// Work runs the acceptance. Already decided problems are left alone.
func (w *AcceptAtDeadlineWorker) Work(ctx context.Context, job *river.Job[AcceptAtDeadlineArgs]) error {
	p, err := w.policy.Client().Problem.Get(ctx, job.Args.ProblemID)
	if err != nil {
		return err
	}
	if wait := p.Deadline.Sub(w.policy.Now()); wait > 0 && w.policy.InChallengePeriod(p) {
		return river.JobSnooze(wait)
	}
	_, err = w.policy.AcceptElapsed(ctx, job.Args.ProblemID)
	return err
}

// Timeout bounds one acceptance.
func (w *AcceptAtDeadlineWorker) Timeout(*river.Job[AcceptAtDeadlineArgs]) time.Duration {
	return 30 * time.Second
}
