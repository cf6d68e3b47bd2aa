package hero

import (
	"encoding/xml"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/theoremdb/theoremdb/packet"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

var kinds = []packet.AcceptanceKind{packet.Proof, packet.Numerical, packet.Search, packet.Classification}

// maxSize is the byte budget of one picture.
const maxSize = 6 << 10

func TestDrawDeterministic(t *testing.T) {
	t.Parallel()
	for _, k := range append(kinds, "") {
		in := Input{ID: "TDB-42", Title: "Sums of three cubes", Kind: k, Tags: []string{"number theory"}}
		a, b := Draw(in), Draw(in)
		if diff := cmp.Diff(a, b); diff != "" {
			t.Errorf("Draw(%+v) twice differs (-first +second):\n%s", in, diff)
		}
	}
}

func TestDrawWellFormedAndSafe(t *testing.T) {
	t.Parallel()
	weird := []Input{
		{},
		{ID: "TDB-1", Title: `<script>alert(1)</script>`, Kind: packet.Proof, Tags: []string{`"><text>solved</text>`}},
		{ID: `TDB-"2'&`, Title: "]]><!--", Kind: "proof", Tags: []string{"", "x"}},
		{ID: strings.Repeat("TDB-9", 500), Title: strings.Repeat("é", 2000), Kind: "🙂"},
	}
	var ins []Input
	for _, k := range kinds {
		for i := 1; i <= 200; i++ {
			ins = append(ins, Input{ID: "TDB-" + strconv.Itoa(i), Title: "A title", Kind: k})
		}
	}
	ins = append(ins, weird...)
	for _, in := range ins {
		checkVisual(t, in, Draw(in))
	}
}

func TestDrawDistinct(t *testing.T) {
	t.Parallel()
	for _, k := range append(kinds, "OTHER") {
		seen := map[string]string{}
		for i := 1; i <= 300; i++ {
			id := "TDB-" + strconv.Itoa(i)
			v := Draw(Input{ID: id, Title: "Same title", Kind: k})
			if prev, ok := seen[v.SVG]; ok {
				t.Errorf("kind %s: %s and %s draw the same picture", k, prev, id)
			}
			seen[v.SVG] = id
		}
	}
	a := Draw(Input{ID: "TDB-7", Title: "One title", Kind: packet.Search})
	b := Draw(Input{ID: "TDB-7", Title: "Another title", Kind: packet.Search})
	if a.SVG == b.SVG {
		t.Error("Draw with the same ID and different titles gives the same picture; want different")
	}
}

func TestDrawMotifByKind(t *testing.T) {
	t.Parallel()
	tests := []struct {
		kind packet.AcceptanceKind
		alt  string
	}{
		{packet.Search, "A lattice of "},
		{packet.Proof, " smooth curve"},
		{packet.Numerical, " vertical bars "},
		{packet.Classification, "A rectangle divided into "},
		{"", " concentric circles"},
	}
	for _, tt := range tests {
		v := Draw(Input{ID: "TDB-3", Title: "x", Kind: tt.kind})
		if !strings.Contains(v.Alt, tt.alt) {
			t.Errorf("Draw(kind %q).Alt = %q; want it to contain %q", tt.kind, v.Alt, tt.alt)
		}
	}
}

// TestAltCounts checks that the counts the alt text states are the counts
// of shapes drawn.
func TestAltCounts(t *testing.T) {
	t.Parallel()
	num := map[string]int{}
	for i := range 100 {
		num[word(i)] = i
		num[capital(word(i))] = i
	}
	for i := 1; i <= 60; i++ {
		in := Input{ID: "TDB-" + strconv.Itoa(i), Title: "t"}
		for _, k := range kinds {
			in.Kind = k
			v := Draw(in)
			f := strings.Fields(strings.ReplaceAll(v.Alt, ",", ""))
			var got, want int
			switch k {
			case packet.Search: // A lattice of C by R points joined by N arcs
				got, want = strings.Count(v.SVG, "<circle"), num[f[3]]*num[f[5]]
				if arcs := strings.Count(v.SVG, " Q"); arcs != num[f[9]] {
					t.Errorf("%s: %d arcs drawn; alt says %q", in.ID, arcs, v.Alt)
				}
			case packet.Proof: // N smooth curves …
				got, want = strings.Count(v.SVG, "<path"), num[f[0]]
			case packet.Numerical: // N vertical bars …
				got, want = strings.Count(v.SVG, "<rect")-1, num[f[0]]
			case packet.Classification: // A rectangle divided into N regions S of them shaded
				got, want = strings.Count(v.SVG, "<rect")-1, num[f[4]]
				if shaded := strings.Count(v.SVG, `<rect fill="#`); shaded != num[f[6]] {
					t.Errorf("%s: %d regions shaded; alt says %q", in.ID, shaded, v.Alt)
				}
			}
			if got != want || want == 0 {
				t.Errorf("%s %s: %d shapes drawn; alt %q says %d", in.ID, k, got, v.Alt, want)
			}
		}
	}
}

func TestCaptionStatesNoResult(t *testing.T) {
	t.Parallel()
	in := Input{ID: "TDB-12", Title: "Proof that every even number is a sum of two primes", Kind: packet.Proof, Tags: []string{"number-theory"}}
	v := Draw(in)
	if !strings.HasSuffix(v.Caption, "it depicts no result.") {
		t.Errorf("Caption = %q; want it to end with %q", v.Caption, "it depicts no result.")
	}
	for _, s := range []string{v.SVG, v.Alt, v.Caption} {
		if strings.Contains(s, "even number") {
			t.Errorf("the title leaks into the visual: %q", s)
		}
	}
	for _, w := range []string{"solved", "proved", "proven", "true", "false", "unsolved", "open problem", "bound"} {
		if strings.Contains(strings.ToLower(v.Caption+" "+v.Alt), w) {
			t.Errorf("Caption %q or Alt %q contains %q", v.Caption, v.Alt, w)
		}
	}
	if want := "Smooth curves, the motif of proof problems, generated from the identifier TDB-12 and coloured after its first tag, number-theory; it depicts no result."; v.Caption != want {
		t.Errorf("Caption = %q; want %q", v.Caption, want)
	}
}

func TestWord(t *testing.T) {
	t.Parallel()
	for n, want := range map[int]string{0: "zero", 7: "seven", 20: "twenty", 23: "twenty-three", 40: "forty", 99: "ninety-nine", 100: "100"} {
		if got := word(n); got != want {
			t.Errorf("word(%d) = %q; want %q", n, got, want)
		}
	}
}

func TestPaletteContrast(t *testing.T) {
	t.Parallel()
	for i, p := range palettes {
		for _, ink := range []string{p.ink, p.accent} {
			for _, bg := range []string{"#FFFFFF", background} {
				if r := contrast(ink, bg); r < 4.5 {
					t.Errorf("palette %d: contrast(%s, %s) = %.2f; want at least 4.5", i, ink, bg, r)
				}
			}
		}
	}
}

func TestGolden(t *testing.T) {
	cases := []struct {
		name string
		in   Input
	}{
		{"search", Input{ID: "TDB-1", Title: "Golomb rulers of order 28", Kind: packet.Search, Tags: []string{"combinatorics"}}},
		{"proof", Input{ID: "TDB-2", Title: "The twin prime conjecture", Kind: packet.Proof, Tags: []string{"number-theory"}}},
		{"numerical", Input{ID: "TDB-3", Title: "The de Bruijn–Newman constant", Kind: packet.Numerical, Tags: []string{"analysis"}}},
		{"classification", Input{ID: "TDB-4", Title: "Finite simple groups of a given shape", Kind: packet.Classification}},
		{"unknown", Input{ID: "TDB-5", Title: "Unknown kind", Kind: "OTHER"}},
	}
	var text strings.Builder
	for _, c := range cases {
		v := Draw(c.in)
		golden(t, filepath.Join("testdata", c.name+".svg"), v.SVG+"\n")
		fmt.Fprintf(&text, "%s\nalt: %s\ncaption: %s\n\n", c.name, v.Alt, v.Caption)
	}
	golden(t, filepath.Join("testdata", "text.golden"), text.String())
}

func golden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./ui/hero -update to create it)", err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("%s differs (-want +got); run go test ./ui/hero -update if the change is meant:\n%s", path, diff)
	}
}

