package policy

import (
	"container/list"
	"encoding/json"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/theoremdb/theoremdb/ent"
)

// DefaultPacketCacheBytes bounds the packet cache when Config says nothing.
const DefaultPacketCacheBytes = 256 << 20

// maxTombstones bounds the invalidations remembered one by one; older ones
// are folded into a floor below which no packet is cached.
const maxTombstones = 1 << 16

// packetCache keeps packets in process, least recently used first out,
// within a byte budget. Every event invalidates the packets that show its
// subject or any ID its payload names: at once for this instance's own
// commits, and through the live broker (LISTEN/NOTIFY on PostgreSQL) for
// every other instance's. A packet read before an event but stored after
// its invalidation would be stale, so each invalidation leaves a tombstone
// with its sequence number, and a packet older than a tombstone on
// anything it shows is not stored.
//
// A packet is kept as its statement returned it (encodedPacket: one
// buffer the collector need not look inside) and decoded when it is asked
// for. Only the most recently asked-for ones are also kept decoded: a
// decoded packet is a graph of a hundred or more small objects, and ten
// thousand of them made every collection mark a million and a half objects
// while answers waited.
type packetCache struct {
	max    int
	decode func(encodedPacket) (*Packet, error)

	mu      sync.Mutex
	size    int
	cores   int                      // entries holding a packet's core or brief alone
	briefs  int                      // of them, entries holding a brief
	order   *list.List               // of *cacheEntry, most recent first
	entries map[string]*list.Element // by problem ID
	deps    map[string]dependents
	// hot are the entries also kept decoded, most recently asked for
	// first; hotSize is the sum of their encoded sizes.
	hot     *list.List
	hotSize int
	// dropped is the newest invalidation of each ID; floor stands for the
	// ones forgotten; latest is the newest of all.
	dropped       map[string]int64
	floor, latest int64
	// removals counts the packets ever taken out (evicted, invalidated,
	// replaced): while it stands still every cached packet stays.
	removals uint64

	hits, misses, evictions, invalidations, decodes atomic.Int64
}

type cacheEntry struct {
	id   string
	asOf int64
	enc  encodedPacket
	deps []string // substrings of one string
	// p is the decoded packet while the entry is hot (hotEl is its place).
	p     *Packet
	hotEl *list.Element
}

// dependents are the problems whose packets show one ID. Most IDs are
// shown by one packet, which needs no set of its own.
type dependents struct {
	one  string
	more map[string]struct{}
}

func (d *dependents) add(id string) {
	switch {
	case d.one == "" || d.one == id:
		d.one = id
	default:
		if d.more == nil {
			d.more = map[string]struct{}{}
		}
		d.more[id] = struct{}{}
	}
}

// remove takes id out and reports whether none is left.
func (d *dependents) remove(id string) bool {
	if d.one == id {
		d.one = ""
		for other := range d.more {
			d.one = other
			delete(d.more, other)
			break
		}
	} else {
		delete(d.more, id)
	}
	return d.one == ""
}

func (d dependents) each(f func(id string)) {
	if d.one != "" {
		f(d.one)
	}
	for id := range d.more {
		f(id)
	}
}

// Bounds of the decoded packets: at most hotPackets of them, and at most
// an eighth of the budget in encoded bytes.
const hotPackets = 1024

func newPacketCache(max int, decode func(encodedPacket) (*Packet, error)) *packetCache {
	if max <= 0 {
		max = DefaultPacketCacheBytes
	}
	return &packetCache{max: max, decode: decode, order: list.New(), entries: map[string]*list.Element{},
		deps: map[string]dependents{}, hot: list.New(), dropped: map[string]int64{}}
}

// CacheStats are the packet cache's counters and contents.
type CacheStats struct {
	Hits, Misses, Evictions, Invalidations, Decodes int64
	Packets, Bytes, Decoded                         int
	// Cores are the packets kept with their core or brief alone
	// (Packet.Core); Briefs are those of them with their brief alone
	// (Packet.Brief).
	Cores, Briefs int
}

// PacketCacheStats reports the packet cache, for metrics.
func (s *Service) PacketCacheStats() CacheStats {
	c := s.packets
	c.mu.Lock()
	defer c.mu.Unlock()
	return CacheStats{Hits: c.hits.Load(), Misses: c.misses.Load(), Evictions: c.evictions.Load(),
		Invalidations: c.invalidations.Load(), Decodes: c.decodes.Load(), Packets: len(c.entries), Bytes: c.size,
		Decoded: c.hot.Len(), Cores: c.cores, Briefs: c.briefs}
}

// get returns the cached whole packet of a problem, decoding it unless it
// is hot.
func (c *packetCache) get(id string) *Packet { return c.lookup(id, levelWhole) }

// getCore returns the cached packet of a problem, whole or its core alone
// (Packet.Core), decoding it unless it is hot.
func (c *packetCache) getCore(id string) *Packet { return c.lookup(id, levelCore) }

// lookup returns the cached packet of a problem that holds at least
// level, decoding it unless it is hot.
func (c *packetCache) lookup(id string, level packetLevel) *Packet {
	c.mu.Lock()
	el, ok := c.entries[id]
	if !ok || el.Value.(*cacheEntry).enc.level > level {
		c.mu.Unlock()
		c.misses.Add(1)
		return nil
	}
	c.order.MoveToFront(el)
	e := el.Value.(*cacheEntry)
	if e.p != nil {
		c.hot.MoveToFront(e.hotEl)
		p := e.p
		c.mu.Unlock()
		c.hits.Add(1)
		return p
	}
	c.mu.Unlock()
	p, err := c.decode(e.enc) // e.enc never changes
	c.mu.Lock()
	defer c.mu.Unlock()
	if err != nil {
		if c.entries[id] == el {
			c.remove(el) // so that the packet read afresh takes its place
		}
		c.misses.Add(1)
		return nil
	}
	c.hits.Add(1)
	c.decodes.Add(1)
	if c.entries[id] == el {
		if e.p != nil {
			return e.p
		}
		c.warm(e, p)
	}
	return p
}

