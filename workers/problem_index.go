package workers

import (
	"context"
	"sync"
	"time"

	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/policy"
)

// ProblemIndex is the duplicate gate's view of every other problem: an in-memory similarity
// index over current statements, caught up with the database before each search (problems
// changed since the last one), with the candidates' states read fresh, so a problem archived or
// merged a moment ago is not reported as a live duplicate.
type ProblemIndex struct {
	policy *policy.Service

	mu    sync.Mutex // serialises catching up
	index *gates.Index
	since time.Time
}

// catchUpOverlap is how far back each catch-up looks again: a transaction that read its clock
// before another but committed after it is still seen. Adding a problem twice replaces it.
const catchUpOverlap = 10 * time.Second

// catchUpBatch is the number of problems read per statement while catching up.
const catchUpBatch = 2000

// NewProblemIndex returns an index that loads itself on the first search.
func NewProblemIndex(p *policy.Service) *ProblemIndex {
	return &ProblemIndex{policy: p, index: gates.NewIndex()}
}

// Similar implements gates.Similar.
func (x *ProblemIndex) Similar(ctx context.Context, title, statement, exclude string, limit int) ([]gates.Candidate, error) {
	if err := x.catchUp(ctx); err != nil {
		return nil, err
	}
	cands, err := x.index.Similar(ctx, title, statement, exclude, limit)
	if err != nil || len(cands) == 0 {
		return cands, err
	}
	ids := make([]string, len(cands))
	for i, c := range cands {
		ids[i] = c.ID
	}
	states, err := x.policy.ProblemStates(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := cands[:0]
	for _, c := range cands {
		if st, ok := states[c.ID]; ok {
			c.State = st
			out = append(out, c)
		}
	}
	return out, nil
}

// catchUp adds the problems changed since the last catch-up.
func (x *ProblemIndex) catchUp(ctx context.Context) error {
	x.mu.Lock()
	defer x.mu.Unlock()
	since := x.since.Add(-catchUpOverlap)
	if x.since.IsZero() {
		since = time.Time{}
	}
	for {
		batch, err := x.policy.StatementsChangedSince(ctx, since, catchUpBatch)
		if err != nil {
			return err
		}
		for _, s := range batch {
			if s.State == "REMOVED" {
				x.index.Remove(s.ProblemID)
			} else {
				x.index.Add(s.ProblemID, s.Title, s.Statement, s.State, "/p/"+s.ProblemID)
			}
			since = s.Changed
		}
		if since.After(x.since) {
			x.since = since
		}
		if len(batch) < catchUpBatch {
			return nil
		}
	}
}
