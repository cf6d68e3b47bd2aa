package gates

import (
	"testing"

	"github.com/theoremdb/theoremdb/packet"
)

// The text classes of the review policy, read in several phrasings on problems of their own,
// each with neighbours that must not fire: a title that asks for a value where the statement
// asks whether, names as included an endpoint the statement excludes, restricts the object by a
// participle or uses the opposite of the statement's word; a citation that dates its preprint
// before its arXiv posting, a DOI of another publisher or journal than the one cited, a second
// identifier of the row's kind, a work whose authors or year the packet gives two ways; a result
// quoted under its label over an empty locator; a relevance note whose object is another
// problem's; a caption that places a constant between bounds or names someone's bound.

// yesNoClean is the fixture with a statement that asks only whether (no "determine").
func yesNoClean() *Revision {
	r := clean()
	r.Statement = `Prove or disprove: there are infinitely many primes $p$ such that $p+2$ is also prime.`
	return r
}

// collatzClean is a packet about the Collatz iteration, yes-or-no.
func collatzClean() *Revision {
	r := clean()
	r.Title = "The Collatz conjecture"
	r.Statement = `Let $T$ be the Collatz map, $T(n) = n/2$ for even $n$ and $T(n) = 3n + 1$ for odd $n$. Prove or disprove: for every positive integer $n$, the orbit of $n$ under $T$ reaches $1$.`
	r.Exposition = []packet.ExpositionEntry{{Kind: packet.Example, Body: `From the starting value $6$ the orbit is $6, 3, 10, 5, 16, 8, 4, 2, 1$.`}}
	r.Acceptance.Criterion = "A proof that every orbit of T reaches 1, or a positive integer whose orbit never does, with a proof."
	r.Provenance.Attribution = "Asked by L. Collatz in 1937."
	r.OpenStatus = packet.OpenStatus{StrongestKnown: "Every starting value below 2^68 reaches 1 (Barina, 2020).", UnresolvedTarget: "Whether every orbit of T reaches 1."}
	return r
}

// dimensionClean asks a question for a range of dimensions, with its endpoints included.
func dimensionClean() *Revision {
	r := clean()
	r.Title = "Unit-distance embeddings in dimensions three to six"
	r.Statement = `Let $d$ be an integer with $3 \le d \le 6$. Prove or disprove that every finite graph of maximum degree $d$ has an embedding in $\mathbb{R}^d$ in which adjacent vertices are at distance $1$ and distinct vertices are distinct points.`
	r.Exposition = nil
	r.Acceptance.Criterion = "A proof for every d with 3 ≤ d ≤ 6, or a graph of maximum degree d with no such embedding in R^d, with a proof."
	r.OpenStatus = packet.OpenStatus{StrongestKnown: "Known for d = 2.", UnresolvedTarget: "Whether the embedding exists for every d from 3 to 6."}
	return r
}

