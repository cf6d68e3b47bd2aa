package policy

import (
	"fmt"
	"testing"
)

func testPacket(asOf int64, size int, deps ...string) *Packet {
	return &Packet{AsOf: asOf, deps: deps, enc: encodedPacket{buf: make([]byte, size), asOf: asOf}}
}

// newTestCache is a packet cache whose packets decode to their AsOf alone.
func newTestCache(max int) *packetCache {
	return newPacketCache(max, func(e encodedPacket) (*Packet, error) {
		return &Packet{AsOf: e.asOf, enc: e}, nil
	})
}

func TestPacketCacheRefusesPacketsOlderThanAnInvalidation(t *testing.T) {
	t.Parallel()
	c := newTestCache(1000)
	c.put("TDB-1", testPacket(5, 10, "TDB-1", "acc_1"))
	if c.get("TDB-1") == nil {
		t.Fatal("a stored packet is not there")
	}
	c.invalidate(7, []string{"acc_1"}) // an event about the proposer
	if c.get("TDB-1") != nil {
		t.Fatal("a packet showing the event's subject survived it")
	}
	// A reader that read before event 7 and stores after its invalidation.
	c.put("TDB-1", testPacket(6, 10, "TDB-1", "acc_1"))
	if c.get("TDB-1") != nil {
		t.Fatal("a packet read before the invalidating event was stored after it")
	}
	c.put("TDB-1", testPacket(7, 10, "TDB-1", "acc_1"))
	if c.get("TDB-1") == nil {
		t.Fatal("a packet that reflects the event was refused")
	}
	// An invalidation the packet already reflects, and one about something else.
	c.invalidate(7, []string{"TDB-1"})
	c.invalidate(8, []string{"TDB-2"})
	if c.get("TDB-1") == nil {
		t.Fatal("a packet was dropped by an event it reflects or does not show")
	}
	// A newer packet is not replaced by an older one.
	c.put("TDB-1", testPacket(9, 10, "TDB-1"))
	c.put("TDB-1", testPacket(8, 10, "TDB-1"))
	if p := c.get("TDB-1"); p == nil || p.AsOf != 9 {
		t.Fatalf("packet = %+v; want the one as of 9", p)
	}
}

func TestPacketCacheBounds(t *testing.T) {
	t.Parallel()
	c := newTestCache(100)
	for i := range 20 {
		c.put(fmt.Sprintf("TDB-%d", i+1), testPacket(1, 10, fmt.Sprintf("TDB-%d", i+1)))
	}
	if c.size > 100 || len(c.entries) != 10 {
		t.Fatalf("size %d with %d packets; want at most 100 bytes, 10 packets", c.size, len(c.entries))
	}
	if c.get("TDB-1") != nil || c.get("TDB-20") == nil {
		t.Fatal("not the least recently used packets were evicted")
	}
	if len(c.deps) != 10 {
		t.Fatalf("%d dependency entries for 10 packets", len(c.deps))
	}
	c.put("TDB-99", testPacket(1, 50, "TDB-99")) // more than an eighth of the budget
	if c.get("TDB-99") != nil {
		t.Fatal("a packet larger than an eighth of the budget was stored")
	}
	// Forgotten tombstones become a floor: nothing older is stored.
	for i := range maxTombstones + 1 {
		c.invalidate(int64(10+i), []string{fmt.Sprintf("x%d", i)})
	}
	c.put("TDB-50", testPacket(10, 10, "TDB-50"))
	if c.get("TDB-50") != nil {
		t.Fatal("a packet older than forgotten invalidations was stored")
	}
}