// warm keeps e's packet decoded, letting the least recently asked-for
// decoded packets go.
func (c *packetCache) warm(e *cacheEntry, p *Packet) {
	e.p, e.hotEl = p, c.hot.PushFront(e)
	c.hotSize += len(e.enc.buf)
	for c.hot.Len() > hotPackets || c.hotSize > c.max/8 {
		c.cool(c.hot.Back().Value.(*cacheEntry))
	}
}

func (c *packetCache) cool(e *cacheEntry) {
	if e.p == nil {
		return
	}
	c.hot.Remove(e.hotEl)
	c.hotSize -= len(e.enc.buf)
	e.p, e.hotEl = nil, nil
}

// put stores p unless an invalidation newer than p has been seen for
// anything p shows, or a newer packet of the problem is already there. A
// packet that holds more is kept over one that holds less (whole over
// core over brief), whichever is newer: both are current while they are
// cached, and the one that holds more answers every read the other does.
func (c *packetCache) put(id string, p *Packet) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(p.enc.buf) > c.max/8 {
		return // one packet may not crowd out the rest
	}
	if p.AsOf < c.latest {
		if p.AsOf < c.floor {
			return
		}
		for _, d := range p.deps {
			if c.dropped[d] > p.AsOf {
				return
			}
		}
	}
	if el, ok := c.entries[id]; ok {
		old := el.Value.(*cacheEntry)
		switch {
		case old.enc.level == p.enc.level && old.asOf >= p.AsOf:
			return
		case old.enc.level < p.enc.level:
			return
		}
		c.remove(el)
	}
	e := &cacheEntry{id: id, asOf: p.AsOf, enc: p.enc, deps: compactIDs(p.deps)}
	c.entries[id] = c.order.PushFront(e)
	c.size += len(e.enc.buf)
	c.count(e, 1)
	for _, d := range e.deps {
		ds := c.deps[d]
		ds.add(id)
		c.deps[d] = ds
	}
	c.warm(e, p)
	for c.size > c.max {
		c.remove(c.order.Back())
		c.evictions.Add(1)
	}
}

// count adds n to the counts of entries below the whole packet that e is in.
func (c *packetCache) count(e *cacheEntry, n int) {
	if e.enc.level != levelWhole {
		c.cores += n
	}
	if e.enc.level == levelBrief {
		c.briefs += n
	}
}

// compactIDs copies ids into one string, so that a kept entry holds one
// allocation for them, not one each.
func compactIDs(ids []string) []string {
	all := strings.Join(ids, "")
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i], all = all[:len(id)], all[len(id):]
	}
	return out
}

func (c *packetCache) remove(el *list.Element) {
	e := c.order.Remove(el).(*cacheEntry)
	c.cool(e)
	c.removals++
	delete(c.entries, e.id)
	c.size -= len(e.enc.buf)
	c.count(e, -1)
	for _, d := range e.deps {
		ds, ok := c.deps[d]
		if !ok {
			continue
		}
		if ds.remove(e.id) {
			delete(c.deps, d)
		} else {
			c.deps[d] = ds
		}
	}
}

// forget drops the cached packet of problem id for a change that writes no event (a pending
// reference's new reason, which every retry of the record plane may bring): only this
// instance's cache learns of it, and the other instances' packets show it after the next event.
func (c *packetCache) forget(id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el := c.entries[id]; el != nil {
		c.remove(el)
		c.invalidations.Add(1)
	}
}

// invalidate drops every packet older than seq that shows one of ids.
func (c *packetCache) invalidate(seq int64, ids []string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.latest = max(c.latest, seq)
	if len(c.dropped)+len(ids) > maxTombstones {
		c.floor = c.latest
		clear(c.dropped)
	}
	for _, id := range ids {
		c.dropped[id] = max(c.dropped[id], seq)
		var stale []*list.Element
		c.deps[id].each(func(pid string) {
			if el := c.entries[pid]; el != nil && el.Value.(*cacheEntry).asOf < seq {
				stale = append(stale, el)
			}
		})
		for _, el := range stale {
			c.remove(el)
			c.invalidations.Add(1)
		}
	}
}

// InvalidatePackets drops the cached packets an event makes stale: those
// showing its subject or any string its payload holds (problem, claim,
// account IDs). The live broker calls it for every event it reads, so
// other instances' commits reach this cache; this instance's own commits
// reach it before the writer returns.
func (s *Service) InvalidatePackets(ev *ent.Event) {
	s.packets.invalidate(ev.Seq, eventIDs(ev.Subject, ev.Payload))
}

// eventIDs are the subject and every string in a JSON payload.
func eventIDs(subject, payload string) []string {
	ids := []string{subject}
	var v any
	if json.Unmarshal([]byte(payload), &v) != nil {
		return ids
	}
	var walk func(any)
	walk = func(v any) {
		switch v := v.(type) {
		case string:
			ids = append(ids, v)
		case []any:
			for _, x := range v {
				walk(x)
			}
		case map[string]any:
			for _, x := range v {
				walk(x)
			}
		}
	}
	walk(v)
	return ids
}
