package tex

import (
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestReadFormulas(t *testing.T) {
	t.Parallel()
	type span struct {
		Delim string
		Body  string
	}
	tests := []struct {
		name string
		in   string
		want []span
	}{
		{"inline", `primes $p$ with $p+2$ prime`, []span{{"$", "p"}, {"$", "p+2"}}},
		{"display dollars", `then $$N \gg 2^n.$$`, []span{{"$$", `N \gg 2^n.`}}},
		{"parentheses and brackets", `\(x\) and \[y = 1\]`, []span{{`\(`, "x"}, {`\[`, "y = 1"}}},
		{"environment", `\begin{equation} a_{n+1} = a_n^2 \end{equation}`, []span{{"equation", ` a_{n+1} = a_n^2 `}}},
		{"escaped dollar is prose", `a prize of \$500 for $n$`, []span{{"$", "n"}}},
		{"dollar inside text inside math", `$\text{for $x$ real} y$`, []span{{"$", `\text{for $x$ real} y`}}},
		{"matrix", `$\begin{pmatrix} 1 & 1 \\ 1 & -1 \end{pmatrix}$`, []span{{"$", `\begin{pmatrix} 1 & 1 \\ 1 & -1 \end{pmatrix}`}}},
		{"left right", `$\left( \frac{1}{2} \right)^{n}$`, []span{{"$", `\left( \frac{1}{2} \right)^{n}`}}},
		{"array column spec", `$\begin{array}{cc} a & b \end{array}$`, []span{{"$", `\begin{array}{cc} a & b \end{array}`}}},
		{"no math", "Every even integer greater than two is a sum of two primes.", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := Read(tt.in)
			if err != nil {
				t.Fatalf("Read(%q) = %v", tt.in, err)
			}
			var got []span
			for _, f := range doc.Formulas {
				if f.Source != tt.in[f.Start:f.End] {
					t.Errorf("formula source %q is not the text at [%d, %d)", f.Source, f.Start, f.End)
				}
				got = append(got, span{f.Delim, f.Body()})
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Read(%q) formulas (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

func TestReadMalformed(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		in   string
		code ErrorCode
		pos  int
	}{
		{"unclosed dollar", `primes $p such that`, UnclosedFormula, 7},
		{"unclosed paragraph", "a $x\n\nb", UnclosedFormula, 2},
		{"unclosed brace", `$\frac{1{2}$`, UnclosedBrace, 6},
		{"extra brace", `$x}$`, UnmatchedBrace, 2},
		{"left without right", `$\left( x$`, LeftRight, 1},
		{"right without left", `$x \right)$`, LeftRight, 3},
		{"left without delimiter", `$\left x \right)$`, LeftRight, 1},
		{"mismatched environments", `$\begin{pmatrix} 1 \end{bmatrix}$`, Environment, 19},
		{"end without begin", `text \end{equation}`, Environment, 5},
		{"unclosed environment", `$\begin{cases} x$`, Environment, 1},
		{"single dollar in display", `$$x$ y`, StrayDelimiter, 3},
		{"dollar inside parentheses", `\(x $ y\)`, StrayDelimiter, 4},
		{"stray closing bracket", `x \] y`, StrayDelimiter, 2},
		{"script without argument", `$x^$`, BadScript, 2},
		{"double superscript", `$x^2^3$`, BadScript, 4},
		{"unclosed text argument", `$\text{prime $`, UnclosedBrace, 6},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Read(tt.in)
			var te *Error
			if !errors.As(err, &te) {
				t.Fatalf("Read(%q) = %v; want a *Error", tt.in, err)
			}
			if te.Code != tt.code || te.Pos != tt.pos {
				t.Errorf("Read(%q) = %s at %d (%q); want %s at %d", tt.in, te.Code, te.Pos, te.Msg, tt.code, tt.pos)
			}
		})
	}
}

func TestReadLimits(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		in    string
		limit string
	}{
		{"hundred thousand nested braces", "$" + strings.Repeat("{", 100_000) + strings.Repeat("}", 100_000) + "$", "nesting depth"},
		{"hundred thousand brace pairs", "$" + strings.Repeat("{}", 100_000) + "$", "tokens"},
		{"deep nesting", "$" + strings.Repeat("{", 500) + strings.Repeat("}", 500) + "$", "nesting depth"},
		{"deep left right", "$" + strings.Repeat(`\left(`, 200) + strings.Repeat(`\right)`, 200) + "$", "nesting depth"},
		{"too many tokens", strings.Repeat("$x+y$ ", 30_000), "tokens"},
		{"too long", strings.Repeat("a", 300_000), "bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Read(tt.in)
			var le *LimitError
			if !errors.As(err, &le) || le.Limit != tt.limit {
				t.Errorf("Read(%s) = %v; want the %s limit", tt.name, err, tt.limit)
			}
		})
	}
}

func TestFormulaIdents(t *testing.T) {
	t.Parallel()
	type id struct {
		Name, Sub string
		Script    bool
		Word      string
	}
	tests := []struct {
		in   string
		want []id
	}{
		{`$a_{n+1} = f(a_n)$`, []id{{"a", "n+1", false, ""}, {"n", "", true, ""}, {"f", "", false, ""}, {"a", "n", false, ""}, {"n", "", true, ""}}},
		{`$\sum_{k=0}^{n} \binom{n}{k}$`, []id{{"k", "", true, ""}, {"n", "", true, ""}, {"n", "", false, ""}, {"k", "", false, ""}}},
		{`$x \in \mathbb{R}$`, []id{{"x", "", false, ""}}},
		{`$\mathcal{F}_n \ni \hat{x}$`, []id{{`\mathcal{F}`, "n", false, ""}, {"n", "", true, ""}, {`\hat{x}`, "", false, ""}}},
		{`$\alpha_{p_i}$`, []id{{`\alpha`, "p_i", false, ""}, {"p", "i", true, ""}, {"i", "", true, ""}}},
		{`$bs(f) \le \mathrm{Re}(s)$`, []id{{"b", "", false, "bs"}, {"s", "", false, "bs"}, {"f", "", false, ""}, {"s", "", false, ""}}},
		{`$\text{for all } n$`, []id{{"n", "", false, ""}}},
	}
	for _, tt := range tests {
		doc, err := Read(tt.in)
		if err != nil || len(doc.Formulas) != 1 {
			t.Fatalf("Read(%q) = %d formulas, %v; want 1", tt.in, len(doc.Formulas), err)
		}
		var got []id
		for _, x := range doc.Formulas[0].Idents() {
			got = append(got, id{x.Name, x.Sub, x.Script != 0, x.Word})
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("Idents(%q) (-want +got):\n%s", tt.in, diff)
		}
	}
}

func TestReadUnknownMacros(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want []string
	}{
		{`$\zeta(s) = \sum_{n \ge 1} n^{-s}$ for $\mathrm{Re}(s) > 1$`, nil},
		{`$\lcm(a, b)$ and $\mbox{x}$`, []string{`\lcm`, `\mbox`}},
		{`$\newcommand{\R}{\mathbb{R}} x \in \R$`, nil},
		{`$\begin{multline} x \end{multline}$`, []string{`\begin{multline}`}},
		{`prose \emph{word} is not read`, nil},
	}
	for _, tt := range tests {
		doc, err := Read(tt.in)
		if err != nil {
			t.Fatalf("Read(%q) = %v", tt.in, err)
		}
		var got []string
		for _, m := range doc.Unknown {
			got = append(got, m.Name)
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("Read(%q).Unknown (-want +got):\n%s", tt.in, diff)
		}
	}
}

