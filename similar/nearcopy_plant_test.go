//go:build calibrate

package similar

import (
	"context"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// TestShortStatementsFound indexes short statements dense with formulas among thousands of
// synthetic ones built from the same words and formulas, and finds each from a near copy.
func TestShortStatementsFound(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 1))
	short := []string{
		`Is it true that $f(n) = o(n)$ for almost all $n$?`,
		`Does $\lim_{x\to\infty} |S \cap [1, x]|/x$ exist?`,
		`Is $\sum_{n \in A} 1/n < \infty$ whenever $A$ has no three-term progression?`,
		`Prove that $R(k, k) \ge (1 + c)^k \sqrt{2}^k$ for some $c > 0$ and all large $k$.`,
		`Find the least $k$ such that $n! + k$ is prime for infinitely many $n$.`,
		`Is $h(n) = \Theta(\sqrt{n})$, where $h(n)$ is the largest size of a set $B \subseteq A$ with distinct sums?`,
	}
	x := NewIndex()
	for i, s := range distractors(5000, rng) {
		x.Add("D"+strconv.Itoa(i), "", s, "ACCEPTED", "")
	}
	for i, s := range short {
		x.Add("S"+strconv.Itoa(i), "", s, "ACCEPTED", "")
	}
	for i, s := range short {
		for _, q := range []string{s, RenameVariables(s, rng), changeOne(s, rng)} {
			cs, err := x.Similar(context.Background(), "", q, "", 3)
			if err != nil {
				t.Fatal(err)
			}
			if len(cs) == 0 || cs[0].ID != "S"+strconv.Itoa(i) || cs[0].Similarity < reviewThreshold {
				t.Errorf("Similar(%q) = %v; want S%d first at %.2f or more", q, cs, i, reviewThreshold)
			}
		}
	}
}

func TestNearCopyTransforms(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(4, 4))
	const s = `Let $A \subseteq \mathbb{N}$ have $\sum_{n \in A} \frac{1}{n} = \infty$. Must $A$ contain long progressions? Erdős offered $3000$ dollars.`
	renamed := RenameVariables(s, rng)
	for _, keep := range []string{`\subseteq \mathbb{N}`, `\sum_{`, `\frac{1}{`, `\infty`, "Must", "Erdős"} {
		if !strings.Contains(renamed, keep) {
			t.Errorf("RenameVariables(%q) = %q; want %q kept", s, renamed, keep)
		}
	}
	if strings.Contains(renamed, "$A") {
		t.Errorf("RenameVariables(%q) = %q; want A renamed", s, renamed)
	}
	if got := ReorderSentences(s, rng); got == s || len(got) != len(s) {
		t.Errorf("ReorderSentences(%q) = %q; want the same sentences in another order", s, got)
	}
	if got := ChangeWords(s, rng); got == s {
		t.Errorf("ChangeWords(%q) left it unchanged", s)
	}
	long := strings.Repeat("the sequence of primes has a positive density in the integers and ", 5)
	if got := ChangeWords(long, rng); strings.Count(got, " ")-strings.Count(long, " ") > 4 || got == long {
		t.Errorf("ChangeWords(long) = %q; want a few words changed", got)
	}
	if similarity(t, "", s, "", renamed) < failThreshold {
		t.Errorf("similarity of a statement and its renamed copy is below %.2f", failThreshold)
	}
}
