package copycheck

// This file builds suffix arrays with SA-IS (Nong, Zhang and Chan, "Two efficient algorithms
// for linear time suffix array construction", 2011): linear time, and no memory beyond the text,
// the array itself and three counters per character.
//
// The suffix types are never stored. The induction passes carry the type of a suffix's
// predecessor in the sign bit of its entry (the predecessor is not to be induced in the current
// pass), so each step reads the text once at the predecessor and needs no type table and no
// comparison with a bucket pointer. The LMS positions are found by scanning the text from the
// right, where a suffix's type follows from the next one's.
//
// The LMS substrings are named as they are sorted, without comparing them: bit 30 of an entry
// marks where its key (its LMS prefix) differs from its neighbour's, and a suffix induced into a
// bucket differs from the one induced there before it exactly when their sources lay in
// different groups of equal keys. Positions stay below 2^30, as a shard holds at most 1 GiB.

// Flags of suffix array entries during the sort; the position is entry & posMask.
const (
	skipFlag = -1 << 31 // the predecessor is not induced in this pass
	nameFlag = 1 << 30  // the key differs from the neighbour's (which one depends on the pass)
	posMask  = nameFlag - 1
)

// A shard's text must fit the positions the sort can flag (this fails to compile otherwise).
const _ = uint(posMask + 1 - MaxShardText)

// buildSuffixArray fills sa with the suffix array of text; len(sa) == len(text) ≤ 2^30.
func buildSuffixArray(text []byte, sa []int32) {
	if len(text) > posMask+1 {
		panic("copycheck: text too long for one suffix array")
	}
	sais(text, sa, 256, nil)
}

// sais sorts the suffixes of text over the alphabet [0, k). free is spare memory the caller
// does not need during the call; each of the three bucket arrays is taken from it while enough
// is left, and allocated otherwise.
func sais[T byte | int32](text []T, sa []int32, k int, free []int32) {
	n := len(text)
	sa = sa[:n]
	switch n {
	case 0:
		return
	case 1:
		sa[0] = 0
		return
	}
	var stack [3][256]int32
	var bk buckets
	if k <= 256 {
		bk = buckets{count: stack[0][:k], ptr: stack[1][:k], last: stack[2][:k]}
	} else {
		bk = newBuckets(k, free)
	}
	countChars(text, bk.count)

	// Stage 1: place the LMS suffixes at the ends of their buckets and induce, which sorts and
	// names the LMS substrings.
	clear(sa)
	bk.bounds(true)
	m := 0
	{
		c1 := text[n-1]
		sNext := false // suffix n-1 is L-type: the empty suffix after it is smaller
		b := bk.ptr
		for i := n - 2; i >= 0; i-- {
			c0 := text[i]
			s := c0 < c1 || c0 == c1 && sNext
			if sNext && !s {
				b[c1]--
				sa[b[c1]] = int32(i + 1)
				m++
			}
			sNext, c1 = s, c0
		}
	}
	if m > 0 {
		bk.bounds(false)
		induceLSubstrings(text, sa, &bk)
		bk.bounds(true)
		induceSSubstrings(text, sa, &bk)
		reduce(text, sa, m, &bk)
	}

	// Stage 3: place the sorted LMS suffixes at the ends of their buckets and induce the rest.
	bk.bounds(true)
	clear(sa[m:])
	b := bk.ptr
	for i := m - 1; i >= 0; i-- {
		p := sa[i]
		sa[i] = 0
		c := text[p]
		b[c]--
		sa[b[c]] = p
	}
	bk.bounds(false)
	induceL(text, sa, bk.ptr)
	bk.bounds(true)
	induceS(text, sa, bk.ptr)
}

// reduce takes the LMS substrings sorted and marked by stage 1, names them, sorts the m LMS
// suffixes, recursively when two substrings share a name, and leaves the sorted LMS positions
// in sa[:m].
func reduce[T byte | int32](text []T, sa []int32, m int, bk *buckets) {
	n := len(text)
	// The sorted LMS suffixes, each with nameFlag when its substring differs from the one
	// before, go to sa[:m]. They are the entries with skipFlag in the S-type part [ptr[c],
	// end) of each bucket, where nameFlag marks a key that differs from the next entry's.
	j, end := 0, 0
	for c, cnt := range bk.count {
		start := end
		end += int(cnt)
		differs := true
		for i := max(start, int(bk.ptr[c])); i < end; i++ {
			v := sa[i]
			if v < 0 {
				p := v & posMask
				if differs {
					p |= nameFlag
				}
				sa[j] = p
				j++
				differs = false
			}
			if v&nameFlag != 0 {
				differs = true
			}
		}
	}
	// Each LMS position p is at least two after the one before, so its name fits at
	// sa[m+p/2]; gathered from the right, the names in text order form the reduced string.
	clear(sa[m:])
	names := int32(0)
	for i, v := range sa[:m] {
		if v&nameFlag != 0 {
			names++
		}
		p := v & posMask
		sa[i] = p
		sa[m+int(p>>1)] = names
	}
	j = n - 1
	for i := n - 1; i >= m; i-- {
		if v := sa[i]; v != 0 {
			sa[j] = v - 1
			j--
		}
	}

	s1, sa1 := sa[n-m:], sa[:m]
	if int(names) < m {
		sais(s1, sa1, int(names), sa[m:n-m])
	} else {
		for i, c := range s1 {
			sa1[c] = int32(i)
		}
	}
	// The LMS positions in text order replace the reduced string, then map the ranks.
	{
		c1 := text[n-1]
		sNext := false
		j := m - 1
		for i := n - 2; i >= 0; i-- {
			c0 := text[i]
			s := c0 < c1 || c0 == c1 && sNext
			if sNext && !s {
				s1[j] = int32(i + 1)
				j--
			}
			sNext, c1 = s, c0
		}
	}
	for i, r := range sa1 {
		sa1[i] = s1[r]
	}
}

