package sanity_test

import (
	"math/rand/v2"
	"regexp"
	"testing"

	"github.com/theoremdb/theoremdb/sanity"
	"github.com/theoremdb/theoremdb/tex"
)

func TestMutate(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		m    sanity.Mutation
		text string
		want []string // every text the mutation may make
	}{
		{sanity.FlippedInequality, `For every integer $n \ge 1$ we have $2^n > n$.`,
			[]string{`For every integer $n < 1$ we have $2^n > n$.`, `For every integer $n \ge 1$ we have $2^n \le n$.`}},
		{sanity.FlippedInequality, `$A \subseteq B$`, []string{`$A \not\subseteq B$`}},
		{sanity.FlippedInequality, `$\lvert x\rvert \leq y$ and $x = y$`, []string{`$\lvert x\rvert > y$ and $x = y$`}},
		{sanity.ShiftedIndex, `$\sum_{i=1}^{n} i = \frac{n(n+1)}{2}$`, []string{`$\sum_{i=2}^{n} i = \frac{n(n+1)}{2}$`}},
		{sanity.ShiftedIndex, `$a_n \le a_{k}$`, []string{`$a_{n+1} \le a_{k}$`, `$a_n \le a_{k+1}$`}},
		{sanity.ChangedConstant, `Every even $n > 2$ is a sum of two primes; $x^2 \ge 0$.`,
			[]string{`Every even $n > 3$ is a sum of two primes; $x^2 \ge 0$.`, `Every even $n > 2$ is a sum of two primes; $x^3 \ge 0$.`,
				`Every even $n > 2$ is a sum of two primes; $x^2 \ge 1$.`}},
		{sanity.DroppedHypothesis, `If $G$ is a group of odd order, then $G$ is solvable.`,
			[]string{`$G$ is solvable.`, `If $G$ is a group of order, then $G$ is solvable.`}},
		{sanity.DroppedHypothesis, `Every finite abelian group is a product of cyclic groups.`,
			[]string{`Every abelian group is a product of cyclic groups.`, `Every finite group is a product of cyclic groups.`}},
		{sanity.DroppedHypothesis, `Let $X$ be an abelian variety.`, []string{`Let $X$ be a variety.`}},
		{sanity.DroppedHypothesis, `Suppose $T$ is consistent. Then $T$ has a model.`, nil},
	} {
		seen := map[string]bool{}
		for seed := range uint64(40) {
			c, ok := sanity.Mutate(tt.text, tt.m, rand.New(rand.NewPCG(seed, 1)))
			if !ok {
				if tt.want != nil {
					t.Errorf("Mutate(%q, %s) found no place", tt.text, tt.m)
				}
				break
			}
			got := c.Apply(tt.text)
			seen[got] = true
			if c.Mutation != tt.m || tt.text[c.Start:c.End] != c.From {
				t.Errorf("Mutate(%q, %s) = %+v: its From is not the text it replaces", tt.text, tt.m, c)
			}
			if !contains(tt.want, got) {
				t.Errorf("Mutate(%q, %s) made %q; want one of %q", tt.text, tt.m, got, tt.want)
			}
		}
		for _, w := range tt.want {
			if !seen[w] {
				t.Errorf("Mutate(%q, %s) never made %q in 40 draws", tt.text, tt.m, w)
			}
		}
	}
}

// TestMutateOpenLogic: on the theorems of the Open Logic Project, each mutation finds places in
// many statements, and what it makes is still well-formed TeX that differs from the original.
func TestMutateOpenLogic(t *testing.T) {
	t.Parallel()
	var statements []string
	for _, st := range openLogic(t, regexp.MustCompile(`(?s)\\begin\{(thm|prop|lem|cor)\}(?:\[[^\]]*\])?(.*?)\\end\{(?:thm|prop|lem|cor)\}`), 1) {
		statements = append(statements, st.Text)
	}
	if len(statements) < 500 {
		t.Fatalf("read %d theorem statements from the Open Logic Project; want its several hundred", len(statements))
	}
	r := rand.New(rand.NewPCG(7, 7))
	for _, m := range sanity.Mutations {
		applied := 0
		for _, s := range statements {
			c, ok := sanity.Mutate(s, m, r)
			if !ok {
				continue
			}
			applied++
			out := c.Apply(s)
			if out == s {
				t.Errorf("%s left %q as it was", m, s)
			}
			if _, err := tex.Read(out); err != nil {
				t.Errorf("%s made unreadable TeX of %q: %q (%v)", m, s, out, err)
			}
		}
		t.Logf("%s applies to %d of %d statements", m, applied, len(statements))
		if applied < len(statements)/10 {
			t.Errorf("%s applies to %d of %d statements; want at least a tenth", m, applied, len(statements))
		}
	}
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}
