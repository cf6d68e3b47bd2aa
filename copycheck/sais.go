package copycheck

// This file builds suffix arrays with SA-IS (Nong, Zhang and Chan, "Two efficient algorithms
// for linear time suffix array construction", 2011): linear time, and no memory beyond the text,
// the array itself and the bucket counters.
//
// The suffix types are never stored. The induction passes carry the type of a suffix's
// predecessor in the sign bit of its entry (a negative entry ^j is suffix j whose predecessor is
// not to be induced in the current pass), so each step reads the text once at the predecessor
// and needs no type table and no comparison with a bucket pointer. The LMS positions are found
// by scanning the text from the right, where a suffix's type follows from the next one's.
// Bucket counters of a byte alphabet live on the stack; those of a reduced string live in the
// part of the suffix array the recursion does not use, when it is large enough.

// buildSuffixArray fills sa with the suffix array of text; len(sa) == len(text) < 2^31.
func buildSuffixArray(text []byte, sa []int32) {
	sais(text, sa, 256, nil)
}

// sais sorts the suffixes of text over the alphabet [0, k). free is spare memory the caller
// does not need during the call; the bucket counters live there when it is large enough.
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
	var cStack, bStack [256]int32
	bk := buckets{}
	switch {
	case k <= len(cStack):
		bk.count, bk.ptr = cStack[:k], bStack[:k]
	case len(free) >= 2*k:
		bk.count, bk.ptr = free[:k], free[k:2*k]
	case len(free) >= k:
		// One array: the counts are taken from the text again whenever bounds are needed.
		bk.ptr, bk.recount = free[:k], true
	default:
		bk.count, bk.ptr = make([]int32, k), make([]int32, k)
	}
	if !bk.recount {
		countChars(text, bk.count)
	}

	// Stage 1: place the LMS suffixes at the ends of their buckets and induce, which sorts the
	// LMS substrings; the sorted LMS positions are left negative in sa.
	clear(sa)
	bucketBounds(text, &bk, true)
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
		bucketBounds(text, &bk, false)
		induceLSubstrings(text, sa, bk.ptr)
		bucketBounds(text, &bk, true)
		induceSSubstrings(text, sa, bk.ptr)
		reduce(text, sa, m)
	}

	// Stage 3: place the sorted LMS suffixes at the ends of their buckets and induce the rest.
	bucketBounds(text, &bk, true)
	clear(sa[m:])
	b := bk.ptr
	for i := m - 1; i >= 0; i-- {
		p := sa[i]
		sa[i] = 0
		c := text[p]
		b[c]--
		sa[b[c]] = p
	}
	bucketBounds(text, &bk, false)
	induceL(text, sa, bk.ptr)
	bucketBounds(text, &bk, true)
	induceS(text, sa, bk.ptr)
}

// reduce takes the m LMS substrings sorted by stage 1 (as negative entries of sa), names them,
// sorts the LMS suffixes, recursively when two substrings share a name, and leaves the sorted
// LMS positions in sa[:m].
func reduce[T byte | int32](text []T, sa []int32, m int) {
	n := len(text)
	j := 0
	for _, v := range sa {
		if v < 0 {
			sa[j] = ^v
			j++
		}
	}
	// The length of each LMS substring, up to and including the next LMS character, at
	// sa[m+p/2]; LMS positions are at least two apart, so the slots are distinct.
	clear(sa[m:])
	{
		c1 := text[n-1]
		sNext := false
		next := n
		for i := n - 2; i >= 0; i-- {
			c0 := text[i]
			s := c0 < c1 || c0 == c1 && sNext
			if sNext && !s {
				p := i + 1
				sa[m+p>>1] = int32(next - p + 1)
				next = p
			}
			sNext, c1 = s, c0
		}
	}
	// Name the substrings in sorted order: equal lengths and equal characters, including the
	// next LMS character, mean equal types too. A substring that reaches the end is unique.
	names := int32(0)
	q, qlen := n, 0
	for _, pv := range sa[:m] {
		p := int(pv)
		plen := int(sa[m+p>>1])
		if plen != qlen || q+plen > n || p+plen > n || !equalRange(text[p:p+plen], text[q:q+plen]) {
			names++
			q, qlen = p, plen
		}
		sa[m+p>>1] = names
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

func equalRange[T byte | int32](a, b []T) bool {
	b = b[:len(a)]
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// induceLSubstrings is the left-to-right pass of stage 1. A positive entry j induces j-1 (an
// L-type suffix) and is cleared; a negative entry ^j, whose predecessor is S-type, becomes j
// for the right-to-left pass.
func induceLSubstrings[T byte | int32](text []T, sa []int32, b []int32) {
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
		if j > 0 {
			sa[i] = 0
			j--
			c0 := text[j]
			v := j
			if j > 0 && text[j-1] < c0 {
				v = ^j
			}
			sa[b[c0]] = v
			b[c0]++
		} else if j < 0 {
			sa[i] = ^j
		}
	}
}

// induceSSubstrings is the right-to-left pass of stage 1. A positive entry j induces j-1 (an
// S-type suffix) and is cleared; an induced LMS suffix is stored negative and stays so.
func induceSSubstrings[T byte | int32](text []T, sa []int32, b []int32) {
	for i := len(sa) - 1; i >= 0; i-- {
		j := sa[i]
		if j > 0 {
			sa[i] = 0
			j--
			c0 := text[j]
			v := j
			if j > 0 && text[j-1] > c0 {
				v = ^j
			}
			b[c0]--
			sa[b[c0]] = v
		}
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

// buckets holds the character counts of a text and one pointer per bucket.
type buckets struct {
	count, ptr []int32
	recount    bool // count is not kept: take it from the text each time
}

func countChars[T byte | int32](text []T, count []int32) {
	clear(count)
	for _, c := range text {
		count[c]++
	}
}

// bucketBounds sets each bucket pointer to the start of its bucket, or to its end.
func bucketBounds[T byte | int32](text []T, bk *buckets, end bool) {
	count := bk.count
	if bk.recount {
		count = bk.ptr
		countChars(text, count)
	}
	ptr := bk.ptr[:len(count)]
	sum := int32(0)
	for c, x := range count {
		if end {
			sum += x
			ptr[c] = sum
		} else {
			ptr[c] = sum
			sum += x
		}
	}
}
