package gates

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/packet"
)

// stRun runs the statement gate on r.
func stRun(t testing.TB, r *Revision) Result {
	t.Helper()
	return RunGate(context.Background(), statementGate, r, testEnv(), 0)
}

// stWorst is the worst verdict of a check's findings: FAIL over UNKNOWN over NEEDS_HUMAN over
// PASS, or "" when the check reported nothing.
func stWorst(res Result, check string) Verdict {
	rank := map[Verdict]int{Pass: 1, NeedsHuman: 2, Unknown: 3, Fail: 4}
	var worst Verdict
	for _, f := range res.Findings {
		if f.Check == check && rank[f.Verdict] > rank[worst] {
			worst = f.Verdict
		}
	}
	return worst
}

func TestStatementGateClean(t *testing.T) {
	t.Parallel()
	res := stRun(t, clean())
	if res.Outcome != OutcomeNeedsHuman || res.Reason != "" {
		t.Fatalf("outcome = %s (%s); want NEEDS_HUMAN from statement.explicit-objects only", res.Outcome, res.Reason)
	}
	for _, c := range statementGate.Checks {
		want := Pass
		if !c.Certifies {
			want = NeedsHuman
		}
		if got := stWorst(res, c.ID); got != want {
			t.Errorf("%s on the fixture = %q; want %s", c.ID, got, want)
		}
	}
	for _, f := range res.Findings {
		if f.Behaviour == "" || f.Criterion == "" || f.Policy != PolicyVersion {
			t.Errorf("finding %s lacks its behaviour, criterion or policy: %+v", f.Check, f)
		}
		if f.Verdict != Pass && f.Fix == "" {
			t.Errorf("finding %s is %s without a fix", f.Check, f.Verdict)
		}
	}
}

func TestStatementGateContract(t *testing.T) {
	t.Parallel()
	if statementGate.Version != "1" || statementGate.Name != Statement {
		t.Errorf("gate = %s version %s; want STATEMENT version 1", statementGate.Name, statementGate.Version)
	}
	for _, c := range statementGate.Checks {
		if !strings.HasPrefix(c.ID, "statement.") || c.Criterion == "" {
			t.Errorf("check %q has no statement. prefix or no criterion", c.ID)
		}
	}
}

// stCase is one packet and the verdict one check must give it.
type stCase struct {
	name   string
	change func(r *Revision)
	check  string
	want   Verdict
}

func stStatement(s string) func(*Revision) { return func(r *Revision) { r.Statement = s } }

// stConvention asks, in the statement, about the sequence a convention entry defines.
func stConvention(body string) func(*Revision) {
	return func(r *Revision) {
		r.Statement = `Let $(a_n)_{n \ge 0}$ be the sequence of the convention. Prove that $a_n$ is odd for every $n \ge 0$.`
		r.Exposition[1] = packet.ExpositionEntry{Kind: packet.Convention, Body: body}
	}
}

func runStCases(t *testing.T, tests []stCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := clean()
			if tt.change != nil {
				tt.change(r)
			}
			res := stRun(t, r)
			if got := stWorst(res, tt.check); got != tt.want {
				var lines []string
				for _, f := range res.Findings {
					if f.Check == tt.check {
						lines = append(lines, string(f.Verdict)+": "+f.Behaviour)
					}
				}
				t.Errorf("%s = %s; want %s\n%s", tt.check, got, tt.want, strings.Join(lines, "\n"))
			}
		})
	}
}

func TestStatementTeXWellformed(t *testing.T) {
	t.Parallel()
	runStCases(t, []stCase{
		{"clean", nil, stCheckTeX, Pass},
		{"dropped brace", stStatement(`Prove that $\frac{p+2}{2$ is an integer for every odd prime $p$.`), stCheckTeX, Fail},
		{"dropped dollar", stStatement(`Prove that there are infinitely many primes $p such that $p+2$ is prime.`), stCheckTeX, Fail},
		{"left without right", stStatement(`Prove that $\left( p + 2 \right$ is prime for infinitely many primes $p$.`), stCheckTeX, Fail},
		{"broken exposition body", func(r *Revision) {
			r.Exposition[0].Body = `A pair $(p, p+2)$ of primes, so that $\frac{p+2}{p$ is close to $1$.`
		}, stCheckTeX, Fail},
		{"currency in a remark", func(r *Revision) { r.Exposition[3].Body = "Erdős offered a prize of $500 for this problem." }, stCheckTeX, NeedsHuman},
		{"macro KaTeX lacks", stStatement(`Determine $\lcm(p, p+2)$ for every prime $p$.`), stCheckTeX, NeedsHuman},
		{"past the nesting limit", stStatement("Determine $" + strings.Repeat("{", 5000) + "x" + strings.Repeat("}", 5000) + "$ for every real $x$."), stCheckTeX, Unknown},
	})
}

