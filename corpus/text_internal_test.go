package corpus

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/ent/schema"
)

// TestTitleSlug makes a label's base of a title's words: accents dropped, TeX's command names left
// out, other characters one hyphen, short enough to take a suffix, and the kind's name when no
// word is left.
func TestTitleSlug(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ title, kind, want string }{
		{"Cantor's theorem", Theorem, "cantor-s-theorem"},
		{`Théorème de Cantor: $\mathbb{R}$ is uncountable`, Theorem, "theoreme-de-cantor-r-is-uncountable"},
		{"Zorn’s Lemma (AC)", Lemma, "zorn-s-lemma-ac"},
		{`$\aleph_0$`, Definition, "0"},
		{`$\aleph$`, Definition, "definition"},
		{"  --  ", Example, "example"},
		{"Ωmega and Straße", Remark, "mega-and-stra-e"},
		{`The \emph{first} case`, Remark, "the-first-case"},
		{"x²+y²", Computation, "x-y"},
	} {
		got := titleSlug(tc.title, tc.kind)
		if got != tc.want {
			t.Errorf("titleSlug(%q) = %q; want %q", tc.title, got, tc.want)
		}
		if !schema.CorpusLabelPattern.MatchString(got) {
			t.Errorf("titleSlug(%q) = %q is not a corpus label", tc.title, got)
		}
	}
	long := titleSlug(strings.Repeat("word ", 100), Theorem)
	if len(long) > MaxLabel-8 || strings.HasSuffix(long, "-") || !strings.HasPrefix(long, "word-word") {
		t.Errorf("a long title's slug = %q (%d bytes); want at most %d, leaving room for a suffix", long, len(long), MaxLabel-8)
	}
	if got := titleSlug(long, Theorem) + "-99"; len(got) > MaxLabel || !schema.CorpusLabelPattern.MatchString(got) {
		t.Errorf("a long slug with a suffix = %q", got)
	}
}

// TestLineDiff marks each removed line -, each added one +, each kept one a space, the added
// line of a changed pair first, and says nothing for equal texts.
func TestLineDiff(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ a, b, want string }{
		{"same\n", "same\n", ""},
		{"", "new\n", "+new\n"},
		{"old\n", "", "-old\n"},
		{"a\nb\nc\n", "a\nB\nc\n", " a\n+B\n-b\n c\n"},
		{"a\nb", "a\nb\nc", " a\n b\n+c\n"},
		{"a\n", "a", " a\n"}, // a final line break alone changes no line
	} {
		if got := lineDiff(tc.a, tc.b); got != tc.want {
			t.Errorf("lineDiff(%q, %q) = %q; want %q", tc.a, tc.b, got, tc.want)
		}
	}
	if got := splitLines(""); got != nil {
		t.Errorf("splitLines(\"\") = %q; want no lines", got)
	}
	if got := splitLines("x\n\ny\n"); !cmp.Equal(got, []string{"x", "", "y"}) {
		t.Errorf("splitLines = %q", got)
	}
}

// TestProofStepSections names step i "step-i" and reads back only a positive step number; any
// other section names no step.
func TestProofStepSections(t *testing.T) {
	t.Parallel()
	for i := 1; i <= 30; i++ {
		if got := stepOf(stepSection(i)); got != i {
			t.Errorf("stepOf(stepSection(%d)) = %d", i, got)
		}
	}
	for _, s := range []string{"", "step-", "step-0", "step--1", "step-x", "step-1.5", "Step-1", "reference-1", "statement", " step-1"} {
		if got := stepOf(s); got != 0 {
			t.Errorf("stepOf(%q) = %d; want 0", s, got)
		}
	}
	if referenceSection(3) != "reference-3" {
		t.Errorf("referenceSection(3) = %q", referenceSection(3))
	}
}

