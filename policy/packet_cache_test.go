package policy

import (
	"fmt"
	"testing"
)

func testPacket(asOf int64, size int, deps ...string) *Packet {
	return &Packet{AsOf: asOf, size: size, deps: deps}
}

func TestPacketCacheRefusesPacketsOlderThanAnInvalidation(t *testing.T) {
	c := newPacketCache(1000)
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
	c := newPacketCache(100)
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