func TestStatementVariableDomain(t *testing.T) {
	t.Parallel()
	runStCases(t, []stCase{
		{"clean", nil, stCheckDomain, Pass},
		{"new clause", func(r *Revision) { r.Statement += ` Assume moreover that $q > m$.` }, stCheckDomain, Fail},
		{"declaration removed", stStatement(`Prove that there is a prime $p > N$ with $p + 2$ prime.`), stCheckDomain, Fail},
		{"term added", stStatement(`Prove that there are infinitely many primes $p$ such that $p + 2 + w$ is also prime.`), stCheckDomain, Fail},
		{"bound by sum and declared by a bound", stStatement(`Prove that $\sum_{k=1}^{n} k = n(n+1)/2$ for every integer $n \ge 1$.`), stCheckDomain, Pass},
		{"integral and set-builder", stStatement(`Determine whether $\int_0^1 x^t\,dx = 1/(t+1)$ for every real $t > 0$, and whether $\{x \in \mathbb{R} : x^2 < 2\}$ is bounded.`), stCheckDomain, Pass},
		{"limit and polynomial ring", stStatement(`Let $P \in \mathbb{Z}[x]$ be monic. Decide whether $\lim_{n \to \infty} P(n)/n^{d} = 1$, where $d \ge 1$ is the degree of $P$.`), stCheckDomain, Pass},
		{"membership and map", stStatement(`Let $f\colon \mathbb{R} \to \mathbb{R}$ be continuous. Prove that $f(x) = x$ for some $x \in [0, 1]$.`), stCheckDomain, Pass},
		{"family indexed by edges", stStatement(`Let $G$ be a finite graph and $w\colon V(G) \to \mathbb{R}$ injective. Decide whether the sums \[ w(x) + w(y), \quad xy \in E(G), \] can be pairwise distinct.`), stCheckDomain, Pass},
		{"sequence indexed after a comma", stStatement(`Decide whether the numbers $2^{2^k} + 1, k \in \mathbb{N}$, are squarefree.`), stCheckDomain, Pass},
		{"family with no index range", stStatement(`Let $G$ be a finite graph and $w\colon V(G) \to \mathbb{R}$ injective. Decide whether the sums $w(x) + w(y)$ can be pairwise distinct.`), stCheckDomain, NeedsHuman},
		{"list of values, none a name", stStatement(`Let $G$ be a finite graph and $w\colon V(G) \to \mathbb{R}$ injective. Decide whether $w(x), w(y) \in \mathbb{Q}$ can hold.`), stCheckDomain, Fail},
		{"declared in a definition", func(r *Revision) {
			r.Statement = `Prove that $\pi_2(x) \to \infty$ as $x \to \infty$.`
			r.Exposition[0] = packet.ExpositionEntry{Kind: packet.Definition, Term: `$\pi_2(x)$`, Body: `The number of primes $p \le x$ with $p + 2$ prime.`}
		}, stCheckDomain, Pass},
		{"declared only in a remark", func(r *Revision) {
			r.Statement = `Prove that $S$ is infinite.`
			r.Exposition[3].Body = `Let $S$ be the set of primes $p$ such that $p + 2$ is prime.`
		}, stCheckDomain, NeedsHuman},
		{"a count the reader cannot parse", stStatement(`Prove that among $n$ points in the plane some $3$ are collinear.`), stCheckDomain, NeedsHuman},
		{"index only", stStatement(`Prove that $a_i > 0$ for the sequence $a$ of the statement.`), stCheckDomain, NeedsHuman},
		{"undefined function", stStatement(`Prove that $W(k) \ge 2^k$ for every integer $k \ge 1$.`), stCheckDomain, NeedsHuman},
		{"malformed TeX", stStatement(`Prove that $p$ is prime for $p \ge {2$.`), stCheckDomain, Unknown},
		{"requested numbers", stStatement(`Determine rational numbers $L \le U$ with $U - L \le 10^{-3}$ such that $L \le \zeta(3) \le U$.`), stCheckDomain, Pass},
		{"requested integers of an existence question", stStatement(`Do there exist integers $1 < a < b$ such that $a^2 + b^2$ divides $ab + 1$?`), stCheckDomain, Pass},
		{"a singular noun bounds by another name", stStatement(`Find a prime $p > N$ such that $p + 2$ is prime.`), stCheckDomain, Fail},
		{"infinitely many without a domain", stStatement(`Are there infinitely many $n$ such that $n^2 + 1$ is prime?`), stCheckDomain, NeedsHuman},
		{"infinitely many in prose without a domain", stStatement(`Prove that $n^2 + 1$ is prime for infinitely many n.`), stCheckDomain, NeedsHuman},
		{"infinitely many with a noun", stStatement(`Are there infinitely many integers $n$ such that $n^2 + 1$ is prime?`), stCheckDomain, Pass},
		{"bare quantifier", stStatement(`Prove that $n^2 + n$ is even for every $n$.`), stCheckDomain, NeedsHuman},
		{"bare quantifier in prose", stStatement(`Prove that $n^2 + n$ is even for every n.`), stCheckDomain, NeedsHuman},
		{"quantifier with a noun", stStatement(`Prove that $n^2 + n$ is even for every integer $n$.`), stCheckDomain, Pass},
		{"dummy argument of a definition", stStatement(`Let $T(1) = 1$ and $T(n+1) = 2T(n) + n$. Is $T(n)$ prime for infinitely many $n$?`), stCheckDomain, NeedsHuman},
		{"definition with its argument ranged", stStatement(`Let $f(x) = x^2 + 1$ for every real $x$. Prove that $f(x) \ge 1$ for every real $x$.`), stCheckDomain, Pass},
		{"infinitely many with a membership", stStatement(`Are there infinitely many $n \in \mathbb{N}$ such that $n^2 + 1$ is prime?`), stCheckDomain, Pass},
	})
}

