package gates

import "testing"

// FuzzStatementAnalyse: the statement gate reads whatever the TeX reader read, malformed or
// past a limit, without failing.
func FuzzStatementAnalyse(f *testing.F) {
	for _, s := range []string{
		`Prove that $p + 2$ is prime for infinitely many primes $p$.`,
		`$\left( \frac{a_{n+1}}{a_n} \right)^{2} \to \infty$ as $n \to \infty$`,
		`\begin{align} x &= 1 \\ y &= 2 \end{align}`,
		`$\{x \in \mathbb{R} : x^2 < 2\}$ and \(\sum_{k=0}^{n} \binom{n}{k} = 2^n\)`,
		`$\text{for $x$} \mathcal{F}_{i,j}^{\,w}$ $$\lVert t v_i \rVert \ge \tfrac{1}{k+1}$$`,
		`$\frac{1{2}$`, `$x^2^3$`, `\]`, `$$`, `$\`, `$\begin{`, "$a\n\nb$",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r := clean()
		r.Statement = s
		_ = stAnalyse(r)
	})
}
