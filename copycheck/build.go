package copycheck

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"math/bits"
	"os"
)

// MaxShardText is the largest normalised text one shard holds: 1 GiB, so that the suffix array
// fits 32-bit entries and a many-gigabyte corpus builds and is searched shard by shard in parallel.
const MaxShardText = 1 << 30

// shardBuilder gathers documents into one shard, then writes it. The MinHash signatures and
// band keys can go to spill files as they are made, so that the build holds in memory only the
// text, its offset map and, while sorting, the suffix array.
type shardBuilder struct {
	s       shard
	limit   int
	toks    []token
	sig     [numHashes]uint32
	shingle int // of sig
	spill   *spill
	release []func()
}

// spill holds stage-2 tables on disk during a build.
type spill struct {
	sigs, lsh  *os.File
	sigW, lshW *bufio.Writer
	sigs16     [numHashes]uint16
	lshBuf     [numBands]lshEntry
}

// newShardBuilder starts a shard. sizeHint, the original bytes expected, reserves room for the
// text; spillDir, when not empty, is where signatures and band keys wait for the write.
func newShardBuilder(limit, sizeHint int, spillDir string) (*shardBuilder, error) {
	if limit <= 0 || limit > MaxShardText {
		limit = MaxShardText
	}
	b := &shardBuilder{limit: limit}
	if sizeHint > 0 {
		// Reserved pages that the text never reaches are never touched, so they cost no memory.
		text, release := largeBytes(min(sizeHint+1<<20, limit))
		b.s.text, b.release = text[:0], append(b.release, release)
		b.s.segs = make([]segment, 0, min(sizeHint, limit)/24)
	}
	if spillDir != "" {
		sp := &spill{}
		var err error
		if sp.sigs, err = os.CreateTemp(spillDir, "signatures-*.tmp"); err != nil {
			return nil, fmt.Errorf("spill file: %w", err)
		}
		if sp.lsh, err = os.CreateTemp(spillDir, "bands-*.tmp"); err != nil {
			sp.sigs.Close()
			os.Remove(sp.sigs.Name())
			return nil, fmt.Errorf("spill file: %w", err)
		}
		sp.sigW, sp.lshW = bufio.NewWriterSize(sp.sigs, 1<<20), bufio.NewWriterSize(sp.lsh, 1<<20)
		b.spill = sp
	}
	return b, nil
}

// close removes the spill files and returns reserved memory.
func (b *shardBuilder) close() {
	if sp := b.spill; sp != nil {
		for _, f := range []*os.File{sp.sigs, sp.lsh} {
			f.Close()
			os.Remove(f.Name())
		}
		b.spill = nil
	}
	for _, r := range b.release {
		r()
	}
	b.release = nil
	b.s = shard{}
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
			b.shingle = shingleOf(len(toks))
			if !signatureOf(toks, b.shingle, &b.sig) {
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
			if err := b.putSignature(id); err != nil {
				return err
			}
		}
	}
	return nil
}

// putSignature stores the signature and band keys of chunk id.
func (b *shardBuilder) putSignature(id uint32) error {
	sp := b.spill
	if sp == nil {
		for _, v := range b.sig {
			b.s.sigs = append(b.s.sigs, uint16(v))
		}
		for band := 0; band < numBands; band++ {
			b.s.lsh = append(b.s.lsh, lshEntry{Key: bandKeyOf(&b.sig, band, b.shingle), Chunk: id})
		}
		return nil
	}
	for i, v := range b.sig {
		sp.sigs16[i] = uint16(v)
	}
	for band := range sp.lshBuf {
		sp.lshBuf[band] = lshEntry{Key: bandKeyOf(&b.sig, band, b.shingle), Chunk: id}
	}
	if _, err := sp.sigW.Write(asBytes(sp.sigs16[:])); err != nil {
		return fmt.Errorf("spill signatures: %w", err)
	}
	if _, err := sp.lshW.Write(asBytes(sp.lshBuf[:])); err != nil {
		return fmt.Errorf("spill band keys: %w", err)
	}
	return nil
}

// countingWriter counts what it writes and pads to section offsets.
type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	k, err := c.w.Write(p)
	c.n += int64(k)
	return k, err
}

// padTo writes zero bytes up to offset off.
func (c *countingWriter) padTo(off uint64) error {
	var zero [64]byte
	for uint64(c.n) < off {
		if _, err := c.Write(zero[:min(uint64(len(zero)), off-uint64(c.n))]); err != nil {
			return err
		}
	}
	return nil
}

