package copycheck

import "sort"

// segment maps the normalised bytes from Norm up to the next segment's Norm onto original bytes.
// An identity segment maps byte Norm+k to original byte Orig+k; a whole segment (high bit of Len
// set) maps every one of its bytes to the original range [Orig, Orig+Len), as a formula
// placeholder, a collapsed run of white space or a canonical macro name does.
type segment struct {
	Norm uint32
	Orig uint32
	Len  uint32
}

const wholeBit = 1 << 31

// OffsetMap maps every byte of a normalised text back to the original bytes it came from, so that
// a match is reported where a person can find and rewrite it.
type OffsetMap struct {
	segs []segment
	n    int // length of the normalised text
}

func (m *OffsetMap) add(norm, orig, olen int, whole bool) {
	if !whole && len(m.segs) > 0 {
		last := &m.segs[len(m.segs)-1]
		if last.Len&wholeBit == 0 && int(last.Norm+last.Len) == norm && int(last.Orig+last.Len) == orig {
			last.Len += uint32(olen)
			return
		}
	}
	l := uint32(olen)
	if whole {
		l |= wholeBit
	}
	m.segs = append(m.segs, segment{Norm: uint32(norm), Orig: uint32(orig), Len: l})
}

func (m *OffsetMap) find(i int) segment {
	k := sort.Search(len(m.segs), func(k int) bool { return int(m.segs[k].Norm) > i }) - 1
	return m.segs[k]
}

// Orig returns the original byte range that normalised byte i came from.
func (m *OffsetMap) Orig(i int) (start, end int) {
	s := m.find(i)
	if s.Len&wholeBit != 0 {
		return int(s.Orig), int(s.Orig + s.Len&^wholeBit)
	}
	o := int(s.Orig) + i - int(s.Norm)
	return o, o + 1
}

// Span returns the original byte range covering the normalised bytes [start, end); end > start.
func (m *OffsetMap) Span(start, end int) (int, int) {
	os, _ := m.Orig(start)
	_, oe := m.Orig(end - 1)
	return os, oe
}

// Len is the length of the normalised text the map covers.
func (m *OffsetMap) Len() int { return m.n }
