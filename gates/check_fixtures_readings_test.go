package gates

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/packet"
)

// readingCase is one packet changed in one place and what the check must then report that the
// unchanged packet does not: a FAIL or a NEEDS_HUMAN whose quote holds quote, or (want Pass)
// nothing new at all. The cases below are the classes of defect the checks learnt to read by
// arithmetic and by the words of the fields — a written-out range against its counts, a claim
// a definition decides, an angle beyond a turn, a figure miscopied, a page outside the cited
// range, a result quoted over an empty locator, a work dated after the search, a hypothesis
// nothing satisfies, a title that narrows the object or asks for a quantity, a certification of
// another parameter, a question the record already answers, alt text of another picture — each
// in several phrasings and with neighbours that must not fire.
type readingCase struct {
	name   string
	gate   *Gate
	check  string
	base   func() *Revision
	change func(r *Revision)
	want   Verdict
	quote  string
}

func readingFindings(t *testing.T, g *Gate, r *Revision, check string) []Finding {
	t.Helper()
	res := RunGate(context.Background(), g, r, fixtureEnv(), 0)
	if res.Reason != "" {
		t.Fatalf("RunGate(%s) reason = %q", g.Name, res.Reason)
	}
	var out []Finding
	for _, f := range res.Findings {
		if f.Check == check && f.Verdict != Pass {
			out = append(out, f)
		}
	}
	return out
}

func runReadingCases(t *testing.T, cases []readingCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			base := tc.base
			if base == nil {
				base = clean
			}
			before := map[string]bool{}
			for _, f := range readingFindings(t, tc.gate, base(), tc.check) {
				before[f.Check+"|"+string(f.Verdict)+"|"+f.Span.Field+"|"+f.Span.Quote] = true
			}
			r := base()
			tc.change(r)
			var fresh []Finding
			for _, f := range readingFindings(t, tc.gate, r, tc.check) {
				if !before[f.Check+"|"+string(f.Verdict)+"|"+f.Span.Field+"|"+f.Span.Quote] {
					fresh = append(fresh, f)
				}
			}
			if tc.want == Pass {
				for _, f := range fresh {
					t.Errorf("%s %s at %s “%s”: %s; want nothing new", f.Check, f.Verdict, f.Span.Field, f.Span.Quote, f.Behaviour)
				}
				return
			}
			for _, f := range fresh {
				if f.Verdict == tc.want && strings.Contains(f.Span.Quote, tc.quote) {
					if f.Verdict == Fail && f.Fix == "" {
						t.Errorf("FAIL without a fix: %s", f.Behaviour)
					}
					return
				}
			}
			t.Errorf("no new %s %s quoting “%s”; new findings: %+v", tc.check, tc.want, tc.quote, fresh)
		})
	}
}

func setStatement(s string) func(r *Revision) { return func(r *Revision) { r.Statement = s } }

