package corpus

import (
	"context"
	"database/sql"
)

// Queue enqueues, in the transaction that records or revises a change
// request, the job that runs the merge gates on it. A Service with a queue
// opens a request PENDING and leaves the gates to the worker, which runs
// the same gates again (Process) and merges or fails it; without one (the
// command-line importer, tests) Open runs them at once, in the caller.
//
// It also enqueues, in the merge's transaction, the count of the closure
// sizes the merge changed (CountClosures); without a queue the merge
// counts them after its commit.
type Queue interface {
	ScheduleChangeRequest(ctx context.Context, tx *sql.Tx, id string) error
	ScheduleClosureCounts(ctx context.Context, tx *sql.Tx, ids []string) error
}

// WithQueue sets the job queue the gates of an opened request run on.
func WithQueue(q Queue) Option { return func(s *Service) { s.queue = q } }

// enqueue schedules the request's gates when the service has a queue.
func (s *Service) enqueue(ctx context.Context, tx *sql.Tx, id string) error {
	if s.queue == nil {
		return nil
	}
	return s.queue.ScheduleChangeRequest(ctx, tx, id)
}

// settle is what Open and Revise return once the request is recorded: the
// request PENDING when a worker runs its gates, else the gates' result now.
func (s *Service) settle(ctx context.Context, id string) (*Result, error) {
	if s.queue == nil {
		return s.Process(ctx, id)
	}
	v, err := s.ChangeRequest(ctx, id)
	if err != nil {
		return nil, err
	}
	return &Result{Request: v}, nil
}
