package copycheck

import (
	"bytes"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

func TestNormalizeText(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		in   string
		f    Format
		want string
	}{
		{"lowercase and spaces", "Let  A\tbe\n\nA Group.", LaTeX, "let a be a group."},
		{"comment", "one % a comment\ntwo", LaTeX, "one two"},
		{"escaped percent", `50\% of it`, LaTeX, "50% of it"},
		{"inline formula", `let $G$ be a group`, LaTeX, "let $ be a group"},
		{"display formulas", `a \[x^2\] b $$y$$ c \(z\) d`, LaTeX, "a $ b $ c $ d"},
		{"math environment", "see\n\\begin{align*}\na &= b \\\\ c &= d\n\\end{align*}\nhence", LaTeX, "see $ hence"},
		{"formatting macros", `an \emph{open} {\it set} is \textbf{nice}`, LaTeX, "an open set is nice"},
		{"dropped macros", `by Lemma~\ref{lemma-x}\label{y} and \cite[p. 3]{Mat}.`, LaTeX, "by lemma and ."},
		{"aliases in text", `we have \le and \leq`, LaTeX, `we have \leq and \leq`},
		{"preamble", "\\documentclass{book}\n\\usepackage{x}\n\\begin{document}\nHello\n\\end{document}\ntrailer", LaTeX, "hello"},
		{"quotes", "``quoted'' text", LaTeX, `"quoted" text`},
		{"unterminated formula", "cost $5 and more", LaTeX, "cost 5 and more"},
		{"unterminated display", "so $$x > 1.\n\nNext $y$ and $$z$$.", LaTeX, "so x > 1. next $ and $."},
		{"escaped dollar", `price \$5`, LaTeX, "price dollar5"},
		{"comment environment", "a\n\\begin{comment}\nhidden\n\\end{comment}\nb", LaTeX, "a b"},
		{"markdown heading and emphasis", "# Title\n\nSome *bold* text with $x$.", Markdown, "title some bold text with $."},
		{"markdown link and comment", "see [the book](http://x.org) <!-- hidden --> now", Markdown, "see the book now"},
		{"markdown fence", "before\n```\ncode $x$\n```\nafter", Markdown, "before after"},
		{"unicode", "Ärger über “Mengen”", Markdown, `ärger über "mengen"`},
		{"section", "\\section{Basic Notions}\n\\label{s}\nText", LaTeX, "basic notions text"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := string(Normalize([]byte(tt.in), tt.f).Text)
			if got != tt.want {
				t.Errorf("Normalize(%q) = %q; want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestNormalizeOffsets(t *testing.T) {
	t.Parallel()
	src := "Let  $G$ be a \\emph{group}.\n\nThen $x \\le y$."
	nz := Normalize([]byte(src), LaTeX)
	if want := "let $ be a group. then $."; string(nz.Text) != want {
		t.Fatalf("Normalize = %q; want %q", nz.Text, want)
	}
	tests := []struct {
		name       string
		start, end int
		want       string
	}{
		{"first word", 0, 3, "Let"},
		{"collapsed space", 3, 4, "  "},
		{"placeholder", 4, 5, "$G$"},
		{"across a macro", 11, 16, "group"},
		{"second formula", 23, 24, `$x \le y$`},
		{"whole", 0, len(nz.Text), src},
	}
	for _, tt := range tests {
		s, e := nz.Map.Span(tt.start, tt.end)
		if got := src[s:e]; got != tt.want {
			t.Errorf("Span(%d, %d) = %q; want %q", tt.start, tt.end, got, tt.want)
		}
	}
	if diff := cmp.Diff([]int32{0, 18}, nz.Paragraphs); diff != "" {
		t.Errorf("Paragraphs (-want +got):\n%s", diff)
	}
}

func TestNormalizeSections(t *testing.T) {
	t.Parallel()
	src := "Intro.\n\\section{First Part}\nOne.\n\\subsection*[short]{Second}\nTwo."
	nz := Normalize([]byte(src), LaTeX)
	want := []Section{{Title: "First Part", Start: 7}, {Title: "Second", Start: 23}}
	if diff := cmp.Diff(want, nz.Sections); diff != "" {
		t.Errorf("Sections (-want +got):\n%s\ntext %q", diff, nz.Text)
	}
}

func TestFormulaShape(t *testing.T) {
	t.Parallel()
	shape := func(s string) uint32 {
		t.Helper()
		nz := Normalize([]byte(s), LaTeX)
		if len(nz.Formulas) != 1 {
			t.Fatalf("Normalize(%q) has %d formulas; want 1", s, len(nz.Formulas))
		}
		return nz.Formulas[0].Shape
	}
	tests := []struct {
		name string
		a, b string
		same bool
	}{
		{"renamed variables", `$f(x) = g(x) + y^2$`, `$h(t) = k(t) + s^2$`, true},
		{"aliases and spacing", `$(a \le b\,c)$`, `$\left( x \leq y z\right)$`, true},
		{"different structure", `$f(x) = g(x)$`, `$f(x) = g(y)$`, false},
		{"different operator", `$x + y$`, `$x - y$`, false},
		{"different digits", `$x^2$`, `$x^3$`, false},
	}
	for _, tt := range tests {
		if got := shape(tt.a) == shape(tt.b); got != tt.same {
			t.Errorf("shape(%q) == shape(%q) is %v; want %v", tt.a, tt.b, got, tt.same)
		}
	}
}

// checkNormalized verifies the invariants that every later stage relies on.
func checkNormalized(t *testing.T, src []byte, f Format) {
	t.Helper()
	nz := Normalize(src, f)
	text := nz.Text
	if nz.Map.Len() != len(text) {
		t.Fatalf("Map.Len() = %d; want %d", nz.Map.Len(), len(text))
	}
	prev := 0
	for i := range text {
		s, e := nz.Map.Orig(i)
		if s < 0 || e > len(src) || s >= e {
			t.Fatalf("Orig(%d) = [%d, %d); want a non-empty range inside [0, %d)", i, s, e, len(src))
		}
		if s < prev {
			t.Fatalf("Orig(%d) starts at %d, before %d of the byte before", i, s, prev)
		}
		prev = s
		c := text[i]
		if c < 0x20 || c == 0x7f {
			t.Fatalf("text[%d] = %#x; want no control bytes", i, c)
		}
		if c == ' ' && (i == 0 || text[i-1] == ' ') {
			t.Fatalf("text %q has a leading or double space at %d", text, i)
		}
		if e-s == 1 && ('a' <= c && c <= 'z' || '0' <= c && c <= '9') {
			if o := src[s] | 0x20; o != c && src[s] != c {
				t.Fatalf("text[%d] = %q comes from %q", i, c, src[s])
			}
		}
	}
	if got := bytes.Count(text, []byte{Placeholder}); got != len(nz.Formulas) {
		t.Fatalf("%d placeholders, %d formulas", got, len(nz.Formulas))
	}
	for k, fm := range nz.Formulas {
		if text[fm.Pos] != Placeholder || k > 0 && fm.Pos <= nz.Formulas[k-1].Pos {
			t.Fatalf("formula %d at %d is not an ascending placeholder", k, fm.Pos)
		}
	}
	for k, p := range nz.Paragraphs {
		if int(p) >= len(text) && len(text) > 0 || k > 0 && p <= nz.Paragraphs[k-1] {
			t.Fatalf("paragraphs %v not ascending inside the text of length %d", nz.Paragraphs, len(text))
		}
	}
	for k, sec := range nz.Sections {
		if int(sec.Start) > len(text) || k > 0 && sec.Start < nz.Sections[k-1].Start {
			t.Fatalf("sections %v not ascending inside the text", nz.Sections)
		}
	}
	if utf8.Valid(src) && !utf8.Valid(text) {
		t.Fatalf("valid UTF-8 %q normalised to invalid %q", src, text)
	}
}

func FuzzNormalize(f *testing.F) {
	for _, s := range []string{
		"Let $G$ be a group.", `\begin{proof} Since $x \le y$, we have \[ f(x) \leq f(y). \] \end{proof}`,
		"% comment\n\\section{A}\\label{b} text\n\n\\emph{x}", "# h\n\n*a* [b](c) <!-- d --> ```\ne\n```",
		"$$", `\`, "$a\\$b$", "\\begin{align", "“x” ü \u00a0 \xff\xfe", "\\def\\x#1{y} z", "a\\\\b\\,c~d",
	} {
		f.Add([]byte(s), false)
		f.Add([]byte(s), true)
	}
	f.Fuzz(func(t *testing.T, src []byte, md bool) {
		format := LaTeX
		if md {
			format = Markdown
		}
		checkNormalized(t, src, format)
	})
}

func TestNormalizeCorpusInvariants(t *testing.T) {
	t.Parallel()
	for _, path := range sampleCorpusFiles(t, 40) {
		src := readFile(t, path)
		checkNormalized(t, src, FormatOf(path))
	}
}
