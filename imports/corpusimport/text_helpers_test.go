package corpusimport

import (
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/ent/schema"
)

// TestSlug keeps lower-case letters and digits, makes every other run one hyphen, never ends in a
// hyphen and cuts at max bytes.
func TestSlug(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		prefix, s string
		max       int
		want      string
	}{
		{"ol-", "sfr/set/ext/defn:set", 120, "ol-sfr-set-ext-defn-set"},
		{"hott-", "cor:trunc_prod", 120, "hott-cor-trunc-prod"},
		{"mm-nf-", "Ax-1.2__x", 120, "mm-nf-ax-1-2-x"},
		{"mm-nf-", "--x--", 120, "mm-nf-x"},
		{"mm-nf-", "...", 120, "mm-nf"},
		{"ol-", "Énoncé", 120, "ol-nonc"},
		{"ol-", "abc-def", 7, "ol-abc"},
		{"ol-", "abcdef", 6, "ol-abc"},
		{"p", "Q", 10, "pq"},
	} {
		got := slug(tc.prefix, tc.s, tc.max)
		if got != tc.want {
			t.Errorf("slug(%q, %q, %d) = %q; want %q", tc.prefix, tc.s, tc.max, got, tc.want)
		}
		if !schema.CorpusLabelPattern.MatchString(got) || len(got) > tc.max {
			t.Errorf("slug(%q, %q) = %q is not a corpus label of at most %d bytes", tc.prefix, tc.s, got, tc.max)
		}
	}
}

// TestLabelSetTake hands out each label once, numbering from 2 and skipping numbers already
// handed out, within the corpus's longest label.
func TestLabelSetTake(t *testing.T) {
	t.Parallel()
	set := labelSet{}
	var got []string
	for _, l := range []string{"a", "a", "a-2", "a", "b", "a-2"} {
		got = append(got, set.take(l))
	}
	if diff := cmp.Diff([]string{"a", "a-2", "a-2-2", "a-3", "b", "a-2-3"}, got); diff != "" {
		t.Errorf("labels (-want +got):\n%s", diff)
	}
	// A slug of the longest length, which cut for a number would end in a hyphen.
	base := strings.Repeat("x", corpus.MaxLabel-3)
	long := base + "-yz"
	if got := set.take(long); got != long {
		t.Errorf("first take of a long slug = %q", got)
	}
	if got := set.take(long); got != base+"-2" {
		t.Errorf("second take of a long slug = %q; want it cut without a trailing hyphen, then -2", got)
	}
	for n := 3; n <= 12; n++ {
		l := set.take(long)
		if len(l) > corpus.MaxLabel || !strings.HasSuffix(l, "-"+strconv.Itoa(n)) || !schema.CorpusLabelPattern.MatchString(l) {
			t.Errorf("label %d of a long slug = %q", n, l)
		}
	}
}

// TestIssueString is file:line: reason.
func TestIssueString(t *testing.T) {
	t.Parallel()
	if got := (Issue{"content/a.tex", 12, "no end"}).String(); got != "content/a.tex:12: no end" {
		t.Errorf("String() = %q", got)
	}
}

// TestStripComments cuts a line at its first % that no backslash escapes, keeps every line break,
// and marks a line that held only a comment.
func TestStripComments(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, want string }{
		{"a % b\nc", "a \nc"},
		{`50\% of % all`, `50\% of `},
		{`a \\% b`, `a \\`},
		{"% only\n  % indented\nx", olCommentLine + "\n" + olCommentLine + "\nx"},
		{"no comment\n", "no comment\n"},
		{"end %", "end "},
		{"%", olCommentLine},
		{"", ""},
	} {
		got := stripComments(tc.in)
		if got != tc.want {
			t.Errorf("stripComments(%q) = %q; want %q", tc.in, got, tc.want)
		}
		if strings.Count(got, "\n") != strings.Count(tc.in, "\n") {
			t.Errorf("stripComments(%q) changed the number of lines", tc.in)
		}
		if dropped := dropCommentMarks(got); strings.Contains(dropped, olCommentLine) {
			t.Errorf("dropCommentMarks(%q) = %q", got, dropped)
		}
	}
	if got := dropCommentMarks("a\n" + olCommentLine + "\nb" + olCommentLine); got != "a\nb" {
		t.Errorf("dropCommentMarks = %q; want the marked line gone with its break", got)
	}
}

