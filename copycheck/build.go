package copycheck

import (
	"fmt"
	"math/bits"
)

// MaxShardText is the largest normalised text one shard holds: 1 GiB, so that the suffix array
// fits 32-bit entries and a many-gigabyte corpus builds and is searched shard by shard in parallel.
const MaxShardText = 1 << 30

// shardBuilder gathers documents into one shard.
type shardBuilder struct {
	s     shard
	limit int
	toks  []token
	sig   [numHashes]uint32
}

// newShardBuilder starts a shard; sizeHint, the original bytes expected, presizes its tables.
func newShardBuilder(limit, sizeHint int) *shardBuilder {
	if limit <= 0 || limit > MaxShardText {
		limit = MaxShardText
	}
	b := &shardBuilder{limit: limit}
	if sizeHint > 0 {
		// Normalised text is about half the original; a chunk of stage 2 stands for about
		// 350 normalised bytes, and a segment of the offset map for about 13.
		text := min(sizeHint*6/10, limit)
		b.s.text = make([]byte, 0, text)
		b.s.segs = make([]segment, 0, text/12)
		b.s.chunks = make([]chunk, 0, text/350)
		b.s.sigs = make([]uint16, 0, text/350*numHashes)
		b.s.lsh = make([]lshEntry, 0, text/350*numBands)
	}
	return b
}

// add normalises one document and appends it to the shard.
func (b *shardBuilder) add(meta DocMeta, src []byte, f Format) error {
	nz := Normalize(src, f)
	base := len(b.s.text)
	if base+len(nz.Text)+1 > b.limit {
		return fmt.Errorf("document %s does not fit in the shard (%d + %d bytes > %d): %w", meta.ID, base, len(nz.Text)+1, b.limit, ErrInvalid)
	}
	b.s.text = append(b.s.text, nz.Text...)
	b.s.text = append(b.s.text, 0)
	for _, sg := range nz.Map.segs {
		sg.Norm += uint32(base)
		b.s.segs = append(b.s.segs, sg)
	}
	meta.Sections = nil
	for _, sec := range nz.Sections {
		start := len(src)
		if int(sec.Start) < len(nz.Text) {
			start, _ = nz.Map.Orig(int(sec.Start))
		}
		meta.Sections = append(meta.Sections, DocSection{Title: sec.Title, Start: start})
	}
	doc := uint32(len(b.s.docs))
	b.s.docs = append(b.s.docs, docSpan{Start: uint32(base), End: uint32(base + len(nz.Text))})
	b.s.meta = append(b.s.meta, meta)
	firstShape := len(b.s.shapes)
	for _, fm := range nz.Formulas {
		b.s.shapes = append(b.s.shapes, fm.Shape)
	}

	fi := 0 // first formula at or after the current position
	for p, ps := range nz.Paragraphs {
		pe := len(nz.Text)
		if p+1 < len(nz.Paragraphs) {
			pe = int(nz.Paragraphs[p+1])
		}
		for fi < len(nz.Formulas) && int(nz.Formulas[fi].Pos) < int(ps) {
			fi++
		}
		first := fi
		b.toks = appendTokens(b.toks[:0], nz.Text, int(ps), pe, func(k int) uint32 { return nz.Formulas[first+k].Shape })
		bounds := chunkBounds(len(b.toks))
		for c := 0; c+1 < len(bounds); c++ {
			toks := b.toks[bounds[c]:bounds[c+1]]
			if !signature(toks, &b.sig) {
				continue
			}
			start := int(toks[0].Start)
			cf := first
			for cf < len(nz.Formulas) && int(nz.Formulas[cf].Pos) < start {
				cf++
			}
			id := uint32(len(b.s.chunks))
			b.s.chunks = append(b.s.chunks, chunk{
				Start: uint32(base + start), End: uint32(base + int(toks[len(toks)-1].End)),
				FirstFormula: uint32(firstShape + cf), Doc: doc,
			})
			for _, v := range b.sig {
				b.s.sigs = append(b.s.sigs, uint16(v))
			}
			for band := 0; band < numBands; band++ {
				b.s.lsh = append(b.s.lsh, lshEntry{Key: bandKey(&b.sig, band), Chunk: id})
			}
		}
	}
	return nil
}

// size is the normalised text gathered so far.
func (b *shardBuilder) size() int { return len(b.s.text) }

// finish sorts the suffixes and the band keys; the shard is then ready to search or write.
func (b *shardBuilder) finish() *shard {
	s := &b.s
	// Sort the band keys first: the radix sort's scratch space is gone before the suffix
	// array, the largest table, is allocated.
	s.lsh = sortByKey(s.lsh)
	s.dirBits = uint(min(max(bits.Len(uint(len(s.lsh)/2)), 4), 24))
	s.lshDir = make([]uint32, 1<<s.dirBits+1)
	shift := 32 - s.dirBits
	k := 0
	for d := range s.lshDir {
		for k < len(s.lsh) && uint64(s.lsh[k].Key>>shift) < uint64(d) {
			k++
		}
		s.lshDir[d] = uint32(k)
	}
	s.buckets = twoByteBuckets(s.text)
	s.sa = make([]int32, len(s.text))
	buildSuffixArray(s.text, s.sa)
	return s
}

// twoByteBuckets counts the suffixes by their first two bytes (a missing second byte counts as
// 0), which is the order the suffix array sorts them in; bucket k starts at the returned [k].
func twoByteBuckets(text []byte) []uint32 {
	b := make([]uint32, 1<<16+1)
	for i, c := range text {
		k := int(c) << 8
		if i+1 < len(text) {
			k |= int(text[i+1])
		}
		b[k+1]++
	}
	for k := 1; k < len(b); k++ {
		b[k] += b[k-1]
	}
	return b
}

// sortByKey sorts entries by key with a stable radix sort; entries are appended in chunk order,
// so equal keys stay in chunk order. It returns the sorted slice, which may be a new one.
func sortByKey(e []lshEntry) []lshEntry {
	tmp := make([]lshEntry, len(e))
	for shift := 0; shift < 32; shift += 8 {
		var count [257]int
		for _, x := range e {
			count[(x.Key>>shift)&255+1]++
		}
		for i := 1; i < len(count); i++ {
			count[i] += count[i-1]
		}
		for _, x := range e {
			d := (x.Key >> shift) & 255
			tmp[count[d]] = x
			count[d]++
		}
		e, tmp = tmp, e
	}
	return e
}