func TestReadingTitleQuestions(t *testing.T) {
	t.Parallel()
	st := statementGate
	title := func(s string) func(r *Revision) { return func(r *Revision) { r.Title = s } }
	runReadingCases(t, []readingCase{
		// A title that asks for a value over a statement that asks whether.
		{name: "value: how many over prove or disprove", gate: st, check: stCheckTitle, base: yesNoClean, want: NeedsHuman, quote: "How many",
			change: title("How many twin prime pairs are there?")},
		{name: "value: the least case that fails", gate: st, check: stCheckTitle, base: collatzClean, want: NeedsHuman, quote: "The least starting value whose",
			change: title("The least starting value whose Collatz orbit never reaches 1")},
		{name: "value: the smallest n such that", gate: st, check: stCheckTitle, base: collatzClean, want: NeedsHuman, quote: "the smallest n such that",
			change: title("Collatz iteration: the smallest n such that the orbit of n is unbounded")},
		{name: "value: what is the largest", gate: st, check: stCheckTitle, base: yesNoClean, want: NeedsHuman, quote: "What is the largest",
			change: title("What is the largest twin prime pair?")},
		{name: "value: a title that names the question", gate: st, check: stCheckTitle, base: collatzClean, want: Pass,
			change: title("Does every Collatz orbit reach 1?")},
		{name: "value: a count the statement asks for too", gate: st, check: stCheckTitle, base: yesNoClean, want: Pass,
			change: func(r *Revision) {
				r.Title = "How many twin prime pairs are there?"
				r.Statement = `Determine the number of primes $p$ such that $p + 2$ is also prime: finite or infinite.`
			}},

		{name: "value: the exact value of a yes-or-no question", gate: st, check: stCheckTitle, base: collatzClean, want: NeedsHuman, quote: "The exact value of",
			change: title("The exact value of the largest Collatz orbit")},

		// A word of the title whose opposite the statement uses.
		{name: "antonym: bounded for unbounded", gate: st, check: stCheckTitle, base: collatzClean, want: NeedsHuman, quote: "Bounded",
			change: func(r *Revision) {
				r.Title = "Bounded Collatz orbits"
				r.Statement = `Let $T$ be the Collatz map, $T(n) = n/2$ for even $n$ and $T(n) = 3n + 1$ for odd $n$. Prove or disprove: the orbit of some positive integer $n$ under $T$ is unbounded.`
			}},
		{name: "antonym: countable for uncountable", gate: st, check: stCheckTitle, base: yesNoClean, want: NeedsHuman, quote: "Countable",
			change: func(r *Revision) {
				r.Title = "Countable sets of twin primes"
				r.Statement = `Prove or disprove: there is an uncountable family of sets of primes $p$ with $p + 2$ prime, any two of which meet in a finite set.`
			}},

		// A statement that excludes an endpoint the title includes.
		{name: "range: strict ends under a range in words", gate: st, check: stCheckTitle, base: dimensionClean, want: NeedsHuman, quote: "3 < d",
			change: setStatement(`Let $d$ be an integer with $3 < d < 6$. Prove or disprove that every finite graph of maximum degree $d$ has an embedding in $\mathbb{R}^d$ in which adjacent vertices are at distance $1$ and distinct vertices are distinct points.`)},
		{name: "range: TeX's \\lt at the upper end", gate: st, check: stCheckTitle, base: dimensionClean, want: NeedsHuman, quote: `d \lt 6`,
			change: setStatement(`Let $d$ be an integer with $3 \le d \lt 6$. Prove or disprove that every finite graph of maximum degree $d$ has an embedding in $\mathbb{R}^d$ with adjacent vertices at distance $1$.`)},
		{name: "range: up to a bound the statement excludes", gate: st, check: stCheckTitle, base: yesNoClean, want: NeedsHuman, quote: "c(K) < 24",
			change: func(r *Revision) {
				r.Title = "Prime knots with up to 24 crossings and the twin primes"
				r.Statement = `Prove or disprove: for infinitely many primes $p$ with $p + 2$ prime there is a prime knot $K$ with $c(K) < 24$ and $p$ crossings in some diagram.`
			}},
		{name: "range: endpoints included", gate: st, check: stCheckTitle, base: dimensionClean, want: Pass,
			change: setStatement(`Let $d$ be an integer with $3 \leq d \leq 6$. Prove or disprove that every finite graph of maximum degree $d$ has a unit-distance embedding in $\mathbb{R}^d$.`)},
		{name: "range: a strict bound on another number", gate: st, check: stCheckTitle, base: dimensionClean, want: Pass,
			change: setStatement(`Let $d$ be an integer with $3 \le d \le 6$ and $0 < t < 1$. Prove or disprove that every finite graph of maximum degree $d$ has an embedding in $\mathbb{R}^d$ with adjacent vertices at distance between $t$ and $1$.`)},

		// A participle that restricts the statement's object.
		{name: "participle: the alternating knots", gate: st, check: stCheckTitle, base: yesNoClean, want: NeedsHuman, quote: "alternating primes",
			change: title("The alternating primes p with p + 2 prime")},
		{name: "participle: all self-avoiding walks", gate: st, check: stCheckTitle, want: NeedsHuman, quote: "self-avoiding walks",
			change: func(r *Revision) {
				r.Title = "Counting all self-avoiding walks on the square lattice"
				r.Statement = `Let $c_n$ be the number of walks of $n$ steps on the square lattice $\mathbb{Z}^2$ that start at the origin. Determine whether $c_n^{1/n}$ converges.`
			}},
		{name: "participle: a verb at the title's start", gate: st, check: stCheckTitle, base: yesNoClean, want: Pass,
			change: title("Counting primes p with p + 2 prime")},
		{name: "participle: a noun only the rest of the packet names", gate: st, check: stCheckTitle, base: yesNoClean, want: Pass,
			change: func(r *Revision) {
				r.Title = "Primes in a doubling sequence of twin pairs"
				r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: packet.Remark, Body: "The pairs form a sequence of twin primes."})
			}},
	})
}

