package server

import (
	"runtime/debug"
)

// GC is how TuneGC set the garbage collector: Percent as GOGC, Limit as
// GOMEMLIMIT in bytes. Set is false when the environment chose; Percent is
// then unknown (0).
type GC struct {
	Percent int
	Limit   int64
	Set     bool
}

// CachePercent is the GOGC a serving process runs with (Server.TuneGC): the heap may grow
// to five times what is live before a collection.
//
// Most of a serving process's live heap is its caches (packets, pages,
// answers), which change slowly, and every collection marks all of them.
// At Go's default (100) a busy server collects whenever it has allocated
// as much as it keeps, which under load is several times a second, each
// time marking hundreds of megabytes on cores that answer requests: the
// slowest answers are those that wait for it. At 400 it collects a
// quarter as often for the same work.
const CachePercent = 400

// TuneGC sets the garbage collector for a process that serves s, from the
// bounds of the caches it serves from (packets and answers); see tuneGC.
// getenv is os.Getenv.
func (s *Server) TuneGC(getenv func(string) string) GC {
	return tuneGC(getenv, int64(s.policy.PacketCacheBytes())+int64(s.answers.max))
}

// tuneGC sets the collector for a serving process whose caches are
// bounded by cacheBytes in all: GOGC CachePercent, and a soft memory limit
// of four times the caches' bound (at least 2 GiB), so that the larger
// headroom never lets the heap grow far past what the caches explain. The
// limit must stay well above the live heap times the headroom (caches,
// connections, requests in flight): near it Go collects again and again. When the
// environment sets GOGC or GOMEMLIMIT, the operator has chosen and
// nothing changes.
func tuneGC(getenv func(string) string, cacheBytes int64) GC {
	if getenv("GOGC") != "" || getenv("GOMEMLIMIT") != "" {
		return GC{Limit: debug.SetMemoryLimit(-1)} // a negative limit only reads it
	}
	limit := max(2<<30, 4*cacheBytes)
	debug.SetGCPercent(CachePercent)
	debug.SetMemoryLimit(limit)
	return GC{Percent: CachePercent, Limit: limit, Set: true}
}
