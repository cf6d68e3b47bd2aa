package server

import (
	"strings"
	"testing"
)

// TestBibTextRunsNoTeXCommand: a title's TeX reaches a BibTeX entry unable to run anything: a
// control word outside mathematics is written as text, inside mathematics only a macro KaTeX
// renders that defines, reads, writes or links nothing is kept, ^^ cannot spell a backslash, and
// escaped characters and ordinary formulas pass as they are.
func TestBibTextRunsNoTeXCommand(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in       string
		bad      []string // must not be in the output
		contains []string // must be
	}{
		{in: `Bad \input{/etc/passwd} title`, bad: []string{`\input`}, contains: []string{`\textbackslash{}input`}},
		{in: `$\input{/etc/passwd}$`, bad: []string{`\input`}},
		{in: `$\def\x{\input{a}}\x$`, bad: []string{`\def`, `\input`}},
		{in: `$\immediate\write18{rm -rf}$`, bad: []string{`\immediate`, `\write`}},
		{in: `$x^^5cinput{a}$`, bad: []string{`^^`}},
		{in: `$\href{javascript:x}{y}$`, bad: []string{`\href`}},
		{in: `\csname input\endcsname`, bad: []string{`\csname`, `\endcsname`}},
		{in: `Sums $\sum_{n \le x} \mu(n)$ and 50\% of $\{1,2\}$`,
			contains: []string{`$\sum_{n \le x} \mu(n)$`, `50\%`, `$\{1,2\}$`}},
		{in: `Costs \$5 & more`, contains: []string{`\$5`, `\&`}},
		{in: `trailing \`, bad: []string{"\\\n"}},
	} {
		got := bibText(c.in)
		for _, b := range c.bad {
			if strings.Contains(got, b) {
				t.Errorf("bibText(%q) = %q; holds %q", c.in, got, b)
			}
		}
		for _, w := range c.contains {
			if !strings.Contains(got, w) {
				t.Errorf("bibText(%q) = %q; want %q in it", c.in, got, w)
			}
		}
		if strings.Count(got, "{") < strings.Count(got, "}") {
			t.Errorf("bibText(%q) = %q closes more braces than it opens", c.in, got)
		}
	}
}

// FuzzBibText: whatever the title, every control word bibText writes is one it writes itself
// (textbackslash, backslash, mathrm, the text escapes) or one bibMathSafe keeps, no ^^ is
// left in a formula, and no brace closes more than was opened.
func FuzzBibText(f *testing.F) {
	for _, s := range []string{`\input{x}`, `$\def\a{b}$`, `$x^^5c$`, `a & b % c`, `$\{\}$`, `\`, `$`, `}{`, `$\sum_{i}$`} {
		f.Add(s)
	}
	own := map[string]bool{"textbackslash": true, "backslash": true, "mathrm": true, "textasciitilde": true,
		"textasciicircum": true, "wedge": true}
	f.Fuzz(func(t *testing.T, in string) {
		out := []rune(bibText(in))
		depth := 0
		for i := 0; i < len(out); i++ {
			switch out[i] {
			case '{':
				depth++
			case '}':
				depth--
				if depth < 0 {
					t.Fatalf("bibText(%q) = %q closes a brace it did not open", in, string(out))
				}
			case '\\':
				j := i + 1
				for j < len(out) && ('a' <= out[j] && out[j] <= 'z' || 'A' <= out[j] && out[j] <= 'Z') {
					j++
				}
				if name := string(out[i+1 : j]); name != "" && !own[name] && !bibMathSafe(name) {
					t.Fatalf("bibText(%q) = %q writes \\%s", in, string(out), name)
				}
				if j == i+1 {
					i++ // a control symbol: the character after it is escaped
				}
			}
		}
		if strings.Contains(string(out), "^^") {
			t.Fatalf("bibText(%q) = %q holds ^^", in, string(out))
		}
	})
}
