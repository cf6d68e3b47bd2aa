package gates

import (
	"time"

	"github.com/theoremdb/theoremdb/packet"
)

// The packets below are the varied fixtures' bases: complete packets of the acceptance kinds the
// twin-prime and Hadamard packets do not cover, written in other styles. Each passes every check
// but those that always hand their question to a person (TestVariedBasesClean).

// numericalClean is a numerical target whose requested objects, two rational bounds, are
// introduced by the question itself ("Determine rational numbers $L \le U$ …"), with a
// computation block as a submission of a numerical search has.
func numericalClean() *Revision {
	return &Revision{
		ProblemID: "TDB-41", RevisionID: "rev_41", Number: 1,
		Title:     "Heilbronn's triangle problem for thirteen points",
		Statement: `Let $\Delta_{13}$ be the largest real number $\Delta$ such that some $13$ points in the unit square $[0,1]^2$ have every triangle formed by three of them of area at least $\Delta$. Determine rational numbers $L \le U$ with $U - L \le 10^{-4}$ such that $L \le \Delta_{13} \le U$.`,
		Exposition: []packet.ExpositionEntry{
			{Kind: packet.Convention, Body: `A triangle formed by three collinear points has area $0$.`},
			{Kind: packet.Remark, Body: `Comellas and Yebra gave configurations for up to $12$ points found by simulated annealing; optimality is known only for small counts.`},
		},
		Acceptance: packet.Acceptance{Kind: packet.Numerical,
			Criterion: "Rational numbers L ≤ U with U − L ≤ 10^{-4}: L witnessed by 13 explicit points with rational coordinates, U by a proof.",
			Precision: "U − L ≤ 10^{-4}; the lower bound is exact for the points given, the upper bound is certified by interval arithmetic over a subdivision of the square."},
		Provenance: packet.Provenance{Kind: packet.Reformulation,
			Attribution:   "H. Heilbronn, about 1950; the numerical form for thirteen points is ours.",
			SourceLocator: "F. Comellas and J. L. A. Yebra, New lower bounds for Heilbronn numbers, Electron. J. Combin. 9 (2002), Table 1",
			RightsBasis:   "Statement of a mathematical problem, written in our own words; no text reproduced."},
		ReferenceSearch: packet.ReferenceSearch{
			CheckedOn: time.Date(2026, time.October, 30, 0, 0, 0, 0, time.UTC),
			Databases: []string{"zbMATH Open", "arXiv"},
			Queries:   []string{"Heilbronn triangle problem 13 points", "minimum area triangle points unit square"},
			Coverage:  "Articles and preprints through October 2026 on Heilbronn numbers for small point counts.",
		},
		References: []Reference{
			{Identifier: "doi:10.37236/1623", Kind: "DOI",
				Citation:  "F. Comellas and J. L. A. Yebra, New lower bounds for Heilbronn numbers, Electron. J. Combin. 9 (2002), R6.",
				Locator:   "Table 1",
				Relevance: "Lower bounds for Heilbronn numbers of up to 12 points in the square; the count 13 is not in the table.", Role: "STATUS_EVIDENCE"},
		},
		OpenStatus: packet.OpenStatus{
			StrongestKnown:   "No certified interval for thirteen points has been published.",
			UnresolvedTarget: "An interval of width 10^{-4} containing the Heilbronn number of thirteen points.",
		},
		Hero: packet.Hero{
			Brief:   "Thirteen points in a square with the smallest triangle among them shaded.",
			Alt:     "A square with thirteen dots spread inside it and one thin triangle between three of them shaded grey.",
			Caption: "Thirteen points in the unit square and the triangle of least area they span.",
		},
		Computation: &packet.Computation{
			Certification: "Interval arithmetic over a subdivision of the square into boxes, checked by a second program.",
			Code: &packet.CodeRef{Repository: "https://github.com/example/heilbronn13",
				Revision: "9f1c2e7a5b3d4c6e8f0a1b2c3d4e5f6a7b8c9d0e", Inputs: "the subdivision depth 12", ExpectedDigest: "prints the certified upper bound U"},
		},
		Tags:        []string{"geometry", "combinatorics"},
		SubmittedAt: time.Date(2026, time.November, 2, 9, 0, 0, 0, time.UTC),
	}
}

