package similar

import (
	"context"
	"sync"
	"time"
)

// Entry is one statement of a catalogue, as its source lists it.
type Entry struct {
	ID, Title, Statement, State, Locator string
	// Changed is when the row last changed: the catalogue catches up from the latest it saw.
	Changed time.Time
	// Removed takes the statement out of the catalogue.
	Removed bool
}

// A Cursor is a place in a catalogue's rows in the order of their changes (Changed, then ID):
// the rows after it changed after At, or at At with an ID after ID. Many rows may change at one
// time (a batch of submissions), so a time alone cannot say where a page of them ended.
type Cursor struct {
	At time.Time
	ID string
}

// Problems is what a ProblemIndex reads: the problems changed after a cursor, oldest change
// first, and the current lifecycle states of a few.
type Problems interface {
	StatementsChangedSince(ctx context.Context, after Cursor, limit int) ([]Entry, error)
	ProblemStates(ctx context.Context, ids []string) (map[string]string, error)
}

// Solved is what a SolvedIndex reads: the solved records written after a cursor, oldest first.
type Solved interface {
	SolvedChangedSince(ctx context.Context, after Cursor, limit int) ([]Entry, error)
}

// catalogue is an in-memory similarity index over statements kept in the database, caught up
// before each search with the rows changed since the last one.
type catalogue struct {
	load func(ctx context.Context, after Cursor, limit int) ([]Entry, error)

	mu    sync.Mutex // serialises catching up
	index *Index
	since time.Time
	// recent holds the rows read within catchUpOverlap of since, by ID, with the change each
	// was read at: the next catch-up reads them again and passes over those that have not
	// changed since, instead of indexing every statement of the last seconds again.
	recent map[string]time.Time
}

// catchUpOverlap is how far back each catch-up looks again: a transaction that read its clock
// before another but committed after it is still seen. Adding a statement twice replaces it;
// a row read again unchanged is passed over.
const catchUpOverlap = 10 * time.Second

// catchUpBatch is the number of rows read per statement while catching up.
const catchUpBatch = 2000

func (c *catalogue) catchUp(ctx context.Context) error {
	_, err := c.catchUpCount(ctx)
	return err
}

// catchUpCount catches up and says how many rows it read.
func (c *catalogue) catchUpCount(ctx context.Context) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.recent == nil {
		c.recent = map[string]time.Time{}
	}
	var (
		after Cursor
		read  int
	)
	if !c.since.IsZero() {
		after.At = c.since.Add(-catchUpOverlap)
	}
	for {
		batch, err := c.load(ctx, after, catchUpBatch)
		if err != nil {
			return read, err
		}
		read += len(batch)
		for _, e := range batch {
			after = Cursor{At: e.Changed, ID: e.ID}
			if at, ok := c.recent[e.ID]; ok && at.Equal(e.Changed) {
				continue // read again within the overlap, unchanged
			}
			if e.Removed {
				c.index.Remove(e.ID)
			} else {
				c.index.Add(e.ID, e.Title, e.Statement, e.State, e.Locator)
			}
			c.recent[e.ID] = e.Changed
		}
		if after.At.After(c.since) {
			c.since = after.At
		}
		for id, at := range c.recent {
			if at.Before(c.since.Add(-catchUpOverlap)) {
				delete(c.recent, id) // out of the overlap: never read again unless it changes
			}
		}
		if len(batch) < catchUpBatch {
			return read, nil
		}
	}
}

// ProblemIndex is the duplicate gate's view of every other problem: current statements, with
// the candidates' states read fresh, so a problem archived or merged a moment ago is not
// reported as a live duplicate.
type ProblemIndex struct {
	problems Problems
	cat      catalogue
}

// NewProblemIndex returns an index that loads itself on the first search. A problem's locator
// is its page; a removed problem leaves the index.
func NewProblemIndex(p Problems) *ProblemIndex {
	x := &ProblemIndex{problems: p, cat: catalogue{index: NewIndex()}}
	x.cat.load = func(ctx context.Context, after Cursor, limit int) ([]Entry, error) {
		es, err := p.StatementsChangedSince(ctx, after, limit)
		for i := range es {
			es[i].Locator = "/p/" + es[i].ID
			es[i].Removed = es[i].State == "REMOVED"
		}
		return es, err
	}
	return x
}

// CatchUp reads the problems changed since the last search into the index (every problem, the
// first time) and says how many it read: a search does this first, and a worker does it when it
// starts, so that the first search does not wait for a whole site.
func (x *ProblemIndex) CatchUp(ctx context.Context) (int, error) { return x.cat.catchUpCount(ctx) }

// Similar implements gates.Similar.
func (x *ProblemIndex) Similar(ctx context.Context, title, statement, exclude string, limit int) ([]Candidate, error) {
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
	states, err := x.problems.ProblemStates(ctx, ids)
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
func NewSolvedIndex(s Solved) *SolvedIndex {
	return &SolvedIndex{cat: catalogue{index: NewIndex(), load: s.SolvedChangedSince}}
}

// CatchUp reads the solved records written since the last search into the index and says how
// many it read (see ProblemIndex.CatchUp).
func (x *SolvedIndex) CatchUp(ctx context.Context) (int, error) { return x.cat.catchUpCount(ctx) }

// Similar implements gates.Similar.
func (x *SolvedIndex) Similar(ctx context.Context, title, statement, exclude string, limit int) ([]Candidate, error) {
	if err := x.cat.catchUp(ctx); err != nil {
		return nil, err
	}
	return x.cat.index.Similar(ctx, title, statement, exclude, limit)
}
