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