// classificationClean is a classification target whose equivalence is two standard words.
func classificationClean() *Revision {
	return &Revision{
		ProblemID: "TDB-42", RevisionID: "rev_42", Number: 1,
		Title:     "Strongly regular graphs with parameters (65, 32, 15, 16)",
		Statement: `Classify, up to isomorphism, the strongly regular graphs with parameters $(65, 32, 15, 16)$, or prove that there are none.`,
		Exposition: []packet.ExpositionEntry{
			{Kind: packet.Definition, Term: "strongly regular graphs", Body: `A graph on $v$ vertices, regular of degree $k$, in which every two adjacent vertices have $\lambda$ common neighbours and every two non-adjacent vertices have $\mu$ common neighbours, has parameters $(v, k, \lambda, \mu)$.`},
			{Kind: packet.Example, Body: `The Paley graph on $13$ vertices is strongly regular with parameters $(13, 6, 2, 3)$.`},
		},
		Acceptance: packet.Acceptance{Kind: packet.Classification,
			Criterion:   "A list of graphs, each given by its adjacency matrix, with a proof that every strongly regular graph with these parameters is isomorphic to exactly one of them; or a proof that none exists.",
			Equivalence: "Graph isomorphism."},
		Provenance: packet.Provenance{Kind: packet.Imported,
			Attribution:   "A. E. Brouwer, table of strongly regular graphs.",
			SourceLocator: "A. E. Brouwer and H. Van Maldeghem, Strongly Regular Graphs, Cambridge University Press, 2022, Table 12.1",
			RightsBasis:   "Statement of a mathematical problem, written in our own words; no text reproduced."},
		ReferenceSearch: packet.ReferenceSearch{
			CheckedOn: time.Date(2026, time.November, 1, 0, 0, 0, 0, time.UTC),
			Databases: []string{"zbMATH Open", "arXiv", "Brouwer's online tables"},
			Queries:   []string{"strongly regular graph 65 32 15 16", "conference graph on 65 vertices"},
			Coverage:  "The online tables as of November 2026 and articles citing them since 2010.",
		},
		References: []Reference{
			{Identifier: "isbn:9781009057226", Kind: "ISBN",
				Citation:  "A. E. Brouwer and H. Van Maldeghem, Strongly Regular Graphs, Cambridge University Press, 2022.",
				Locator:   "Table 12.1",
				Relevance: "Lists the parameter set (65, 32, 15, 16) with known examples and no classification.", Role: "STATUS_EVIDENCE"},
		},
		OpenStatus: packet.OpenStatus{
			StrongestKnown:   "Several graphs with these parameters are known; no complete list has been proved.",
			UnresolvedTarget: "A complete list up to isomorphism.",
		},
		Hero: packet.Hero{
			Brief:   "A circular drawing of the Paley graph on 13 vertices.",
			Alt:     "Thirteen dots on a circle, each joined to six others by straight lines.",
			Caption: "The Paley graph on 13 vertices, a smaller strongly regular graph.",
		},
		Tags:        []string{"graph theory"},
		SubmittedAt: time.Date(2026, time.November, 3, 9, 0, 0, 0, time.UTC),
	}
}

// recurrenceClean is a proof target on a sequence whose initial value is given in the same
// convention sentence as its recurrence.
func recurrenceClean() *Revision {
	return &Revision{
		ProblemID: "TDB-43", RevisionID: "rev_43", Number: 1,
		Title:     "Squarefree terms of Sylvester's sequence",
		Statement: `Let $s_0 = 2$ and $s_{n+1} = s_n^2 - s_n + 1$ for every integer $n \ge 0$. Is every term $s_n$ squarefree?`,
		Exposition: []packet.ExpositionEntry{
			{Kind: packet.Convention, Body: `An integer is squarefree when no square of a prime divides it.`},
			{Kind: packet.Example, Body: `The first terms are $2$, $3$, $7$, $43$ and $1807$; each is squarefree.`},
		},
		Acceptance: packet.Acceptance{Kind: packet.Proof,
			Criterion: "A proof that every s_n is squarefree, or an explicit n with a prime p such that p² divides s_n."},
		Provenance: packet.Provenance{Kind: packet.Imported,
			Attribution:   "Asked by A. Vardi, 1991.",
			SourceLocator: "R. K. Guy, Unsolved Problems in Number Theory, 3rd ed., Springer, 2004, Problem A3",
			RightsBasis:   "Statement of a mathematical problem, written in our own words; no text reproduced."},
		ReferenceSearch: packet.ReferenceSearch{
			CheckedOn: time.Date(2026, time.November, 12, 0, 0, 0, 0, time.UTC),
			Databases: []string{"zbMATH Open", "OEIS", "arXiv"},
			Queries:   []string{"Sylvester sequence squarefree", "A000058 squarefree terms"},
			Coverage:  "OEIS A000058 and the articles it cites, with zbMATH Open through November 2026.",
		},
		References: []Reference{
			{Identifier: "isbn:9780387208602", Kind: "ISBN",
				Citation:  "R. K. Guy, Unsolved Problems in Number Theory, 3rd ed., Springer, 2004.",
				Locator:   "Problem A3",
				Relevance: "Asks whether Sylvester's sequence is squarefree.", Role: "PRIMARY"},
		},
		OpenStatus: packet.OpenStatus{
			StrongestKnown:   "Terms are known to be squarefree for all n up to a few dozen.",
			UnresolvedTarget: "Whether every term is squarefree.",
		},
		Hero: packet.Hero{
			Brief:   "The first five terms of Sylvester's sequence as stacked bars on a log scale.",
			Alt:     "Five bars of growing height labelled 2, 3, 7, 43 and 1807.",
			Caption: "The first terms of Sylvester's sequence.",
		},
		Tags:        []string{"number theory", "sequences"},
		SubmittedAt: time.Date(2026, time.November, 13, 9, 0, 0, 0, time.UTC),
	}
}