func TestPacketCacheKeepsTheRecentPacketsDecoded(t *testing.T) {
	t.Parallel()
	c := newTestCache(1 << 30)
	n := hotPackets + 10
	for i := range n {
		c.put(fmt.Sprintf("TDB-%d", i+1), testPacket(1, 10, fmt.Sprintf("TDB-%d", i+1)))
	}
	if c.hot.Len() != hotPackets {
		t.Fatalf("%d packets decoded; want %d", c.hot.Len(), hotPackets)
	}
	newest := fmt.Sprintf("TDB-%d", n)
	if p := c.get(newest); p == nil || c.decodes.Load() != 0 {
		t.Fatalf("the newest packet was decoded again (%d decodes)", c.decodes.Load())
	}
	// The oldest is kept encoded only: asking decodes it and makes it hot.
	p := c.get("TDB-1")
	if p == nil || p.AsOf != 1 || c.decodes.Load() != 1 {
		t.Fatalf("packet %+v after %d decodes; want the packet, decoded once", p, c.decodes.Load())
	}
	if again := c.get("TDB-1"); again != p || c.decodes.Load() != 1 {
		t.Fatal("a packet just decoded was decoded again")
	}
	if c.hot.Len() != hotPackets {
		t.Fatalf("%d packets decoded; want %d", c.hot.Len(), hotPackets)
	}
	// Invalidating a hot packet takes it out of both.
	c.invalidate(2, []string{"TDB-1"})
	if c.get("TDB-1") != nil || c.hot.Len() != hotPackets-1 || len(c.entries) != n-1 {
		t.Fatalf("after invalidation: %d decoded, %d entries", c.hot.Len(), len(c.entries))
	}
}

func TestPacketCacheDecodeFailureIsAMiss(t *testing.T) {
	t.Parallel()
	c := newPacketCache(1<<20, func(encodedPacket) (*Packet, error) { return nil, fmt.Errorf("corrupt") })
	c.put("TDB-1", testPacket(1, 10, "TDB-1"))
	c.cool(c.entries["TDB-1"].Value.(*cacheEntry))
	if c.get("TDB-1") != nil || c.misses.Load() != 1 {
		t.Fatal("a packet that does not decode was served")
	}
	if len(c.entries) != 0 {
		t.Fatal("a packet that does not decode is still cached")
	}
	c.put("TDB-1", testPacket(1, 10, "TDB-1")) // read afresh, at the same event
	if p := c.get("TDB-1"); p == nil || p.AsOf != 1 {
		t.Fatalf("packet = %+v; want the one read afresh", p)
	}
}

func TestPacketCacheSharedDependencies(t *testing.T) {
	t.Parallel()
	c := newTestCache(1 << 20)
	c.put("TDB-1", testPacket(1, 10, "TDB-1", "acc_1", "src_1"))
	c.put("TDB-2", testPacket(1, 10, "TDB-2", "acc_1"))
	c.put("TDB-3", testPacket(1, 10, "TDB-3", "acc_1", "src_1"))
	c.invalidate(2, []string{"src_1"}) // shown by TDB-1 and TDB-3
	if c.get("TDB-1") != nil || c.get("TDB-3") != nil || c.get("TDB-2") == nil {
		t.Fatal("an event about a source did not drop exactly the packets showing it")
	}
	if _, ok := c.deps["src_1"]; ok {
		t.Fatal("a dependency without packets is still indexed")
	}
	c.invalidate(3, []string{"acc_1"}) // TDB-2 is left showing it
	if c.get("TDB-2") != nil || len(c.deps) != 0 {
		t.Fatalf("after the last invalidation: %d dependencies indexed", len(c.deps))
	}
}

// testCore is a packet holding its core alone.
func testCore(asOf int64, size int, deps ...string) *Packet {
	p := testPacket(asOf, size, deps...)
	p.Core, p.enc.level = true, levelCore
	return p
}

// testBrief is a packet holding its brief alone.
func testBrief(asOf int64, size int, deps ...string) *Packet {
	p := testCore(asOf, size, deps...)
	p.Brief, p.enc.level = true, levelBrief
	return p
}