func FuzzDraw(f *testing.F) {
	f.Add("TDB-1", "Sums of three cubes", "SEARCH", "number theory")
	f.Add("", "", "", "")
	f.Add("TDB-\x00", "<svg onload=alert(1)>", "PROOF", `"/><script>`)
	f.Add("TDB-99999999", "]]>&amp;", "NUMERICAL", "\xff\xfe")
	f.Add("TDB-7", "x", "CLASSIFICATION", "")
	f.Fuzz(func(t *testing.T, id, title, kind, tag string) {
		in := Input{ID: id, Title: title, Kind: packet.AcceptanceKind(kind), Tags: []string{tag}}
		v := Draw(in)
		checkVisual(t, in, v)
		if w := Draw(in); w != v {
			t.Errorf("Draw(%+v) is not deterministic", in)
		}
		for _, r := range v.Caption {
			if r < ' ' || r == '<' || r == '>' || r == '&' || r == '"' {
				t.Errorf("Caption %q contains %q", v.Caption, r)
			}
		}
	})
}

// forbidden lists elements that could run code, load something or show text.
var forbidden = map[string]bool{
	"script": true, "text": true, "tspan": true, "textPath": true, "foreignObject": true,
	"style": true, "image": true, "use": true, "a": true, "iframe": true, "animate": true,
	"set": true, "feImage": true,
}

