package policy

import (
	"container/list"
	"encoding/json"
	"sync"

	"github.com/theoremdb/theoremdb/ent"
)

// pageCacheSize bounds the pages of the list kept in memory.
const pageCacheSize = 1024

// pageCache keeps pages of the public list (which problems, their cursors,
// the total) until the next event: any change may move a problem in or out
// of a page or change a count, and events are what every instance hears.
// The problems themselves come from the packet cache, so a page in memory
// costs no statement at all.
type pageCache struct {
	packets *packetCache

	mu      sync.Mutex
	order   *list.List // of *pageEntry, most recent first
	entries map[string]*list.Element
	// tags are every tag's name, read when the newest event heard was tagsSeq (tagsOK says
	// they were read): the list page's filter, which every event may change.
	tags    []string
	tagsSeq int64
	tagsOK  bool
	// counts are the totals of the list's filters (countKey), read when the newest event heard
	// was countsSeq: the same for every page of a filter, and changed only by an event.
	counts    map[string]int
	countsSeq int64
}

// count returns the kept total of the pages key names, if no event has been heard since it
// was counted, and the newest event heard.
func (c *pageCache) count(key string) (int, int64, bool) {
	now := c.heard()
	if key == "" {
		return 0, now, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	n, ok := c.counts[key]
	if !ok || c.countsSeq != now {
		return 0, now, false
	}
	return n, now, true
}

// putCount keeps n, counted when heard() was seq, unless an event came since. Totals of an
// older event are dropped, and all of them when pageCacheSize are kept.
func (c *pageCache) putCount(key string, seq int64, n int) {
	if key == "" || c.heard() != seq {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.counts == nil || c.countsSeq != seq || len(c.counts) >= pageCacheSize {
		c.counts, c.countsSeq = map[string]int{}, seq
	}
	c.counts[key] = n
}

// tagNames returns the kept tag names, if no event has been heard since they were read.
func (c *pageCache) tagNames() ([]string, int64, bool) {
	now := c.heard()
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.tagsOK || c.tagsSeq != now {
		return nil, now, false
	}
	return c.tags, now, true
}

// putTagNames keeps names, read when heard() was seq, unless an event came since.
func (c *pageCache) putTagNames(seq int64, names []string) {
	if c.heard() != seq {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.tags, c.tagsSeq, c.tagsOK = names, seq, true
}

type pageEntry struct {
	key  string
	seq  int64 // the newest event heard when the page was read
	conn ent.ProblemConnection
	ids  []string
	// lower says the total is a lower bound (a capped search ranking).
	lower bool
}

func newPageCache(packets *packetCache) *pageCache {
	return &pageCache{packets: packets, order: list.New(), entries: map[string]*list.Element{}}
}

// pageKey identifies a page request, or is "" when the request cannot be
// cached (a filter built in code, with predicates JSON cannot show).
func pageKey(q ProblemPage) string {
	if q.Where != nil && hasPredicates(q.Where) {
		return ""
	}
	order := ""
	if q.Order != nil && q.Order.Field != nil {
		order = q.Order.Field.String() + " " + string(q.Order.Direction)
	}
	b, err := json.Marshal([]any{q.Where, q.Search, order, q.After, q.Before, q.First, q.Last, listsRemoved(q.Viewer)})
	if err != nil {
		return ""
	}
	return string(b)
}

func hasPredicates(w *ent.ProblemWhereInput) bool {
	if len(w.Predicates) > 0 || (w.Not != nil && hasPredicates(w.Not)) {
		return true
	}
	for _, x := range append(append([]*ent.ProblemWhereInput{}, w.Or...), w.And...) {
		if hasPredicates(x) {
			return true
		}
	}
	return false
}

// heard is the newest event the packet cache has heard of.
func (c *pageCache) heard() int64 {
	c.packets.mu.Lock()
	defer c.packets.mu.Unlock()
	return c.packets.latest
}

// get returns a copy of the page, its problems' IDs and the event it was
// read at, if no event has been heard since.
func (c *pageCache) get(key string) (*ent.ProblemConnection, []string, int64, bool) {
	if key == "" {
		return nil, nil, 0, false
	}
	now := c.heard()
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.entries[key]
	if !ok {
		return nil, nil, 0, false
	}
	e := el.Value.(*pageEntry)
	if e.seq != now {
		c.order.Remove(el)
		delete(c.entries, key)
		return nil, nil, 0, false
	}
	c.order.MoveToFront(el)
	conn := e.conn
	conn.Edges = make([]*ent.ProblemEdge, len(e.conn.Edges))
	for i, edge := range e.conn.Edges {
		cp := *edge
		conn.Edges[i] = &cp
	}
	if e.lower {
		markLowerBound(&conn)
	}
	return &conn, e.ids, e.seq, true
}

// put keeps conn, read when heard() was seq, unless an event came since.
func (c *pageCache) put(key string, seq int64, conn *ent.ProblemConnection) {
	if key == "" || c.heard() != seq {
		return
	}
	e := &pageEntry{key: key, seq: seq, conn: *conn, lower: TotalIsLowerBound(conn)}
	e.conn.Edges = make([]*ent.ProblemEdge, len(conn.Edges))
	for i, edge := range conn.Edges {
		e.conn.Edges[i] = &ent.ProblemEdge{Cursor: edge.Cursor}
		e.ids = append(e.ids, edge.Node.ID)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.entries[key]; ok {
		c.order.Remove(el)
	}
	c.entries[key] = c.order.PushFront(e)
	for c.order.Len() > pageCacheSize {
		delete(c.entries, c.order.Remove(c.order.Back()).(*pageEntry).key)
	}
}
