package copycheck

import (
	"cmp"
	"slices"
)

// candidate is a reference chunk whose band keys collide with a body window's.
type candidate struct {
	shard, chunk int
}

// lookup visits the chunks of the shard that have the band key key (which encodes the band).
func (s *shard) lookup(key uint32, visit func(chunk int)) {
	d := key >> (32 - s.dirBits)
	lo, hi := int(s.lshDir[d]), int(s.lshDir[d+1])
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if s.lsh[m].Key < key {
			lo = m + 1
		} else {
			hi = m
		}
	}
	for k := lo; k < len(s.lsh) && s.lsh[k].Key == key; k++ {
		visit(int(s.lsh[k].Chunk))
	}
}

// candidates returns the reference chunks signed with k-grams that share at least one LSH band
// with sig.
func (x *Index) candidates(sig *[numHashes]uint32, k int, dst []candidate) []candidate {
	dst = dst[:0]
	for si, s := range x.shards {
		if len(s.lsh) == 0 {
			continue
		}
		for b := 0; b < numBands; b++ {
			s.lookup(bandKeyOf(sig, b, k), func(c int) { dst = append(dst, candidate{si, c}) })
		}
	}
	slices.SortFunc(dst, func(a, b candidate) int {
		if c := cmp.Compare(a.shard, b.shard); c != 0 {
			return c
		}
		return cmp.Compare(a.chunk, b.chunk)
	})
	return slices.Compact(dst)
}

// chunkTokens re-reads the tokens of a reference chunk from the shard's normalised text.
func (s *shard) chunkTokens(c int, dst []token) []token {
	ch := s.chunks[c]
	return appendTokens(dst[:0], s.text, int(ch.Start), int(ch.End), func(k int) uint32 {
		if i := int(ch.FirstFormula) + k; i < len(s.shapes) {
			return s.shapes[i]
		}
		return 0
	})
}

// pieces splits a body paragraph's tokens into the pieces stage 2 compares: the chunks the index
// would make of the same paragraph, so that a copied paragraph compares with its source chunk for
// chunk, and, for a long paragraph, windows of chunkWords words overlapping by half, so that a
// reference chunk copied into the middle of a paragraph lies mostly inside one of them.
func pieces(n int) [][2]int {
	b := chunkBounds(n)
	var w [][2]int
	for k := 0; k+1 < len(b); k++ {
		w = append(w, [2]int{b[k], b[k+1]})
	}
	if n <= chunkWords {
		return w
	}
	stride := chunkWords / 2
	for a := 0; ; a += stride {
		if a+chunkWords >= n {
			return append(w, [2]int{n - chunkWords, n})
		}
		w = append(w, [2]int{a, a + chunkWords})
	}
}

// shinglesFor returns the shingles to compare a piece of n words by: the one the index signs a
// chunk of n words with and, within a third of shortWords, the other one too.
func shinglesFor(n int) []int {
	switch {
	case n < shortWords*2/3:
		return []int{shortShingleWords}
	case n < shortWords:
		return []int{shortShingleWords, shingleWords}
	case n < shortWords*4/3:
		return []int{shingleWords, shortShingleWords}
	}
	return []int{shingleWords}
}

// counted appends the tokens of toks that are not wholly inside standard phrases; std is the
// prefix count of standard bytes of a text that starts at offset base.
func counted(dst, toks []token, std []int32, base int) []token {
	for _, t := range toks {
		a, b := int(t.Start)-base, int(t.End)-base
		if std[b]-std[a] < int32(b-a) {
			dst = append(dst, t)
		}
	}
	return dst
}