// thirdRow adds a nineteenth-century row to the fixture's bibliography.
func thirdRow(r *Revision) {
	r.References = append(r.References, Reference{Identifier: "https://gallica.bnf.fr/ark:/12148/bpt6k2986n", Kind: "URL",
		Citation: "A. de Polignac, Recherches nouvelles sur les nombres premiers, C. R. Acad. Sci. Paris 29 (1849), 397–401.",
		Locator:  "p. 400", Relevance: "States the conjecture on prime gaps whose case k = 1 is the twin prime conjecture.", Role: "SECONDARY"})
}

func TestReadingCitationDetails(t *testing.T) {
	t.Parallel()
	refs := referencesGate
	cite := func(i int, s string) func(r *Revision) { return func(r *Revision) { r.References[i].Citation = s } }
	ident := func(i int, s string) func(r *Revision) { return func(r *Revision) { r.References[i].Identifier = s } }
	runReadingCases(t, []readingCase{
		// A preprint dated before its arXiv identifier was posted.
		{name: "preprint: two years before posting", gate: refs, check: checkRefsRow, want: Fail, quote: "preprint, 2012",
			change: cite(1, "D. H. J. Polymath, Variants of the Selberg sieve, and bounded intervals containing many primes, preprint, 2012; Res. Math. Sci. 1 (2014).")},
		{name: "preprint: arXiv preprint in parentheses", gate: refs, check: checkRefsRow, want: Fail, quote: "preprint (2013",
			change: cite(1, "D. H. J. Polymath, Variants of the Selberg sieve, arXiv preprint (2013), published in Res. Math. Sci. 1 (2014).")},
		{name: "preprint: the year before a January posting", gate: refs, check: checkRefsRow, want: NeedsHuman, quote: "preprint 2014",
			change: func(r *Revision) {
				r.References[1].Identifier = "arxiv:1501.01234"
				r.References[1].Citation = "D. H. J. Polymath, Variants of the Selberg sieve, preprint 2014; Res. Math. Sci. 2 (2015)."
			}},
		{name: "preprint: the year of posting", gate: refs, check: checkRefsRow, want: Pass,
			change: cite(1, "D. H. J. Polymath, Variants of the Selberg sieve, preprint, 2014; Res. Math. Sci. 1 (2014).")},
		{name: "preprint: a later year of a revision", gate: refs, check: checkRefsRow, want: Pass,
			change: cite(1, "D. H. J. Polymath, Variants of the Selberg sieve, Res. Math. Sci. 1 (2014); revised arXiv preprint 2015.")},

		// A DOI of another publisher than the journal cited.
		{name: "doi: an Elsevier DOI for the Annals", gate: refs, check: checkRefsRow, want: NeedsHuman, quote: "10.1016",
			change: ident(0, "doi:10.1016/j.aim.2014.01.003")},
		{name: "doi: an AMS DOI for Inventiones", gate: refs, check: checkRefsRow, want: NeedsHuman, quote: "10.1090",
			change: func(r *Revision) {
				r.References[0].Identifier = "doi:10.1090/S0002-9947-97-01234-5"
				r.References[0].Citation = "Y. Zhang, Bounded gaps between primes, Invent. Math. 179 (2014), 1121–1174."
			}},
		{name: "doi: a Springer DOI for a London Mathematical Society journal", gate: refs, check: checkRefsRow, want: NeedsHuman, quote: "10.1007",
			change: func(r *Revision) {
				r.References[0].Identifier = "doi:10.1007/s00222-014-0512-8"
				r.References[0].Citation = "Y. Zhang, Bounded gaps between primes, Bull. London Math. Soc. 46 (2014), 1121–1174."
			}},
		{name: "doi: JSTOR serves every journal", gate: refs, check: checkRefsRow, want: Pass,
			change: ident(0, "doi:10.2307/2271150")},
		{name: "doi: a journal that changed publishers", gate: refs, check: checkRefsRow, want: Pass,
			change: func(r *Revision) {
				r.References[0].Identifier = "doi:10.4310/ACTA.2014.v212.n1.a1"
				r.References[0].Citation = "Y. Zhang, Bounded gaps between primes, Acta Math. 212 (2014), 1–50."
			}},
		{name: "doi: a journal the table does not know", gate: refs, check: checkRefsRow, want: Pass,
			change: func(r *Revision) {
				r.References[1].Identifier = "doi:10.1007/s40687-014-0012-7"
			}},

		// A DOI that names another journal of its publisher.
		{name: "doi: a Discrete Mathematics DOI for a JCTA paper", gate: refs, check: checkRefsRow, want: NeedsHuman, quote: "j.disc",
			change: func(r *Revision) {
				r.References[0].Identifier = "doi:10.1016/j.disc.2014.02.011"
				r.References[0].Citation = "Y. Zhang, Bounded gaps between primes, J. Combin. Theory Ser. A 121 (2014), 1–50."
			}},
		{name: "doi: a Proceedings PII for a Transactions paper", gate: refs, check: checkRefsRow, want: NeedsHuman, quote: "S0002-9939",
			change: func(r *Revision) {
				r.References[0].Identifier = "doi:10.1090/S0002-9939-2014-12345-6"
				r.References[0].Citation = "Y. Zhang, Bounded gaps between primes, Trans. Amer. Math. Soc. 366 (2014), 1–50."
			}},
		{name: "doi: the journal its code names", gate: refs, check: checkRefsRow, want: Pass,
			change: func(r *Revision) {
				r.References[0].Identifier = "doi:10.1016/j.jcta.2014.02.011"
				r.References[0].Citation = "Y. Zhang, Bounded gaps between primes, J. Combin. Theory Ser. A 121 (2014), 1–50."
			}},

		// A row whose citation quotes another identifier of the same kind.
		{name: "two identifiers: another arXiv number in the citation", gate: refs, check: checkRefsRow, want: NeedsHuman, quote: "arXiv:1402.4849",
			change: cite(1, "D. H. J. Polymath, Variants of the Selberg sieve, arXiv:1402.4849, Res. Math. Sci. 1 (2014).")},
		{name: "two identifiers: another DOI in the citation", gate: refs, check: checkRefsRow, want: NeedsHuman, quote: "10.1007/s00222-013-0456-7",
			change: cite(0, "Y. Zhang, Bounded gaps between primes, Ann. of Math. (2) 179 (2014), 1121–1174, doi:10.1007/s00222-013-0456-7.")},
		{name: "two identifiers: the same arXiv number with a version", gate: refs, check: checkRefsRow, want: Pass,
			change: cite(1, "D. H. J. Polymath, Variants of the Selberg sieve, arXiv:1407.4897v4, Res. Math. Sci. 1 (2014).")},
		{name: "two identifiers: a DOI and an arXiv number", gate: refs, check: checkRefsRow, want: Pass,
			change: cite(1, "D. H. J. Polymath, Variants of the Selberg sieve, Res. Math. Sci. 1 (2014), doi:10.1186/s40687-014-0012-7.")},

		// A work the source locator dates otherwise than its row.
		{name: "year: the source locator's year against the row's", gate: refs, check: checkRefsRow, want: NeedsHuman, quote: "2013",
			change: func(r *Revision) {
				r.Provenance.SourceLocator = "Y. Zhang, Bounded gaps between primes, Ann. of Math. 179 (2013), Section 1"
			}},
		{name: "authors: two works share a title", gate: refs, check: checkRefsRow, want: Pass,
			change: func(r *Revision) {
				r.References = append(r.References, Reference{Identifier: "arxiv:1311.4862", Kind: "ARXIV",
					Citation: "J. Maynard, Bounded gaps between primes, preprint, 2013.", Locator: "Theorem 1.1",
					Relevance: "Proves bounded gaps between primes by a different sieve.", Role: "SECONDARY"})
				r.References[0], r.References[2] = r.References[2], r.References[0]
			}},
		{name: "year: the row's year changed", gate: refs, check: checkRefsRow, want: NeedsHuman, quote: "Y. Zhang, Bounded gaps between primes, Ann. of Math. (2) 179 (2012)",
			change: cite(0, "Y. Zhang, Bounded gaps between primes, Ann. of Math. (2) 179 (2012), 1121–1174.")},

		// A work whose authors the packet gives two ways.
		{name: "authors: a remark names another co-author", gate: refs, check: checkRefsRow, want: NeedsHuman, quote: "Zhang and Maynard",
			change: func(r *Revision) {
				r.Exposition[3].Body = `Zhang and Maynard (2014) proved that $\liminf_{n\to\infty}(p_{n+1}-p_n)$ is finite; the Polymath project lowered the bound to $246$.`
			}},
		{name: "authors: a citation with another author list", gate: refs, check: checkRefsRow, want: NeedsHuman, quote: "J. Maynard",
			change: cite(0, "J. Maynard, Bounded gaps between primes, Ann. of Math. (2) 179 (2014), 1121–1174.")},
		{name: "authors: a question given to a later author", gate: refs, check: checkRefsRow, want: NeedsHuman, quote: "Y. Zhang",
			change: func(r *Revision) {
				thirdRow(r)
				r.Provenance.Attribution = "Classical; asked by Y. Zhang in 1849 as the case k = 1 of a conjecture on prime gaps."
			}},
		{name: "authors: the same names", gate: refs, check: checkRefsRow, want: Pass,
			change: func(r *Revision) {
				thirdRow(r)
				r.Provenance.Attribution = "Classical; asked by A. de Polignac in 1849 as the case k = 1 of a conjecture on prime gaps."
			}},
		{name: "authors: part of the authors, and et al.", gate: refs, check: checkRefsRow, want: Pass,
			change: func(r *Revision) {
				r.References[0].Citation = "Y. Zhang and J. Maynard, Bounded gaps between primes, Ann. of Math. (2) 179 (2014), 1121–1174."
				r.OpenStatus.StrongestKnown = "Infinitely many pairs of consecutive primes differ by at most 246 (Polymath et al., 2014; Zhang, 2014)."
			}},
		{name: "authors: a work of a year the bibliography lacks", gate: refs, check: checkRefsRow, want: Pass,
			change: func(r *Revision) {
				r.Exposition[3].Body = `Zhang (2013) announced that $\liminf_{n\to\infty}(p_{n+1}-p_n)$ is finite; Goldston, Pintz and Yıldırım (2005) had come close.`
			}},
		{name: "authors: a changed surname shares a word", gate: refs, check: checkRefsRow, want: Pass,
			change: func(r *Revision) {
				r.References[0].Citation = "Y. Zhang Yitang, Bounded gaps between primes, Ann. of Math. (2) 179 (2014), 1121–1174."
			}},

		// A result quoted under its label over an empty locator.
		{name: "label: main theorem with a colon", gate: refs, check: checkRefsRow, want: NeedsHuman, quote: "Main theorem",
			change: func(r *Revision) {
				r.References[1].Locator = ""
				r.References[1].Relevance = "Main theorem: infinitely many gaps between consecutive primes are at most 246."
			}},
		{name: "label: a lemma with a dash", gate: refs, check: checkRefsRow, want: NeedsHuman, quote: "Lemma",
			change: func(r *Revision) {
				r.References[0].Locator = ""
				r.References[0].Relevance = "Lemma — a sieve estimate for primes in arithmetic progressions to smooth moduli, beyond the Bombieri–Vinogradov range."
			}},
		{name: "label: a result without a label", gate: refs, check: checkRefsRow, want: Pass,
			change: func(r *Revision) {
				r.References[1].Locator = ""
				r.References[1].Relevance = "Gives infinitely many gaps between consecutive primes of at most 246."
			}},
		{name: "label: a locator given", gate: refs, check: checkRefsRow, want: Pass,
			change: func(r *Revision) {
				r.References[1].Relevance = "Main theorem: infinitely many gaps between consecutive primes are at most 246."
			}},
	})
}

