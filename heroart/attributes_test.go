package heroart_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/heroart"
)

func svgOf(inner string) string {
	return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">` + inner + `</svg>`
}

// TestProblemError: a refusal reads as the file and the reason, and is a *Problem to errors.As.
func TestProblemError(t *testing.T) {
	t.Parallel()
	_, err := heroart.CheckSVG([]byte(svgOf(`<script/>`)))
	var p *heroart.Problem
	if !errors.As(err, &p) {
		t.Fatalf("CheckSVG = %v; want a *Problem", err)
	}
	if err.Error() != "svg: "+p.Reason || !strings.HasPrefix(err.Error(), "svg: the element <script>") {
		t.Errorf("Error() = %q; want “svg: ” and the reason %q", err.Error(), p.Reason)
	}
	_, err = heroart.CheckWebP(nil)
	if !errors.As(err, &p) || p.File != "webp" || err.Error() != "webp: the file is empty" {
		t.Errorf("CheckWebP(nil) = %v; want “webp: the file is empty”", err)
	}
}

// TestCheckSVGAttributes: the xml: attributes a drawing may carry pass, and every other
// attribute outside the SVG vocabulary is refused with its name and element.
func TestCheckSVGAttributes(t *testing.T) {
	t.Parallel()
	for _, inner := range []string{
		`<text xml:space="preserve" x="1" y="1">a  b</text>`,
		`<text xml:lang="fr" x="1" y="1">point</text>`,
		`<rect width="1" height="1" fill="url('#g')"/>`,
		`<rect width="1" height="1" style="fill: url(&quot;#g&quot;); stroke: url(#h)"/>`,
		`<use xlink:href="#dot"/>`,
	} {
		if _, err := heroart.CheckSVG([]byte(svgOf(inner))); err != nil {
			t.Errorf("CheckSVG(%s) = %v; want it to pass", inner, err)
		}
	}
	for _, tt := range []struct{ inner, want string }{
		{`<use xlink:show="new" xlink:href="#dot"/>`, "the attribute xlink:show on <use> is not allowed"},
		{`<rect xml:base="http://example.org/" width="1" height="1"/>`, "the attribute xml:base on <rect> is not allowed"},
		{`<rect ONCLICK="x()" width="1" height="1"/>`, "the event handler ONCLICK on <rect>"},
		{`<rect onMouseOver="x()" width="1" height="1"/>`, "the event handler onMouseOver on <rect>"},
		{`<rect width="1" height="1" style="fill: JavaScript:alert(1)"/>`, "holds script or an import"},
		{`<rect width="1" height="1" style="width: expression(alert(1))"/>`, "holds script or an import"},
		{`<rect width="1" height="1" fill="url(#g)" stroke="url(https://x/y#h)"/>`, "refers outside the file"},
		{`<rect width="1" height="1" style="fill: url(#g); stroke: url(data:image/svg+xml,x)"/>`, "refers outside the file"},
		{`<use href="  #dot" xlink:href="data:x"/>`, "may refer only to its own parts"},
	} {
		_, err := heroart.CheckSVG([]byte(svgOf(tt.inner)))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("CheckSVG(%s) = %v; want a refusal saying %q", tt.inner, err, tt.want)
		}
	}
}

// TestCheckSVGStructure: one root, nothing outside it, and the first title is the drawing's.
func TestCheckSVGStructure(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ name, svg, want string }{
		{"two roots", svgOf(``) + svgOf(``), "more than one root element"},
		{"text after the root", svgOf(``) + "trailing words", "text outside the <svg> element"},
		{"text before the root", "words " + svgOf(``), "text outside the <svg> element"},
		{"only a declaration", `<?xml version="1.0"?>`, "no <svg> element"},
		{"a comment alone", `<!-- nothing -->`, "no <svg> element"},
		{"an element of another namespace inside", svgOf(`<x:rect xmlns:x="urn:x"/>`), "the element <rect> is not allowed"},
		{"a declaration that is no doctype", `<!ELEMENT svg ANY>` + svgOf(``), "the declaration <!ELEMENT…> is not allowed"},
		{"a late doctype", svgOf(``) + `<!DOCTYPE svg>`, "once, before the <svg> element"},
	} {
		_, err := heroart.CheckSVG([]byte(tt.svg))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("CheckSVG(%s) = %v; want a refusal saying %q", tt.name, err, tt.want)
		}
	}
	for _, tt := range []struct{ name, inner, want string }{
		{"no title", `<rect width="1" height="1"/>`, ""},
		{"the first of two", `<title>First</title><g><title>Second</title></g>`, "First"},
		{"a group's title first", `<g><title> Group </title></g><title>Drawing</title>`, "Group"},
		{"a title across lines", "<title>\n  Seven points\n</title>", "Seven points"},
		{"an escaped title", `<title>x &lt; y &amp; z</title>`, "x < y & z"},
	} {
		got, err := heroart.CheckSVG([]byte(svgOf(tt.inner)))
		if err != nil || got != tt.want {
			t.Errorf("CheckSVG(%s) = %q, %v; want the title %q", tt.name, got, err, tt.want)
		}
	}
	// The limit is on the file's size, to the byte.
	pad := heroart.MaxSVG - len(svgOf(``)) - len(`<!---->`)
	exact := svgOf(`<!--` + strings.Repeat("a", pad) + `-->`)
	if len(exact) != heroart.MaxSVG {
		t.Fatalf("test file is %d bytes; want %d", len(exact), heroart.MaxSVG)
	}
	if _, err := heroart.CheckSVG([]byte(exact)); err != nil {
		t.Errorf("CheckSVG(a file of exactly MaxSVG bytes) = %v; want it to pass", err)
	}
	if _, err := heroart.CheckSVG([]byte(exact + " ")); err == nil || !strings.Contains(err.Error(), "at most") {
		t.Errorf("CheckSVG(a byte over MaxSVG) = %v; want a refusal of its size", err)
	}
}
