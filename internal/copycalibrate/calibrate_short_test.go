package copycalibrate

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/copycheck"
)

func TestMathMask(t *testing.T) {
	t.Parallel()
	s := `a $x$ b $$y$$ c \(z\) d \[w\] e \begin{align*}v\end{align*} f \begin{enumerate}g\end{enumerate} \$ h`
	mask := mathMask(s)
	var in []byte
	for i := range s {
		if mask[i] {
			in = append(in, s[i])
		}
	}
	if got, want := string(in), "xyzwv"; got != want {
		t.Errorf("mathMask marks %q; want %q", got, want)
	}
}

func TestEditWords(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1, 2))
	var words []string
	for i := range 45 {
		words = append(words, "word"+strings.Repeat("s", i%3))
	}
	words[19] = "$x$"             // not prose: the next plain word changes instead
	words[39] = "$\\alpha$-based" // not plain
	s := strings.Join(words[:30], " ") + "\n" + strings.Join(words[30:], "  ")
	got, ok := editWords(r, s, 20)
	if !ok {
		t.Fatal("editWords changed nothing")
	}
	gw, sw := strings.Fields(got), strings.Fields(s)
	if len(gw) != len(sw) {
		t.Fatalf("editWords changed the number of words from %d to %d", len(sw), len(gw))
	}
	var changed []int
	for i := range gw {
		if gw[i] != sw[i] {
			changed = append(changed, i)
		}
	}
	if len(changed) != 2 || changed[0] != 20 || changed[1] != 40 {
		t.Errorf("editWords changed words %v; want [20 40]", changed)
	}
	if strings.Count(got, "\n") != 1 || !strings.Contains(got, "  ") {
		t.Errorf("editWords(%q) = %q; want the layout kept", s, got)
	}
}

func TestRenameVarsKeepsNormalisedText(t *testing.T) {
	t.Parallel()
	s := `Let $f : X \to Y$ be a morphism of schemes and $\mathcal{F}$ an $\mathcal{O}_X$-module. Then
$$
H^i(X, \mathcal{F}) = \bigoplus_{p + q = i} E_2^{p, q}
$$
for all $i \geq 0$.`
	r := rand.New(rand.NewPCG(3, 4))
	got, ok := renameVars(r, s)
	if !ok || got == s {
		t.Fatalf("renameVars(%q) = %q, %v; want renamed variables", s, got, ok)
	}
	if !strings.Contains(got, `\mathcal{`) || !strings.Contains(got, `\bigoplus_`) || !strings.HasPrefix(got, "Let $") {
		t.Errorf("renameVars(%q) = %q; want macros and prose kept", s, got)
	}
	a, b := copycheck.Normalize([]byte(s), copycheck.LaTeX), copycheck.Normalize([]byte(got), copycheck.LaTeX)
	if !bytes.Equal(a.Text, b.Text) {
		t.Errorf("normalised text changed from %q to %q", a.Text, b.Text)
	}
	for i := range a.Formulas {
		if a.Formulas[i].Shape != b.Formulas[i].Shape {
			t.Errorf("shape of formula %d changed", i)
		}
	}
}