// FuzzTeX checks that the reader never panics, stays within its input and reports positions
// inside it, whatever the text.
func FuzzTeX(f *testing.F) {
	var seeds []string // shared with the statement gate's fuzz test
	if b, err := os.ReadFile("testdata/fuzz_seeds.json"); err != nil || json.Unmarshal(b, &seeds) != nil {
		f.Fatalf("read the seeds: %v", err)
	}
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		doc, err := Read(s)
		var te *Error
		if errors.As(err, &te) && (te.Pos < 0 || te.Pos > len(s)) {
			t.Fatalf("error position %d outside the text of %d bytes", te.Pos, len(s))
		}
		prev := 0
		for _, fm := range doc.Formulas {
			if fm.Start < prev || fm.End > len(s) || fm.BodyStart < fm.Start || fm.BodyEnd > fm.End || fm.BodyStart > fm.BodyEnd {
				t.Fatalf("formula offsets [%d %d %d %d) out of order in %d bytes", fm.Start, fm.BodyStart, fm.BodyEnd, fm.End, len(s))
			}
			prev = fm.End
			for _, a := range fm.Atoms {
				if a.Start < fm.Start || a.End > fm.End || a.Start > a.End {
					t.Fatalf("atom %q at [%d, %d) outside its formula [%d, %d)", a.Text, a.Start, a.End, fm.Start, fm.End)
				}
			}
			for _, id := range fm.Idents() {
				_ = id.Sub
			}
		}
	})
}

func TestPosition(t *testing.T) {
	src := "ab\ncdé\n$x"
	for _, tt := range []struct{ pos, line, char int }{{0, 1, 1}, {2, 1, 3}, {3, 2, 1}, {5, 2, 3}, {len(src) - 2, 3, 1}, {len(src) + 5, 3, 3}} {
		if line, char := Position(src, tt.pos); line != tt.line || char != tt.char {
			t.Errorf("Position(%q, %d) = %d, %d; want %d, %d", src, tt.pos, line, char, tt.line, tt.char)
		}
	}
}

func TestErrorDescribe(t *testing.T) {
	src := "Let $n \\ge 1\n\nbe an integer. Prove $n = n$."
	_, err := Read(src)
	var te *Error
	if !errors.As(err, &te) {
		t.Fatalf("Read(%q) error = %v; want a *tex.Error", src, err)
	}
	got := te.Describe(src)
	if strings.Contains(got, "byte") || !strings.Contains(got, "at line 1, character 13") {
		t.Errorf("Describe = %q; want byte offsets written as a line and character (at line 1, character 13)", got)
	}
}

func TestDollarAmount(t *testing.T) {
	for _, tt := range []struct {
		src  string
		want bool
	}{
		{"Erdős offered $500 for a proof.", true},
		{"A prize of $1,000.", true},
		{"Let $n \\ge 1 be an integer.", false},
		{"Pay $500 for $n$.", false},
	} {
		_, err := Read(tt.src)
		var te *Error
		if !errors.As(err, &te) {
			t.Fatalf("Read(%q) error = %v; want a *tex.Error", tt.src, err)
		}
		if got := te.DollarAmount(tt.src); got != tt.want {
			t.Errorf("DollarAmount(%q) = %v; want %v", tt.src, got, tt.want)
		}
	}
}

// TestIntertext: \intertext inside an alignment holds words, and inline formulas among them.
func TestIntertext(t *testing.T) {
	t.Parallel()
	src := `\begin{align*} a &= b \intertext{so, since $b = c$ by the lemma,} a &= c \end{align*}`
	if _, err := Read(src); err != nil {
		t.Errorf("Read(%q) = %v; want it read", src, err)
	}
}
