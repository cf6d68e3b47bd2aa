package records

import "testing"

// TestHeadingKind names the kind of an item from the heading it stands under when its label
// says none: a sectioning command or a theorem-like environment, with the texts' own words.
func TestHeadingKind(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, text, heading, want string
	}{
		{"section", "stacks-project", `\section{Schemes}`, kindSection},
		{"starred subsection", "hott-book", `\subsection*{Notes}`, kindSection},
		{"Open Logic chapter", "openlogic", `\olchapter{sfr}{set}{Sets}`, kindChapter},
		{"Open Logic section", "openlogic", `\olsection{Russell's Paradox}`, kindSection},
		{"part", "openlogic", `\part{Sets}`, kindPart},
		{"lemma", "stacks-project", `\begin{lemma}`, kindLemma},
		{"theorem with a title", "hott-book", `\begin{thm}[Univalence]`, kindTheorem},
		{"starred definition", "stacks-project", `\begin{definition*}`, kindDefinition},
		{"ex in Open Logic", "openlogic", `\begin{ex}`, kindExample},
		{"ex in the HoTT book", "hott-book", `\begin{ex}`, kindExercise},
		{"an environment that names no kind", "stacks-project", `\begin{proof}`, ""},
		{"a command that is not sectioning", "stacks-project", `\emph{Lemma}`, ""},
		{"plain text", "stacks-project", "Lemma 3 of the chapter", ""},
		{"empty", "hott-book", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := headingKind(tt.text, tt.heading); got != tt.want {
				t.Errorf("headingKind(%q, %q) = %q; want %q", tt.text, tt.heading, got, tt.want)
			}
		})
	}
}

// TestKindGroup lets a citation name a result or a place by a neighbouring kind, and never an
// item or an equation, which sit inside another.
func TestKindGroup(t *testing.T) {
	t.Parallel()
	same := [][2]string{
		{kindTheorem, kindProposition}, {kindLemma, kindCorollary}, {kindTheorem, kindLemma},
		{kindSection, kindChapter}, {kindPart, kindSection}, {kindDefinition, kindDefinition},
	}
	for _, p := range same {
		if kindGroup(p[0]) != kindGroup(p[1]) {
			t.Errorf("kindGroup(%q) = %q, kindGroup(%q) = %q; want one group", p[0], kindGroup(p[0]), p[1], kindGroup(p[1]))
		}
	}
	apart := [][2]string{
		{kindTheorem, kindDefinition}, {kindLemma, kindSection}, {kindExample, kindExercise},
		{kindRemark, kindTheorem}, {kindChapter, kindFigure},
	}
	for _, p := range apart {
		if kindGroup(p[0]) == kindGroup(p[1]) {
			t.Errorf("kindGroup(%q) = kindGroup(%q) = %q; want different groups", p[0], p[1], kindGroup(p[0]))
		}
	}
	for _, k := range []string{kindItem, kindEquation} {
		if g := kindGroup(k); g != "" {
			t.Errorf("kindGroup(%q) = %q; want none", k, g)
		}
	}
}
