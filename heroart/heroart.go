// Package heroart checks the files of a problem's bespoke hero art before
// anyone looks at them: an SVG drawing and a WebP rendering of the same
// picture, the pair the review policy calls a registered asset. The SVG is
// held to an allow-list (drawing elements and presentation attributes only:
// no script, no event handler, no style sheet, no reference outside the
// file, no document type), and the WebP is decoded whole, so that what a
// reviewer passes is what every reader will be sent.
//
// It owns no storage; a refusal is a *Problem naming the file and what is
// wrong with it, in words for the person who uploaded it.
package heroart

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"

	"golang.org/x/image/webp"
)

// The limits of a pair.
const (
	MaxSVG  = 512 << 10 // bytes
	MaxWebP = 1 << 20   // bytes: with the SVG, within the 2 MiB a request may carry
	// MaxSide is the longest side of the WebP rendering, in pixels.
	MaxSide = 4096
	// MinSide is the shortest side a hero rendering may have: smaller is not a picture a reader
	// can see.
	MinSide = 16
)

// Problem is why a file of the pair was refused.
type Problem struct {
	File   string // "svg" or "webp"
	Reason string
}

func (p *Problem) Error() string { return p.File + ": " + p.Reason }

func refuse(file, format string, args ...any) error {
	return &Problem{File: file, Reason: fmt.Sprintf(format, args...)}
}

// Size is a picture's width and height in pixels.
type Size struct{ Width, Height int }

// CheckWebP decodes b whole and returns its size.
func CheckWebP(b []byte) (Size, error) {
	switch {
	case len(b) == 0:
		return Size{}, refuse("webp", "the file is empty")
	case len(b) > MaxWebP:
		return Size{}, refuse("webp", "the file is %d KiB; a rendering is at most %d KiB", len(b)>>10, MaxWebP>>10)
	case len(b) < 12 || string(b[:4]) != "RIFF" || string(b[8:12]) != "WEBP":
		return Size{}, refuse("webp", "this is not a WebP file (it does not start with a RIFF WEBP header)")
	}
	cfg, err := webp.DecodeConfig(bytes.NewReader(b))
	if err != nil {
		return Size{}, refuse("webp", "the WebP header cannot be read: %v", err)
	}
	if cfg.Width < MinSide || cfg.Height < MinSide || cfg.Width > MaxSide || cfg.Height > MaxSide {
		return Size{}, refuse("webp", "the picture is %d×%d pixels; each side must be between %d and %d",
			cfg.Width, cfg.Height, MinSide, MaxSide)
	}
	if _, err := webp.Decode(bytes.NewReader(b)); err != nil {
		return Size{}, refuse("webp", "the picture cannot be decoded: %v", err)
	}
	return Size{cfg.Width, cfg.Height}, nil
}

// svgNS is the SVG namespace; xlinkNS the old one of href.
const (
	svgNS   = "http://www.w3.org/2000/svg"
	xlinkNS = "http://www.w3.org/1999/xlink"
)

// elements are the SVG elements a drawing may use: shapes, text, grouping,
// paint servers and the description. Anything else (script, style,
// foreignObject, image, a, animate, iframe…) is refused.
var elements = set("svg", "g", "defs", "symbol", "use", "title", "desc", "metadata",
	"path", "rect", "circle", "ellipse", "line", "polyline", "polygon",
	"text", "tspan", "textPath",
	"linearGradient", "radialGradient", "stop", "pattern", "clipPath", "mask", "marker",
	"filter", "feGaussianBlur", "feOffset", "feBlend", "feColorMatrix", "feFlood", "feComposite", "feMerge", "feMergeNode")

// attributes are the attributes a drawing may carry, beyond the
// namespace declarations: geometry, presentation and identity.
var attributes = set("id", "class", "viewBox", "width", "height", "x", "y", "x1", "y1", "x2", "y2",
	"cx", "cy", "r", "rx", "ry", "d", "points", "transform", "preserveAspectRatio", "version",
	"fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-opacity", "stroke-linecap",
	"stroke-linejoin", "stroke-dasharray", "stroke-dashoffset", "stroke-miterlimit", "opacity",
	"color", "clip-path", "clip-rule", "mask", "marker-start", "marker-mid", "marker-end",
	"font-family", "font-size", "font-weight", "font-style", "text-anchor", "dominant-baseline",
	"letter-spacing", "dx", "dy", "rotate", "textLength", "lengthAdjust",
	"offset", "stop-color", "stop-opacity", "gradientUnits", "gradientTransform", "spreadMethod",
	"fx", "fy", "fr", "patternUnits", "patternContentUnits", "patternTransform",
	"clipPathUnits", "maskUnits", "maskContentUnits", "markerWidth", "markerHeight", "markerUnits",
	"refX", "refY", "orient", "filter", "filterUnits", "primitiveUnits", "in", "in2", "result",
	"stdDeviation", "mode", "type", "values", "operator", "k1", "k2", "k3", "k4", "flood-color",
	"flood-opacity", "vector-effect", "shape-rendering", "role", "aria-label", "aria-hidden", "lang", "href",
	"style", "display", "visibility", "paint-order", "overflow")

func set(xs ...string) map[string]bool {
	m := make(map[string]bool, len(xs))
	for _, x := range xs {
		m[x] = true
	}
	return m
}