func TestReadingArithmetic(t *testing.T) {
	t.Parallel()
	cons, cmp, cls := consistencyGate, computationalClean, classificationClean
	space := func(s string) func(r *Revision) { return func(r *Revision) { r.Acceptance.SearchSpace = s } }
	runReadingCases(t, []readingCase{
		// A written-out range against the counts said of it.
		{name: "range: its vertices counted one short", gate: cons, check: checkConsistencyBounds, base: cmp, want: Fail, quote: "its 16 vertices",
			change: space(`Tournaments on the vertex set $\{1, 2, \dots, 17\}$, that is, orientations of the complete graph on its 16 vertices.`)},
		{name: "range: the pairs of a point set miscounted", gate: cons, check: checkConsistencyBounds, base: cmp, want: Fail, quote: "the 66 pairs",
			change: space(`Two-colourings of the point set {0, ..., 12}: one colour for each of the 66 pairs of points.`)},
		{name: "range: all its nodes counted one over", gate: cons, check: checkConsistencyBounds, base: cmp, want: Fail, quote: "all 101 nodes",
			change: space(`Spanning trees of the grid whose nodes {1, …, 100} are numbered row by row, and a candidate lists a parent for all 101 nodes but the root.`)},
		{name: "range: one off the size the statement asks for", gate: cons, check: checkConsistencyBounds, base: cmp, want: NeedsHuman, quote: `\{0, 1, \ldots, 25\}`,
			change: func(r *Revision) {
				r.Statement = `Find a graph on $25$ vertices with no clique of size $5$ and no independent set of size $5$, or prove that none exists.`
				r.Acceptance.SearchSpace = `Graphs on the vertex set $\{0, 1, \ldots, 25\}$.`
			}},
		{name: "range: a right count of pairs", gate: cons, check: checkConsistencyBounds, base: cmp, want: Pass,
			change: space(`Two-colourings of the point set {0, ..., 12}: one colour for each of the 78 pairs of points.`)},
		{name: "range: a smaller object inside the range is no count of it", gate: cons, check: checkConsistencyBounds, base: cmp, want: Pass,
			change: space(`Graphs on the vertex set $\{0, 1, \dots, 40\}$ with no clique on 4 vertices and no independent set of 10 vertices.`)},
		{name: "range: the vertices of a part of the range", gate: cons, check: checkConsistencyBounds, base: cmp, want: Pass,
			change: space(`Graphs on the vertex set $\{0, \dots, 40\}$, the 10 vertices of an independent set removed first.`)},
		{name: "range: a range of colours, not of the vertices counted", gate: cons, check: checkConsistencyBounds, base: cmp, want: Pass,
			change: space(`Colourings of the 30 vertices with colours $\{1, \dots, 5\}$; the 30 vertices are fixed.`)},
		{name: "range: a square of a range", gate: cons, check: checkConsistencyBounds, base: cmp, want: Pass,
			change: space(`Subsets of the points {0, …, 12}^2, the 169 points of the grid.`)},

		// Claims a definition decides.
		{name: "definition: a primitive root whose powers repeat early", gate: cons, check: checkConsistencyBounds, base: cls, want: Fail, quote: "3$ is a primitive root modulo $11",
			change: addEntry(packet.Example, `Here $3$ is a primitive root modulo $11$, as $3^5 \equiv 1 \pmod{11}$ shows.`)},
		{name: "definition: a primitive root of a modulus with none", gate: cons, check: checkConsistencyBounds, base: cls, want: Fail, quote: "is a primitive root mod 8",
			change: addEntry(packet.Remark, `For example 3 is a primitive root mod 8, which is why the case of powers of two is separate.`)},
		{name: "definition: a composite called prime", gate: cons, check: checkConsistencyBounds, base: cls, want: Fail, quote: "91 is prime",
			change: addEntry(packet.Example, `The order $91$ is excluded as well: 91 is prime, so no such graph has that many vertices.`)},
		{name: "definition: a hedged claim goes to a person", gate: cons, check: checkConsistencyBounds, base: cls, want: NeedsHuman, quote: "primitive root modulo 13",
			change: addEntry(packet.Remark, `One may ask whether 3 is a primitive root modulo 13 for this construction.`)},
		{name: "definition: a true primitive root", gate: cons, check: checkConsistencyBounds, base: cls, want: Pass,
			change: addEntry(packet.Example, `The powers of $3$ modulo $7$ are $3, 2, 6, 4, 5, 1$, so $3$ is a primitive root modulo $7$.`)},
		{name: "definition: a term of an expression is no number claimed prime", gate: cons, check: checkConsistencyBounds, base: cls, want: Pass,
			change: addEntry(packet.Remark, `The construction needs a $p$ such that $2p+15$ is prime and 15 is prime to 8; $9$ is a prime power.`)},

		// An angle beyond a turn.
		{name: "angle: degrees written as radians", gate: cons, check: checkConsistencyBounds, base: cls, want: NeedsHuman, quote: "90 radians",
			change: addEntry(packet.Remark, `Equivalently, the lines of the configuration meet at an angle of 90 radians.`)},
		{name: "angle: more degrees than a turn", gate: cons, check: checkConsistencyBounds, base: cls, want: NeedsHuman, quote: `450^\circ`,
			change: addEntry(packet.Remark, `The two tangent directions make an angle of $450^\circ$ at the cusp.`)},
		{name: "angle: a TeX unit", gate: cons, check: checkConsistencyBounds, base: cls, want: NeedsHuman, quote: `45 \text{ rad`,
			change: setStatement(`Find the least number of unit vectors in the plane whose pairwise angles are at least $45 \text{ rad}$.`)},
		{name: "angle: a right angle", gate: cons, check: checkConsistencyBounds, base: cls, want: Pass,
			change: addEntry(packet.Remark, `The lines meet at an angle of 1.5 radians, just under a right angle of 90 degrees.`)},
		{name: "angle: many degrees of freedom are no angle", gate: cons, check: checkConsistencyBounds, base: cls, want: Pass,
			change: addEntry(packet.Remark, `The moduli space has 720 degrees of freedom.`)},

		// A long figure miscopied.
		{name: "figure: two digits swapped between a remark and a note", gate: cons, check: checkConsistencyBounds, base: cls, want: NeedsHuman, quote: "1,232,415,671",
			change: func(r *Revision) {
				addEntry(packet.Remark, `There are 1,232,415,671 labelled such graphs.`)(r)
				r.References[0].Relevance = "Counts the labelled graphs with these parameters: 1,232,415,617 of them."
			}},
		{name: "figure: one digit off in TeX separators", gate: cons, check: checkConsistencyBounds, base: cls, want: NeedsHuman, quote: "40{,}716{,}983",
			change: func(r *Revision) {
				addEntry(packet.Remark, `The search visited $40{,}716{,}983$ partial graphs.`)(r)
				addEntry(packet.Example, `Of the 40716988 partial graphs visited, none extends.`)(r)
			}},
		{name: "figure: without separators", gate: cons, check: checkConsistencyBounds, base: cls, want: NeedsHuman, quote: "5589331",
			change: func(r *Revision) {
				addEntry(packet.Remark, `Exactly 5589331 graphs survive the first pruning.`)(r)
				addEntry(packet.Remark, `After the second pruning, 5598331 graphs were checked by hand.`)(r)
			}},
		{name: "figure: two different counts", gate: cons, check: checkConsistencyBounds, base: cls, want: Pass,
			change: func(r *Revision) {
				addEntry(packet.Remark, `There are 1,232,415,671 labelled such graphs and 9,120,337 unlabelled ones.`)(r)
				addEntry(packet.Remark, `A later count gave 1,232,999,015 labelled graphs of a nearby family.`)(r)
			}},
	})
}