func TestStatementDefinedTerms(t *testing.T) {
	t.Parallel()
	runStCases(t, []stCase{
		{"clean", nil, stCheckTerms, Pass},
		{"quoted coined term", stStatement(`Prove that every "Lambert-admissible" integer $n \ge 2$ is prime.`), stCheckTerms, Fail},
		{"so-called", stStatement(`Prove that every integer $n \ge 2$ with the so-called Tarski property is prime.`), stCheckTerms, Fail},
		{"coined term defined", func(r *Revision) {
			r.Statement = `Prove that every "Lambert-admissible" integer $n \ge 2$ is prime.`
			r.Exposition[0] = packet.ExpositionEntry{Kind: packet.Definition, Term: "Lambert-admissible integer", Body: `An integer $n$ such that $n + 2$ is prime.`}
		}, stCheckTerms, Pass},
		{"hyphenated label", stStatement(`Prove that every k-sparse-Sidon set $A \subseteq \mathbb{N}$ is finite.`), stCheckTerms, NeedsHuman},
		{"capitalised label", stStatement(`Prove that every Kovalenko tower $T$ is finite.`), stCheckTerms, NeedsHuman},
		{"call defined inline", stStatement(`Call a prime $p$ good if $p + 2$ is prime. Prove that there are infinitely many good primes.`), stCheckTerms, NeedsHuman},
		{"standard eponyms", stStatement(`Prove that every Jordan curve $\gamma \subset \mathbb{R}^2$ of finite Hausdorff dimension has Lebesgue measure zero.`), stCheckTerms, Pass},
		{"named person", stStatement(`Zhang proved that bounded gaps occur; prove that the gap $2$ occurs for infinitely many primes $p$.`), stCheckTerms, Pass},
	})
}