// TestProofStepsKeepsBlocksWhole never cuts a display, an environment or a fenced block at a blank
// line inside it, and reads CRLF line ends as LF.
func TestProofStepsKeepsBlocksWhole(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, body string
		want       []string
	}{
		{"paragraphs", "First.\n\nSecond.\n\n\n  \nThird.", []string{"First.", "Second.", "Third."}},
		{"crlf", "One.\r\n\r\nTwo.", []string{"One.", "Two."}},
		{"display dollars", "So\n$$\na\n\nb\n$$\nholds.\n\nNext.", []string{"So\n$$\na\n\nb\n$$\nholds.", "Next."}},
		{"display brackets", "So\n\\[\na\n\nb\n\\]\n\nNext.", []string{"So\n\\[\na\n\nb\n\\]", "Next."}},
		{"environment", "\\begin{align}\na\n\n\\begin{cases}x\n\ny\\end{cases}\n\\end{align}\n\nNext.",
			[]string{"\\begin{align}\na\n\n\\begin{cases}x\n\ny\\end{cases}\n\\end{align}", "Next."}},
		{"fence", "```\ncode\n\n$$ not math\n```\n\nNext.", []string{"```\ncode\n\n$$ not math\n```", "Next."}},
		{"one-line display", "$$a$$\n\nb", []string{"$$a$$", "b"}},
		{"stray end", "\\end{x}\n\nb", []string{"\\end{x}", "b"}},
		{"empty", " \n\n ", nil},
	} {
		if got := ProofSteps(tc.body); !cmp.Equal(got, tc.want) {
			t.Errorf("%s: ProofSteps = %q; want %q", tc.name, got, tc.want)
		}
	}
}

// TestMayTake allows each edge only between the kinds the vocabulary names, and says why not.
func TestMayTake(t *testing.T) {
	t.Parallel()
	allowed := map[string]map[string][]string{
		EdgeUses:      {"*": usable},
		EdgeProves:    {Proof: provable},
		EdgeExampleOf: {Example: illustrable},
		EdgeDefines:   {Definition: {""}},
	}
	for _, edge := range []string{EdgeUses, EdgeProves, EdgeExampleOf, EdgeDefines} {
		for _, from := range Kinds {
			targets := Kinds
			if edge == EdgeDefines {
				targets = []string{""}
			}
			for _, to := range targets {
				froms := allowed[edge]
				tos, ok := froms[from]
				if !ok {
					tos = froms["*"]
				}
				want := false
				for _, k := range tos {
					want = want || k == to
				}
				got, why := mayTake(from, edge, to)
				if got != want {
					t.Errorf("mayTake(%s, %s, %s) = %v; want %v", from, edge, to, got, want)
				}
				if got != (why == "") || !got && !strings.Contains(why, lower(to)) && !strings.Contains(why, lower(from)) {
					t.Errorf("mayTake(%s, %s, %s) says %q", from, edge, to, why)
				}
			}
		}
	}
	if ok, why := mayTake(Remark, EdgeUses, Remark); ok || why != "a uses edge points to a definition, theorem, lemma, proposition, example or computation, not to a remark" {
		t.Errorf("a use of a remark: %v, %q", ok, why)
	}
	if ok, why := mayTake(Theorem, EdgeProves, Lemma); ok || why != "only a proof proves something; a theorem has no proves edge" {
		t.Errorf("a theorem proving: %v, %q", ok, why)
	}
	if ok, _ := mayTake(Theorem, "SOMETHING_ELSE", Remark); !ok {
		t.Error("an edge kind the vocabulary does not restrict is refused")
	}
}

// TestNames spells kinds as prose does and levels and fidelities as pages do.
func TestNames(t *testing.T) {
	t.Parallel()
	if lower(Computation) != "computation" || lower("EXAMPLE_OF") != "example_of" || lower("") != "" {
		t.Error("lower spells kinds wrong")
	}
	for l, want := range []string{"E0", "E1", "E2", "E3", "E4", "E5"} {
		if LevelName(l) != want {
			t.Errorf("LevelName(%d) = %q", l, LevelName(l))
		}
	}
	for f, want := range []string{"F0", "F1", "F2", "F3"} {
		if FidelityName(f) != want {
			t.Errorf("FidelityName(%d) = %q", f, FidelityName(f))
		}
	}
}
