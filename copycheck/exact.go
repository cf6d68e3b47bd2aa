package copycheck

import (
	"bytes"
	"encoding/binary"
	"math"
	"math/bits"
	"slices"
	"sync"
)

// Index is the reference corpus as the check searches it: one or more shards, in memory or
// memory-mapped from the files `theoremdb corpus build` wrote.
type Index struct {
	shards []*shard
	unmap  []func() error
}

// Documents reports how many reference documents the index holds.
func (x *Index) Documents() int {
	n := 0
	for _, s := range x.shards {
		n += len(s.docs)
	}
	return n
}

// Shards reports how many shards the index has.
func (x *Index) Shards() int { return len(x.shards) }

// Join is one index over the shards of xs, in order, as if their documents had been indexed
// together into several shards. Closing it closes nothing: the parts keep their files and must
// outlive it.
func Join(xs ...*Index) *Index {
	j := &Index{}
	for _, x := range xs {
		j.shards = append(j.shards, x.shards...)
	}
	return j
}

// Close unmaps the index files. The index must not be used afterwards.
func (x *Index) Close() error {
	var first error
	for _, f := range x.unmap {
		if err := f(); err != nil && first == nil {
			first = err
		}
	}
	x.unmap, x.shards = nil, nil
	return first
}

// run is a maximal exact run: body[Start:End] stands in the reference corpus and can be
// extended neither to the left nor to the right.
type run struct {
	Start, End int
}

// lcp is the length of the common prefix of a and b.
func lcp(a, b []byte) int {
	n := min(len(a), len(b))
	i := 0
	for ; i+8 <= n; i += 8 {
		if x := binary.LittleEndian.Uint64(a[i:]) ^ binary.LittleEndian.Uint64(b[i:]); x != 0 {
			return i + bits.TrailingZeros64(x)/8
		}
	}
	for i < n && a[i] == b[i] {
		i++
	}
	return i
}

// keyStep is how many suffixes apart the sampled keys are: searching the keys first, which lie
// close together, leaves a binary search over at most keyStep suffixes in most cases, so that a
// search reads the text and the suffix array at random a few times instead of twice per step.
const keyStep = 64

// numKeys is how many sampled keys a suffix array of n entries has.
func numKeys(n int) int { return (n + keyStep - 1) / keyStep }

// prefixKey is the first 8 bytes of p as a big-endian number, zero-padded: suffixes in sorted
// order have non-decreasing keys, and a key below another's means a smaller suffix.
func prefixKey(p []byte) uint64 {
	if len(p) >= 8 {
		return binary.BigEndian.Uint64(p)
	}
	var b [8]byte
	copy(b[:], p)
	return binary.BigEndian.Uint64(b[:])
}

// sampleKeys fills keys, of numKeys(len(sa)) entries, with the key of every keyStep-th suffix.
func sampleKeys(keys []uint64, text []byte, sa []int32) {
	for j := range keys {
		q := int(sa[j*keyStep])
		keys[j] = prefixKey(text[q:min(len(text), q+8)])
	}
}

// lowerBound returns the first suffix array position in the two-byte bucket of p whose suffix
// is not below p, with the bucket's bounds. p has at least two bytes.
func (s *shard) lowerBound(p []byte) (pos, lo, hi int) {
	k := int(p[0])<<8 | int(p[1])
	lo, hi = int(s.buckets[k]), int(s.buckets[k+1])
	a, b := lo, hi
	if b-a > 2*keyStep {
		// A sampled suffix with a smaller key is below p, one with a larger key not below it.
		pk := prefixKey(p)
		j0 := a / keyStep
		keys := s.keys[j0 : (b-1)/keyStep+1]
		first, _ := slices.BinarySearch(keys, pk) // the first key ≥ pk
		last := len(keys)                         // the first key > pk
		if pk < math.MaxUint64 {
			last, _ = slices.BinarySearch(keys[first:], pk+1)
			last += first
		}
		if first > 0 {
			a = max(a, (j0+first-1)*keyStep+1)
		}
		b = min(b, (j0+last)*keyStep)
	}
	for a < b {
		m := int(uint(a+b) >> 1)
		q := int(s.sa[m])
		if bytes.Compare(s.text[q:min(len(s.text), q+len(p))], p) < 0 {
			a = m + 1
		} else {
			b = m
		}
	}
	return a, lo, hi
}

// longest returns the length of the longest prefix of p that stands in the shard, when it is at
// least two bytes; shorter matches do not matter to the check and count as 0.
func (s *shard) longest(p []byte) int {
	if len(p) < 2 {
		return 0
	}
	pos, lo, hi := s.lowerBound(p)
	best := 0
	if pos > lo {
		best = lcp(p, s.text[s.sa[pos-1]:])
	}
	if pos < hi {
		best = max(best, lcp(p, s.text[s.sa[pos]:]))
	}
	if best < 2 {
		return 0
	}
	return best
}

