package gates

import "testing"

func TestStatementCheckFixtures(t *testing.T) {
	t.Parallel()
	g := statementGate
	runCheckFixtures(t, []checkFixture{
		{name: "dropped brace", gate: g, check: stCheckTeX,
			change: statement(`Prove that $\frac{p+2}{2$ is an integer for every odd prime $p$.`), want: []fixtureFinding{{"statement.tex-wellformed", Fail, Span{"statement", 22, 62, "{2$ is an integer for every odd prime $p"}}}},
		{name: "macro KaTeX lacks", gate: g, check: stCheckTeX,
			change: statement(`Determine $\lcm(p, p+2)$ for every prime $p$.`), want: []fixtureFinding{{"statement.tex-wellformed", NeedsHuman, Span{"statement", 11, 15, "\\lcm"}}}},
		{name: "currency in a remark", gate: g, check: stCheckTeX,
			change: func(r *Revision) { r.Exposition[3].Body = "Erdős offered a prize of $500 for this problem." }, want: []fixtureFinding{{"statement.tex-wellformed", NeedsHuman, Span{"exposition[3].body", 26, 38, "$500 for thi"}}}},
		{name: "undeclared variable in a new clause", gate: g, check: stCheckDomain,
			change: func(r *Revision) { r.Statement += ` Assume moreover that $q > m$.` }, want: []fixtureFinding{{"statement.variable-domain", Fail, Span{"statement", 207, 214, "$q > m$"}}, {"statement.variable-domain", Fail, Span{"statement", 207, 214, "$q > m$"}}}},
		{name: "declaration removed", gate: g, check: stCheckDomain,
			change: statement(`Prove that there is a prime $p > N$ with $p + 2$ prime.`), want: []fixtureFinding{{"statement.variable-domain", Fail, Span{"statement", 28, 35, "$p > N$"}}}},
		{name: "undefined function", gate: g, check: stCheckDomain,
			change: statement(`Prove that $W(k) \ge 2^k$ for every integer $k \ge 1$.`), want: []fixtureFinding{{"statement.variable-domain", NeedsHuman, Span{"statement", 11, 25, "$W(k) \\ge 2^k$"}}}},
		{name: "quoted coined term", gate: g, check: stCheckTerms,
			change: statement(`Prove that every "Lambert-admissible" integer $n \ge 2$ is prime.`), want: []fixtureFinding{{"statement.defined-terms", Fail, Span{"statement", 18, 36, "Lambert-admissible"}}}},
		{name: "capitalised label", gate: g, check: stCheckTerms,
			change: statement(`Prove that every Kovalenko tower $T$ is finite.`), want: []fixtureFinding{{"statement.defined-terms", NeedsHuman, Span{"statement", 17, 32, "Kovalenko tower"}}}},
		{name: "empty term", gate: g, check: stCheckDefinition,
			change: func(r *Revision) { r.Exposition[0].Term = "" }, want: []fixtureFinding{{"statement.definition-names-term", Fail, Span{"exposition[0].term", 0, 0, ""}}}},
		{name: "term used nowhere", gate: g, check: stCheckDefinition,
			change: func(r *Revision) { r.Exposition[0].Term = "cousin prime pair" }, want: []fixtureFinding{{"statement.definition-names-term", NeedsHuman, Span{"exposition[0].term", 0, 17, "cousin prime pair"}}}},
		{name: "unknown kind", gate: g, check: stCheckKinds,
			change: func(r *Revision) { r.Exposition[3].Kind = "NOTE" }, want: []fixtureFinding{{"statement.exposition-kinds", Fail, Span{"exposition[3].kind", 0, 0, "NOTE"}}}},
		{name: "remark that defines", gate: g, check: stCheckKinds,
			change: func(r *Revision) { r.Exposition[3].Body = `A prime $p$ with $p + 2$ prime is called a lesser twin.` }, want: []fixtureFinding{{"statement.exposition-kinds", NeedsHuman, Span{"exposition[3].body", 31, 40, "is called"}}}},
		{name: "no initial value", gate: g, check: stCheckRecurrence,
			change: statement(`Let $a_{n+1} = a_n^2 + 1$ for $n \ge 0$. Determine whether $a_n$ is prime for infinitely many $n$.`), want: []fixtureFinding{{"statement.recursive-sequence", Fail, Span{"statement", 4, 25, "$a_{n+1} = a_n^2 + 1$"}}}},
		{name: "named sequence", gate: g, check: stCheckRecurrence,
			change: statement(`Determine whether infinitely many Fibonacci numbers $F_n$ are prime.`), want: []fixtureFinding{{"statement.recursive-sequence", NeedsHuman, Span{"statement", 34, 43, "Fibonacci"}}}},
		{name: "study", gate: g, check: stCheckTarget,
			change: statement(`We study the primes $p$ such that $p + 2$ is also prime.`), want: []fixtureFinding{{"statement.determinate-target", Fail, Span{"statement", 3, 8, "study"}}}},
		{name: "estimate", gate: g, check: stCheckTarget,
			change: statement(`Estimate the number of primes $p \le x$ with $p + 2$ prime, for real $x \ge 2$.`), want: []fixtureFinding{{"statement.determinate-target", NeedsHuman, Span{"statement", 0, 8, "Estimate"}}}},
		{name: "another problem's title", gate: g, check: stCheckTitle,
			change: func(r *Revision) { r.Title = "Chromatic number of the plane" }, want: []fixtureFinding{{"statement.title-matches", Fail, Span{"title", 0, 29, "Chromatic number of the plane"}}}},
		{name: "catalogue label", gate: g, check: stCheckTitle,
			change: func(r *Revision) { r.Title = "Polignac Problem 12" }, want: []fixtureFinding{{"statement.title-matches", NeedsHuman, Span{"title", 0, 19, "Polignac Problem 12"}}}},
		{name: "definition elsewhere", gate: g, check: stCheckSelf,
			change: func(r *Revision) { r.Statement += " Here prime pairs are as defined in [1]." }, want: []fixtureFinding{{"statement.self-contained", Fail, Span{"statement", 207, 224, "as defined in [1]"}}}},
		{name: "pointer", gate: g, check: stCheckSelf,
			change: func(r *Revision) { r.Statement += " (see [2] for the history)" }, want: []fixtureFinding{{"statement.self-contained", NeedsHuman, Span{"statement", 187, 210, "see [2] for the history"}}}},
		{name: "explicit objects are read by a person", gate: g, check: stCheckExplicit, want: []fixtureFinding{{"statement.explicit-objects", NeedsHuman, Span{"statement", 0, 185, "Prove or disprove: there are infinitely many primes $p$ such that $p+2$ is also prime. Equivalently, determine whether for every integer $N$ there is a prime $p > N$ with $p + 2$ prime."}}}},
	})
}
