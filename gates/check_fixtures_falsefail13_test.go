package gates

import (
	"context"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/copycheck"
)

// The classes of the clean packets a fourteenth blind split FAILed, read by their shape on
// problems of their own, each with neighbours that keep their FAIL: an operator letter written
// before the function it acts on (the Laplacian "$\Delta v$"), which is no variable beside a
// derivative and is standard notation a person confirms elsewhere; and a statement whose only
// text shared with a source is a short run of standard declarations ("Let $G$ be a finite group
// of odd order and let $H$ be …"), which a person confirms, while a run that says more than
// declarations, or is long enough to be a match on its own, stays a copy.

func TestReadingOperatorLetter(t *testing.T) {
	t.Parallel()
	st := statementGate
	runReadingCases(t, []readingCase{
		{name: "operator: the Laplacian beside a gradient", gate: st, check: stCheckDomain, want: Pass,
			change: setStatement(`Let $n \ge 2$ and let $D \subset \mathbb{R}^n$ be a bounded domain. Decide whether every twice differentiable function $v$ on $D$ with $\Delta v = v^3$ in $D$ and $|\nabla v| \le 1$ in $D$ is constant.`)},
		{name: "operator: a squared Laplacian beside a time derivative", gate: st, check: stCheckDomain, want: Pass,
			change: setStatement(`Let $w$ be a smooth function of $x \in \mathbb{R}^2$ and $t \in [0, 1]$ with $\partial_t w = -\Delta^2 w$ and $w \ge 0$. Prove that $w = 0$ whenever $w$ vanishes at time $0$.`)},
		{name: "operator: a Laplacian the statement names in words", gate: st, check: stCheckDomain, want: Pass,
			change: setStatement(`Let $g$ be a Riemannian metric on the two-sphere $M$. Is every smooth function $f$ on $M$, an eigenfunction of the Laplacian of $g$ with $\Delta_g f = 2f$ the restriction of a linear function?`)},
		{name: "operator: a Laplacian with no derivative beside it", gate: st, check: stCheckDomain, want: NeedsHuman, quote: `\Delta f = f^3`,
			change: setStatement(`Let $f$ be a smooth real function on the plane with $\Delta f = f^3$ everywhere. Must $f$ vanish identically?`)},
		{name: "operator: a degree letter in a count of edges", gate: st, check: stCheckDomain, want: Fail, quote: `\Delta n/2`,
			change: setStatement(`Let $n \ge 1$ and let $G$ be a graph with $n$ vertices. Prove that $G$ has at most $\Delta n/2$ edges.`)},
		{name: "operator: a bare letter beside a derivative", gate: st, check: stCheckDomain, want: Fail, quote: `\le \Delta`,
			change: setStatement(`Let $w \in C^1(\mathbb{R})$ satisfy $|\partial_x w| \le \Delta$ on $\mathbb{R}$. Prove that $w$ is Lipschitz.`)},
	})
}

// declarationCopies is a copy checker over one GFDL text that opens with standard declarations
// and goes on to say something of its own.
func declarationCopies(t *testing.T) CopyChecker {
	t.Helper()
	src := `Let $G$ be a finite group of odd order and let $H$ be a normal subgroup of $G$. Every
irreducible character of $H$ extends to its inertia group in $G$, a fact proved by counting the
orbits of the action on the characters one at a time.

Suppose $q$ is a power of an odd prime, and let $C$ be a smooth projective curve of genus $g$
over $\mathbb{F}_q$. The number of points of the Jacobian is bounded in terms of the gonality,
which is the route the later chapters take.

Let $K$ be a field such that every finite extension of $K$ is cyclic over it. Such fields are
called quasi-finite, and their Brauer groups vanish by the argument of the previous section.`
	x, err := copycheck.BuildIndex([]copycheck.Document{{Meta: copycheck.DocMeta{ID: "stacks-project/groups.tex",
		URI: "https://github.com/stacks/stacks-project/groups.tex", Licence: copycheck.LicenceGFDL},
		Format: copycheck.LaTeX, Text: []byte(src)}}, 0)
	if err != nil {
		t.Fatal(err)
	}
	c, err := copycheck.NewChecker(x, copycheck.DefaultConfig(), nil)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestCopyStandardDeclaration(t *testing.T) {
	t.Parallel()
	env := fixtureEnv()
	env.Copies = declarationCopies(t)
	cases := []struct {
		name      string
		statement string
		want      Verdict
		quote     string
	}{
		{"two declarations of groups", `Let $G$ be a finite group of odd order and let $H$ be a normal subgroup of $G$. Is the number of conjugacy classes of $G$ inside $H$ at most the number outside $H$?`,
			NeedsHuman, "Let $G$ be a finite group of odd order"},
		{"a supposition and a declaration of a curve", `Suppose $q$ is a power of an odd prime, and let $C$ be a smooth projective curve of genus $g$ over $\mathbb{F}_q$. Determine the largest number of rational points $C$ can have when $g = 50$.`,
			NeedsHuman, "Suppose $q$ is a power of an odd prime"},
		{"a claim of the source", `Decide the following for groups of odd order: every irreducible character of $H$ extends to its inertia group in $G$, for every normal $H$ of every $G$.`,
			Fail, "irreducible character of $H$ extends to its inertia group"},
		{"declarations run on into the source's claim", `Let $G$ be a finite group of odd order and let $H$ be a normal subgroup of $G$. Every irreducible character of $H$ extends to its inertia group in $G$; does this hold for groups of even order?`,
			Fail, "Let $G$ be a finite group of odd order"},
		{"a declaration with a condition", `Let $K$ be a field such that every finite extension of $K$ is cyclic over it. Must the Brauer group of $K$ vanish?`,
			Fail, "such that every finite extension"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := clean()
			r.Statement = tc.statement
			res := RunGate(context.Background(), provenanceGate, r, env, 0)
			var got []Finding
			for _, f := range res.Findings {
				if f.Check == checkProvenanceCopy && f.Verdict != Pass {
					got = append(got, f)
				}
			}
			for _, f := range got {
				if f.Verdict == Fail && tc.want != Fail {
					t.Errorf("provenance.copy FAIL at %s “%s”: %s; want %s", f.Span.Field, f.Span.Quote, f.Behaviour, tc.want)
				}
			}
			for _, f := range got {
				if f.Verdict == tc.want && strings.Contains(f.Span.Quote, tc.quote) {
					return
				}
			}
			t.Errorf("no provenance.copy %s quoting “%s”; findings: %+v", tc.want, tc.quote, got)
		})
	}
}