// generatedClean is an original search target an agent account generated: a covering design
// with a bound on its size, with its generator, its motivation and a computation record.
func generatedClean() *Revision {
	return &Revision{
		ProblemID: "TDB-44", RevisionID: "rev_44", Number: 1, Generated: true,
		Title:     "A covering design C(19, 6, 4) with at most 1000 blocks",
		Statement: `A covering design $C(v, k, t)$ is a family of $k$-element subsets (blocks) of a $v$-element set such that every $t$-element subset lies in at least one block. Find a covering design $C(19, 6, 4)$ with at most $1000$ blocks, or prove that every covering design $C(19, 6, 4)$ has more than $1000$ blocks.`,
		Acceptance: packet.Acceptance{Kind: packet.Search,
			Criterion:   "An explicit list of at most 1000 blocks covering every 4-subset of a 19-set, or a proof that none exists.",
			SearchSpace: "Families of at most 1000 six-element subsets of {1, …, 19}.",
			Certificate: "Witness: the blocks, one per line, checked by enumerating all 3876 four-element subsets. Impossibility: a proof, with any computer-assisted part given as a certificate."},
		Provenance: packet.Provenance{Kind: packet.Original,
			Attribution: "Generated by an agent account from the La Jolla Covering Repository's table of C(v, 6, 4).",
			RightsBasis: "Statement of a mathematical problem, written in our own words; no text reproduced.",
			GeneratedBy: "covergen 0.4, which proposes the entries of the table whose bounds are furthest apart",
			Motivation:  "The table's upper bound for C(19, 6, 4) is well above the Schönheim lower bound, the widest gap among v ≤ 20."},
		ReferenceSearch: packet.ReferenceSearch{
			CheckedOn: time.Date(2026, time.November, 15, 0, 0, 0, 0, time.UTC),
			Databases: []string{"La Jolla Covering Repository", "zbMATH Open"},
			Queries:   []string{"covering design C(19,6,4)", "Turán-type covering number 19 6 4"},
			Coverage:  "The repository's table as of November 2026 and articles on covering numbers C(v, 6, 4) since 1995.",
		},
		References: []Reference{
			{Identifier: "url:https://ljcr.dmgordon.org/cover/table.html", Kind: "URL",
				Citation:  "D. M. Gordon, La Jolla Covering Repository, table of covering designs.",
				Locator:   "entry C(19, 6, 4)",
				Relevance: "Gives the best known upper bound on the covering number C(19, 6, 4) and the design that attains it.", Role: "STATUS_EVIDENCE"},
		},
		OpenStatus: packet.OpenStatus{
			StrongestKnown:   "The repository's best design for C(19, 6, 4) has more than 1000 blocks.",
			UnresolvedTarget: "Whether 1000 blocks suffice.",
		},
		Hero: packet.Hero{
			Brief:   "Nineteen points on a circle with a few six-point blocks drawn as shaded hexagons.",
			Alt:     "Nineteen dots on a circle; three overlapping shaded hexagons each join six of them.",
			Caption: "Nineteen points and some of the six-point blocks of a covering design.",
		},
		Computation: &packet.Computation{
			Instance:         "Families of six-element subsets of {1, …, 19} given as lists of blocks.",
			Equivalence:      "Two designs are equivalent when a permutation of {1, …, 19} takes one to the other.",
			WhyNotBruteForce: "There are 27132 six-element subsets, and families of 1000 of them are far too many to enumerate.",
			SmallCases:       "The same program finds the known optimal designs C(10, 6, 4) with 20 blocks and C(11, 6, 4) with 32 blocks.",
			Certification:    "A witness is certified by a second program that enumerates every four-element subset.",
			ParameterOrigin:  "Among the entries C(v, 6, 4) with v ≤ 20, the table's bounds for v = 19 are furthest apart, so a smaller design there would most improve what is known.",
			Code: &packet.CodeRef{Repository: "https://github.com/example/covergen", Revision: "5e8d2c1b0a9f8e7d6c5b4a3928170f6e5d4c3b2a",
				Inputs: "v = 19, k = 6, t = 4, at most 1000 blocks", ExpectedDigest: "prints the blocks and OK"},
		},
		Tags:        []string{"combinatorics", "design theory", "computation"},
		SubmittedAt: time.Date(2026, time.November, 16, 9, 0, 0, 0, time.UTC),
	}
}