func TestReadingRelevanceObject(t *testing.T) {
	t.Parallel()
	refs := referencesGate
	note := func(i int, s string) func(r *Revision) { return func(r *Revision) { r.References[i].Relevance = s } }
	runReadingCases(t, []readingCase{
		{name: "object: another object sharing words further on", gate: refs, check: checkRefsRelevance, want: NeedsHuman, quote: "Carmichael",
			change: note(0, "Lists the Carmichael numbers whose prime factors come in twin pairs, found by a sieve over primes.")},
		{name: "object: links in a packet about primes", gate: refs, check: checkRefsRelevance, want: NeedsHuman, quote: "two-component links",
			change: note(1, "Tabulates the two-component links whose Jones polynomial is trivial, among diagrams of prime crossing number.")},
		{name: "object: perfect numbers among twin primes", gate: refs, check: checkRefsRelevance, want: NeedsHuman, quote: "perfect numbers",
			change: note(0, "Tabulates the perfect numbers, whose divisors sum to twice the number, with twin prime factors.")},
		{name: "object: a generic object", gate: refs, check: checkRefsRelevance, want: Pass,
			change: note(0, "Proves the first finite bound on gaps between primes and discusses the twin prime case.")},
		{name: "object: the problem's own object", gate: refs, check: checkRefsRelevance, want: Pass,
			change: note(0, "Tabulates the twin prime pairs below ten billion.")},
		{name: "object: a note without a leading verb", gate: refs, check: checkRefsRelevance, want: Pass,
			change: note(0, "Survey of sieve methods for small gaps between primes.")},
	})
}