func TestReadingReferences(t *testing.T) {
	t.Parallel()
	refs := referencesGate
	runReadingCases(t, []readingCase{
		{name: "pages: a locator past the article's last page", gate: refs, check: checkRefsRow, want: Fail, quote: "p. 1300",
			change: func(r *Revision) { r.References[0].Locator = "p. 1300" }},
		{name: "pages: a page before the first", gate: refs, check: checkRefsRow, base: computationalClean, want: Fail, quote: "page 401",
			change: func(r *Revision) { r.References[0].Locator = "Lemma 2 on page 401" }},
		{name: "pages: a range running out of the citation's pp.", gate: refs, check: checkRefsRow, want: Fail, quote: "pp. 58–63",
			change: func(r *Revision) {
				r.References[1].Citation = "D. H. J. Polymath, Variants of the Selberg sieve, Res. Math. Sci. 1 (2014), pp. 12-60."
				r.References[1].Locator = "pp. 58–63"
			}},
		{name: "pages: a page that may count from the article's start", gate: refs, check: checkRefsRow, want: NeedsHuman, quote: "p. 9",
			change: func(r *Revision) { r.References[0].Locator = "p. 9" }},
		{name: "pages: a page of the arXiv version", gate: refs, check: checkRefsRow, want: NeedsHuman, quote: "p. 1500",
			change: func(r *Revision) { r.References[0].Locator = "p. 1500 of the arXiv version" }},
		{name: "pages: a page of a supplement", gate: refs, check: checkRefsRow, want: NeedsHuman, quote: "p. 1190",
			change: func(r *Revision) { r.References[0].Locator = "supplementary material, p. 1190" }},
		{name: "pages: an abbreviated range holds the page", gate: refs, check: checkRefsRow, want: Pass,
			change: func(r *Revision) {
				r.References[0].Citation = "Y. Zhang, Bounded gaps between primes, Ann. of Math. (2) 179 (2014), 1121–74."
				r.References[0].Locator = "p. 1170"
			}},

		{name: "quoted result: a theorem in the note over an empty locator", gate: refs, check: checkRefsRow, want: NeedsHuman, quote: "Theorem 2.3",
			change: func(r *Revision) {
				r.References[1].Locator = ""
				r.References[1].Relevance = "Its Theorem 2.3 gives the bound 246 used in the open status."
			}},
		{name: "quoted result: a lemma with a Roman chapter", gate: refs, check: checkRefsRow, want: NeedsHuman, quote: "Lemma III.4",
			change: func(r *Revision) {
				r.References[0].Locator = ""
				r.References[0].Relevance = "The parity obstruction is Lemma III.4 there."
			}},
		{name: "quoted result: a corollary", gate: refs, check: checkRefsRow, want: NeedsHuman, quote: "Corollary 7",
			change: func(r *Revision) {
				r.References[1].Locator = ""
				r.References[1].Relevance = "We rely on Corollary 7, which bounds the gaps."
			}},
		{name: "quoted result: the locator names it", gate: refs, check: checkRefsRow, want: Pass,
			change: func(r *Revision) {
				r.References[1].Relevance = "Its Theorem 4 gives the bound 246 used in the open status."
			}},

		{name: "search: a work dated after the search", gate: refs, check: checkRefsRow, want: NeedsHuman, quote: "3 December 2026",
			change: func(r *Revision) {
				r.References[1].Citation = "D. H. J. Polymath, Variants of the Selberg sieve, revised version of 3 December 2026."
			}},
		{name: "search: an American date", gate: refs, check: checkRefsRow, want: NeedsHuman, quote: "November 30, 2026",
			change: func(r *Revision) {
				r.References[1].Citation = "D. H. J. Polymath, Variants of the Selberg sieve, online survey, updated November 30, 2026."
			}},
		{name: "search: a later year", gate: refs, check: checkRefsRow, want: NeedsHuman, quote: "2027",
			change: func(r *Revision) {
				r.ReferenceSearch.CheckedOn = time.Date(2026, time.March, 1, 0, 0, 0, 0, time.UTC)
				r.References[1].Citation = "D. H. J. Polymath, Variants of the Selberg sieve, Res. Math. Sci. 14 (2027)."
			}},
		{name: "search: a forthcoming work", gate: refs, check: checkRefsRow, want: Pass,
			change: func(r *Revision) {
				r.References[1].Identifier, r.References[1].Kind = "https://example.org/selberg-variants", "URL"
				r.References[1].Citation = "D. H. J. Polymath, Variants of the Selberg sieve, Res. Math. Sci., to appear, 2027."
			}},
		{name: "search: a work dated before the search", gate: refs, check: checkRefsRow, want: Pass,
			change: func(r *Revision) {
				r.References[1].Identifier, r.References[1].Kind = "https://example.org/selberg-variants", "URL"
				r.References[1].Citation = "D. H. J. Polymath, Variants of the Selberg sieve, revised version of 2 November 2026."
			}},
	})
}

