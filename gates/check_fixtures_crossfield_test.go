package gates

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/packet"
)

func TestCrossFieldCheckFixtures(t *testing.T) {
	t.Parallel()
	runCheckFixtures(t, crossFieldCheckFixtures())
}

// crossFieldCheckFixtures are fixtures of classes of defects that show only when two fields of
// a packet are read together, each phrased several ways and each with a close neighbour that
// must not fire: a reference whose citation year its identifier's date does not allow, one
// quantity given two values, a quantity bounded from above below its stated lower bound, a
// precision on one scale under a target on the other, a title that restricts its object or
// asks another bound, a symbol only a field outside the statement defines, a name given only an
// excluded value, a formula whose quantifiers come in another order than its prose's, and a
// classification that names no equivalence.
func crossFieldCheckFixtures() []checkFixture {
	num, cls, rec, gen := numericalClean, classificationClean, recurrenceClean, generatedClean
	st, cons, acc, refs, comp := statementGate, consistencyGate, acceptanceGate, referencesGate, computationalGate
	citation := func(i int, c string) func(r *Revision) { return func(r *Revision) { r.References[i].Citation = c } }
	ref := func(id, c string) func(r *Revision) {
		return func(r *Revision) { r.References[0].Identifier, r.References[0].Citation = id, c }
	}
	return []checkFixture{
		// references.row: the date an identifier carries against the citation's year.
		{name: "year: cited before its arXiv posting", want: []fixtureFinding{{"references.row", NeedsHuman, Span{"references[1].identifier", 0, 15, "arxiv:1407.4897"}}}, gate: refs, check: checkRefsRow,
			change: citation(1, "D. H. J. Polymath, Variants of the Selberg sieve, and bounded intervals containing many primes, Res. Math. Sci. 1 (2009).")},
		{name: "year: cited long after its arXiv posting", want: []fixtureFinding{{"references.row", NeedsHuman, Span{"references[0].identifier", 0, 16, "arxiv:1205.01234"}}}, gate: refs, check: checkRefsRow, base: rec,
			change: ref("arxiv:1205.01234", "J. Doe, Prime factors of Sylvester's sequence, J. Number Theory 240 (2019).")},
		{name: "year: an old-style arXiv identifier of another decade", want: []fixtureFinding{{"references.row", NeedsHuman, Span{"references[0].identifier", 0, 18, "arxiv:math/0405123"}}}, gate: refs, check: checkRefsRow, base: rec,
			change: ref("arxiv:math/0405123", "J. Doe, Squarefree values of quadratic recurrences, Acta Arith. (1998).")},
		{name: "year: a DOI naming another year", want: []fixtureFinding{{"references.row", NeedsHuman, Span{"references[0].identifier", 0, 31, "doi:10.4007/annals.2014.179.3.7"}}}, gate: refs, check: checkRefsRow,
			change: citation(0, "Y. Zhang, Bounded gaps between primes, Ann. of Math. (2) 179 (2003), 1121–1174.")},
		{name: "year: a preprint dated before its posting", want: []fixtureFinding{{"references.row", Fail, Span{"references[1].citation", 96, 110, "preprint, 2011"}}, {"references.row", NeedsHuman, Span{"references[1].identifier", 0, 15, "arxiv:1407.4897"}}}, gate: refs, check: checkRefsRow,
			change: citation(1, "D. H. J. Polymath, Variants of the Selberg sieve, and bounded intervals containing many primes, preprint, 2011.")},
		{name: "year: published two years after posting", want: []fixtureFinding{{"references.row", Pass, Span{"references", 0, 0, ""}}}, gate: refs, check: checkRefsRow,
			change: citation(1, "D. H. J. Polymath, Variants of the Selberg sieve, and bounded intervals containing many primes, Res. Math. Sci. 1 (2016).")},
		{name: "year: an old-style identifier posted the year before print", want: []fixtureFinding{{"references.row", Pass, Span{"references", 0, 0, ""}}}, gate: refs, check: checkRefsRow, base: rec,
			change: ref("arxiv:math/0405123", "J. Doe, Squarefree values of quadratic recurrences, Acta Arith. 117 (2005).")},
		{name: "year: a citation without a year", want: []fixtureFinding{{"references.row", Pass, Span{"references", 0, 0, ""}}}, gate: refs, check: checkRefsRow,
			change: citation(1, "D. H. J. Polymath, Variants of the Selberg sieve, and bounded intervals containing many primes, Res. Math. Sci.")},

		// consistency.bounds: one quantity, two values.
		{name: "values: a Ramsey number in a remark and another in the open status", want: []fixtureFinding{{"consistency.bounds", NeedsHuman, Span{"exposition[2].body", 34, 45, "R(4,4) = 18"}}, {"consistency.bounds", NeedsHuman, Span{"openStatus.strongestKnown", 0, 11, "R(4,4) = 17"}}}, gate: cons, check: checkConsistencyBounds, base: cls,
			change: func(r *Revision) {
				addEntry(packet.Remark, `For comparison, $R(3,3) = 6$ and $R(4,4) = 18$.`)(r)
				r.OpenStatus.StrongestKnown = "R(4,4) = 17 is the largest diagonal Ramsey number known exactly."
			}},
		{name: "values: a list of terms against one term", want: []fixtureFinding{{"consistency.bounds", NeedsHuman, Span{"exposition[2].body", 69, 103, "c(0), \\ldots, c(4) = 1, 1, 1, 1, 2"}}, {"consistency.bounds", NeedsHuman, Span{"openStatus.strongestKnown", 39, 47, "c(4) = 3"}}}, gate: cons, check: checkConsistencyBounds, base: rec,
			change: func(r *Revision) {
				addEntry(packet.Remark, `Writing $c(n)$ for the number of prime factors of $s_n$, the values $c(0), \ldots, c(4) = 1, 1, 1, 1, 2$ are known.`)(r)
				r.OpenStatus.StrongestKnown = "Every s_n with n ≤ 30 is squarefree; c(4) = 3."
			}},
		{name: "values: two digits of a long value swapped", want: []fixtureFinding{{"consistency.bounds", NeedsHuman, Span{"exposition[2].body", 19, 65, "P(7) = 340282366920938463463374607431768211457"}}, {"consistency.bounds", NeedsHuman, Span{"openStatus.strongestKnown", 0, 46, "P(7) = 340282366920938463463374607431768211547"}}}, gate: cons, check: checkConsistencyBounds, base: rec,
			change: func(r *Revision) {
				addEntry(packet.Remark, `The Fermat number $P(7) = 340282366920938463463374607431768211457$ is composite.`)(r)
				r.OpenStatus.StrongestKnown = "P(7) = 340282366920938463463374607431768211547 was factored in 1970."
			}},
		{name: "values: the same value in two places", want: []fixtureFinding{{"consistency.bounds", Pass, Span{"statement", 0, 122, "Classify, up to isomorphism, the strongly regular graphs with parameters $(65, 32, 15, 16)$, or prove that there are none."}}}, gate: cons, check: checkConsistencyBounds, base: cls,
			change: func(r *Revision) {
				addEntry(packet.Remark, `For comparison, $R(4,4) = 18$.`)(r)
				r.OpenStatus.StrongestKnown = "R(4,4) = 18 is the largest diagonal Ramsey number known exactly."
			}},
		{name: "values: a value and its rounding", want: []fixtureFinding{{"consistency.bounds", Pass, Span{"statement", 0, 279, "Let $\\Delta_{13}$ be the largest real number $\\Delta$ such that some $13$ points in the unit square $[0,1]^2$ have every triangle formed by three of them of area at least $\\Delta$. Determine rational numbers $L \\le U$ with $U - L \\le 10^{-4}$ such that $L \\le \\Delta_{13} \\le U$."}}}, gate: cons, check: checkConsistencyBounds, base: num,
			change: func(r *Revision) {
				addEntry(packet.Remark, `For twelve points the best configuration gives $h(12) = 0.0325988$.`)(r)
				r.OpenStatus.StrongestKnown = "h(12) = 0.0326 for twelve points; no certified interval for thirteen."
			}},
		{name: "values: two examples may name two functions alike", want: []fixtureFinding{{"consistency.bounds", Pass, Span{"statement", 0, 106, "Let $s_0 = 2$ and $s_{n+1} = s_n^2 - s_n + 1$ for every integer $n \\ge 0$. Is every term $s_n$ squarefree?"}}}, gate: cons, check: checkConsistencyBounds, base: rec,
			change: func(r *Revision) {
				addEntry(packet.Example, `For the map $g(x) = x^2 + 1$ one has $g(2) = 5$.`)(r)
				addEntry(packet.Example, `For $g(x) = x + 1$ instead, $g(2) = 3$.`)(r)
			}},

		// computational.small-cases: a small case against a value stated elsewhere.
		{name: "small cases: a value the open status contradicts", want: []fixtureFinding{{"computational.small-cases", NeedsHuman, Span{"computation.smallCases", 19, 33, "C(11,6,4) = 32"}}}, gate: comp, check: checkCompSmallCases, base: gen,
			change: func(r *Revision) {
				r.Computation.SmallCases = "C(10,6,4) = 20 and C(11,6,4) = 32, both found by the same program."
				r.OpenStatus.StrongestKnown = "C(11,6,4) = 23 is known; the best design for C(19,6,4) has more than 1000 blocks."
			}},
		{name: "small cases: agreeing with the open status", want: []fixtureFinding{{"computational.small-cases", Pass, Span{"computation.smallCases", 0, 66, "C(10,6,4) = 20 and C(11,6,4) = 32, both found by the same program."}}}, gate: comp, check: checkCompSmallCases, base: gen,
			change: func(r *Revision) {
				r.Computation.SmallCases = "C(10,6,4) = 20 and C(11,6,4) = 32, both found by the same program."
				r.OpenStatus.StrongestKnown = "C(11,6,4) = 32 is known; the best design for C(19,6,4) has more than 1000 blocks."
			}},

		{name: "small cases: a value below a remark's bound", want: []fixtureFinding{{"computational.small-cases", NeedsHuman, Span{"computation.smallCases", 0, 14, "C(10,6,4) = 20"}}}, gate: comp, check: checkCompSmallCases, base: gen,
			change: func(r *Revision) {
				r.Computation.SmallCases = "C(10,6,4) = 20, found by the same program."
				addEntry(packet.Remark, `Schönheim's bound gives $C(10,6,4) \ge 25$.`)(r)
			}},
		{name: "small cases: a value within a remark's bound", want: []fixtureFinding{{"computational.small-cases", Pass, Span{"computation.smallCases", 0, 42, "C(10,6,4) = 20, found by the same program."}}}, gate: comp, check: checkCompSmallCases, base: gen,
			change: func(r *Revision) {
				r.Computation.SmallCases = "C(10,6,4) = 20, found by the same program."
				addEntry(packet.Remark, `Schönheim's bound gives $C(10,6,4) \ge 17$.`)(r)
			}},

		// consistency.bounds: a quantity bounded from above below its lower bound.
		{name: "bounds: an example below the remark's lower bound", want: []fixtureFinding{{"consistency.bounds", NeedsHuman, Span{"exposition[3].body", 49, 67, "\\Delta_{13} < 0.02"}}, {"consistency.bounds", NeedsHuman, Span{"exposition[2].body", 42, 64, "\\Delta_{13} \\ge 0.0270"}}}, gate: cons, check: checkConsistencyBounds, base: num,
			change: func(r *Revision) {
				addEntry(packet.Remark, `Comellas and Yebra's configuration shows $\Delta_{13} \ge 0.0270$.`)(r)
				addEntry(packet.Example, `A grid-like configuration was once said to show $\Delta_{13} < 0.02$.`)(r)
			}},
		{name: "bounds: a constant read through its decimal value", want: []fixtureFinding{{"consistency.bounds", NeedsHuman, Span{"exposition[3].body", 72, 79, "C < 0.5"}}, {"consistency.bounds", NeedsHuman, Span{"exposition[2].body", 30, 76, "C \\ge \\frac{3}{5} + \\frac{1}{100} \\approx 0.61"}}}, gate: cons, check: checkConsistencyBounds, base: num,
			change: func(r *Revision) {
				r.Statement = `Let $C = \sup_{n \ge 1} a_n / n$, where $a_n$ is the largest size of a subset of $\{1, \dots, n\}$ with no three terms in arithmetic progression. Determine rational numbers $L \le U$ with $U - L \le 10^{-4}$ such that $L \le C \le U$.`
				addEntry(packet.Remark, `Behrend's construction gives $C \ge \frac{3}{5} + \frac{1}{100} \approx 0.61$.`)(r)
				addEntry(packet.Example, `The set $\{1, 2, 4, 5\}$ gives $a_5 \ge 4$, and a computation suggests $C < 0.5$.`)(r)
			}},
		{name: "bounds: within the rounding of an approximate bound", want: []fixtureFinding{{"consistency.bounds", Pass, Span{"statement", 0, 234, "Let $C = \\sup_{n \\ge 1} a_n / n$, where $a_n$ is the largest size of a subset of $\\{1, \\dots, n\\}$ with no three terms in arithmetic progression. Determine rational numbers $L \\le U$ with $U - L \\le 10^{-4}$ such that $L \\le C \\le U$."}}}, gate: cons, check: checkConsistencyBounds, base: num,
			change: func(r *Revision) {
				r.Statement = `Let $C = \sup_{n \ge 1} a_n / n$, where $a_n$ is the largest size of a subset of $\{1, \dots, n\}$ with no three terms in arithmetic progression. Determine rational numbers $L \le U$ with $U - L \le 10^{-4}$ such that $L \le C \le U$.`
				addEntry(packet.Remark, `A construction gives $C > \frac{\pi}{6} \approx 0.5236$.`)(r)
				addEntry(packet.Example, `A computation suggests $C \le 0.5236$.`)(r)
			}},
		{name: "bounds: a letter that is no constant", want: []fixtureFinding{{"consistency.bounds", Pass, Span{"statement", 0, 279, "Let $\\Delta_{13}$ be the largest real number $\\Delta$ such that some $13$ points in the unit square $[0,1]^2$ have every triangle formed by three of them of area at least $\\Delta$. Determine rational numbers $L \\le U$ with $U - L \\le 10^{-4}$ such that $L \\le \\Delta_{13} \\le U$."}}}, gate: cons, check: checkConsistencyBounds, base: num,
			change: func(r *Revision) {
				addEntry(packet.Remark, `For $x \ge 3$ the bound is trivial.`)(r)
				addEntry(packet.Example, `For $x \le 1$ nothing is known.`)(r)
			}},

		// acceptance.numerical: the scale of a precision.
		{name: "scale: a relative precision under an absolute target", want: []fixtureFinding{{"acceptance.numerical", NeedsHuman, Span{"acceptance.precision", 0, 8, "Relative"}}, {"acceptance.numerical", NeedsHuman, Span{"statement", 224, 233, "U - L \\le"}}}, gate: acc, check: checkAcceptanceNumerical, base: num,
			change: func(r *Revision) {
				r.Acceptance.Precision = "Relative error at most 10^{-3}; the upper bound is certified by interval arithmetic."
			}},
		{name: "scale: an absolute precision under a percentage", want: []fixtureFinding{{"acceptance.numerical", NeedsHuman, Span{"acceptance.precision", 0, 8, "Absolute"}}, {"acceptance.numerical", NeedsHuman, Span{"statement", 220, 221, "%"}}}, gate: acc, check: checkAcceptanceNumerical, base: num,
			change: func(r *Revision) {
				r.Statement = `Let $\Delta_{13}$ be the largest real number $\Delta$ such that some $13$ points in the unit square $[0,1]^2$ have every triangle formed by three of them of area at least $\Delta$. Determine $\Delta_{13}$ to within $0.1\%$.`
				r.Acceptance.Criterion = "Certified bounds on Δ_13 whose ratio is at most 1.001."
				r.Acceptance.Precision = "Absolute error at most 10^{-4}; the upper bound is certified by interval arithmetic."
			}},
		{name: "scale: significant digits under a difference of the ends", want: []fixtureFinding{{"acceptance.numerical", NeedsHuman, Span{"acceptance.precision", 4, 22, "significant digits"}}, {"acceptance.numerical", NeedsHuman, Span{"statement", 224, 233, "U - L \\le"}}}, gate: acc, check: checkAcceptanceNumerical, base: num,
			change: func(r *Revision) {
				r.Acceptance.Precision = "Six significant digits, the upper bound certified by interval arithmetic."
			}},
		{name: "scale: absolute on both sides", want: []fixtureFinding{{"acceptance.numerical", Pass, Span{"acceptance.precision", 0, 84, "Absolute error at most 10^{-4}; the upper bound is certified by interval arithmetic."}}}, gate: acc, check: checkAcceptanceNumerical, base: num,
			change: func(r *Revision) {
				r.Acceptance.Precision = "Absolute error at most 10^{-4}; the upper bound is certified by interval arithmetic."
			}},
		{name: "scale: relative on both sides", want: []fixtureFinding{{"acceptance.numerical", Pass, Span{"acceptance.precision", 0, 84, "Relative error at most 10^{-3}; the upper bound is certified by interval arithmetic."}}}, gate: acc, check: checkAcceptanceNumerical, base: num,
			change: func(r *Revision) {
				r.Statement = `Let $\Delta_{13}$ be the largest real number $\Delta$ such that some $13$ points in the unit square $[0,1]^2$ have every triangle formed by three of them of area at least $\Delta$. Determine $\Delta_{13}$ to within $0.1\%$.`
				r.Acceptance.Criterion = "Certified bounds on Δ_13 whose ratio is at most 1.001."
				r.Acceptance.Precision = "Relative error at most 10^{-3}; the upper bound is certified by interval arithmetic."
			}},

		// statement.title-matches: a restriction or a bound the statement does not contain.
		{name: "title: restricts the graphs by their diameter", want: []fixtureFinding{{"statement.title-matches", NeedsHuman, Span{"title", 57, 80, "of diameter at most two"}}}, gate: st, check: stCheckTitle, base: cls,
			change: func(r *Revision) {
				r.Title = "Strongly regular graphs with parameters (65, 32, 15, 16) of diameter at most two"
			}},
		{name: "title: restricts the terms by their prime factors", want: []fixtureFinding{{"statement.title-matches", NeedsHuman, Span{"title", 46, 58, "at most five"}}}, gate: st, check: stCheckTitle, base: rec,
			change: func(r *Revision) {
				r.Title = "Squarefree terms of Sylvester's sequence with at most five prime factors"
			}},
		{name: "title: asks for a bound the statement does not write", want: []fixtureFinding{{"statement.title-matches", NeedsHuman, Span{"title", 49, 62, "below 2^{2^n}"}}}, gate: st, check: stCheckTitle, base: rec,
			change: func(r *Revision) { r.Title = "Are the terms of Sylvester's sequence squarefree below 2^{2^n}?" }},
		{name: "title: the statement's own bound", want: []fixtureFinding{{"statement.title-matches", Pass, Span{"title", 0, 54, "A covering design C(19, 6, 4) with at most 1000 blocks"}}}, gate: st, check: stCheckTitle, base: gen},
		{name: "title: a restriction the statement states", want: []fixtureFinding{{"statement.title-matches", Pass, Span{"title", 0, 80, "Strongly regular graphs with at most 65 vertices and parameters (65, 32, 15, 16)"}}}, gate: st, check: stCheckTitle, base: cls,
			change: func(r *Revision) {
				r.Title = "Strongly regular graphs with at most 65 vertices and parameters (65, 32, 15, 16)"
			}},
		{name: "title: a bound in words", want: []fixtureFinding{{"statement.title-matches", Pass, Span{"title", 0, 79, "Is every term of Sylvester's sequence squarefree, or at most finitely many not?"}}}, gate: st, check: stCheckTitle, base: rec,
			change: func(r *Revision) {
				r.Title = "Is every term of Sylvester's sequence squarefree, or at most finitely many not?"
			}},

		// statement.defined-terms: a symbol only a field outside the statement defines.
		{name: "outside: a symbol the criterion defines", want: []fixtureFinding{{"statement.defined-terms", NeedsHuman, Span{"statement", 72, 91, "$L \\le H(13) \\le U$"}}}, gate: st, check: stCheckTerms, base: num,
			change: func(r *Revision) {
				r.Statement = `Determine rational numbers $L \le U$ with $U - L \le 10^{-4}$ such that $L \le H(13) \le U$.`
				r.Acceptance.Criterion = "Here H(n) denotes the largest area Δ such that some n points in the unit square span no triangle of area less than Δ. Rational numbers L ≤ U with U − L ≤ 10^{-4}."
			}},
		{name: "outside: a symbol the computation block defines", want: []fixtureFinding{{"statement.defined-terms", NeedsHuman, Span{"statement", 67, 89, "$K(19, 6, 4) \\le 1000$"}}}, gate: st, check: stCheckTerms, base: gen,
			change: func(r *Revision) {
				r.Statement = `Find a family of six-element subsets of $\{1, \dots, 19\}$ showing $K(19, 6, 4) \le 1000$, or prove that $K(19, 6, 4) > 1000$.`
				r.Computation.Instance = "K(v, k, t) is the least number of k-element blocks covering every t-element subset of a v-element set; families of six-element subsets of {1, …, 19}."
			}},
		{name: "outside: a symbol the open status defines", want: []fixtureFinding{{"statement.defined-terms", NeedsHuman, Span{"statement", 78, 90, "$W(s_n) = 1$"}}}, gate: st, check: stCheckTerms, base: rec,
			change: func(r *Revision) {
				r.Statement = `Let $s_0 = 2$ and $s_{n+1} = s_n^2 - s_n + 1$ for every integer $n \ge 0$. Is $W(s_n) = 1$ for every integer $n \ge 0$?`
				r.OpenStatus.StrongestKnown = "Let W(m) be the number of distinct prime factors of m; s_5 = 3263443 is prime."
			}},
		{name: "outside: a symbol the statement defines", want: []fixtureFinding{{"statement.defined-terms", Pass, Span{"statement", 0, 226, "Let $H(n)$ denote the largest area $\\Delta$ such that some $n$ points in the unit square span no triangle of area less than $\\Delta$. Determine rational numbers $L \\le U$ with $U - L \\le 10^{-4}$ such that $L \\le H(13) \\le U$."}}}, gate: st, check: stCheckTerms, base: num,
			change: func(r *Revision) {
				r.Statement = `Let $H(n)$ denote the largest area $\Delta$ such that some $n$ points in the unit square span no triangle of area less than $\Delta$. Determine rational numbers $L \le U$ with $U - L \le 10^{-4}$ such that $L \le H(13) \le U$.`
				r.Acceptance.Criterion = "Here H(n) denotes the largest area Δ such that some n points in the unit square span no triangle of area less than Δ. Rational numbers L ≤ U with U − L ≤ 10^{-4}."
			}},
		{name: "outside: a symbol a definition entry defines", want: []fixtureFinding{{"statement.defined-terms", Pass, Span{"statement", 0, 92, "Determine rational numbers $L \\le U$ with $U - L \\le 10^{-4}$ such that $L \\le H(13) \\le U$."}}}, gate: st, check: stCheckTerms, base: num,
			change: func(r *Revision) {
				r.Statement = `Determine rational numbers $L \le U$ with $U - L \le 10^{-4}$ such that $L \le H(13) \le U$.`
				r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: packet.Definition, Term: "$H(n)$",
					Body: `$H(n)$ is the largest area $\Delta$ such that some $n$ points in the unit square span no triangle of area less than $\Delta$.`})
				r.Acceptance.Criterion = "Here H(n) denotes the largest area Δ such that some n points in the unit square span no triangle of area less than Δ. Rational numbers L ≤ U with U − L ≤ 10^{-4}."
			}},

		// statement.variable-domain: a name given only an excluded value.
		{name: "unequal: a modulus given only as different from one", want: []fixtureFinding{{"statement.variable-domain", NeedsHuman, Span{"statement", 118, 127, "$q \\ne 1$"}}}, gate: st, check: stCheckDomain, base: rec,
			change: replace(`Is every term $s_n$ squarefree?`, `Is $s_n \not\equiv 0 \pmod{q^2}$ for every $q \ne 1$?`)},
		{name: "unequal: both factors given only as nonzero", want: []fixtureFinding{{"statement.variable-domain", NeedsHuman, Span{"statement", 63, 73, "$u \\neq 0$"}}, {"statement.variable-domain", NeedsHuman, Span{"statement", 78, 88, "$v \\neq 0$"}}}, gate: st, check: stCheckDomain, base: rec,
			change: statement(`Let $R$ be a commutative ring. Prove that $uv \neq 0$ whenever $u \neq 0$ and $v \neq 0$.`)},
		{name: "unequal: a noun gives the domain", want: []fixtureFinding{{"statement.variable-domain", Pass, Span{"statement", 0, 134, "Let $s_0 = 2$ and $s_{n+1} = s_n^2 - s_n + 1$ for every integer $n \\ge 0$. Is $s_n \\not\\equiv 0 \\pmod{q^2}$ for every prime $q \\ne 3$?"}}}, gate: st, check: stCheckDomain, base: rec,
			change: replace(`Is every term $s_n$ squarefree?`, `Is $s_n \not\equiv 0 \pmod{q^2}$ for every prime $q \ne 3$?`)},
		{name: "unequal: integers other than zero", want: []fixtureFinding{{"statement.variable-domain", Pass, Span{"statement", 0, 71, "Prove that $u^2 \\neq 2 v^2$ for all integers $u \\neq 0$ and $v \\neq 0$."}}}, gate: st, check: stCheckDomain, base: rec,
			change: statement(`Prove that $u^2 \neq 2 v^2$ for all integers $u \neq 0$ and $v \neq 0$.`)},

		// statement.variable-domain: the quantifiers of a formula in another order than its prose.
		{name: "quantifiers: every function has a bound, but one bound for all", want: []fixtureFinding{{"statement.variable-domain", NeedsHuman, Span{"statement", 141, 213, "$\\exists M \\in \\mathbb{R} \\; \\forall f \\in \\mathcal{C} : \\sup |f| \\le M$"}}}, gate: st, check: stCheckDomain, base: rec,
			change: statement(`Let $\mathcal{C}$ be the set of continuous functions from $[0,1]$ to $\mathbb{R}$. Show that every $f \in \mathcal{C}$ has a bound, that is, $\exists M \in \mathbb{R} \; \forall f \in \mathcal{C} : \sup |f| \le M$.`)},
		{name: "quantifiers: one constant for all graphs, but one per graph", want: []fixtureFinding{{"statement.variable-domain", NeedsHuman, Span{"statement", 86, 140, "$\\forall G \\; \\exists C > 0 : \\chi(G) \\le C \\omega(G)$"}}}, gate: st, check: stCheckDomain, base: rec,
			change: statement(`Prove that there exists a constant $C > 0$ such that every finite graph $G$ satisfies $\forall G \; \exists C > 0 : \chi(G) \le C \omega(G)$.`)},
		{name: "quantifiers: the same order in prose and formula", want: []fixtureFinding{{"statement.variable-domain", Pass, Span{"statement", 0, 214, "Let $\\mathcal{C}$ be the set of continuous functions from $[0,1]$ to $\\mathbb{R}$. Show that every $f \\in \\mathcal{C}$ has a bound, that is, $\\forall f \\in \\mathcal{C} \\; \\exists M \\in \\mathbb{R} : \\sup |f| \\le M$."}}}, gate: st, check: stCheckDomain, base: rec,
			change: statement(`Let $\mathcal{C}$ be the set of continuous functions from $[0,1]$ to $\mathbb{R}$. Show that every $f \in \mathcal{C}$ has a bound, that is, $\forall f \in \mathcal{C} \; \exists M \in \mathbb{R} : \sup |f| \le M$.`)},
		{name: "quantifiers: a constant first in both", want: []fixtureFinding{{"statement.variable-domain", Pass, Span{"statement", 0, 135, "Prove that there is a constant $C > 0$ such that every integer $n \\ge 1$ satisfies $\\exists C > 0 \\; \\forall n \\ge 1 : \\log n \\le C n$."}}}, gate: st, check: stCheckDomain, base: rec,
			change: statement(`Prove that there is a constant $C > 0$ such that every integer $n \ge 1$ satisfies $\exists C > 0 \; \forall n \ge 1 : \log n \le C n$.`)},

		// acceptance.classification: the equivalence named in the statement and the acceptance.
		{name: "equivalence: a statement without one", want: []fixtureFinding{{"acceptance.classification", NeedsHuman, Span{"statement", 0, 102, "Classify the strongly regular graphs with parameters $(65, 32, 15, 16)$, or prove that there are none."}}}, gate: acc, check: checkAcceptanceClassification, base: cls,
			change: statement(`Classify the strongly regular graphs with parameters $(65, 32, 15, 16)$, or prove that there are none.`)},
		{name: "equivalence: an acceptance that only asks for completeness", want: []fixtureFinding{{"acceptance.classification", NeedsHuman, Span{"acceptance.equivalence", 0, 58, "Every graph with these parameters must appear on the list."}}}, gate: acc, check: checkAcceptanceClassification, base: cls,
			change: func(r *Revision) {
				r.Acceptance.Equivalence = "Every graph with these parameters must appear on the list."
				r.Acceptance.Criterion = "A list of graphs, each given by its adjacency matrix, with a proof that the list is complete; or a proof that none exists."
			}},
		{name: "equivalence: up to a relabelling", want: []fixtureFinding{{"acceptance.classification", Pass, Span{"acceptance.equivalence", 0, 86, "Two graphs count as one when a relabelling of the vertices carries one onto the other."}}}, gate: acc, check: checkAcceptanceClassification, base: cls,
			change: func(r *Revision) {
				r.Statement = `Classify the strongly regular graphs with parameters $(65, 32, 15, 16)$, up to a relabelling of their vertices, or prove that there are none.`
				r.Acceptance.Equivalence = "Two graphs count as one when a relabelling of the vertices carries one onto the other."
			}},

		{name: "equivalence: named in the statement and by its symmetries", want: []fixtureFinding{{"acceptance.classification", Pass, Span{"acceptance.equivalence", 0, 171, "Two graphs are identified when a permutation of the vertices maps the edges of one onto the other; the list is complete when every such graph is identified with one on it."}}}, gate: acc, check: checkAcceptanceClassification, base: cls,
			change: func(r *Revision) {
				r.Statement = `Classify the strongly regular graphs with parameters $(65, 32, 15, 16)$ up to isomorphism, or prove that there are none.`
				r.Acceptance.Equivalence = "Two graphs are identified when a permutation of the vertices maps the edges of one onto the other; the list is complete when every such graph is identified with one on it."
			}},

		// references.relevance: a note that keeps naming another subject.
		{name: "relevance: another family of graphs named three times", want: []fixtureFinding{{"references.relevance", NeedsHuman, Span{"references[0].relevance", 0, 161, "Surveys distance-regular graphs: every distance-regular graph of diameter two is strongly regular, and distance-regular graphs of larger diameter are classified."}}}, gate: refs, check: checkRefsRelevance, base: cls,
			change: func(r *Revision) {
				r.References[0].Relevance = "Surveys distance-regular graphs: every distance-regular graph of diameter two is strongly regular, and distance-regular graphs of larger diameter are classified."
			}},
		{name: "relevance: another sequence named twice beside this one", want: []fixtureFinding{{"references.relevance", NeedsHuman, Span{"references[0].relevance", 0, 163, "Proves that Fermat numbers are pairwise coprime and that every Fermat number below F(12) is squarefree, as every term of Sylvester's sequence is conjectured to be."}}}, gate: refs, check: checkRefsRelevance, base: rec,
			change: func(r *Revision) {
				r.References[0].Relevance = "Proves that Fermat numbers are pairwise coprime and that every Fermat number below F(12) is squarefree, as every term of Sylvester's sequence is conjectured to be."
			}},
		{name: "relevance: this problem's object named twice", want: []fixtureFinding{{"references.relevance", Pass, Span{"references", 0, 0, ""}}}, gate: refs, check: checkRefsRelevance, base: cls,
			change: func(r *Revision) {
				r.References[0].Relevance = "Constructs strongly regular graphs from Paley graphs by switching, with the parameters of each Paley graph."
			}},
	}
}

// TestConsistencyLongTables: a packet with many long tables of one quantity is read within the
// gate's time, and a value that contradicts them is still found.
func TestConsistencyLongTables(t *testing.T) {
	t.Parallel()
	r := recurrenceClean()
	var vals []string
	for i := range 200 {
		vals = append(vals, strconv.Itoa(i*i))
	}
	table := `The values $a(0), \ldots, a(199) = ` + strings.Join(vals, ", ") + `$ are known.`
	for range 300 {
		r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: packet.Remark, Body: table})
	}
	r.OpenStatus.StrongestKnown = "a(3) = 10 is known."
	res := RunGate(context.Background(), consistencyGate, r, fixtureEnv(), DefaultTimeout*raceSlowdown)
	if res.Outcome == OutcomeUnknown {
		t.Fatalf("consistency gate on long tables = %s (%s); want it to finish", res.Outcome, res.Reason)
	}
	found := false
	for _, f := range res.Findings {
		found = found || f.Check == checkConsistencyBounds && f.Verdict == NeedsHuman && f.Span.Quote == "a(3) = 10"
	}
	if !found {
		t.Errorf("consistency.bounds on long tables found no conflict at “a(3) = 10”")
	}
}