// CheckSVG holds b to the allow-list and returns the drawing's title (its
// first <title>, which may be empty).
func CheckSVG(b []byte) (title string, err error) {
	switch {
	case len(bytes.TrimSpace(b)) == 0:
		return "", refuse("svg", "the file is empty")
	case len(b) > MaxSVG:
		return "", refuse("svg", "the file is %d KiB; a drawing is at most %d KiB", len(b)>>10, MaxSVG>>10)
	}
	d := xml.NewDecoder(bytes.NewReader(b))
	d.Strict = true
	var (
		depth             int
		rootSeen, viewBox bool
		inTitle, doctype  bool
	)
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return "", refuse("svg", "the file is not well-formed XML: %v", err)
		}
		switch t := tok.(type) {
		case xml.Directive:
			if err := checkDirective(string(t), rootSeen || doctype); err != nil {
				return "", err
			}
			doctype = true
		case xml.ProcInst:
			if t.Target != "xml" {
				return "", refuse("svg", "the processing instruction <?%s?> is not allowed", t.Target)
			}
		case xml.StartElement:
			if depth == 0 {
				if rootSeen {
					return "", refuse("svg", "the file holds more than one root element")
				}
				rootSeen = true
				if t.Name.Local != "svg" || t.Name.Space != svgNS {
					return "", refuse("svg", "the root element is <%s>; it must be <svg> in the SVG namespace (%s)", t.Name.Local, svgNS)
				}
			}
			if t.Name.Space != svgNS || !elements[t.Name.Local] {
				return "", refuse("svg", "the element <%s> is not allowed in hero art (only drawing elements are)", t.Name.Local)
			}
			for _, a := range t.Attr {
				if err := checkAttr(t.Name.Local, a); err != nil {
					return "", err
				}
				if depth == 0 && a.Name.Local == "viewBox" && a.Name.Space == "" {
					viewBox = true
				}
			}
			inTitle = t.Name.Local == "title" && title == ""
			depth++
		case xml.EndElement:
			depth--
			inTitle = false
		case xml.CharData:
			if depth == 0 && len(bytes.TrimSpace(t)) > 0 {
				return "", refuse("svg", "there is text outside the <svg> element")
			}
			if inTitle {
				title += string(t)
			}
		}
	}
	if !rootSeen {
		return "", refuse("svg", "the file holds no <svg> element")
	}
	if !viewBox {
		return "", refuse("svg", "the <svg> element has no viewBox, so it cannot scale to the page")
	}
	return strings.TrimSpace(title), nil
}

func checkAttr(element string, a xml.Attr) error {
	name := a.Name.Local
	switch a.Name.Space {
	case "xmlns":
		return nil // a namespace declaration
	case "":
		if name == "xmlns" {
			return nil
		}
	case xlinkNS:
		if name != "href" {
			return refuse("svg", "the attribute xlink:%s on <%s> is not allowed", name, element)
		}
	case "http://www.w3.org/XML/1998/namespace":
		if name == "space" || name == "lang" {
			return nil
		}
		return refuse("svg", "the attribute xml:%s on <%s> is not allowed", name, element)
	default:
		return refuse("svg", "the attribute %s on <%s> is in a namespace hero art does not use", name, element)
	}
	if strings.HasPrefix(strings.ToLower(name), "on") {
		return refuse("svg", "the event handler %s on <%s> is not allowed: hero art runs no script", name, element)
	}
	if !attributes[name] {
		return refuse("svg", "the attribute %s on <%s> is not allowed in hero art", name, element)
	}
	v := strings.ToLower(strings.Join(strings.Fields(a.Value), ""))
	if name == "href" && !strings.HasPrefix(v, "#") {
		return refuse("svg", "<%s> refers to %q: hero art may refer only to its own parts (#id)", element, a.Value)
	}
	if strings.Contains(v, "javascript:") || strings.Contains(v, "expression(") || strings.Contains(v, "@import") {
		return refuse("svg", "the %s attribute on <%s> holds script or an import", name, element)
	}
	for rest := v; ; {
		i := strings.Index(rest, "url(")
		if i < 0 {
			break
		}
		rest = strings.TrimLeft(rest[i+4:], `'"`)
		if !strings.HasPrefix(rest, "#") {
			return refuse("svg", "the %s attribute on <%s> refers outside the file (url(…)); only url(#id) is allowed", name, element)
		}
	}
	return nil
}

// checkDirective allows the one directive an exported drawing often begins
// with: a document type naming svg, with at most its public and system
// identifiers (<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "…dtd">).
// Nothing reads the external identifiers: the decoder loads no DTD, and a
// browser showing the file as an image loads none either. An internal
// subset ([…], where entities are declared), any other declaration, or a
// second or late document type is refused.
func checkDirective(d string, late bool) error {
	f := strings.Fields(d)
	switch {
	case len(f) == 0 || f[0] != "DOCTYPE":
		return refuse("svg", "the declaration <!%s…> is not allowed in hero art", firstWord(d))
	case strings.ContainsAny(d, "[]"):
		return refuse("svg", "a document type with declarations of its own (<!DOCTYPE … [ … ]>) is not allowed: hero art declares no entities")
	case late:
		return refuse("svg", "a document type may appear once, before the <svg> element")
	case len(f) < 2 || f[1] != "svg":
		return refuse("svg", "the document type names %q; it must name svg", strings.Join(f[1:2], ""))
	}
	return nil
}

func firstWord(s string) string {
	if f := strings.Fields(s); len(f) > 0 {
		return f[0]
	}
	return ""
}
