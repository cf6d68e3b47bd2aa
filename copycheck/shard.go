package copycheck

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"unsafe"
)

// A shard is one file of the index: the normalised texts of its documents with their suffix
// array (stage 1), and their paragraph chunks with MinHash signatures and LSH bands (stage 2).
// Its slices point straight into the memory-mapped file, so loading costs no copying.
type shard struct {
	text    []byte     // normalised documents, each followed by a 0 byte
	sa      []int32    // suffix array of text
	buckets []uint32   // bucket[k]: first suffix whose first two bytes are k>>8, k&255
	keys    []uint64   // keys[j]: the first 8 bytes of suffix sa[j*keyStep], big-endian
	segs    []segment  // offset map; Orig is relative to the document's own file
	docs    []docSpan  // where each document stands in text
	meta    []DocMeta  // the documents, in the order of docs
	chunks  []chunk    // paragraph chunks for stage 2
	sigs    []uint16   // numHashes values per chunk
	lsh     []lshEntry // band keys, sorted
	lshDir  []uint32   // lshDir[k]: first entry whose key's top dirBits bits are k
	shapes  []uint32   // formula shapes in text order
	dirBits uint
}

// DocMeta describes a reference document.
type DocMeta struct {
	ID       string       `json:"id"`
	URI      string       `json:"uri"`
	Licence  Licence      `json:"licence"`
	File     string       `json:"file,omitempty"`     // where the original is, relative to the corpus directory
	Sections []DocSection `json:"sections,omitempty"` // filled in by the build
}

// DocSection is a section of a reference document: its title and the byte offset in the
// original file where it starts.
type DocSection struct {
	Title string `json:"title"`
	Start int    `json:"start"`
}

// sectionAt returns the title of the section that holds original byte offset off.
func (m *DocMeta) sectionAt(off int) string {
	title := ""
	for _, s := range m.Sections {
		if s.Start > off {
			break
		}
		title = s.Title
	}
	return title
}

type docSpan struct{ Start, End uint32 }

// chunk is a paragraph, or a piece of a long one, indexed by stage 2.
type chunk struct {
	Start, End   uint32 // in text
	FirstFormula uint32 // index into shapes of the first formula at or after Start
	Doc          uint32
}

type lshEntry struct{ Key, Chunk uint32 }

const (
	shardMagic   = "TDBCOPY3" // the last byte is the format version; 3 signs short chunks with 3-grams
	byteOrderTag = 0x01020304
	numSections  = 12
)

// shardHeader is the fixed start of a shard file; every section is 64-byte aligned.
type shardHeader struct {
	Magic     [8]byte
	ByteOrder uint32
	Hashes    uint32 // numHashes the signatures were made with
	Bands     uint32
	DirBits   uint32
	// The shingles and chunk sizes the signatures were made with.
	Shingle, ShortShingle, ShortWords, ChunkWords uint32
	Sections                                      [numSections]struct{ Off, Len uint64 }
}

func asBytes[T any](s []T) []byte {
	if len(s) == 0 {
		return nil
	}
	var zero T
	return unsafe.Slice((*byte)(unsafe.Pointer(&s[0])), len(s)*int(unsafe.Sizeof(zero)))
}

func fromBytes[T any](b []byte) []T {
	if len(b) == 0 {
		return nil
	}
	var zero T
	return unsafe.Slice((*T)(unsafe.Pointer(&b[0])), len(b)/int(unsafe.Sizeof(zero)))
}

func align64(x uint64) uint64 { return (x + 63) &^ 63 }

// parseShard reads a shard from its file bytes without copying them.
func parseShard(data []byte) (*shard, error) {
	var h shardHeader
	hs := binary.Size(h)
	if len(data) < hs {
		return nil, fmt.Errorf("shard of %d bytes is too short: %w", len(data), ErrInvalid)
	}
	if _, err := binary.Decode(data[:hs], binary.NativeEndian, &h); err != nil {
		return nil, fmt.Errorf("decode shard header: %w", err)
	}
	if string(h.Magic[:7]) != shardMagic[:7] {
		return nil, fmt.Errorf("not a copy-check shard: %w", ErrInvalid)
	}
	if h.Magic[7] != shardMagic[7] {
		return nil, fmt.Errorf("shard has format %c, this build reads format %c; run `theoremdb corpus build` again: %w", h.Magic[7], shardMagic[7], ErrInvalid)
	}
	if h.ByteOrder != byteOrderTag {
		return nil, fmt.Errorf("shard written on a machine of the other byte order; rebuild it: %w", ErrInvalid)
	}
	if h.Hashes != numHashes || h.Bands != numBands {
		return nil, fmt.Errorf("shard uses %d hashes in %d bands, this build %d in %d; rebuild it: %w", h.Hashes, h.Bands, numHashes, numBands, ErrInvalid)
	}
	if h.Shingle != shingleWords || h.ShortShingle != shortShingleWords || h.ShortWords != shortWords || h.ChunkWords != chunkWords {
		return nil, fmt.Errorf("shard signs chunks with %d-grams (%d-grams under %d words, chunks of %d), this build with %d-grams (%d-grams under %d, chunks of %d); rebuild it: %w",
			h.Shingle, h.ShortShingle, h.ShortWords, h.ChunkWords, shingleWords, shortShingleWords, shortWords, chunkWords, ErrInvalid)
	}
	var sec [numSections][]byte
	for k, s := range h.Sections {
		if s.Off%64 != 0 || s.Off > uint64(len(data)) || s.Len > uint64(len(data))-s.Off {
			return nil, fmt.Errorf("shard section %d out of bounds: %w", k, ErrInvalid)
		}
		sec[k] = data[s.Off : s.Off+s.Len]
	}
	s := &shard{
		text:    sec[0],
		sa:      fromBytes[int32](sec[1]),
		buckets: fromBytes[uint32](sec[2]),
		segs:    fromBytes[segment](sec[3]),
		docs:    fromBytes[docSpan](sec[4]),
		chunks:  fromBytes[chunk](sec[6]),
		sigs:    fromBytes[uint16](sec[7]),
		lsh:     fromBytes[lshEntry](sec[8]),
		lshDir:  fromBytes[uint32](sec[9]),
		shapes:  fromBytes[uint32](sec[10]),
		keys:    fromBytes[uint64](sec[11]),
		dirBits: uint(h.DirBits),
	}
	if err := json.Unmarshal(sec[5], &s.meta); err != nil {
		return nil, fmt.Errorf("decode document table: %w", err)
	}
	switch {
	case len(s.sa) != len(s.text), len(s.buckets) != 1<<16+1, len(s.keys) != numKeys(len(s.sa)), len(s.meta) != len(s.docs),
		len(s.sigs) != len(s.chunks)*numHashes, len(s.lshDir) != 1<<s.dirBits+1:
		return nil, fmt.Errorf("shard sections disagree in size: %w", ErrInvalid)
	}
	return s, nil
}

// doc returns the index of the document that holds text position p.
func (s *shard) doc(p int) int {
	lo, hi := 0, len(s.docs)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if int(s.docs[m].End) <= p {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// orig maps the shard text range [start, end) back to byte offsets in its document's file.
func (s *shard) orig(start, end int) (int, int) {
	m := OffsetMap{segs: s.segs, n: len(s.text)}
	return m.Span(start, end)
}
