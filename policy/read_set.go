package policy

import (
	"context"
	"slices"
	"sync"
	"time"

	"github.com/theoremdb/theoremdb/db"
)

// ReadSet records what one read was answered from: the packets and pages
// of the caches, and whether anything else reached the database. An
// answer built from packets and pages alone stays right while each of
// them is still the one cached (no event has made it stale) and no
// deadline among them has passed; Current says so, so a transport may
// keep the answer beside them.
type ReadSet struct {
	mu      sync.Mutex
	packets []packetRead // one a problem; a read shows at most a page of them
	page    int64        // the newest event heard when a page was read
	paged   bool
	other   bool      // a statement outside the packet and page reads
	until   time.Time // the earliest deadline still ahead among the packets
	// checked says every packet was found current when the cache had made
	// removals removals; while it has made no more, they all still are.
	checked  bool
	removals uint64
}

// packetRead is a packet a read used: its problem and the event it reflects.
type packetRead struct {
	id   string
	asOf int64
}

type readSetKey struct{}

// TrackReads returns ctx under which reads are recorded in the ReadSet.
func TrackReads(ctx context.Context) (context.Context, *ReadSet) {
	rs := &ReadSet{}
	ctx = context.WithValue(ctx, readSetKey{}, rs)
	return db.ObserveStatements(ctx, rs.statement), rs
}

func (r *ReadSet) statement() {
	r.mu.Lock()
	r.other = true
	r.mu.Unlock()
}

// cacheRead is ctx for a statement of the packet or page read itself,
// which the ReadSet accounts for by what it returns.
func cacheRead(ctx context.Context) context.Context { return db.ObserveStatements(ctx, nil) }

func readSetOf(ctx context.Context) *ReadSet {
	rs, _ := ctx.Value(readSetKey{}).(*ReadSet)
	return rs
}

func (r *ReadSet) addPacket(p *Packet, now time.Time) {
	r.mu.Lock()
	defer r.mu.Unlock()
	id := p.Problem.ID
	i := slices.IndexFunc(r.packets, func(pr packetRead) bool { return pr.id == id })
	switch {
	case i < 0:
		r.packets = append(r.packets, packetRead{id, p.AsOf})
	case r.packets[i].asOf != p.AsOf:
		r.other = true // two versions in one answer: keep none of it
	}
	if d := p.Problem.Deadline; d.After(now) && (r.until.IsZero() || d.Before(r.until)) {
		r.until = d
	}
}

func (r *ReadSet) addPage(seq int64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.paged && r.page != seq {
		r.other = true
	}
	r.page, r.paged = seq, true
}

// Cacheable reports whether the read touched nothing but cached packets
// and pages.
func (r *ReadSet) Cacheable() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return !r.other && (len(r.packets) > 0 || r.paged)
}

// Size is about what the ReadSet holds, in bytes.
func (r *ReadSet) Size() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := 64
	for _, pr := range r.packets {
		n += len(pr.id) + 24
	}
	return n
}

// Current reports whether an answer read under rs would read the same
// now: every packet it used is still the cached one (an event about the
// problem, or about anything its packet shows, drops it), no event has
// come since its pages were read, and no deadline among its problems has
// passed (the challenge period, and what a viewer may do, turn on it).
func (s *Service) Current(rs *ReadSet) bool {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	if rs.other {
		return false
	}
	if !rs.until.IsZero() && !s.Now().Before(rs.until) {
		return false
	}
	if rs.paged && s.pages.heard() != rs.page {
		return false
	}
	c := s.packets
	c.mu.Lock()
	defer c.mu.Unlock()
	if rs.checked && rs.removals == c.removals {
		return true // a packet leaves the cache only through remove
	}
	for _, pr := range rs.packets {
		el, ok := c.entries[pr.id]
		if !ok || el.Value.(*cacheEntry).asOf != pr.asOf {
			return false
		}
	}
	rs.checked, rs.removals = true, c.removals
	return true
}