func TestStatementDefinitionNamesTerm(t *testing.T) {
	t.Parallel()
	runStCases(t, []stCase{
		{"clean", nil, stCheckDefinition, Pass},
		{"empty term", func(r *Revision) { r.Exposition[0].Term = "" }, stCheckDefinition, Fail},
		{"blank term", func(r *Revision) { r.Exposition[0].Term = "  " }, stCheckDefinition, Fail},
		{"term used nowhere", func(r *Revision) { r.Exposition[0].Term = "cousin prime pair" }, stCheckDefinition, NeedsHuman},
		{"symbol term", func(r *Revision) {
			r.Statement = `Determine $R(5,5)$, the least integer $N$ such that every two-colouring of the edges of $K_N$ has a monochromatic $K_5$.`
			r.Exposition[0] = packet.ExpositionEntry{Kind: packet.Definition, Term: "R(s, t)", Body: `The least $N$ such that every red–blue colouring of $K_N$ has a red $K_s$ or a blue $K_t$.`}
		}, stCheckDefinition, Pass},
		{"no definitions", func(r *Revision) { r.Exposition = r.Exposition[1:] }, stCheckDefinition, Pass},
	})
}

func TestStatementExpositionKinds(t *testing.T) {
	t.Parallel()
	runStCases(t, []stCase{
		{"clean", nil, stCheckKinds, Pass},
		{"unknown kind", func(r *Revision) { r.Exposition[3].Kind = "NOTE" }, stCheckKinds, Fail},
		{"empty kind", func(r *Revision) { r.Exposition[2].Kind = "" }, stCheckKinds, Fail},
		{"lower-case kind", func(r *Revision) { r.Exposition[2].Kind = "example" }, stCheckKinds, Fail},
		{"convention with a term", func(r *Revision) { r.Exposition[1].Term = "prime" }, stCheckKinds, NeedsHuman},
		{"remark that defines", func(r *Revision) { r.Exposition[3].Body = `A prime $p$ with $p + 2$ prime is called a lesser twin.` }, stCheckKinds, NeedsHuman},
		{"no entries", func(r *Revision) { r.Exposition = nil }, stCheckKinds, Pass},
	})
}

func TestStatementRecursiveSequence(t *testing.T) {
	t.Parallel()
	runStCases(t, []stCase{
		{"clean", nil, stCheckRecurrence, Pass},
		{"no initial value", stStatement(`Let $a_{n+1} = a_n^2 + 1$ for $n \ge 0$. Determine whether $a_n$ is prime for infinitely many $n$.`), stCheckRecurrence, Fail},
		{"initial value and range", stStatement(`Let $a_0 = 1$ and $a_{n+1} = a_n^2 + 1$ for $n \ge 0$. Determine whether $a_n$ is prime for infinitely many $n$.`), stCheckRecurrence, Pass},
		{"initial value in a convention", func(r *Revision) {
			r.Statement = `Let $a_{n+1} = a_n^2 + 1$ for $n \ge 0$. Determine whether $a_n$ is prime for infinitely many $n$.`
			r.Exposition[1] = packet.ExpositionEntry{Kind: packet.Convention, Body: `The sequence starts at $a_0 = 1$.`}
		}, stCheckRecurrence, Pass},
		{"no range", stStatement(`Let $a_0 = 1$ and $a_{n+1} = 2a_n + 1$. Determine whether infinitely many terms are prime.`), stCheckRecurrence, NeedsHuman},
		{"quantified sequence", stStatement(`Is there a sequence of integers with $a_{n+2} = a_{n+1} + a_n$ for $n \ge 0$ all of whose terms are composite?`), stCheckRecurrence, NeedsHuman},
		{"named sequence", stStatement(`Determine whether infinitely many Fibonacci numbers $F_n$ are prime.`), stCheckRecurrence, NeedsHuman},
		{"initial value by cases in the convention sentence", stConvention(`We set $a_n = \begin{cases} 1 & n = 0, \\ 2a_{n-1} + 1 & n \ge 1. \end{cases}$`), stCheckRecurrence, Pass},
		{"initial value by coloneqq in the convention sentence", stConvention(`Throughout, $a_{n+1} = 2a_n + 1$ for $n \ge 0$ and $a_0 \coloneqq 1$.`), stCheckRecurrence, Pass},
		{"initial value in words in the convention sentence", stConvention(`The sequence has $a_{n+1} = 2a_n + 1$ for $n \ge 0$ and $a_0$ equal to $1$.`), stCheckRecurrence, Pass},
		{"initial values as a pair", stConvention(`We set $(a_0, a_1) = (1, 1)$ and $a_{n+2} = a_{n+1} + 2a_n$ for $n \ge 0$.`), stCheckRecurrence, Pass},
		{"initial term named without a value", stConvention(`The sequence has $a_{n+1} = 2a_n + 1$ for $n \ge 0$ and starts from a chosen $a_0$.`), stCheckRecurrence, NeedsHuman},
		{"recurrence in the convention without initial values", stConvention(`Throughout, $a_{n+1} = 2a_n + 1$ for $n \ge 0$.`), stCheckRecurrence, Fail},
		{"function notation without initial values", stStatement(`Let $T(n+1) = 2T(n) + n$ for every integer $n \ge 1$. Prove that $T(n) \ge 2^{n-1}$ for every $n \ge 1$.`), stCheckRecurrence, NeedsHuman},
		{"function notation with initial values", stStatement(`Let $T(1) = 1$ and $T(n+1) = 2T(n) + n$ for every integer $n \ge 1$. Prove that $T(n) \ge 2^{n-1}$ for every $n \ge 1$.`), stCheckRecurrence, Pass},
		{"functional equation in a real variable", stStatement(`Find every continuous $f\colon \mathbb{R} \to \mathbb{R}$ with $f(x+1) = f(x) + 1$ for every real $x$.`), stCheckRecurrence, Pass},
	})
}