// TestMatchingEnd finds the \end that closes an environment, past nested ones of the same name,
// or -1.
func TestMatchingEnd(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		src  string
		want int
	}{
		{`x\end{thm}`, 1},
		{`a\begin{thm}b\end{thm}c\end{thm}`, 23},
		{`a\begin{lem}b\end{lem}c\end{thm}`, 23},
		{`a\begin{thm}b\end{thm}`, -1},
		{`no end`, -1},
		{``, -1},
	} {
		if got := matchingEnd(tc.src, 0, "thm"); got != tc.want {
			t.Errorf("matchingEnd(%q) = %d; want %d", tc.src, got, tc.want)
		}
	}
}

// TestOptionalArg splits a leading [..] argument, nested brackets and braced ] included, from the
// rest, and leaves a body without one whole.
func TestOptionalArg(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, opt, rest string }{
		{"[Title] body", "Title", " body"},
		{"  \t[A [nested] one]x", "A [nested] one", "x"},
		{"[With {]} brace]x", "With {]} brace", "x"},
		{"\n[not first on the line]", "", "\n[not first on the line]"},
		{"[never closed", "", "[never closed"},
		{"body [late]", "", "body [late]"},
		{"", "", ""},
	} {
		opt, rest := optionalArg(tc.in)
		if opt != tc.opt || rest != tc.rest {
			t.Errorf("optionalArg(%q) = %q, %q; want %q, %q", tc.in, opt, rest, tc.opt, tc.rest)
		}
	}
}

// TestItoa writes a number in decimal as strconv does.
func TestItoa(t *testing.T) {
	t.Parallel()
	for _, n := range []int{0, 7, 10, 99, 100, 12345, 1 << 40} {
		if got := itoa(n); got != strconv.Itoa(n) {
			t.Errorf("itoa(%d) = %q", n, got)
		}
	}
}

// TestArticleAndCapital puts "an" before a vowel, "a" before anything else, and capitalises the
// first letter, not the first byte.
func TestArticleAndCapital(t *testing.T) {
	t.Parallel()
	for w, want := range map[string]string{"element": "an", "Ordinal": "an", "set": "a", "union": "an", "": "a", "1-form": "a"} {
		if got := article(w); got != want {
			t.Errorf("article(%q) = %q; want %q", w, got, want)
		}
	}
	for w, want := range map[string]string{"set": "Set", "été": "Été", "": "", "X": "X", "ωmega": "Ωmega"} {
		if got := capitalise(w); got != want {
			t.Errorf("capitalise(%q) = %q; want %q", w, got, want)
		}
	}
}