// checkVisual asserts that v is one well-formed, safe, accessible <svg>
// element within the size budget.
func checkVisual(t *testing.T, in Input, v Visual) {
	t.Helper()
	if len(v.SVG) >= maxSize {
		t.Errorf("Draw(%q): SVG is %d bytes; want under %d", in.ID, len(v.SVG), maxSize)
	}
	if v.Alt == "" || v.Caption == "" {
		t.Errorf("Draw(%q): Alt %q, Caption %q; want both set", in.ID, v.Alt, v.Caption)
	}
	d := xml.NewDecoder(strings.NewReader(v.SVG))
	d.Strict = true
	depth, roots := 0, 0
	var title strings.Builder
	inTitle, sawTitle := false, false
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("Draw(%q): SVG is not well formed: %v\n%s", in.ID, err, v.SVG)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			name := tok.Name.Local
			if depth == 0 {
				roots++
				if name != "svg" {
					t.Errorf("Draw(%q): root element <%s>; want <svg>", in.ID, name)
				}
				attrs := map[string]string{}
				for _, a := range tok.Attr {
					attrs[a.Name.Local] = a.Value
				}
				for k, want := range map[string]string{"role": "img", "viewBox": "0 0 640 360", "width": "100%"} {
					if attrs[k] != want {
						t.Errorf("Draw(%q): <svg %s=%q>; want %q", in.ID, k, attrs[k], want)
					}
				}
			}
			if depth == 1 && !sawTitle {
				if name != "title" {
					t.Errorf("Draw(%q): first child <%s>; want <title>", in.ID, name)
				}
				sawTitle, inTitle = true, true
			}
			if forbidden[name] {
				t.Errorf("Draw(%q): has a <%s> element", in.ID, name)
			}
			for _, a := range tok.Attr {
				n := strings.ToLower(a.Name.Local)
				if strings.HasSuffix(n, "href") || strings.HasPrefix(n, "on") || n == "style" || n == "src" {
					t.Errorf("Draw(%q): has a %s attribute", in.ID, a.Name.Local)
				}
				if val := strings.ToLower(a.Value); strings.Contains(val, "url(") || strings.Contains(val, "javascript:") {
					t.Errorf("Draw(%q): attribute %s=%q refers elsewhere", in.ID, a.Name.Local, a.Value)
				}
			}
			depth++
		case xml.EndElement:
			depth--
			if tok.Name.Local == "title" {
				inTitle = false
			}
		case xml.CharData:
			if inTitle {
				title.Write(tok)
			} else if strings.TrimSpace(string(tok)) != "" {
				t.Errorf("Draw(%q): text %q outside <title>", in.ID, tok)
			}
		case xml.ProcInst, xml.Directive:
			t.Errorf("Draw(%q): has %T", in.ID, tok)
		}
	}
	if roots != 1 {
		t.Errorf("Draw(%q): %d root elements; want 1", in.ID, roots)
	}
	if title.String() != v.Alt {
		t.Errorf("Draw(%q): <title> = %q; want the alt text %q", in.ID, title.String(), v.Alt)
	}
}

// contrast returns the WCAG contrast ratio of two #RRGGBB colours.
func contrast(a, b string) float64 {
	la, lb := luminance(a), luminance(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

func luminance(hex string) float64 {
	var rgb [3]float64
	for i := range rgb {
		v, _ := strconv.ParseUint(hex[1+2*i:3+2*i], 16, 8)
		c := float64(v) / 255
		if c <= 0.03928 {
			rgb[i] = c / 12.92
		} else {
			rgb[i] = math.Pow((c+0.055)/1.055, 2.4)
		}
	}
	return 0.2126*rgb[0] + 0.7152*rgb[1] + 0.0722*rgb[2]
}
