package copycheck

// This file builds suffix arrays with SA-IS (Nong, Zhang and Chan, "Two efficient algorithms
// for linear time suffix array construction", 2011): linear time, and no memory beyond the text,
// the array itself, a bit per byte for suffix types and the bucket counters.

// buildSuffixArray fills sa with the suffix array of text; len(sa) == len(text) < 2^31.
func buildSuffixArray(text []byte, sa []int32) {
	sais(text, sa, 256, nil)
}

type suffixTypes []uint64

func (t suffixTypes) s(i int) bool { return t[i>>6]&(1<<(i&63)) != 0 }

// lms reports whether suffix i is leftmost-S: S-type with an L-type suffix before it.
func (t suffixTypes) lms(i int) bool { return i > 0 && t.s(i) && !t.s(i-1) }

// sais sorts the suffixes of text over the alphabet [0, k). free is spare memory the caller
// does not need during the call; the bucket counters live there when it is large enough.
func sais[T byte | int32](text []T, sa []int32, k int, free []int32) {
	n := len(text)
	switch n {
	case 0:
		return
	case 1:
		sa[0] = 0
		return
	}
	t := make(suffixTypes, (n+63)/64)
	for i := n - 2; i >= 0; i-- {
		if text[i] < text[i+1] || text[i] == text[i+1] && t.s(i+1) {
			t[i>>6] |= 1 << (i & 63)
		}
	}
	// One bucket pointer per character; the bucket bounds are counted again from the text
	// whenever a pass needs them, which costs a sequential scan and saves a second array.
	var b []int32
	if len(free) >= k {
		b = free[:k]
	} else {
		b = make([]int32, k)
	}
	ends := func() { bucketBounds(text, b, true) }

	// Sort the LMS substrings: LMS suffixes at the ends of their buckets, then induce.
	for i := range sa {
		sa[i] = -1
	}
	ends()
	for i := n - 2; i >= 1; i-- {
		if t.lms(i) {
			c := text[i]
			b[c]--
			sa[b[c]] = int32(i)
		}
	}
	induce(text, sa, b)

	// Compact the sorted LMS positions and name the distinct substrings.
	m := 0
	for i := 0; i < n; i++ {
		if p := int(sa[i]); t.lms(p) {
			sa[m] = int32(p)
			m++
		}
	}
	for i := m; i < n; i++ {
		sa[i] = -1
	}
	names, prev := 0, -1
	for i := 0; i < m; i++ {
		pos := int(sa[i])
		diff := prev < 0
		for d := 0; !diff; d++ {
			if pos+d == n || prev+d == n || text[pos+d] != text[prev+d] || t.s(pos+d) != t.s(prev+d) {
				diff = true
			} else if d > 0 && t.lms(pos+d) {
				break
			}
		}
		if diff {
			names++
			prev = pos
		}
		sa[m+pos/2] = int32(names - 1)
	}
	j := n - 1
	for i := n - 1; i >= m; i-- {
		if sa[i] >= 0 {
			sa[j] = sa[i]
			j--
		}
	}

	// Sort the LMS suffixes: recurse when two LMS substrings share a name.
	s1, sa1 := sa[n-m:], sa[:m]
	if names < m {
		sais(s1, sa1, names, sa[m:n-m])
	} else {
		for i, c := range s1 {
			sa1[c] = int32(i)
		}
	}
	j = 0
	for i := 1; i < n; i++ {
		if t.lms(i) {
			s1[j] = int32(i)
			j++
		}
	}
	for i := range sa1 {
		sa1[i] = s1[sa1[i]]
	}
	// Place the sorted LMS suffixes at their bucket ends and induce the rest.
	for i := m; i < n; i++ {
		sa[i] = -1
	}
	ends()
	for i := m - 1; i >= 0; i-- {
		p := sa[i]
		sa[i] = -1
		c := text[p]
		b[c]--
		sa[b[c]] = p
	}
	induce(text, sa, b)
}

// induce sorts the L-type suffixes from the S-type ones placed, then the S-type from the L-type.
// It needs no type bits: a suffix k read at position i of bucket c = text[k] is L-type during the
// left-to-right pass exactly when i is below the bucket's fill pointer, and S-type during the
// right-to-left pass exactly when i is at or above it.
func induce[T byte | int32](text []T, sa []int32, b []int32) {
	n := len(text)
	bucketBounds(text, b, false)
	c := text[n-1]
	sa[b[c]] = int32(n - 1)
	b[c]++
	for i := 0; i < n; i++ {
		k := int(sa[i])
		if k <= 0 {
			continue
		}
		c0, c1 := text[k-1], text[k]
		if c0 > c1 || c0 == c1 && int32(i) < b[c1] {
			sa[b[c0]] = int32(k - 1)
			b[c0]++
		}
	}
	bucketBounds(text, b, true)
	for i := n - 1; i >= 0; i-- {
		k := int(sa[i])
		if k <= 0 {
			continue
		}
		c0, c1 := text[k-1], text[k]
		if c0 < c1 || c0 == c1 && int32(i) >= b[c1] {
			b[c0]--
			sa[b[c0]] = int32(k - 1)
		}
	}
}

// bucketBounds sets b[c] to the start of the bucket of character c, or to its end.
func bucketBounds[T byte | int32](text []T, b []int32, end bool) {
	clear(b)
	for _, c := range text {
		b[c]++
	}
	sum := int32(0)
	for c, n := range b {
		sum += n
		if end {
			b[c] = sum
		} else {
			b[c] = sum - n
		}
	}
}
