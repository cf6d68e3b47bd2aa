// Package hero draws the neutral hero visual of a problem page: a calm,
// deterministic SVG pattern generated from the problem's identifier and
// title, with a motif chosen by its acceptance kind.
//
// The picture is decoration that names the problem visually; it must never
// look like it states a result, a bound, a status or a claim. So it carries
// no text at all, no data of the problem other than the seed, and its
// caption says so. It owns no storage and renders no user text: the SVG is
// built from numbers only, which keeps it safe to inline in a page under a
// strict Content-Security-Policy (no script, no style attribute, no external
// reference). Reviewed bespoke art, when a problem has it, replaces this.
package hero

import (
	"crypto/sha256"
	"encoding/binary"
	"strings"
	"unicode"

	"github.com/theoremdb/theoremdb/packet"
)

// Input is what the visual is drawn from. Only ID and Title seed the
// pattern; Kind picks the motif and the first tag picks the palette, so
// problems that share a first tag share colours.
type Input struct {
	ID    string // permanent identifier, e.g. "TDB-12"
	Title string
	Kind  packet.AcceptanceKind
	Tags  []string
}

// Visual is the drawn picture and the words that go with it.
type Visual struct {
	// SVG is a complete inline <svg> element: role="img", a <title> that
	// repeats Alt, a viewBox and width="100%" so that it scales with its
	// container.
	SVG string
	// Alt describes what is visibly shown, for assistive technology.
	Alt string
	// Caption relates the picture to the problem without stating anything
	// about its answer.
	Caption string
}

// Frame of the picture, in viewBox units.
const (
	width  = 640
	height = 360
	margin = 44
)

// Draw returns the visual of p. The same input always gives the same bytes.
func Draw(p Input) Visual {
	r := newRNG(seed(p.ID, p.Title))
	pal := palettes[paletteIndex(p, r)]

	var c canvas
	var alt, motif string
	tail := "it depicts no result."
	switch p.Kind {
	case packet.Search:
		alt = lattice(&c, r, pal)
		motif = "A lattice, the motif of search problems"
	case packet.Proof:
		alt = curves(&c, r, pal)
		motif = "Smooth curves, the motif of proof problems"
	case packet.Numerical:
		alt = bars(&c, r, pal)
		motif = "Bars in a wave, the motif of numerical problems"
		tail = "their heights are not data and it depicts no result."
	case packet.Classification:
		alt = partition(&c, r, pal)
		motif = "A partitioned rectangle, the motif of classification problems"
	default:
		alt = rings(&c, r, pal)
		motif = "Concentric circles"
	}

	var b strings.Builder
	b.Grow(c.b.Len() + 512)
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 360" width="100%" role="img" focusable="false" preserveAspectRatio="xMidYMid meet">`)
	b.WriteString("<title>")
	b.WriteString(alt) // generated from numbers and fixed words only
	b.WriteString("</title>")
	b.WriteString(`<rect width="640" height="360" fill="` + background + `"/>`)
	b.WriteString(c.b.String())
	b.WriteString("</svg>")

	return Visual{SVG: b.String(), Alt: alt, Caption: caption(p, motif, tail)}
}

// caption relates the motif to the problem's setup: its identifier, its
// acceptance kind and the tag that chose the colours, and ends with tail,
// which says that it shows no result.
func caption(p Input, motif, tail string) string {
	var b strings.Builder
	b.WriteString(motif)
	if id := clean(p.ID); id != "" {
		b.WriteString(", generated from the identifier ")
		b.WriteString(id)
	} else {
		b.WriteString(", generated from the problem's identifier")
	}
	if len(p.Tags) > 0 {
		if tag := clean(p.Tags[0]); tag != "" {
			b.WriteString(" and coloured after its first tag, ")
			b.WriteString(tag)
		}
	}
	b.WriteString("; ")
	b.WriteString(tail)
	return b.String()
}

// clean keeps a short, plain rendering of an identifier or tag for the
// caption: letters, digits and a few separators, at most 40 of them.
func clean(s string) string {
	var b strings.Builder
	n := 0
	for _, r := range strings.TrimSpace(s) {
		if n == 40 {
			break
		}
		switch {
		case unicode.IsLetter(r), unicode.IsDigit(r), r == '-', r == '_', r == '.', r == ' ':
			b.WriteRune(r)
			n++
		}
	}
	return strings.TrimSpace(b.String())
}

// seed hashes the identifier and title; a zero byte separates them so that
// ("TDB-1", "2x") and ("TDB-12", "x") differ.
func seed(id, title string) uint64 {
	h := sha256.New()
	h.Write([]byte(id))
	h.Write([]byte{0})
	h.Write([]byte(title))
	return binary.BigEndian.Uint64(h.Sum(nil))
}

// paletteIndex picks the palette from the first tag, or from the seed when
// the problem has no tag.
func paletteIndex(p Input, r *rng) int {
	if len(p.Tags) > 0 && strings.TrimSpace(p.Tags[0]) != "" {
		sum := sha256.Sum256([]byte(strings.ToLower(strings.TrimSpace(p.Tags[0]))))
		return int(binary.BigEndian.Uint64(sum[:8]) % uint64(len(palettes)))
	}
	return r.intn(len(palettes))
}
