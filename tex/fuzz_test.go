package tex_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/tex"
)

// FuzzRead holds the reader to what its callers rely on, for any text: it returns, never
// panics; every formula lies inside the text in order, its body inside its delimiters and its
// Source the text between its offsets; an error is a *tex.Error or a *tex.LimitError with an
// offset inside the text; an unknown macro is a span of the text that says its name. `go test`
// runs the seeds; `go test -fuzz FuzzRead ./tex` searches further.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		"", "plain prose", "$x$", "$$x^2$$", `\(a_1\) and \[b^{2}\]`, `$\frac{1}{n}$ for $n \ge 1$`,
		"$x", "x$", "$$x$", `\(x$`, `$x^$`, `$x^1^2$`, `${x$`, `$x}$`, `$\left( x$`, `$\begin{matrix} a$`,
		`\begin{align} a &= b \\ c &= d \end{align}`, `$\mathbb{Z}[G]$ and $\operatorname{Aut}(G)$`,
		`$500 for a proof`, `$\foo{x}$`, `\newcommand{\R}{\mathbb{R}} $\R$`, "$x$\n\n$$\n y \n$$",
		"ü $\\alpha$ ∈ $ℕ$", "\\$5 and $x$", strings.Repeat("{", 200), "$" + strings.Repeat("{", 200) + "$",
		`$a_{b_{c_{d}}}$`, `\[ |f(u) - f(v)|, \qquad uv \in E(T), \]`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		doc, err := tex.Read(src)
		if doc == nil {
			t.Fatalf("Read(%q) returned no document", src)
		}
		if doc.Source != src {
			t.Fatalf("Read(%q).Source = %q", src, doc.Source)
		}
		if err != nil {
			var te *tex.Error
			var le *tex.LimitError
			switch {
			case errors.As(err, &te):
				if te.Pos < 0 || te.Pos > len(src) {
					t.Fatalf("Read(%q): error at byte %d, outside the text", src, te.Pos)
				}
				if te.Code == "" || te.Msg == "" {
					t.Fatalf("Read(%q): error %+v has no code or message", src, te)
				}
				if line, char := tex.Position(src, te.Pos); line < 1 || char < 1 {
					t.Fatalf("Position(%q, %d) = %d, %d", src, te.Pos, line, char)
				}
			case errors.As(err, &le):
				if le.Pos < 0 || le.Pos > len(src) {
					t.Fatalf("Read(%q): limit at byte %d, outside the text", src, le.Pos)
				}
			default:
				t.Fatalf("Read(%q) = %T %v; want a *tex.Error or *tex.LimitError", src, err, err)
			}
		}
		end := 0
		for i, fm := range doc.Formulas {
			if fm.Start < end || fm.Start > fm.BodyStart || fm.BodyStart > fm.BodyEnd || fm.BodyEnd > fm.End || fm.End > len(src) {
				t.Fatalf("Read(%q): formula %d has offsets %d ≤ %d ≤ %d ≤ %d out of order or outside the text (previous end %d)",
					src, i, fm.Start, fm.BodyStart, fm.BodyEnd, fm.End, end)
			}
			if fm.Source != src[fm.Start:fm.End] {
				t.Fatalf("Read(%q): formula %d's Source %q is not the text between its offsets", src, i, fm.Source)
			}
			if fm.Body() != src[fm.BodyStart:fm.BodyEnd] {
				t.Fatalf("Read(%q): formula %d's Body %q is not the text inside its delimiters", src, i, fm.Body())
			}
			end = fm.End
		}
		for _, m := range doc.Unknown {
			if m.Start < 0 || m.Start > m.End || m.End > len(src) || !strings.Contains(src[m.Start:m.End], strings.TrimPrefix(strings.TrimSuffix(strings.TrimPrefix(m.Name, `\begin{`), "}"), `\`)) {
				t.Fatalf("Read(%q): unknown macro %+v is not a span of the text naming it", src, m)
			}
		}
	})
}
