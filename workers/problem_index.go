package workers

import (
	"context"
	"sync"
	"time"

	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/policy"
)

// entry is one statement of a catalogue the duplicate gate searches.
type entry struct {
	id, title, statement, state, locator string
	changed                              time.Time
	remove                               bool
}

// catalogue is an in-memory similarity index over statements kept in the database, caught up
// before each search with the rows changed since the last one.
type catalogue struct {
	load func(ctx context.Context, since time.Time, limit int) ([]entry, error)

	mu    sync.Mutex // serialises catching up
	index *gates.Index
	since time.Time
}

// catchUpOverlap is how far back each catch-up looks again: a transaction that read its clock
// before another but committed after it is still seen. Adding a statement twice replaces it.
const catchUpOverlap = 10 * time.Second

// catchUpBatch is the number of rows read per statement while catching up.
const catchUpBatch = 2000

func (c *catalogue) catchUp(ctx context.Context) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	since := time.Time{}
	if !c.since.IsZero() {
		since = c.since.Add(-catchUpOverlap)
	}
	for {
		batch, err := c.load(ctx, since, catchUpBatch)
		if err != nil {
			return err
		}
		for _, e := range batch {
			if e.remove {
				c.index.Remove(e.id)
			} else {
				c.index.Add(e.id, e.title, e.statement, e.state, e.locator)
			}
			since = e.changed
		}
		if since.After(c.since) {
			c.since = since
		}
		if len(batch) < catchUpBatch {
			return nil
		}
	}
}

// ProblemIndex is the duplicate gate's view of every other problem: current statements, with
// the candidates' states read fresh, so a problem archived or merged a moment ago is not
// reported as a live duplicate.
type ProblemIndex struct {
	policy *policy.Service
	cat    catalogue
}

// NewProblemIndex returns an index that loads itself on the first search.
func NewProblemIndex(p *policy.Service) *ProblemIndex {
	x := &ProblemIndex{policy: p, cat: catalogue{index: gates.NewIndex()}}
	x.cat.load = func(ctx context.Context, since time.Time, limit int) ([]entry, error) {
		ss, err := p.StatementsChangedSince(ctx, since, limit)
		out := make([]entry, len(ss))
		for i, s := range ss {
			out[i] = entry{id: s.ProblemID, title: s.Title, statement: s.Statement, state: s.State,
				locator: "/p/" + s.ProblemID, changed: s.Changed, remove: s.State == "REMOVED"}
		}
		return out, err
	}
	return x
}

// Similar implements gates.Similar.
func (x *ProblemIndex) Similar(ctx context.Context, title, statement, exclude string, limit int) ([]gates.Candidate, error) {
	if err := x.cat.catchUp(ctx); err != nil {
		return nil, err
	}
	cands, err := x.cat.index.Similar(ctx, title, statement, exclude, limit)
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

// SolvedIndex is the known-answer check's catalogue: the solved records imports keep.
type SolvedIndex struct{ cat catalogue }

// NewSolvedIndex returns a catalogue that loads itself on the first search.
func NewSolvedIndex(p *policy.Service) *SolvedIndex {
	x := &SolvedIndex{cat: catalogue{index: gates.NewIndex()}}
	x.cat.load = func(ctx context.Context, since time.Time, limit int) ([]entry, error) {
		rs, err := p.SolvedChangedSince(ctx, since, limit)
		out := make([]entry, len(rs))
		for i, r := range rs {
			out[i] = entry{id: r.ID, title: r.Title, statement: r.Statement, state: r.Status, locator: r.Locator,
				changed: r.UpdatedAt}
		}
		return out, err
	}
	return x
}

// Similar implements gates.Similar.
func (x *SolvedIndex) Similar(ctx context.Context, title, statement, exclude string, limit int) ([]gates.Candidate, error) {
	if err := x.cat.catchUp(ctx); err != nil {
		return nil, err
	}
	return x.cat.index.Similar(ctx, title, statement, exclude, limit)
}