// writeTo finishes the shard and writes it in its file format. The sizes of all sections are
// known before anything is sorted, so the file is written in one pass: the suffix array is
// built, written and released before the band keys are loaded and sorted, and the two largest
// tables are never in memory together. step reports "sort" and "write".
func (b *shardBuilder) writeTo(w io.Writer, step func(string)) (int64, error) {
	s := &b.s
	meta, err := json.Marshal(s.meta)
	if err != nil {
		return 0, fmt.Errorf("encode document table: %w", err)
	}
	nChunks := len(s.chunks)
	nLSH := nChunks * numBands
	dirBits := uint(min(max(bits.Len(uint(nLSH/2)), 4), 24))
	sizes := [numSections]int{
		len(s.text), 4 * len(s.text), 4 * (1<<16 + 1), len(asBytes(s.segs)), len(asBytes(s.docs)), len(meta),
		len(asBytes(s.chunks)), 2 * numHashes * nChunks, 8 * nLSH, 4 * (1<<dirBits + 1), 4 * len(s.shapes),
		8 * numKeys(len(s.text)),
	}
	h := shardHeader{ByteOrder: byteOrderTag, Hashes: numHashes, Bands: numBands, DirBits: uint32(dirBits),
		Shingle: shingleWords, ShortShingle: shortShingleWords, ShortWords: shortWords, ChunkWords: chunkWords}
	copy(h.Magic[:], shardMagic)
	off := align64(uint64(binary.Size(h)))
	for k, n := range sizes {
		h.Sections[k].Off, h.Sections[k].Len = off, uint64(n)
		off = align64(off + uint64(n))
	}
	cw := &countingWriter{w: w}
	if err := binary.Write(cw, binary.NativeEndian, &h); err != nil {
		return cw.n, fmt.Errorf("write shard header: %w", err)
	}
	section := func(k int, data []byte) error {
		if err := cw.padTo(h.Sections[k].Off); err != nil {
			return err
		}
		if uint64(len(data)) != h.Sections[k].Len {
			return fmt.Errorf("shard section %d has %d bytes, not %d", k, len(data), h.Sections[k].Len)
		}
		_, err := cw.Write(data)
		return err
	}
	fail := func(err error) (int64, error) { return cw.n, fmt.Errorf("write shard: %w", err) }

	if err := section(0, s.text); err != nil {
		return fail(err)
	}
	step("sort")
	sa, release := largeInt32(len(s.text))
	buildSuffixArray(s.text, sa)
	keyMem, releaseKeys := largeBytes(8 * numKeys(len(sa)))
	defer releaseKeys()
	keys := fromBytes[uint64](keyMem)
	sampleKeys(keys, s.text, sa)
	step("write")
	err = section(1, asBytes(sa))
	release()
	if err != nil {
		return fail(err)
	}
	if err := section(2, asBytes(twoByteBuckets(s.text))); err != nil {
		return fail(err)
	}
	for k, data := range [][]byte{asBytes(s.segs), asBytes(s.docs), meta, asBytes(s.chunks)} {
		if err := section(3+k, data); err != nil {
			return fail(err)
		}
	}
	// The band keys, unless they are in memory already, and the radix sort's second buffer:
	// outside the Go heap.
	lsh := s.lsh
	if b.spill != nil {
		lsh = nil
	}
	lshMem, releaseLSH := largeBytes(8 * (2*nLSH - len(lsh)))
	defer releaseLSH()
	tmp := fromBytes[lshEntry](lshMem[:8*nLSH])
	if sp := b.spill; sp != nil {
		lsh = fromBytes[lshEntry](lshMem[8*nLSH:])
		if err := sp.sigW.Flush(); err != nil {
			return fail(err)
		}
		if err := sp.lshW.Flush(); err != nil {
			return fail(err)
		}
		if err := cw.padTo(h.Sections[7].Off); err != nil {
			return fail(err)
		}
		if _, err := sp.sigs.Seek(0, io.SeekStart); err != nil {
			return fail(err)
		}
		if n, err := io.Copy(cw, sp.sigs); err != nil || uint64(n) != h.Sections[7].Len {
			return fail(fmt.Errorf("copy %d spilled signature bytes of %d: %v", n, h.Sections[7].Len, err))
		}
		if _, err := sp.lsh.ReadAt(asBytes(lsh), 0); err != nil {
			return fail(fmt.Errorf("read spilled band keys: %w", err))
		}
	} else if err := section(7, asBytes(s.sigs)); err != nil {
		return fail(err)
	}
	lsh = sortByKey(lsh, tmp)
	if err := section(8, asBytes(lsh)); err != nil {
		return fail(err)
	}
	if err := section(9, asBytes(lshDirectory(lsh, dirBits))); err != nil {
		return fail(err)
	}
	if err := section(10, asBytes(s.shapes)); err != nil {
		return fail(err)
	}
	if err := section(11, asBytes(keys)); err != nil {
		return fail(err)
	}
	return cw.n, nil
}

// lshDirectory returns, for each value d of the top dirBits bits of a key, the first entry
// whose key has top bits at least d; the last element is len(lsh).
func lshDirectory(lsh []lshEntry, dirBits uint) []uint32 {
	dir := make([]uint32, 1<<dirBits+1)
	shift := 32 - dirBits
	k := 0
	for d := range dir {
		for k < len(lsh) && uint64(lsh[k].Key>>shift) < uint64(d) {
			k++
		}
		dir[d] = uint32(k)
	}
	return dir
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
// so equal keys stay in chunk order. tmp is a buffer of the same length. It returns the sorted
// slice, which is e or tmp.
func sortByKey(e, tmp []lshEntry) []lshEntry {
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