func TestStatementDeterminateTarget(t *testing.T) {
	t.Parallel()
	runStCases(t, []stCase{
		{"clean", nil, stCheckTarget, Pass},
		{"question", stStatement(`Are there infinitely many primes $p$ such that $p + 2$ is prime?`), stCheckTarget, Pass},
		{"assertion", stStatement(`There are infinitely many primes $p$ such that $p + 2$ is prime.`), stCheckTarget, Pass},
		{"existence noun phrase", stStatement(`Existence of a Hadamard matrix of order $668$.`), stCheckTarget, Pass},
		{"study", stStatement(`We study the primes $p$ such that $p + 2$ is also prime.`), stCheckTarget, Fail},
		{"investigate whether", stStatement(`Investigate whether there are infinitely many primes $p$ with $p + 2$ prime.`), stCheckTarget, Fail},
		{"description only", stStatement(`The twin prime pairs $(p, p+2)$ and their distribution.`), stCheckTarget, Fail},
		{"estimate", stStatement(`Estimate the number of primes $p \le x$ with $p + 2$ prime, for real $x \ge 2$.`), stCheckTarget, NeedsHuman},
		{"empty", stStatement(""), stCheckTarget, Fail},
	})
}

func TestStatementTitleMatches(t *testing.T) {
	t.Parallel()
	runStCases(t, []stCase{
		{"clean", nil, stCheckTitle, Pass},
		{"another problem's title", func(r *Revision) { r.Title = "Chromatic number of the plane" }, stCheckTitle, Fail},
		{"catalogue label", func(r *Revision) { r.Title = "Polignac Problem 12" }, stCheckTitle, NeedsHuman},
		{"named after its source", func(r *Revision) { r.Title = "Polignac's question" }, stCheckTitle, Pass},
		{"no subject word", func(r *Revision) { r.Title = "The open problem" }, stCheckTitle, NeedsHuman},
		{"title names another parameter", func(r *Revision) { r.Title = "Twin primes: prime pairs with gap 4" }, stCheckTitle, NeedsHuman},
		{"title names the statement's parameter", func(r *Revision) { r.Title = "Twin primes: prime pairs p, p + 2" }, stCheckTitle, Pass},
		{"title with a year", func(r *Revision) { r.Title = "Twin prime conjecture of 1849" }, stCheckTitle, Pass},
		{"title asks the opposite", func(r *Revision) {
			r.Title = "Twin primes: finitely many pairs"
			r.Statement = "Prove that there are infinitely many primes $p$ such that $p + 2$ is also prime."
		}, stCheckTitle, NeedsHuman},
		{"title asks about other objects", func(r *Revision) { r.Title = "Sophie Germain primes and safe primes" }, stCheckTitle, NeedsHuman},
		{"title names another object", func(r *Revision) { r.Title = "Are there infinitely many Mersenne twin primes?" }, stCheckTitle, NeedsHuman},
		{"title names the source's author", func(r *Revision) { r.Title = "Twin primes after Zhang" }, stCheckTitle, Pass},
	})
}