// occurrences returns up to limit text positions where p stands.
func (s *shard) occurrences(p []byte, limit int) []int {
	pos, _, hi := s.lowerBound(p)
	var out []int
	for k := pos; k < hi && len(out) < limit; k++ {
		q := int(s.sa[k])
		if !bytes.HasPrefix(s.text[q:], p) {
			break
		}
		out = append(out, q)
	}
	return out
}

// exactRuns finds every maximal run of body of at least minLen bytes that stands in the corpus.
// Each shard is searched on its own, in parallel when there are several, and the runs merge:
// a run of the whole corpus is a run of the shard that holds its longest occurrence, and
// ms[i] (below) over the corpus is the largest e-i over the shards' runs [s, e) through i.
func (x *Index) exactRuns(body []byte, minLen int) []run {
	switch len(x.shards) {
	case 0:
		return nil
	case 1:
		return exactRuns(x.shards[0].longest, body, minLen)
	}
	per := make([][]run, len(x.shards))
	var wg sync.WaitGroup
	for i, s := range x.shards {
		wg.Add(1)
		go func() {
			defer wg.Done()
			per[i] = exactRuns(s.longest, body, minLen)
		}()
	}
	wg.Wait()
	ms := make([]int32, len(body))
	any := false
	for _, runs := range per {
		for _, r := range runs {
			any = true
			for i := r.Start; i < r.End && r.End-i >= minLen; i++ {
				ms[i] = max(ms[i], int32(r.End-i))
			}
		}
	}
	if !any {
		return nil
	}
	var runs []run
	for s, l := range ms {
		if int(l) >= minLen && (s == 0 || ms[s-1] <= l) {
			runs = append(runs, run{Start: s, End: s + int(l)})
		}
	}
	return runs
}

// exactRuns finds every maximal run of body of at least minLen bytes that stands in the corpus.
//
// Let ms[i] be the longest prefix of body[i:] in the corpus; the runs are the pairs
// (i, i+ms[i]) with ms[i] ≥ minLen and ms[i-1] ≤ ms[i]. Computing ms everywhere costs a search
// per byte, so only every step-th position c is searched first: a run of minLen bytes starting
// at s covers the first checked c ≥ s and gives ms[c] ≥ minLen-step+1, so only the step-1
// positions before such a c, and of those only the ones with s ≤ c+ms[c]-minLen, can start a
// run. And when c+ms[c] does not pass the furthest end
// already seen, every run through c started further left and was found there. A copy of a whole
// body thus costs about one search per step bytes, and an original body exactly that.
func exactRuns(longest func([]byte) int, body []byte, minLen int) []run {
	m := len(body)
	if minLen < 2 || m < minLen {
		return nil
	}
	step := minLen / 2
	seed := minLen - step + 1
	ms := make([]int32, m)
	for i := range ms {
		ms[i] = -1
	}
	get := func(i int) int {
		if ms[i] < 0 {
			ms[i] = int32(longest(body[i:]))
		}
		return int(ms[i])
	}
	maxEnd := 0
	for c := 0; c < m; c += step {
		l := get(c)
		if l >= seed && c+l > maxEnd {
			// A run of minLen bytes from s through c makes body[c:s+minLen] stand in the
			// corpus, so s ≤ c+l-minLen.
			for s := max(0, c-step+1); s < c && s <= c+l-minLen; s++ {
				maxEnd = max(maxEnd, s+get(s))
			}
		}
		maxEnd = max(maxEnd, c+l)
	}
	var runs []run
	for s := 0; s < m; s++ {
		l := int(ms[s])
		if l < minLen || s > 0 && get(s-1) > l {
			continue
		}
		runs = append(runs, run{Start: s, End: s + l})
	}
	return runs
}

// source is where a run stands in the corpus.
type source struct {
	shard, doc int
	pos        int // in the shard's text
}

// locate picks, among up to limit places where p stands in each shard, the one whose licence has
// the strongest consequence, so that a run found in both an open and a GFDL source blocks.
func (x *Index) locate(p []byte, limit int) (source, bool) {
	best, found := source{}, false
	for si, s := range x.shards {
		for _, q := range s.occurrences(p, limit) {
			d := s.doc(q)
			if !found || strictness(s.meta[d].Licence) > strictness(x.shards[best.shard].meta[best.doc].Licence) {
				best, found = source{shard: si, doc: d, pos: q}, true
			}
		}
	}
	return best, found
}

// IndexStats sums up an index.
type IndexStats struct {
	Documents, Shards int
	TextBytes         int64 // normalised text searched by stage 1
	Paragraphs        int   // paragraph chunks searched by stage 2
	Stage2Bytes       int64 // chunk table, signatures and LSH tables
}

// Stats sums up the index.
func (x *Index) Stats() IndexStats {
	st := IndexStats{Shards: len(x.shards)}
	for _, s := range x.shards {
		st.Documents += len(s.docs)
		st.TextBytes += int64(len(s.text))
		st.Paragraphs += len(s.chunks)
		st.Stage2Bytes += int64(len(asBytes(s.chunks)) + len(asBytes(s.sigs)) + len(asBytes(s.lsh)) + len(asBytes(s.lshDir)))
	}
	return st
}
