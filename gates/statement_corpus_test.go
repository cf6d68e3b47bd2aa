package gates

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// statementCase is a statement alone (no exposition) and what one check of the statement gate
// must report on it: the worst verdict and, unless it passes, the quoted span of that finding.
type statementCase struct {
	name, statement, check string
	want                   Verdict
	quote                  string
}

// statementCorpus are statements in the styles of several fields, each beside a close
// neighbour: the same mathematics with what the check looks for present in one and missing in
// the other, as a linter's test puts an input that must fire beside one that must not.
var statementCorpus = []statementCase{
	// statement.variable-domain
	{"analysis: the function and the exponent introduced", `Let $f:[0,1]\to\mathbb{R}$ be continuous with $\int_0^1 f(x)x^k\,dx = 0$ for every integer $k \ge 0$. Prove that $f = 0$.`, stCheckDomain, Pass, ""},
	{"analysis: the function never introduced", `Prove that $\int_0^1 f(x)x^k\,dx = 0$ for every integer $k \ge 0$ implies $f = 0$.`, stCheckDomain, NeedsHuman, "$f = 0$"},
	{"number theory: the exponent's kind given", `For which positive integers $n$ is $2^n - 1$ prime?`, stCheckDomain, Pass, ""},
	{"number theory: the exponent's kind left out", `For which $n$ is $2^n - 1$ prime?`, stCheckDomain, NeedsHuman, "$n$"},
	{"number theory: Fermat with its hypotheses", `Let $p$ be a prime and $a$ an integer not divisible by $p$. Show that $a^{p-1} \equiv 1 \pmod p$.`, stCheckDomain, Pass, ""},
	{"number theory: Fermat without them", `Show that $a^{p-1} \equiv 1 \pmod p$.`, stCheckDomain, NeedsHuman, "$a^{p-1} \\equiv 1 \\pmod p$"},
	{"functional equation over the rationals", `Determine all functions $f\colon \mathbb{Q} \to \mathbb{Q}$ with $f(x+y) = f(x) + f(y)$ for all $x, y \in \mathbb{Q}$.`, stCheckDomain, Pass, ""},
	{"functional equation over nothing said", `Determine all functions $f$ with $f(x+y) = f(x) + f(y)$ for all $x, y$.`, stCheckDomain, NeedsHuman, "$x, y$"},
	{"topology: the sphere is standard notation", `Let $M$ be a closed simply connected $3$-manifold. Prove that $M$ is homeomorphic to $S^3$.`, stCheckDomain, Pass, ""},
	{"topology: a letter with an exponent outside topology", `Let $M$ be a finite set. Prove that $|M| \le |S^3|$.`, stCheckDomain, Fail, "$|M| \\le |S^3|$"},
	{"metric spaces: a contraction", `Let $(X, d)$ be a complete metric space and $T\colon X \to X$ a map with $d(Tx, Ty) \le \frac12 d(x, y)$ for all $x, y \in X$. Prove that $T$ has a unique fixed point.`, stCheckDomain, Pass, ""},
	{"extremal sets: the family introduced", `Let $\mathcal{F}$ be a family of $k$-element subsets of $\{1, \dots, n\}$, where $n \ge 2k$, any two of which intersect. Prove that $|\mathcal{F}| \le \binom{n-1}{k-1}$.`, stCheckDomain, Pass, ""},
	{"extremal sets: the sizes never introduced", `Prove that $|\mathcal{F}| \le \binom{n-1}{k-1}$ for every intersecting family $\mathcal{F}$.`, stCheckDomain, NeedsHuman, "$|\\mathcal{F}| \\le \\binom{n-1}{k-1}$"},
	{"a limit binds its variable", `Compute $\lim_{n \to \infty} \left(1 + \frac{1}{n}\right)^n$.`, stCheckDomain, Pass, ""},
	{"a sum binds its variable", `Evaluate $\sum_{k=1}^{\infty} \frac{1}{k^2}$.`, stCheckDomain, Pass, ""},
	{"a count with its range", `Find the number of lattice paths from $(0,0)$ to $(n,n)$ that never go above the diagonal, for each integer $n \ge 0$.`, stCheckDomain, Pass, ""},
	{"a graph on $n$ vertices is a soft introduction", `Is there a real number $c > 0$ such that every planar graph on $n$ vertices has an independent set of size at least $cn$?`, stCheckDomain, NeedsHuman, "$n$"},

	// statement.recursive-sequence
	{"recurrence with its first term", `Let $a_1 = 1$ and $a_{n+1} = a_n + \lfloor \sqrt{a_n} \rfloor$ for $n \ge 1$. Determine whether infinitely many $a_n$ are perfect squares.`, stCheckRecurrence, Pass, ""},
	{"recurrence without its first term", `Let $a_{n+1} = a_n + \lfloor \sqrt{a_n} \rfloor$ for $n \ge 1$. Determine whether infinitely many $a_n$ are perfect squares.`, stCheckRecurrence, Fail, "$a_{n+1} = a_n + \\lfloor \\sqrt{a_n} \\rfloor$"},
	{"second-order recurrence with both first terms", `Let $F_0 = 0$, $F_1 = 1$ and $F_{n+2} = F_{n+1} + F_n$ for $n \ge 0$. Are there infinitely many primes among the $F_n$?`, stCheckRecurrence, Pass, ""},
	{"second-order recurrence with one first term", `Let $F_{n+2} = F_{n+1} + F_n$ with $F_0 = 0$. Are there infinitely many primes among the $F_n$?`, stCheckRecurrence, NeedsHuman, "$F_{n+2} = F_{n+1} + F_n$"},

	// statement.determinate-target
	{"a discussion", `We discuss Hadwiger's conjecture for graphs of chromatic number $7$.`, stCheckTarget, Fail, "discuss"},
	{"an aim to understand", `Understand the distribution of gaps between consecutive primes.`, stCheckTarget, Fail, "Understand"},
	{"an improvement of degree", `Improve the exponent $\theta = 0.525$ in the bound $p_{n+1} - p_n \ll p_n^{\theta}$ for the $n$-th prime $p_n$.`, stCheckTarget, NeedsHuman, "Improve"},
	{"a question with a yes or no", `Does every bounded sequence $(x_n)$ of real numbers have a convergent subsequence?`, stCheckTarget, Pass, ""},
	{"an evaluation", `Evaluate $\sum_{k=1}^{\infty} \frac{1}{k^2}$.`, stCheckTarget, Pass, ""},

	// statement.self-contained
	{"a conjecture by name", `Prove Hadwiger's conjecture.`, stCheckSelf, Fail, "Prove Hadwiger's conjecture."},
	{"a named conjecture for one case", `Prove the conjecture of Erdős and Hajnal for the five-cycle.`, stCheckSelf, Fail, "Prove the conjecture of Erdős and Hajnal for the five-cycle."},
	{"the same conjecture stated", `Prove that every graph $G$ with chromatic number $k$ has $K_k$ as a minor, where $k \ge 1$ is an integer.`, stCheckSelf, Pass, ""},
	{"background pointer", `Is the chromatic number of the plane equal to $5$? See the survey of Soifer for background.`, stCheckSelf, NeedsHuman, "See the survey of Soifer for background"},
	{"notation of a section", `Using the notation of Section 2, prove that $\Phi$ is injective.`, stCheckSelf, Fail, "Using the notation of Section 2"},
	{"a definition in the paper", `Let $\Phi$ be as defined in the paper. Prove that $\Phi$ is injective.`, stCheckSelf, Fail, "as defined in the paper"},

	// statement.defined-terms
	{"an eponymous adjective nobody defined", `Prove that every Kővári-tight bipartite graph is regular.`, stCheckTerms, NeedsHuman, "Kővári-tight"},
	{"an inline definition", `Call a graph *balanced* if its average degree equals its maximum degree. Prove that every connected balanced graph is regular.`, stCheckTerms, NeedsHuman, "balanced"},
	{"standard terms only", `Prove that every connected bipartite graph with all degrees equal is regular.`, stCheckTerms, Pass, ""},
}

func TestStatementCorpus(t *testing.T) {
	t.Parallel()
	for _, tc := range statementCorpus {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			r := clean()
			r.Statement, r.Exposition = tc.statement, nil
			got, fs := checkVerdict(t, statementGate, r, fixtureEnv(), tc.check)
			quote := ""
			for _, f := range fs {
				if f.Verdict == got && got != Pass {
					quote = f.Span.Quote
					break
				}
			}
			if diff := cmp.Diff(statementCase{tc.name, tc.statement, tc.check, tc.want, tc.quote},
				statementCase{tc.name, tc.statement, tc.check, got, quote}, cmp.AllowUnexported(statementCase{})); diff != "" {
				t.Errorf("%s on %q (-want +got):\n%s", tc.check, tc.statement, diff)
			}
		})
	}
}
