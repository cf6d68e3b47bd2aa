package copycalibrate

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/copycheck"
)

func TestStatementsOf(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("word ", 90)
	text := `\begin{lemma}
\label{lemma-one}
\begin{reference}
\cite[III, 3.3]{CE}
\end{reference}
Let $R$ be a ring. Every finite $R$-module is a quotient
\label{equation-inside}
of a finite free one.
\end{lemma}
\begin{proof}Omitted.\end{proof}
\begin{lem}[Named]
Short.
\end{lem}
\begin{lemma}` + long + `\end{lemma}
\begin{lem}[Named] A lemma of the other kind with a title before it.\end{lem}
\begin{lemma} unclosed`
	got := statementsOf(copycheck.Document{Meta: copycheck.DocMeta{ID: "c/f.tex"}, Text: []byte(text)}, lemmaEnvs, 3, 80)
	want := []statement{
		{File: "c/f.tex", Text: "Let $R$ be a ring. Every finite $R$-module is a quotient\nof a finite free one."},
		{File: "c/f.tex", Text: "A lemma of the other kind with a title before it."},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("statementsOf (-want +got):\n%s", diff)
	}
}

// TestSplits checks that the splits are stable and of about the intended sizes.
func TestSplits(t *testing.T) {
	t.Parallel()
	held, ref := 0, 0
	const n = 3000
	for i := range n {
		f := filepath.Join("dir", strings.Repeat("x", i%7), string(rune('a'+i%26)), strings.Repeat("y", i/26)) + ".tex"
		if heldOut(f) {
			held++
		}
		if referenceLean(f) {
			ref++
		}
		if heldOut(f) != heldOut(f) || referenceLean(f) != referenceLean(f) {
			t.Fatalf("split of %s is not stable", f)
		}
	}
	if held < n/4 || held > n*5/12 {
		t.Errorf("%d of %d files held out; want about a third", held, n)
	}
	if ref < n*2/5 || ref > n*3/5 {
		t.Errorf("%d of %d Lean files indexed; want about half", ref, n)
	}
}