func TestPacketCacheKeepsWholePacketsOverCores(t *testing.T) {
	t.Parallel()
	c := newTestCache(1000)
	c.put("TDB-1", testCore(5, 10, "TDB-1", "rev_1"))
	if c.get("TDB-1") != nil {
		t.Fatal("a core answered a read of the whole packet")
	}
	if p := c.getCore("TDB-1"); p == nil || p.enc.level != levelCore {
		t.Fatalf("getCore = %+v; want the core", p)
	}
	// A whole packet replaces the core, even one read before it.
	c.put("TDB-1", testPacket(4, 20, "TDB-1", "rev_1", "acc_1"))
	if p := c.get("TDB-1"); p == nil || p.AsOf != 4 {
		t.Fatalf("get = %+v; want the whole packet as of 4", p)
	}
	// A core never replaces a whole packet, even a newer one; both read the same.
	c.put("TDB-1", testCore(6, 10, "TDB-1", "rev_1"))
	if p := c.getCore("TDB-1"); p == nil || p.enc.level != levelWhole || p.AsOf != 4 {
		t.Fatalf("getCore = %+v; want the whole packet as of 4", p)
	}
	if c.size != 20 || c.cores != 0 || len(c.entries) != 1 {
		t.Fatalf("size %d, %d cores, %d entries; want the whole packet alone", c.size, c.cores, len(c.entries))
	}
	// A core is invalidated by what it shows, as a whole packet is.
	c.put("TDB-2", testCore(6, 10, "TDB-2", "rev_2"))
	c.invalidate(7, []string{"rev_2"})
	if c.getCore("TDB-2") != nil || c.cores != 0 {
		t.Fatal("a core survived an event about its revision")
	}
	c.put("TDB-2", testCore(6, 10, "TDB-2", "rev_2"))
	if c.getCore("TDB-2") != nil {
		t.Fatal("a core read before the invalidating event was stored after it")
	}
	// Newer cores replace older ones.
	c.put("TDB-3", testCore(8, 10, "TDB-3"))
	c.put("TDB-3", testCore(9, 12, "TDB-3"))
	c.put("TDB-3", testCore(8, 10, "TDB-3"))
	if p := c.getCore("TDB-3"); p == nil || p.AsOf != 9 || c.cores != 1 {
		t.Fatalf("getCore = %+v with %d cores; want the core as of 9, alone", p, c.cores)
	}
}

// TestPacketCacheLevels holds the cache to its order of packets: a brief
// answers a brief read alone; a core answers core and brief reads and
// replaces a brief; a brief never replaces a core or a whole packet, even
// a newer brief; a brief is invalidated by what it shows.
func TestPacketCacheLevels(t *testing.T) {
	t.Parallel()
	c := newTestCache(1000)
	c.put("TDB-1", testBrief(5, 8, "TDB-1", "rev_1", "src_1"))
	if c.get("TDB-1") != nil || c.getCore("TDB-1") != nil {
		t.Fatal("a brief answered a read of the core or the whole packet")
	}
	if p := c.lookup("TDB-1", levelBrief); p == nil || !p.Brief {
		t.Fatalf("lookup(brief) = %+v; want the brief", p)
	}
	if c.cores != 1 || c.briefs != 1 {
		t.Fatalf("%d cores, %d briefs; want 1, 1", c.cores, c.briefs)
	}
	c.put("TDB-1", testBrief(6, 8, "TDB-1", "rev_1", "src_1")) // a newer brief replaces an older one
	if p := c.lookup("TDB-1", levelBrief); p == nil || p.AsOf != 6 {
		t.Fatalf("lookup(brief) = %+v; want the brief as of 6", p)
	}
	c.put("TDB-1", testCore(4, 10, "TDB-1", "rev_1", "src_1")) // a core replaces a brief, even a newer one
	for _, level := range []packetLevel{levelCore, levelBrief} {
		if p := c.lookup("TDB-1", level); p == nil || p.enc.level != levelCore || p.AsOf != 4 {
			t.Fatalf("lookup(%d) = %+v; want the core as of 4", level, p)
		}
	}
	c.put("TDB-1", testBrief(7, 8, "TDB-1", "rev_1", "src_1"))
	if p := c.lookup("TDB-1", levelBrief); p == nil || p.enc.level != levelCore {
		t.Fatalf("a brief replaced a core: lookup(brief) = %+v", p)
	}
	if c.size != 10 || c.cores != 1 || c.briefs != 0 || len(c.entries) != 1 {
		t.Fatalf("size %d, %d cores, %d briefs, %d entries; want the core alone", c.size, c.cores, c.briefs, len(c.entries))
	}
	c.put("TDB-2", testBrief(6, 8, "TDB-2", "rev_2", "src_2"))
	c.invalidate(7, []string{"src_2"})
	if c.lookup("TDB-2", levelBrief) != nil || c.briefs != 0 {
		t.Fatal("a brief survived an event about its source")
	}
}