// The passes of stage 1 sort suffixes by their LMS prefixes (the characters and types up to
// the next LMS position), starting from the LMS suffixes sorted by their first character, and
// keep groups of equal prefixes apart: d numbers the group of the entry being read, and last[c]
// the group of the source of the suffix induced last into bucket c. Every part of a bucket (its
// L-type suffixes, then its S-type ones) starts a new group.

// induceLSubstrings is the left-to-right pass of stage 1. It places the L-type suffixes at the
// heads of their buckets, with nameFlag where an entry's key differs from the entry's to its
// left. An entry whose predecessor is S-type keeps skipFlag and waits for the right-to-left
// pass; one that induced is cleared but for nameFlag; the LMS seeds are cleared.
func induceLSubstrings[T byte | int32](text []T, sa []int32, bk *buckets) {
	b, last := bk.ptr, bk.last
	for i := range last {
		last[i] = -1
	}
	d := int32(0)
	induce := func(p int32) {
		c := text[p]
		v := p
		if p > 0 && text[p-1] < c {
			v |= skipFlag
		}
		if last[c] != d {
			v |= nameFlag
			last[c] = d
		}
		sa[b[c]] = v
		b[c]++
	}
	induce(int32(len(text) - 1)) // from the empty suffix, a group of its own
	end := 0
	for c, cnt := range bk.count {
		i := end
		end += int(cnt)
		d++
		for ; i < int(b[c]); i++ {
			v := sa[i]
			d += v >> 30 & 1
			if p := v & posMask; v >= 0 && p > 0 {
				induce(p - 1)
				sa[i] = v & nameFlag
			}
		}
		d++
		for ; i < end; i++ {
			if p := sa[i]; p > 0 {
				induce(p - 1)
				sa[i] = 0
			}
		}
	}
}

// induceSSubstrings is the right-to-left pass of stage 1. It places the S-type suffixes at the
// ends of their buckets, with nameFlag where an entry's key differs from the entry's to its
// right, and skipFlag on the LMS suffixes, which stay; an entry that induced is cleared but for
// nameFlag. Afterwards ptr[c] is where the S-type part of bucket c starts.
func induceSSubstrings[T byte | int32](text []T, sa []int32, bk *buckets) {
	b, last := bk.ptr, bk.last
	for i := range last {
		last[i] = -1
	}
	d := int32(0)
	induce := func(p int32) {
		c := text[p]
		v := p
		if p > 0 && text[p-1] > c {
			v |= skipFlag
		}
		if last[c] != d {
			v |= nameFlag
			last[c] = d
		}
		b[c]--
		sa[b[c]] = v
	}
	end := len(sa)
	for c := len(bk.count) - 1; c >= 0; c-- {
		start := end - int(bk.count[c])
		i := end - 1
		d++
		for ; i >= int(b[c]); i-- { // the S-type part, filled before it is read
			v := sa[i]
			d += v >> 30 & 1
			if p := v & posMask; v >= 0 && p > 0 {
				induce(p - 1)
				sa[i] = v & nameFlag
			}
		}
		d++
		for ; i >= start; i-- { // the L-type part: entries with skipFlag induce
			v := sa[i]
			if v < 0 {
				induce(v&posMask - 1)
				sa[i] = 0
			}
			d += v >> 30 & 1
		}
		end = start
	}
}

// induceL is the left-to-right pass of stage 3: it places every L-type suffix. Every entry
// read changes sign: one that induced is restored by induceS, one that did not induces there.
func induceL[T byte | int32](text []T, sa []int32, b []int32) {
	n := len(text)
	j := int32(n - 1)
	c0 := text[j]
	v := j
	if text[j-1] < c0 {
		v = ^j
	}
	sa[b[c0]] = v
	b[c0]++
	for i := range sa {
		j := sa[i]
		sa[i] = ^j
		if j > 0 {
			j--
			c0 := text[j]
			v := j
			if j > 0 && text[j-1] < c0 {
				v = ^j
			}
			sa[b[c0]] = v
			b[c0]++
		}
	}
}

// induceS is the right-to-left pass of stage 3: it places every S-type suffix and leaves the
// suffix array with no negative entry.
func induceS[T byte | int32](text []T, sa []int32, b []int32) {
	for i := len(sa) - 1; i >= 0; i-- {
		j := sa[i]
		if j > 0 {
			j--
			c0 := text[j]
			v := j
			if j == 0 || text[j-1] > c0 {
				v = ^j
			}
			b[c0]--
			sa[b[c0]] = v
		} else {
			sa[i] = ^j
		}
	}
}

// buckets holds the character counts of a text, one pointer per bucket and, for stage 1, the
// group last induced into each bucket.
type buckets struct {
	count, ptr, last []int32
}

// newBuckets takes the counters for an alphabet of k from free as far as it goes.
func newBuckets(k int, free []int32) buckets {
	take := func() []int32 {
		if len(free) >= k {
			s := free[:k:k]
			free = free[k:]
			return s
		}
		return make([]int32, k)
	}
	return buckets{count: take(), ptr: take(), last: take()}
}

func countChars[T byte | int32](text []T, count []int32) {
	clear(count)
	for _, c := range text {
		count[c]++
	}
}

// bounds sets each bucket pointer to the start of its bucket, or to its end.
func (bk *buckets) bounds(end bool) {
	ptr := bk.ptr[:len(bk.count)]
	sum := int32(0)
	for c, x := range bk.count {
		if end {
			sum += x
			ptr[c] = sum
		} else {
			ptr[c] = sum
			sum += x
		}
	}
}
