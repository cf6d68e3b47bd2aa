package gates

import (
	"time"

	"github.com/theoremdb/theoremdb/packet"
)

// fixtureNow is the time the fixture's gates run at.
var fixtureNow = time.Date(2026, time.November, 20, 12, 0, 0, 0, time.UTC)

// clean returns a complete packet that every gate passes; tests plant one defect at a time.
func clean() *Revision {
	return &Revision{
		ProblemID: "TDB-1", RevisionID: "rev_1", Number: 1,
		Title:     "Twin prime conjecture",
		Statement: `Prove or disprove: there are infinitely many primes $p$ such that $p+2$ is also prime. Equivalently, determine whether for every integer $N$ there is a prime $p > N$ with $p + 2$ prime.`,
		Exposition: []packet.ExpositionEntry{
			{Kind: packet.Definition, Term: "twin prime pair", Body: `A pair $(p, p+2)$ in which both numbers are prime.`},
			{Kind: packet.Convention, Body: `A prime is an integer $p \ge 2$ whose only positive divisors are $1$ and $p$.`},
			{Kind: packet.Example, Body: `The first twin prime pairs are $(3,5)$, $(5,7)$, $(11,13)$ and $(17,19)$.`},
			{Kind: packet.Remark, Body: `Zhang (2014) proved that $\liminf_{n\to\infty}(p_{n+1}-p_n)$ is finite, where $p_n$ is the $n$-th prime; the Polymath project lowered the bound to $246$.`},
		},
		Acceptance: packet.Acceptance{Kind: packet.Proof,
			Criterion: "A proof that the set of primes p with p + 2 prime is infinite, or a proof that it is finite."},
		Provenance: packet.Provenance{Kind: packet.Imported,
			Attribution:   "Classical; the case k = 1 of A. de Polignac's 1849 conjecture on prime gaps.",
			SourceLocator: "Y. Zhang, Bounded gaps between primes, Ann. of Math. 179 (2014), Section 1",
			RightsBasis:   "Statement of a mathematical problem, written in our own words; no text reproduced."},
		ReferenceSearch: packet.ReferenceSearch{
			CheckedOn: time.Date(2026, time.November, 9, 0, 0, 0, 0, time.UTC),
			Databases: []string{"zbMATH Open", "arXiv", "MathSciNet"},
			Queries:   []string{"twin prime conjecture", "bounded gaps between primes", "prime pairs p, p+2"},
			Coverage:  "Titles and abstracts through 2026-11-09; surveys of bounded prime gaps since 2013. No claimed proof has been accepted.",
		},
		References: []Reference{
			{Identifier: "doi:10.4007/annals.2014.179.3.7", Kind: "DOI",
				Citation: "Y. Zhang, Bounded gaps between primes, Ann. of Math. (2) 179 (2014), 1121–1174.",
				Locator:  "Section 1", Relevance: "States the conjecture and proves the first finite bound on small prime gaps.", Role: "PRIMARY"},
			{Identifier: "arxiv:1407.4897", Kind: "ARXIV",
				Citation:  "D. H. J. Polymath, Variants of the Selberg sieve, and bounded intervals containing many primes, Res. Math. Sci. 1 (2014).",
				Locator:   "Theorem 4",
				Relevance: "Current unconditional bound 246 and a discussion of the parity barrier that keeps the conjecture open.", Role: "STATUS_EVIDENCE"},
		},
		OpenStatus: packet.OpenStatus{
			StrongestKnown:   "Infinitely many pairs of consecutive primes differ by at most 246 (Polymath, 2014).",
			UnresolvedTarget: "Whether the gap 2 occurs infinitely often.",
		},
		Hero: packet.Hero{
			Brief:   "The integers from 1 to 50 on a line, with each twin prime pair joined by an arc.",
			Alt:     "A number line from 1 to 50 with arcs joining 3 and 5, 5 and 7, 11 and 13, 17 and 19, 29 and 31, 41 and 43.",
			Caption: "Twin prime pairs below 50, each pair joined by an arc.",
		},
		Tags:        []string{"number theory", "primes"},
		ImportKey:   "",
		SubmittedAt: time.Date(2026, time.November, 10, 9, 0, 0, 0, time.UTC),
	}
}

// testEnv is an environment with the fixture's clock and nothing else.
func testEnv() Env { return Env{Now: func() time.Time { return fixtureNow }} }
