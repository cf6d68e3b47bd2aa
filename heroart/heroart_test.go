package heroart_test

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/heroart"
)

const ok = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 120 80" role="img">
  <title>Seven points on a conic</title>
  <defs><linearGradient id="g"><stop offset="0" stop-color="#234"/><stop offset="1" stop-color="#9ab"/></linearGradient>
    <circle id="dot" r="2"/></defs>
  <ellipse cx="60" cy="40" rx="50" ry="30" fill="none" stroke="url(#g)" stroke-width="1.5"/>
  <use xlink:href="#dot" x="10" y="40"/><use href="#dot" x="110" y="40"/>
  <text x="4" y="76" font-size="6" style="fill: #333">conic</text>
</svg>`

func TestCheckSVGPassesADrawing(t *testing.T) {
	t.Parallel()
	title, err := heroart.CheckSVG([]byte(ok))
	if err != nil {
		t.Fatal(err)
	}
	if title != "Seven points on a conic" {
		t.Errorf("title = %q", title)
	}
}

// TestCheckSVGPassesWhatExportersWrite: drawing programs begin a file with
// the SVG 1.1 document type (no declarations of its own) and clip with the
// overflow attribute; neither can run or fetch anything.
func TestCheckSVGPassesWhatExportersWrite(t *testing.T) {
	t.Parallel()
	for name, svg := range map[string]string{
		"svg 1.1 doctype": strings.Replace(ok, "?>\n", "?>\n<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" \"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\">\n", 1),
		"bare doctype":    "<!DOCTYPE svg>" + ok[strings.Index(ok, "<svg"):],
		"overflow":        strings.Replace(ok, `role="img"`, `role="img" overflow="hidden"`, 1),
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if svg == ok {
				t.Fatal("the fixture did not change the drawing")
			}
			if _, err := heroart.CheckSVG([]byte(svg)); err != nil {
				t.Errorf("CheckSVG refused it: %v", err)
			}
		})
	}
}

// TestCheckSVGRefuses: each file differs from a good drawing by one thing
// that could run, fetch, or hide something; each is refused with a reason
// naming it.
func TestCheckSVGRefuses(t *testing.T) {
	t.Parallel()
	wrap := func(inner string) string {
		return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">` + inner + `</svg>`
	}
	for _, c := range []struct{ name, svg, want string }{
		{"empty", "  ", "empty"},
		{"not XML", "<svg", "well-formed"},
		{"script", wrap(`<script>alert(1)</script>`), "<script>"},
		{"handler", wrap(`<rect width="1" height="1" onclick="alert(1)"/>`), "onclick"},
		{"handler on root", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1" onload="x()"></svg>`, "onload"},
		{"style sheet", wrap(`<style>@import url(http://x/y.css)</style>`), "<style>"},
		{"foreign object", wrap(`<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject>`), "<foreignObject>"},
		{"image", wrap(`<image href="http://example.org/x.png"/>`), "<image>"},
		{"link", wrap(`<a href="http://example.org/">x</a>`), "<a>"},
		{"animation", wrap(`<animate attributeName="href" to="javascript:alert(1)"/>`), "<animate>"},
		{"outside href", wrap(`<use href="other.svg#x"/>`), "own parts"},
		{"outside xlink", wrap(`<use xlink:href="http://example.org/a.svg#x"/>`), "own parts"},
		{"javascript href", wrap(`<use href=" javascript:alert(1)"/>`), "own parts"},
		{"outside url in fill", wrap(`<rect width="1" height="1" fill="url(http://x/p#g)"/>`), "url("},
		{"outside url in style", wrap(`<rect width="1" height="1" style="fill: url( 'https://x/p.svg#g')"/>`), "url("},
		{"import in style", wrap(`<rect width="1" height="1" style="@import 'x.css'"/>`), "import"},
		{"doctype", `<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>` + wrap(`<text>&x;</text>`), "document type"},
		{"doctype with an empty subset", `<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "svg11.dtd" []>` + wrap(``), "declarations of its own"},
		{"two doctypes", `<!DOCTYPE svg><!DOCTYPE svg>` + wrap(``), "once"},
		{"doctype of another document", `<!DOCTYPE html>` + wrap(``), "must name svg"},
		{"entity without doctype", `<!ENTITY x "y">` + wrap(``), "<!ENTITY"},
		{"undeclared entity", `<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">` + wrap(`<text>&x;</text>`), "well-formed"},
		{"stylesheet instruction", `<?xml-stylesheet href="x.css"?>` + wrap(``), "processing instruction"},
		{"no namespace", `<svg viewBox="0 0 1 1"></svg>`, "SVG namespace"},
		{"html root", `<html xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"></html>`, "root element"},
		{"no viewBox", `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>`, "viewBox"},
		{"unknown attribute", wrap(`<rect width="1" height="1" formaction="x"/>`), "formaction"},
		{"foreign namespace attribute", wrap(`<rect xmlns:ev="http://www.w3.org/2001/xml-events" ev:event="click" width="1" height="1"/>`), "namespace"},
		{"too big", wrap(strings.Repeat(`<rect width="1" height="1"/>`, heroart.MaxSVG/20)), "at most"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			_, err := heroart.CheckSVG([]byte(c.svg))
			var p *heroart.Problem
			if !errors.As(err, &p) || p.File != "svg" {
				t.Fatalf("CheckSVG = %v; want a refusal of the svg", err)
			}
			if !strings.Contains(p.Reason, c.want) {
				t.Errorf("reason %q does not say %q", p.Reason, c.want)
			}
		})
	}
}

func TestCheckWebP(t *testing.T) {
	t.Parallel()
	for _, f := range []string{"testdata/grid.webp", "testdata/grid-lossless.webp"} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		size, err := heroart.CheckWebP(b)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if size != (heroart.Size{Width: 64, Height: 48}) {
			t.Errorf("%s: size %+v; want 64×48", f, size)
		}
		// A file cut short, or with its picture data overwritten, is refused.
		if _, err := heroart.CheckWebP(b[:len(b)/2]); err == nil {
			t.Errorf("%s cut in half was accepted", f)
		}
	}
	for _, c := range []struct {
		name string
		b    []byte
		want string
	}{
		{"empty", nil, "empty"},
		{"png", []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), "not a WebP"},
		{"svg", []byte(ok), "not a WebP"},
		{"riff wave", []byte("RIFF\x24\x00\x00\x00WAVEfmt "), "not a WebP"},
		{"header only", []byte("RIFF\x04\x00\x00\x00WEBP"), "cannot be read"},
		{"too big", append([]byte("RIFF\x00\x00\x00\x00WEBP"), make([]byte, heroart.MaxWebP)...), "at most"},
	} {
		_, err := heroart.CheckWebP(c.b)
		var p *heroart.Problem
		if !errors.As(err, &p) || p.File != "webp" || !strings.Contains(p.Reason, c.want) {
			t.Errorf("%s: CheckWebP = %v; want a refusal saying %q", c.name, err, c.want)
		}
	}
}