func TestReadingCaptionBounds(t *testing.T) {
	t.Parallel()
	hero := heroGate
	caption := func(s string) func(r *Revision) { return func(r *Revision) { r.Hero.Caption = s } }
	runReadingCases(t, []readingCase{
		{name: "caption: a gap between two numbers of the state of the art", gate: hero, check: checkHeroCaption, want: Fail, quote: "lie between",
			change: caption("Twin prime pairs below 50; the gaps that recur lie between 2 and 246.")},
		{name: "caption: an approximate value of the state of the art", gate: hero, check: checkHeroCaption, want: Fail, quote: "≈ 246",
			change: caption("Arcs join twin primes below 50; the recurring gap is ≈ 246 at most.")},
		{name: "caption: someone's bound without a number", gate: hero, check: checkHeroCaption, want: NeedsHuman, quote: "bound",
			change: caption("Twin prime pairs below 50, each joined by an arc, as in Zhang's bound.")},
		{name: "caption: an approximate number the picture shows", gate: hero, check: checkHeroCaption, want: Pass,
			change: caption("About ≈ 50 integers on a line, each twin prime pair joined by an arc.")},
		{name: "caption: a setup that lies between", gate: hero, check: checkHeroCaption, want: Pass,
			change: caption("Each arc joins the two primes of a pair; the integer between them is even.")},
	})
}