func TestReadingStatement(t *testing.T) {
	t.Parallel()
	st, cls, rec := statementGate, classificationClean, recurrenceClean
	runReadingCases(t, []readingCase{
		{name: "hypothesis: a clique subgraph against a smaller excluded minor", gate: st, check: stCheckDomain, base: cls, want: NeedsHuman, quote: "K_6",
			change: setStatement(`Let $G$ be a graph that has a $K_6$ subgraph but no $K_5$ minor. Prove that $G$ is $5$-colourable.`)},
		{name: "hypothesis: Unicode cliques, free of one it contains", gate: st, check: stCheckDomain, base: cls, want: NeedsHuman, quote: "K₅",
			change: setStatement(`Classify the graphs $G$ containing K₅ that are K₄-free, up to isomorphism.`)},
		{name: "hypothesis: a triangle in a triangle-free graph", gate: st, check: stCheckDomain, base: cls, want: NeedsHuman, quote: "triangle",
			change: setStatement(`Let $G$ be a triangle-free graph on $n$ vertices that contains a triangle. Determine the largest chromatic number of such $G$ for every $n \ge 3$.`)},
		{name: "hypothesis: equal cliques as minors", gate: st, check: stCheckDomain, base: cls, want: NeedsHuman, quote: "K_{9}",
			change: setStatement(`Prove that every graph $G$ with a $K_{9}$ minor and without a $K_{9}$ minor has at most $10$ vertices.`)},
		{name: "hypothesis: a minor does not give a subgraph", gate: st, check: stCheckDomain, base: cls, want: Pass,
			change: setStatement(`Let $G$ be a graph that has a $K_6$ minor but no $K_5$ subgraph. Prove that $G$ has at least $7$ vertices.`)},
		{name: "hypothesis: Hadwiger's form", gate: st, check: stCheckDomain, base: cls, want: Pass,
			change: setStatement(`Let $G$ be a finite graph with no $K_6$ minor that contains $K_5$ as a subgraph. Prove that $G$ is $5$-colourable.`)},
		{name: "hypothesis: a disjunction", gate: st, check: stCheckDomain, base: cls, want: Pass,
			change: setStatement(`Prove that every graph $G$ on $n \ge 1$ vertices contains $K_5$ or has no $K_4$ minor or is $4$-colourable.`)},

		{name: "domain: a quantifier in a \\text group binds", gate: st, check: stCheckDomain, base: cls, want: Pass,
			change: setStatement(`Let $S \subset \mathbb{R}^3$ be a compact set. Classify the sets $T = \{ y \in \mathbb{R}^3 : |x - y| \ge 1 \text{ for every } x \in S \}$ up to isometry.`)},
		{name: "domain: 'for some' in a \\text group binds", gate: st, check: stCheckDomain, base: cls, want: Pass,
			change: setStatement(`Classify the finite groups $G$ with $g^2 = 1 \text{ for all } g \in G$, and the primes $p$ with $a^2 \equiv 2 \pmod{p} \text{ for some } a \in \mathbb{Z}$, up to isomorphism.`)},
		{name: "domain: \\text words that quantify nothing bind nothing", gate: st, check: stCheckDomain, base: cls, want: NeedsHuman, quote: `$T = \{ y \in \mathbb{R}^3 : |x - y| \ge 1 \text{ always} \}$`,
			change: setStatement(`Let $S \subset \mathbb{R}^3$ be a compact set. Classify the sets $T = \{ y \in \mathbb{R}^3 : |x - y| \ge 1 \text{ always} \}$ up to isometry.`)},

		{name: "quantifier: 'infinitely many' against ∃∀", gate: st, check: stCheckDomain, base: rec, want: NeedsHuman, quote: `\exists k`,
			change: setStatement(`Let $s_0 = 2$ and $s_{n+1} = s_n^2 - s_n + 1$ for every integer $n \ge 0$. Prove that infinitely many terms $s_k$ are prime, that is, $\exists k \in \mathbb{N}\ \forall m \in \mathbb{N} : k > m \wedge s_k \text{ prime}$.`)},
		{name: "quantifier: 'arbitrarily long' against ∃∀", gate: st, check: stCheckDomain, base: rec, want: NeedsHuman, quote: `\exists L`,
			change: setStatement(`Let $s_0 = 2$ and $s_{n+1} = s_n^2 - s_n + 1$ for every integer $n \ge 0$. Show that there are runs of composite terms of arbitrarily long length, in other words $\exists L \in \mathbb{N}\ \forall M \in \mathbb{N}: L \ge M$ and some $L$ consecutive terms are composite.`)},
		{name: "quantifier: 'arbitrarily small' against ∃∀", gate: st, check: stCheckDomain, base: rec, want: NeedsHuman, quote: `\exists \varepsilon`,
			change: setStatement(`Let $s_0 = 2$ and $s_{n+1} = s_n^2 - s_n + 1$ for every integer $n \ge 0$. Prove that gaps between consecutive terms are arbitrarily small in relative size, meaning $\exists \varepsilon > 0\ \forall k \in \mathbb{N} : s_{k+1}/s_k - 1 < \varepsilon$.`)},
		{name: "quantifier: 'arbitrarily large' with ∀∃", gate: st, check: stCheckDomain, base: rec, want: Pass,
			change: setStatement(`Let $s_0 = 2$ and $s_{n+1} = s_n^2 - s_n + 1$ for every integer $n \ge 0$. Prove that $s_k$ is prime for arbitrarily large $k$, that is, $\forall m \in \mathbb{N}\ \exists k \in \mathbb{N} : k > m \wedge s_k \text{ prime}$.`)},

		{name: "title: a condition the packet never states", gate: st, check: stCheckTitle, base: cls, want: NeedsHuman, quote: "vertex-transitive strongly",
			change: func(r *Revision) {
				r.Title = "The vertex-transitive strongly regular graphs with parameters (65, 32, 15, 16)"
			}},
		{name: "title: a restricting adjective in title case", gate: st, check: stCheckTitle, base: cls, want: NeedsHuman, quote: "Bipartite",
			change: func(r *Revision) {
				r.Title = "Classifying Bipartite Strongly Regular Graphs with Parameters (65, 32, 15, 16)"
			}},
		{name: "title: a restriction on a sequence", gate: st, check: stCheckTitle, base: rec, want: NeedsHuman, quote: "palindromic",
			change: func(r *Revision) { r.Title = "Are the palindromic terms of Sylvester's sequence squarefree?" }},
		{name: "title: an adjective the statement uses", gate: st, check: stCheckTitle, base: cls, want: Pass,
			change: func(r *Revision) { r.Title = "Strongly regular graphs on 65 vertices" }},

		{name: "title: a density over a yes-or-no statement", gate: st, check: stCheckTitle, want: NeedsHuman, quote: "density",
			change: func(r *Revision) { r.Title = "The density of twin primes" }},
		{name: "title: a growth rate over an infinitude", gate: st, check: stCheckTitle, want: NeedsHuman, quote: "rate",
			change: func(r *Revision) { r.Title = "The growth rate of twin primes" }},
		{name: "title: a probability over an existence question", gate: st, check: stCheckTitle, base: cls, want: NeedsHuman, quote: "probability",
			change: func(r *Revision) {
				r.Title = "The probability of a strongly regular graph with parameters (65, 32, 15, 16)"
				r.Statement = `Is there a strongly regular graph with parameters $(65, 32, 15, 16)$?`
			}},
		{name: "title: a density the statement asks for", gate: st, check: stCheckTitle, want: Pass,
			change: func(r *Revision) {
				r.Title = "The density of twin primes"
				r.Statement = `Determine the density of the primes $p$ such that $p + 2$ is also prime among all primes, that is, $\lim_{x \to \infty} \pi_2(x)/\pi(x)$.`
			}},
	})
}

