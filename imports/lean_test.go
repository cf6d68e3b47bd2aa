package imports

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func TestParseLean(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		src        string
		want       LeanFile
		wantIssues []Issue
	}{
		{
			name: "erdos file",
			src: `/-
Copyright header
-/
import FormalConjecturesUtil

/-!
# Erdős Problem 3

*Reference:* [erdosproblems.com/3](https://www.erdosproblems.com/3)
-/

namespace Erdos3

/--
If $A \subset \mathbb{N}$ has $\sum_{n \in A}\frac 1 n = \infty$, then must $A$ contain
long arithmetic progressions?
-/
@[category research open, AMS 11]
theorem erdos_3 : answer(sorry) ↔ True := by
  sorry

-- A line comment with theorem fake : True
/-- A docstring on a definition. -/
def Foo : Prop := True

@[category test, AMS 5 11]
theorem erdos_3.test : True := trivial

end Erdos3
`,
			want: LeanFile{Path: "F.lean", Heading: "Erdős Problem 3",
				Links: []Link{{"erdosproblems.com/3", "https://www.erdosproblems.com/3"}},
				Theorems: []Theorem{
					{Name: "erdos_3", Line: 19, Category: "research open", AMS: []int{11},
						Doc: "\nIf $A \\subset \\mathbb{N}$ has $\\sum_{n \\in A}\\frac 1 n = \\infty$, then must $A$ contain\nlong arithmetic progressions?\n"},
					{Name: "erdos_3.test", Line: 27, Category: "test", AMS: []int{5, 11}},
				}},
		},
		{
			name: "multiline attribute with string and modifiers",
			src: `/-- Open? -/
@[category research solved, AMS 11,
  formal_proof using lean4 at "https://example.org/a]b-/"]
private theorem foo.bar (n : ℕ) : True := trivial
@[simp, category API] lemma baz : True := trivial
`,
			want: LeanFile{Path: "F.lean", Theorems: []Theorem{
				{Name: "foo.bar", Line: 4, Doc: " Open? ", Category: "research solved", AMS: []int{11}},
				{Name: "baz", Line: 5, Category: "API"},
			}},
		},
		{
			name: "nested comment inside a docstring",
			src:  "/-- outer /- inner -/ still doc -/\n@[category research open]\ntheorem t : True := trivial\n",
			want: LeanFile{Path: "F.lean", Theorems: []Theorem{
				{Name: "t", Line: 3, Doc: " outer /- inner -/ still doc ", Category: "research open"},
			}},
		},
		{
			name: "docstring belongs to the def, not the theorem after it",
			src:  "/-- about Foo -/\ndef Foo := 1\n@[category research open]\ntheorem t : True := trivial\n",
			want: LeanFile{Path: "F.lean", Theorems: []Theorem{{Name: "t", Line: 4, Category: "research open"}}},
		},
		{
			name: "bad research status is reported and the theorem left out",
			src:  "/-- x -/\n@[category research maybe, AMS 11]\ntheorem t : True := trivial\n@[category research open]\ntheorem u : True := trivial\n",
			want: LeanFile{Path: "F.lean", Theorems: []Theorem{{Name: "u", Line: 5, Category: "research open"}}},
			wantIssues: []Issue{{Location{"F.lean", 2},
				`theorem t: category research "maybe": want research open or research solved`}},
		},
		{
			name: "bad AMS number",
			src:  "\n@[category research open, AMS eleven]\ntheorem t : True := trivial\n",
			want: LeanFile{Path: "F.lean"},
			wantIssues: []Issue{{Location{"F.lean", 2},
				`theorem t: AMS subject "eleven": want a number from 0 to 99`}},
		},
		{
			name:       "unterminated docstring keeps what came before",
			src:        "@[category research open]\ntheorem a : True := trivial\n\n/-- never closed\ntheorem b : True := trivial\n",
			want:       LeanFile{Path: "F.lean", Theorems: []Theorem{{Name: "a", Line: 2, Category: "research open"}}},
			wantIssues: []Issue{{Location{"F.lean", 4}, "docstring is never closed with -/"}},
		},
		{
			name:       "unterminated attribute",
			src:        "/-- d -/\n@[category research open\ntheorem b : True := trivial\n",
			want:       LeanFile{Path: "F.lean"},
			wantIssues: []Issue{{Location{"F.lean", 2}, "attribute is never closed with ]"}},
		},
		{
			name:       "theorem without a name",
			src:        "@[category research open]\ntheorem : True := trivial\n",
			want:       LeanFile{Path: "F.lean"},
			wantIssues: []Issue{{Location{"F.lean", 2}, "theorem without a name"}},
		},
		{
			name: "indented theorem words in a proof are not declarations",
			src:  "theorem a : True := by\n  have theorem_like := 1\n  exact trivial\n",
			want: LeanFile{Path: "F.lean", Theorems: []Theorem{{Name: "a", Line: 1}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, issues := ParseLean("F.lean", []byte(tt.src))
			if diff := cmp.Diff(tt.want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("ParseLean() file mismatch (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.wantIssues, issues, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("ParseLean() issues mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestModuleDoc(t *testing.T) {
	t.Parallel()
	src := `/-!
# Agrawal's conjecture

The conjecture states that for coprime $n$ and $r$, something holds.

*References:*
- [Wikipedia](https://en.wikipedia.org/wiki/Agrawal%27s_conjecture)
- Bare https://eprint.iacr.org/2009/008.pdf.
- <https://aimath.org/WWN/primesinp/>

Closing words.
-/
`
	got, issues := ParseLean("W.lean", []byte(src))
	if len(issues) != 0 {
		t.Fatalf("ParseLean() issues = %v; want none", issues)
	}
	want := LeanFile{Path: "W.lean", Heading: "Agrawal's conjecture",
		Intro: "The conjecture states that for coprime $n$ and $r$, something holds.\n\nClosing words.",
		Links: []Link{
			{"Wikipedia", "https://en.wikipedia.org/wiki/Agrawal%27s_conjecture"},
			{"", "https://eprint.iacr.org/2009/008.pdf"},
			{"", "https://aimath.org/WWN/primesinp/"},
		}}
	if diff := cmp.Diff(want, got, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("ParseLean() mismatch (-want +got):\n%s", diff)
	}
}

func TestStatement(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, doc, want string }{
		{"dedent and trim", "\n  Is $x$ prime?\n    Indented $y$.\n", "Is $x$ prime?\n  Indented $y$."},
		{"latex kept", " $$\\sum_{n} a_n$$ ", "$$\\sum_{n} a_n$$"},
		{"todo dropped", "From [Kanold]: diameter $\\geq n^{3/4}$.\nTODO: find reference", "From [Kanold]: diameter $\\geq n^{3/4}$."},
		{"doc-gen role", "See {name}`Nat.Prime` here.", "See `Nat.Prime` here."},
		{"empty", "  \n ", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Statement(tt.doc); got != tt.want {
				t.Errorf("Statement(%q) = %q; want %q", tt.doc, got, tt.want)
			}
		})
	}
}

func TestSplitSources(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in, want string
		cited          []string
	}{
		{"label paragraph", "WOWII [Conjecture 1](http://x.example/)\n\nFor every $G$, $P(G)$.",
			"For every $G$, $P(G)$.", []string{"WOWII [Conjecture 1](http://x.example/)"}},
		{"label before a colon", "WOWII [Conjecture 2](http://x.example/):\nFor every $G$, $P(G)$.",
			"For every $G$, $P(G)$.", []string{"WOWII [Conjecture 2](http://x.example/):"}},
		{"label begins a sentence", "WOWII [Conjecture 3](http://x.example/)\nasked whether $P$.",
			"WOWII [Conjecture 3](http://x.example/)\nasked whether $P$.", nil},
		{"see line", "Is $x$ prime?\n\nSee: Smith (1991) for\nthe background.",
			"Is $x$ prime?", []string{"See: Smith (1991) for the background."}},
		{"reference to paragraph end", "Is $x$ prime?\n*Reference:*\n[Wikipedia](https://en.wikipedia.org/wiki/X)\n\nA remark.",
			"Is $x$ prime?\n\nA remark.", []string{"*Reference:* [Wikipedia](https://en.wikipedia.org/wiki/X)"}},
		{"see also", "Is $x$ prime?\n\nSee also [806].", "Is $x$ prime?", []string{"See also [806]."}},
		{"bare url paragraph", "Is $x$ prime?\n\nhttps://arxiv.org/abs/2309.09973", "Is $x$ prime?", []string{"https://arxiv.org/abs/2309.09973"}},
		{"see in a sentence stays", "See Problem 595 for the case $(K_4, K_3)$.", "See Problem 595 for the case $(K_4, K_3)$.", nil},
		{"nothing left", "Reference: [W](https://en.wikipedia.org/wiki/X)", "Reference: [W](https://en.wikipedia.org/wiki/X)", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, cited := SplitSources(tt.in)
			if got != tt.want {
				t.Errorf("SplitSources(%q) = %q; want %q", tt.in, got, tt.want)
			}
			if diff := cmp.Diff(tt.cited, cited); diff != "" {
				t.Errorf("SplitSources(%q) cited (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}
