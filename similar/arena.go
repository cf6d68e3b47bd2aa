package similar

import "hash/maphash"

// An arena holds the runs of values of many statements (their features, their strings) in a few
// large chunks, each run named by where it starts. A million statements whose features were
// slices of their own were millions of objects that every collection marked, and the duplicate
// search's index made each collection of a server at a million problems long; chunks of values
// without pointers are a few hundred objects the collector never looks into.
//
// Runs are not freed one by one: a replaced or removed statement leaves its runs as waste, and
// compact copies the live runs into fresh chunks once the waste is a quarter of what is held.
type arena[T any] struct {
	chunks [][]T
	held   int // values in the chunks
	waste  int // values of runs no statement names
}

// arenaChunk is the size of a chunk in values; a run longer than that has a chunk of its own.
const arenaChunk = 1 << 18

// arenaRef names the start of a run: its chunk in the high half, its offset in the low.
type arenaRef uint64

// add appends the parts as one run and says where it starts.
func (a *arena[T]) add(parts ...[]T) arenaRef {
	n := 0
	for _, p := range parts {
		n += len(p)
	}
	last := len(a.chunks) - 1
	if last < 0 || len(a.chunks[last])+n > cap(a.chunks[last]) {
		a.chunks = append(a.chunks, make([]T, 0, max(arenaChunk, n)))
		last++
	}
	c := a.chunks[last]
	ref := arenaRef(uint64(last)<<32 | uint64(len(c)))
	for _, p := range parts {
		c = append(c, p...)
	}
	a.chunks[last] = c
	a.held += n
	return ref
}

// at returns n values of the run at ref, from its offset off.
func (a *arena[T]) at(ref arenaRef, off, n int) []T {
	start := int(uint32(ref)) + off
	return a.chunks[ref>>32][start : start+n : start+n]
}

// wasteful reports whether the waste has reached a quarter of what the arena holds.
func (a *arena[T]) wasteful() bool { return a.waste > 0 && a.waste*4 >= a.held }

// slotHash hashes IDs for Index.byID: a map keyed by strings holds a pointer for every key,
// which the collector follows, and one keyed by their hashes holds none.
var slotHash = maphash.MakeSeed()

func idHash(id string) uint64 { return maphash.String(slotHash, id) }