func TestReadingAcceptanceConsistencyHero(t *testing.T) {
	t.Parallel()
	acc, cons, hero, cmp, cls := acceptanceGate, consistencyGate, heroGate, computationalClean, classificationClean
	code := func(stmt, cert string) func(r *Revision) {
		return func(r *Revision) {
			r.Statement = stmt
			r.Computation.Certification = cert
		}
	}
	runReadingCases(t, []readingCase{
		{name: "certificate: another girth", gate: acc, check: checkAcceptanceSearch, base: cmp, want: NeedsHuman, quote: "girth 11",
			change: code(`Find a cubic graph of girth $12$ on at most $126$ vertices, or prove that none exists.`, "A witness's girth 11 and cubicity are checked by breadth-first search from every vertex.")},
		{name: "certificate: another minimum distance", gate: acc, check: checkAcceptanceSearch, base: cmp, want: NeedsHuman, quote: "distance at least 7",
			change: code(`Find a binary linear code of length $40$, dimension $20$ and minimum distance $9$, or prove that none exists.`, "Minimum distance at least 7 is checked by enumerating the codewords of weight below 7.")},
		{name: "certificate: another order", gate: acc, check: checkAcceptanceSearch, base: cmp, want: NeedsHuman, quote: "order 664",
			change: func(r *Revision) {
				r.Computation.Certification = "A witness of order 664 is certified by computing H·Hᵀ in exact integer arithmetic."
			}},
		{name: "certificate: the statement's parameters", gate: acc, check: checkAcceptanceSearch, base: cmp, want: Pass,
			change: code(`Find a cubic graph of girth $12$ on at most $126$ vertices, or prove that none exists.`, "A witness's girth 12 and cubicity are checked by breadth-first search from every vertex; the 126 vertices are listed.")},

		{name: "incumbent: a value below the known lower bound", gate: cons, check: checkConsistencyIncumbent, base: cls, want: NeedsHuman, quote: "R(5,5) ≥ 43",
			change: func(r *Revision) {
				r.Statement = `Decide whether $R(5,5) = 42$.`
				r.OpenStatus.StrongestKnown = "R(5,5) ≥ 43 (Exoo) and R(5,5) ≤ 46."
			}},
		{name: "incumbent: a value outside a known set", gate: cons, check: checkConsistencyIncumbent, base: cls, want: NeedsHuman, quote: "∈ {5, 6, 7}",
			change: func(r *Revision) {
				r.Statement = `Is $\chi(\mathbb{R}^2) = 4$?`
				r.OpenStatus.StrongestKnown = "χ(ℝ²) ∈ {5, 6, 7}: de Grey's graph and the hexagonal colouring."
			}},
		{name: "incumbent: a value already determined otherwise", gate: cons, check: checkConsistencyIncumbent, base: cls, want: NeedsHuman, quote: "m(7) = 12",
			change: func(r *Revision) {
				r.OpenStatus.UnresolvedTarget = "Whether m(7) = 13."
				r.OpenStatus.StrongestKnown = "m(7) = 12 by exhaustive search."
			}},
		{name: "incumbent: a value the known range allows", gate: cons, check: checkConsistencyIncumbent, want: Pass,
			base: func() *Revision {
				r := cls()
				r.OpenStatus.StrongestKnown = "R(5,5) ≥ 43 (Exoo) and R(5,5) ≤ 46."
				return r
			},
			change: setStatement(`Decide whether $R(5,5) = 43$.`)},

		{name: "alt: another picture", gate: hero, check: checkHeroAlt, want: NeedsHuman, quote: "spiral",
			change: func(r *Revision) { r.Hero.Alt = "A golden spiral drawn over a sequence of nested rectangles." }},
		{name: "alt: a table instead of the line", gate: hero, check: checkHeroAlt, want: NeedsHuman, quote: "table",
			change: func(r *Revision) { r.Hero.Alt = "A multiplication table with its diagonal shaded." }},
		{name: "alt: a polyhedron", gate: hero, check: checkHeroAlt, base: cls, want: NeedsHuman, quote: "icosahedron",
			change: func(r *Revision) { r.Hero.Alt = "A translucent icosahedron with its faces shaded by depth." }},
		{name: "alt: the brief's picture in other words", gate: hero, check: checkHeroAlt, want: Pass,
			change: func(r *Revision) {
				r.Hero.Alt = "Fifty dots in a row, with curved links over the pairs three apart like 3 and 5, 5 and 7, 11 and 13."
			}},
		{name: "alt: a layout description", gate: hero, check: checkHeroAlt, want: Pass,
			change: func(r *Revision) { r.Hero.Alt = "Dots placed on a circle, each pair joined by an arc." }},
	})
}
