package policy

import (
	"context"
	"fmt"
	"sync"

	"github.com/theoremdb/theoremdb/ent"
)

// maxGroupedSubmissions bounds how many waiting submissions one transaction writes together.
const maxGroupedSubmissions = 100

// A submitQueue holds the submissions (Submit) that arrive while another submission's
// transaction runs. Submissions are written one transaction at a time (Service.submitting),
// and each transaction holds the problem counter until it commits; written one by one,
// submissions arriving faster than one transaction takes would wait ever longer. Instead the
// transaction that follows writes every submission that waited meanwhile, as SubmitMany writes
// several: the same rows, events and IDs in arrival order, in one set of multi-row statements.
// When the group is refused as a whole, each of its submissions is written alone, so that one
// refusal refuses only its own submission.
type submitQueue struct {
	mu       sync.Mutex
	waiting  []*queuedSubmission
	draining bool // a goroutine writes the waiting submissions (Service.drainSubmissions)
}

// A queuedSubmission is a validated submission waiting to be written, and where its outcome goes.
type queuedSubmission struct {
	ctx  context.Context
	sub  Submission
	ok   *intake
	done chan submitOutcome
}

type submitOutcome struct {
	p   *ent.Problem
	err error
}

// queued writes sub, validated as ok, with the submissions that wait beside it, and returns
// its problem or its refusal. A submission whose ctx ends before its transaction starts is not
// written; once its transaction has started, its outcome is awaited, so that a problem written
// is never answered as a failure.
func (s *Service) queued(ctx context.Context, sub Submission, ok *intake) (*ent.Problem, error) {
	q := &queuedSubmission{ctx: ctx, sub: sub, ok: ok, done: make(chan submitOutcome, 1)}
	s.queue.mu.Lock()
	s.queue.waiting = append(s.queue.waiting, q)
	start := !s.queue.draining
	s.queue.draining = true
	s.queue.mu.Unlock()
	if start {
		go s.drainSubmissions()
	}
	out := <-q.done
	return out.p, out.err
}

// take removes and returns up to maxGroupedSubmissions waiting submissions whose context has
// not ended, answering the others with their context's error; with none left it returns nil
// and marks the queue as no longer drained.
func (q *submitQueue) take() []*queuedSubmission {
	q.mu.Lock()
	defer q.mu.Unlock()
	var group []*queuedSubmission
	for len(q.waiting) > 0 && len(group) < maxGroupedSubmissions {
		w := q.waiting[0]
		q.waiting[0] = nil
		q.waiting = q.waiting[1:]
		if err := w.ctx.Err(); err != nil {
			w.done <- submitOutcome{err: err}
			continue
		}
		group = append(group, w)
	}
	if len(group) == 0 {
		q.waiting = nil
		q.draining = false
	}
	return group
}

// drainSubmissions writes the waiting submissions, a group a transaction, until none waits.
func (s *Service) drainSubmissions() {
	for {
		s.submitting <- struct{}{}
		group := s.queue.take()
		if group == nil {
			<-s.submitting
			return
		}
		s.writeGroup(group)
	}
}

// writeGroup writes group in one transaction, or each of its submissions alone when the group
// is refused, releases Service.submitting, and answers each submission. The transaction runs
// on the first submission's context without its end: the others wait on it too. A panic while
// writing answers the group with an error instead of ending the process: the drain runs on no
// request's goroutine, where a request's panic would have been recovered.
func (s *Service) writeGroup(group []*queuedSubmission) {
	outs := make([]submitOutcome, len(group))
	func() {
		held := true
		release := func() {
			if held {
				held = false
				<-s.submitting
			}
		}
		defer release()
		defer func() {
			if r := recover(); r != nil {
				err := fmt.Errorf("submission: internal error: %v", r)
				for i := range outs {
					outs[i] = submitOutcome{err: err}
				}
			}
		}()
		ctx := context.WithoutCancel(group[0].ctx)
		ids, errs := s.writeSubmissionGroup(ctx, group)
		release()
		var written []string
		for i, id := range ids {
			if errs[i] == nil {
				written = append(written, id)
			}
		}
		ps, err := s.problemsByID(ctx, written)
		for i := range group {
			switch {
			case errs[i] != nil:
				outs[i] = submitOutcome{err: errs[i]}
			case err != nil:
				outs[i] = submitOutcome{err: err}
			default:
				outs[i] = submitOutcome{p: ps[0]}
				ps = ps[1:]
			}
		}
	}()
	for i, w := range group {
		w.done <- outs[i]
	}
}

// writeSubmissionGroup writes group in one transaction, or, when that is refused, each of its
// submissions in a transaction of its own: the problem ID written for each, or its error.
func (s *Service) writeSubmissionGroup(ctx context.Context, group []*queuedSubmission) ([]string, []error) {
	write := func(g []*queuedSubmission) ([]string, error) {
		subs := make([]Submission, len(g))
		oks := make([]*intake, len(g))
		for i, w := range g {
			subs[i], oks[i] = w.sub, w.ok
		}
		var ids []string
		err := s.inTx(ctx, func(ctx context.Context, t *tx) error {
			var err error
			ids, err = t.writeSubmissions(ctx, subs, oks)
			return err
		})
		return ids, err
	}
	ids := make([]string, len(group))
	errs := make([]error, len(group))
	got, err := write(group)
	switch {
	case err == nil:
		copy(ids, got)
	case len(group) == 1:
		errs[0] = err
	default:
		for i, w := range group {
			if got, err := write([]*queuedSubmission{w}); err != nil {
				errs[i] = err
			} else {
				ids[i] = got[0]
			}
		}
	}
	return ids, errs
}