// TestTeXArguments reads arguments as TeX does: a braced group (nested, escaped braces inside), a
// control sequence or one character, after spaces; none at the end of a group, of math or of a
// cell; a bracketed one balanced in brackets and braces.
func TestTeXArguments(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		s    string
		arg  string
		next int
		ok   bool
	}{
		{"{a{b}c}rest", "a{b}c", 7, true},
		{`  {a\}b}`, `a\}b`, 8, true},
		{`\alpha x`, `\alpha`, 6, true},
		{"xy", "x", 1, true},
		{"}", "", 0, false},
		{"$", "", 0, false},
		{"&", "", 0, false},
		{"]", "", 0, false},
		{"{open", "", 0, false},
		{"   ", "", 0, false},
	} {
		arg, next, ok := tokenArg(tc.s, 0)
		if arg != tc.arg || next != tc.next || ok != tc.ok {
			t.Errorf("tokenArg(%q) = %q, %d, %v; want %q, %d, %v", tc.s, arg, next, ok, tc.arg, tc.next, tc.ok)
		}
	}
	for _, tc := range []struct {
		s    string
		arg  string
		next int
		ok   bool
	}{
		{"[x]y", "x", 3, true},
		{" [a[b]c]", "a[b]c", 8, true},
		{"[{]}]", "{]}", 5, true},
		{`[\]]`, `\]`, 4, true},
		{"[open", "", 0, false},
		{"x[a]", "", 0, false},
	} {
		arg, next, ok := bracketArg(tc.s, 0)
		if arg != tc.arg || next != tc.next || ok != tc.ok {
			t.Errorf("bracketArg(%q) = %q, %d, %v; want %q, %d, %v", tc.s, arg, next, ok, tc.arg, tc.next, tc.ok)
		}
	}
	for _, tc := range []struct {
		s    string
		want int
	}{{"a}b", 1}, {"a{b}c}", 5}, {`a\}b}`, 4}, {"open", -1}} {
		if got := closingBrace(tc.s, 0); got != tc.want {
			t.Errorf("closingBrace(%q) = %d; want %d", tc.s, got, tc.want)
		}
	}
}

// TestSubstitute puts arguments for #1…#9, one # for ##, and leaves a parameter without an
// argument, or a # at the end, as written.
func TestSubstitute(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		body string
		args []string
		want string
	}{
		{`#1+#2=#2+#1`, []string{"a", "b"}, "a+b=b+a"},
		{`\##1`, []string{"x"}, `\#1`},
		{`#3`, []string{"x"}, `#3`},
		{`50#`, nil, `50#`},
		{`#a`, []string{"x"}, `#a`},
		{`#9`, []string{"1", "2", "3", "4", "5", "6", "7", "8", "nine"}, "nine"},
	} {
		if got := substitute(tc.body, tc.args); got != tc.want {
			t.Errorf("substitute(%q, %q) = %q; want %q", tc.body, tc.args, got, tc.want)
		}
	}
}

// TestEndsInControlWord says whether a written-out macro ends in a control word, which a letter
// after it would run into.
func TestEndsInControlWord(t *testing.T) {
	t.Parallel()
	for s, want := range map[string]bool{`\forall`: true, `x \to`: true, `\{`: false, `a`: false, `\alpha x`: false, ``: false, `\`: false} {
		if got := endsInControlWord(s); got != want {
			t.Errorf("endsInControlWord(%q) = %v; want %v", s, got, want)
		}
	}
}

// TestOLTagged sets every tag but a notX, and a list when one of its tags is set.
func TestOLTagged(t *testing.T) {
	t.Parallel()
	for tags, want := range map[string]bool{"prvAnd": true, "notprvAnd": false, "notA, B": true, " notA , notB ": false, "": false, ",": false} {
		if got := olTagged(tags); got != want {
			t.Errorf("olTagged(%q) = %v; want %v", tags, got, want)
		}
	}
}

// TestDisplayProofs rewrites only display math that ends in \DisplayProof.
func TestDisplayProofs(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, want string }{
		{`a \[\AxiomC{x}\DisplayProof \] b`, `a \begin{prooftree}\AxiomC{x}\end{prooftree} b`},
		{`\[\DisplayProof x\]`, `\[\DisplayProof x\]`},
		{`\[x\] and \[\AxiomC{y}\DisplayProof\]`, `\[x\] and \begin{prooftree}\AxiomC{y}\end{prooftree}`},
		{`\[ unclosed \DisplayProof`, `\[ unclosed \DisplayProof`},
	} {
		if got := olDisplayProofs(tc.in); got != tc.want {
			t.Errorf("olDisplayProofs(%q) = %q; want %q", tc.in, got, tc.want)
		}
	}
}
