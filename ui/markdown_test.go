package ui

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestMarkdownHTML(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, in string
		want     []string // substrings of the output
		not      []string // never in the output
	}{
		{"link", "WOWII [Conjecture 61](http://cms.example.org/wowII/)",
			[]string{`<a href="http://cms.example.org/wowII/" rel="nofollow ugc">Conjecture 61</a>`}, nil},
		{"bare-url", "See https://arxiv.org/abs/2309.09973 for it",
			[]string{`<a href="https://arxiv.org/abs/2309.09973" rel="nofollow ugc">https://arxiv.org/abs/2309.09973</a>`}, nil},
		{"mailto", "[write](mailto:a@example.org)", []string{`href="mailto:a@example.org" rel="nofollow ugc"`}, nil},
		{"code-span", "the set `A.card` of $A$", []string{"<code>A.card</code>", "$A$"}, nil},
		{"code-span-dollar", "`a$b` and `c$d`", []string{"<code>a$b</code>", "<code>c$d</code>"}, []string{"tex-literal"}},
		{"emphasis", "*every* **prime** _p_", []string{"<em>every</em>", "<strong>prime</strong>", "<em>p</em>"}, nil},
		{"lists", "- one\n- two\n\n1. first\n2. second", []string{"<ul>\n<li>one</li>", "<ol>\n<li>first</li>"}, nil},
		{"raw-html", "<script>alert(1)</script><img src=x onerror=alert(1)> <b>b</b>",
			[]string{"&lt;script&gt;alert(1)&lt;/script&gt;", "&lt;b&gt;"}, []string{"<script", "<img", "<b>"}},
		{"html-block", "<div onclick=\"x()\">\nhi\n</div>", []string{"&lt;div"}, []string{"<div onclick"}},
		{"javascript-link", "[click](javascript:alert(1)) and [d](data:text/html,x)",
			[]string{"click", " and d"}, []string{"javascript", "data:", "<a"}},
		{"autolink-javascript", "<javascript:alert(1)>", nil, []string{`href="javascript`}},
		{"tex-underscores", "Let $a_n = b_n * c_n$ and $x_1 * y_1$.", []string{"$a_n = b_n * c_n$", "$x_1 * y_1$"}, []string{"<em>"}},
		{"tex-display", "$$\n\\sum_{k} a_k * b_k\n$$", []string{"$$\n\\sum_{k} a_k * b_k\n$$"}, []string{"<em>"}},
		{"tex-parens", `\( a_i * b_i \) and \[ c_j * d_j \]`, []string{`\( a_i * b_i \)`, `\[ c_j * d_j \]`}, []string{"<em>"}},
		{"tex-escaped-in-math", `$a \$ b_1$ c_1`, []string{`$a \$ b_1$`}, nil},
		{"tex-lt", "$a<b$ and $c>d$", []string{"$a&lt;b$", "$c&gt;d$"}, nil},
		{"unbalanced-dollar", "It costs $5, and $x_1$ is\n\nnext $y", []string{`It costs $5, and $`, `<span class="tex-literal">$</span>y`}, nil},
		{"lone-dollar", "a prize of $500 for it", []string{`<span class="tex-literal">$</span>500`}, nil},
		{"literal-dollar", `costs \$500 and $x$`, []string{`<span class="tex-literal">$</span>500`, "$x$"}, []string{`\$`}},
		{"unclosed-paren", `\( a_b and *c*`, []string{`<span class="tex-literal">\(</span>`, "<em>c</em>"}, nil},
		{"no-blank-line-crossing", "$a\n\nb$", []string{`<span class="tex-literal">$</span>a`, `b<span class="tex-literal">$</span>`}, nil},
		{"markers-in-input", "x \uE0000\uE001 y $z$", []string{"$z$"}, []string{"\uE000", "\uE001"}},
		{"image", "![a square](https://example.org/s.png)", []string{`<a href="https://example.org/s.png" rel="nofollow ugc">a square</a>`}, []string{"<img"}},
		{"heading-is-text", "# Not a heading", []string{"<p># Not a heading</p>"}, []string{"<h1"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got := MarkdownHTML(tc.in)
			if !strings.HasPrefix(got, `<div class="md" data-math="">`) {
				t.Errorf("MarkdownHTML(%q) = %q; want a div marked data-math", tc.in, got)
			}
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("MarkdownHTML(%q) = %q; want it to contain %q", tc.in, got, w)
				}
			}
			for _, n := range tc.not {
				if strings.Contains(got, n) {
					t.Errorf("MarkdownHTML(%q) = %q; want no %q", tc.in, got, n)
				}
			}
		})
	}
}

