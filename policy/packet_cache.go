package policy

import (
	"container/list"
	"encoding/json"
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
type packetCache struct {
	max int

	mu      sync.Mutex
	size    int
	order   *list.List               // of *cacheEntry, most recent first
	entries map[string]*list.Element // by problem ID
	deps    map[string]map[string]struct{}
	// dropped is the newest invalidation of each ID; floor stands for the
	// ones forgotten; latest is the newest of all.
	dropped       map[string]int64
	floor, latest int64
	// removals counts the packets ever taken out (evicted, invalidated,
	// replaced): while it stands still every cached packet stays.
	removals uint64

	hits, misses, evictions, invalidations atomic.Int64
}

type cacheEntry struct {
	id string
	p  *Packet
}

func newPacketCache(max int) *packetCache {
	if max <= 0 {
		max = DefaultPacketCacheBytes
	}
	return &packetCache{max: max, order: list.New(), entries: map[string]*list.Element{},
		deps: map[string]map[string]struct{}{}, dropped: map[string]int64{}}
}

// CacheStats are the packet cache's counters and contents.
type CacheStats struct {
	Hits, Misses, Evictions, Invalidations int64
	Packets, Bytes                         int
}

// PacketCacheStats reports the packet cache, for metrics.
func (s *Service) PacketCacheStats() CacheStats {
	c := s.packets
	c.mu.Lock()
	defer c.mu.Unlock()
	return CacheStats{Hits: c.hits.Load(), Misses: c.misses.Load(), Evictions: c.evictions.Load(),
		Invalidations: c.invalidations.Load(), Packets: len(c.entries), Bytes: c.size}
}

func (c *packetCache) get(id string) *Packet {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.entries[id]
	if !ok {
		c.misses.Add(1)
		return nil
	}
	c.hits.Add(1)
	c.order.MoveToFront(el)
	return el.Value.(*cacheEntry).p
}

// put stores p unless an invalidation newer than p has been seen for
// anything p shows, or a newer packet of the problem is already there.
func (c *packetCache) put(id string, p *Packet) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if p.size > c.max/8 {
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
		if el.Value.(*cacheEntry).p.AsOf >= p.AsOf {
			return
		}
		c.remove(el)
	}
	c.entries[id] = c.order.PushFront(&cacheEntry{id: id, p: p})
	c.size += p.size
	for _, d := range p.deps {
		m := c.deps[d]
		if m == nil {
			m = map[string]struct{}{}
			c.deps[d] = m
		}
		m[id] = struct{}{}
	}
	for c.size > c.max {
		c.remove(c.order.Back())
		c.evictions.Add(1)
	}
}

func (c *packetCache) remove(el *list.Element) {
	e := c.order.Remove(el).(*cacheEntry)
	c.removals++
	delete(c.entries, e.id)
	c.size -= e.p.size
	for _, d := range e.p.deps {
		if m := c.deps[d]; m != nil {
			delete(m, e.id)
			if len(m) == 0 {
				delete(c.deps, d)
			}
		}
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
		for pid := range c.deps[id] {
			el := c.entries[pid]
			if el != nil && el.Value.(*cacheEntry).p.AsOf < seq {
				c.remove(el)
				c.invalidations.Add(1)
			}
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