func TestStatementSelfContained(t *testing.T) {
	t.Parallel()
	runStCases(t, []stCase{
		{"clean", nil, stCheckSelf, Pass},
		{"definition elsewhere", func(r *Revision) { r.Statement += " Here prime pairs are as defined in [1]." }, stCheckSelf, Fail},
		{"the reference's problem", stStatement("Settle the problem stated in the primary reference."), stCheckSelf, Fail},
		{"label only", stStatement("Prove the twin prime conjecture."), stCheckSelf, Fail},
		{"pointer", func(r *Revision) { r.Statement += " (see [2] for the history)" }, stCheckSelf, NeedsHuman},
	})
}

func TestStatementExplicitObjects(t *testing.T) {
	t.Parallel()
	res := stRun(t, clean())
	var got []Finding
	for _, f := range res.Findings {
		if f.Check == stCheckExplicit {
			got = append(got, f)
		}
	}
	if len(got) != 1 || got[0].Verdict != NeedsHuman || got[0].Span != Whole(FieldStatement, clean().Statement) || got[0].Consequence != "" {
		t.Errorf("explicit-objects findings = %+v; want one NEEDS_HUMAN on the whole statement without a consequence", got)
	}
}

// TestStatementDemoStatements runs the gate on three demo statements, copied verbatim with
// their exposition, that exercise recurrences, binders and multi-letter names.
func TestStatementDemoStatements(t *testing.T) {
	t.Parallel()
	demos := []struct {
		title, attribution, statement string
		exposition                    []packet.ExpositionEntry
	}{
		{"Collatz conjecture (the 3x + 1 problem)", "L. Collatz, 1930s; surveyed by J. C. Lagarias.",
			`Let $T\colon \mathbb{Z}_{>0} \to \mathbb{Z}_{>0}$ be given by $T(n) = n/2$ for even $n$ and $T(n) = 3n + 1$ for odd $n$. Prove that for every positive integer $n$ there is $k \ge 0$ with $T^{k}(n) = 1$.`,
			[]packet.ExpositionEntry{
				{Kind: packet.Definition, Term: "trajectory", Body: `The sequence $n, T(n), T(T(n)), \dots$ of iterates of $T$ starting at $n$.`},
				{Kind: packet.Convention, Body: `$T^{0}(n) = n$ and $T^{k+1}(n) = T(T^{k}(n))$.`},
				{Kind: packet.Example, Body: `$6 \to 3 \to 10 \to 5 \to 16 \to 8 \to 4 \to 2 \to 1$. The trajectory of $27$ needs $111$ steps and climbs to $9232$ before it reaches $1$.`},
			}},
		{"Lehmer's problem on the Mahler measure", "D. H. Lehmer, Factorization of certain cyclotomic functions, Ann. of Math. 34 (1933).",
			`For a nonzero polynomial $P(x) = a\prod_{i=1}^{d}(x - \alpha_i)$ with integer coefficients, leading coefficient $a$ and complex roots $\alpha_i$, let $M(P) = |a|\prod_{i=1}^{d}\max(1, |\alpha_i|)$. Decide whether there is a real constant $c > 1$ such that $M(P) \ge c$ for every $P \in \mathbb{Z}[x]$ with $M(P) > 1$.`,
			[]packet.ExpositionEntry{
				{Kind: packet.Definition, Term: "Mahler measure", Body: `The quantity $M(P)$ above; it is multiplicative, $M(PQ) = M(P)M(Q)$.`},
			}},
		{"Sensitivity conjecture for Boolean functions", "N. Nisan and M. Szegedy, 1994.",
			`For a Boolean function $f\colon \{0,1\}^n \to \{0,1\}$ let $s(f)$ be its sensitivity and $bs(f)$ its block sensitivity. Prove that there is a polynomial $q$ such that $bs(f) \le q(s(f))$ for every $n \ge 1$ and every Boolean function $f$ on $n$ variables.`,
			[]packet.ExpositionEntry{
				{Kind: packet.Definition, Term: "sensitivity", Body: `$s(f)$ is the largest, over inputs $x$, number of coordinates $i$ such that flipping the $i$-th bit of $x$ changes $f(x)$.`},
				{Kind: packet.Definition, Term: "block sensitivity", Body: `$bs(f)$ is the largest, over inputs $x$, number of pairwise disjoint sets $B \subseteq \{1, \dots, n\}$ such that flipping all bits of $x$ in $B$ changes $f(x)$.`},
			}},
	}
	for _, d := range demos {
		r := clean()
		r.Title, r.Statement, r.Exposition, r.Provenance.Attribution = d.title, d.statement, d.exposition, d.attribution
		res := stRun(t, r)
		for _, f := range res.Findings {
			if f.Verdict != Pass && f.Check != stCheckExplicit {
				t.Errorf("%s: %s %s: %s", d.title, f.Check, f.Verdict, f.Behaviour)
			}
		}
	}
}