func TestMarkdownEmpty(t *testing.T) {
	t.Parallel()
	if got := MarkdownHTML("  \n "); got != "" {
		t.Errorf("MarkdownHTML(blank) = %q; want empty", got)
	}
}

// TestProtectTeXLinear: many unclosed delimiters are each looked past once, not once per
// delimiter; the text comes back whole.
func TestProtectTeXLinear(t *testing.T) {
	t.Parallel()
	for _, unit := range []string{`\( `, `\[ `, "$$ x ", "``` `` "} {
		n := 200_000 / len(unit)
		out, spans := protectTeX(strings.Repeat(unit, n))
		if strings.HasPrefix(unit, "`") {
			if len(spans) != 0 || len(out) != n*len(unit) {
				t.Errorf("protectTeX(%q × n) = %d spans; want the code spans left alone", unit, len(spans))
			}
		} else if len(spans) < n/2 {
			t.Errorf("protectTeX(%q × %d) = %d spans; want each delimiter kept", unit, n, len(spans))
		}
	}
	in := strings.Repeat("$a_1$ ", 10_000)
	out, spans := protectTeX(in)
	if len(spans) != 10_000 || restoreTeX(out, spans) != in {
		t.Errorf("protectTeX(formulas) = %d spans; want 10000, restored as given", len(spans))
	}
}

func FuzzMarkdown(f *testing.F) {
	for _, s := range []string{"$a_1$ *b*", "<script>x</script>", "[a](javascript:x)", "\\( $ ` $$", "- a\n- $b_c$"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 4096 || !utf8.ValidString(s) {
			return
		}
		got := strings.ToLower(MarkdownHTML(s))
		for _, bad := range []string{"<script", `href="javascript`, "<img", "<iframe", "<style"} {
			if strings.Contains(got, bad) {
				t.Fatalf("MarkdownHTML(%q) = %q; contains %q", s, got, bad)
			}
		}
	})
}

// TestMarkdownMemo: a text rendered before is answered from memory with
// the same output, and the memory stays within its bound, the least
// recently used going first.
func TestMarkdownMemo(t *testing.T) {
	src := "A *kept* rendering of $x_1 * x_2$."
	if first, again := MarkdownHTML(src), MarkdownHTML(src); first != again || first != renderMarkdown(src) {
		t.Fatalf("a repeated rendering differs:\n%s\n%s", first, again)
	}
	m := newMarkdownMemo(64 << 10) // texts of up to 1 KiB
	for i := range 1000 {
		s := fmt.Sprintf("Text number %d, *emphasised*.", i)
		m.add(s, renderMarkdown(s))
		if i%10 == 0 {
			m.get("Text number 0, *emphasised*.") // read often: never the least recently used
		}
	}
	if m.bytes > m.max || m.lru.Len() >= 1000 {
		t.Fatalf("%d renderings in %d bytes kept; the bound is %d bytes", m.lru.Len(), m.bytes, m.max)
	}
	if _, ok := m.get("Text number 0, *emphasised*."); !ok {
		t.Error("a rendering read all along was let go")
	}
	if _, ok := m.get("Text number 999, *emphasised*."); !ok {
		t.Error("the newest rendering is not kept")
	}
	if _, ok := m.get("Text number 1, *emphasised*."); ok {
		t.Error("the oldest rendering survived past the bound")
	}
	long := strings.Repeat("A long paragraph. ", 100)
	m.add(long, renderMarkdown(long))
	if _, ok := m.get(long); ok {
		t.Error("a text over a sixty-fourth of the bound was kept")
	}
}
