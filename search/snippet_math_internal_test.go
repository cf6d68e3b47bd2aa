package search

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestMathSpans(t *testing.T) {
	s := `a $x$ b $$y$$ c \[z\] d \(w\) e \$5 and $u \$ v$ f $open`
	var got []string
	for _, sp := range mathSpans(s) {
		got = append(got, s[sp[0]:sp[1]])
	}
	want := []string{`$x$`, `$$y$$`, `\[z\]`, `\(w\)`, `$u \$ v$`, `$open`}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("mathSpans (-want +got):\n%s", diff)
	}
}

// marked writes a snippet as text, with [brackets] around its marks.
func marked(parts []SnippetPart) string {
	var b strings.Builder
	for _, p := range parts {
		if p.Match {
			b.WriteString("[" + p.Text + "]")
		} else {
			b.WriteString(p.Text)
		}
	}
	return b.String()
}

// parts reads a snippet written with [brackets] around its marks.
func parts(s string) []SnippetPart {
	s = strings.NewReplacer("[", "\x01", "]", "\x02").Replace(s)
	return snippetParts(s)
}

func TestWholeFormulas(t *testing.T) {
	const twin = `Let $p_n$ be the $n$-th prime. Then $\liminf_{n\to\infty} (p_{n+1} - p_n) < \infty$ is the twin prime conjecture.`
	long := "Then $" + strings.Repeat(`a_{1} + `, 40) + `z$ holds for every prime and more text follows here.`
	for _, c := range []struct {
		name, src, snippet, want string
	}{
		{"starts inside a formula", twin,
			` … (p_{n+1} - p_n) < \infty$ is the [twin] [prime] conjecture.`,
			`… $\liminf_{n\to\infty} (p_{n+1} - p_n) < \infty$ is the [twin] [prime] conjecture.`},
		{"ends inside a formula", twin,
			`Let $p_n$ be the $n$-th [prime]. Then $\liminf_{n … `,
			`Let $p_n$ be the $n$-th [prime]. Then $\liminf_{n\to\infty} (p_{n+1} - p_n) < \infty$ …`},
		{"a match inside a formula is not marked", twin,
			`Let $[p_n]$ be the $n$-th [prime]. Then … `,
			`Let $p_n$ be the $n$-th [prime]. Then …`},
		{"a long formula is left out", long,
			` … a_{1} + z$ holds for every [prime] and more … `,
			`… holds for every [prime] and more …`},
		{"a long formula is left out at the end", long,
			`Then $a_{1} + a_{1} … `,
			`Then …`},
		{"fragments, as PostgreSQL joins them", twin,
			`Let $p_n$ be the $n$-th [prime] … [twin] [prime] conjecture.`,
			`Let $p_n$ be the $n$-th [prime] … [twin] [prime] conjecture.`},
		{"plain text stays", "Sums of two squares are studied here at length.",
			`Sums of two [squares] are … `, `Sums of two [squares] are …`},
		{"a snippet not in the text stays", twin,
			` … something [else] entirely … `, `… something [else] entirely …`},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := marked(wholeFormulas(parts(c.snippet), "A title", c.src, "tags"))
			if got != c.want {
				t.Errorf("wholeFormulas(%q)\n got %q\nwant %q", c.snippet, got, c.want)
			}
		})
	}
}