func TestIsolatedStatement(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"Prove that $p$ is prime.", "Prove that $p$ is prime."},
		{"See [the paper](https://arxiv.org/abs/1407.4897) for $p$.", "See the paper for $p$."},
		{"Prove it (https://example.org/x).", "Prove it ()."},
		{"  Determine ![figure](https://example.org/f.png) $R(5,5)$. ", "Determine figure $R(5,5)$."},
	}
	for _, tt := range tests {
		r := clean()
		r.Statement = tt.in
		if got := IsolatedStatement(r); got != tt.want {
			t.Errorf("IsolatedStatement(%q) = %q; want %q", tt.in, got, tt.want)
		}
	}
}

// TestStatementGateBounded runs the gate on long and pathological statements: each must finish
// well within the gate's time, with findings rather than a timeout.
func TestStatementGateBounded(t *testing.T) {
	t.Parallel()
	tests := map[string]string{
		"20000 characters":      stLong(),
		"one long formula":      "Determine $" + strings.Repeat("x_{1} + ", 2500) + "1$.",
		"unclosed sets":         "Determine $" + strings.Repeat(`\{ x : `, 2000) + "$.",
		"no punctuation":        strings.Repeat("every integer $n$ and ", 1000),
		"many candidates":       strings.Repeat(`Some "Odd-Name" Kovalenko tower `, 600),
		"deep braces":           "$" + strings.Repeat("{", 100_000) + strings.Repeat("}", 100_000) + "$",
		"many whether":          strings.Repeat("we study whether ", 1200),
		"scripts on everything": "$" + strings.Repeat("a_{b_{c}}^{d} ", 1500) + "$",
		// thousands of applications for the reader of functions defined by their parts
		"a long recursive definition": "The height is defined recursively by " + strings.Repeat("f(xy) = f(x) = f(xy) = ", 2000) + "f(y).",
	}
	for name, s := range tests {
		t.Run(strings.ReplaceAll(name, " ", "_"), func(t *testing.T) {
			t.Parallel()
			r := clean()
			r.Statement = s
			start := time.Now()
			res := RunGate(context.Background(), statementGate, r, testEnv(), 5*time.Second*raceSlowdown)
			if res.Reason != "" {
				t.Fatalf("the gate did not finish: %s", res.Reason)
			}
			if d := time.Since(start); d > 3*time.Second*raceSlowdown {
				t.Errorf("the gate took %s", d)
			}
		})
	}
}

// stLong is a statement of about 20,000 characters made of whole copies of the fixture's.
func stLong() string {
	var b strings.Builder
	for b.Len() < 20_000-len(clean().Statement) {
		b.WriteString(clean().Statement + " ")
	}
	return b.String()
}

func BenchmarkStatementGate(b *testing.B) {
	long := clean()
	long.Statement = stLong()
	for _, bc := range []struct {
		name string
		r    *Revision
	}{{"typical", clean()}, {"20000chars", long}} {
		b.Run(bc.name, func(b *testing.B) {
			ctx := context.Background()
			env := testEnv()
			for b.Loop() {
				RunGate(ctx, statementGate, bc.r, env, 0)
			}
		})
	}
}
