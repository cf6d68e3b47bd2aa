package seed

import (
	"time"

	"github.com/theoremdb/theoremdb/ent/reference"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
)

// demoProblem is one seeded problem: the content its proposer submits, and
// optionally the second revision the proposer makes later in the timeline.
type demoProblem struct {
	// Key names the problem in the timeline.
	Key string
	// Proposer is the handle of the demo account that submits it.
	Proposer string
	Input    policy.ProblemInput
	// Revision, when set, is applied by the proposer at the timeline's
	// revise step for Key.
	Revision *demoRevision
}

// demoRevision is a later revision with the note the proposer gives for it.
type demoRevision struct {
	Note  string
	Input policy.ProblemInput
}

// rights is the rights basis of every seeded statement.
const rights = "Statement of a mathematical problem, written in our own words; no text reproduced."

// Roles of references, shortened for the literals below.
const (
	primary   = reference.RolePRIMARY
	secondary = reference.RoleSECONDARY
	status    = reference.RoleSTATUS_EVIDENCE
)

func def(term, body string) packet.ExpositionEntry {
	return packet.ExpositionEntry{Kind: packet.Definition, Term: term, Body: body}
}
func convention(body string) packet.ExpositionEntry {
	return packet.ExpositionEntry{Kind: packet.Convention, Body: body}
}
func remark(body string) packet.ExpositionEntry {
	return packet.ExpositionEntry{Kind: packet.Remark, Body: body}
}
func example(body string) packet.ExpositionEntry {
	return packet.ExpositionEntry{Kind: packet.Example, Body: body}
}

func proof(criterion string) *packet.Acceptance {
	return &packet.Acceptance{Kind: packet.Proof, Criterion: criterion}
}

func imported(attribution, locator string) *packet.Provenance {
	return &packet.Provenance{Kind: packet.Imported, Attribution: attribution, SourceLocator: locator, RightsBasis: rights}
}

// searched records a prior-art search made on the given day of November
// 2026 in the usual databases.
func searched(day int, coverage string, queries ...string) *packet.ReferenceSearch {
	return &packet.ReferenceSearch{
		CheckedOn: time.Date(2026, time.November, day, 0, 0, 0, 0, time.UTC),
		Databases: []string{"zbMATH Open", "arXiv", "MathSciNet"},
		Queries:   queries,
		Coverage:  coverage,
	}
}

// problems is the demo data, in submission order.
var problems = []demoProblem{
	{
		Key:      "twin-primes",
		Proposer: "demo-ada",
		Input: policy.ProblemInput{
			Title:     "Twin prime conjecture",
			Statement: `Prove that there are infinitely many primes $p$ such that $p+2$ is also prime; equivalently, that for every integer $N$ there is a prime $p > N$ with $p + 2$ prime.`,
			Exposition: []packet.ExpositionEntry{
				def("twin prime pair", `A pair $(p, p+2)$ in which both numbers are prime.`),
				convention(`A prime is an integer $p \ge 2$ whose only positive divisors are $1$ and $p$.`),
				example(`The first twin prime pairs are $(3,5)$, $(5,7)$, $(11,13)$, $(17,19)$, $(29,31)$ and $(41,43)$.`),
				remark(`Zhang (2014) proved that $\liminf_{n\to\infty}(p_{n+1}-p_n)$ is finite, where $p_n$ is the $n$-th prime; Maynard and the Polymath project lowered the bound to $246$. Sieve methods of this kind cannot reach $2$ on their own because of the parity problem.`),
			},
			Acceptance: proof("A proof that the set of primes p with p + 2 prime is infinite, or a proof that it is finite."),
			Provenance: imported("Classical; the case k = 1 of A. de Polignac's 1849 conjecture on prime gaps.",
				"Y. Zhang, Bounded gaps between primes, Ann. of Math. 179 (2014), Section 1"),
			References: []policy.ReferenceInput{
				{Identifier: "10.4007/annals.2014.179.3.7", Citation: "Y. Zhang, Bounded gaps between primes, Ann. of Math. (2) 179 (2014), 1121–1174.",
					Locator: "Section 1", Relevance: "States the conjecture and proves the first finite bound on small prime gaps.", Role: primary},
				{Identifier: "10.4007/annals.2015.181.1.7", Citation: "J. Maynard, Small gaps between primes, Ann. of Math. (2) 181 (2015), 383–413.",
					Relevance: "Bounded gaps by a multidimensional sieve, with the bound 600.", Role: status},
				{Identifier: "arXiv:1407.4897", Citation: "D. H. J. Polymath, Variants of the Selberg sieve, and bounded intervals containing many primes, Res. Math. Sci. 1 (2014).",
					Relevance: "Current unconditional bound 246 and a discussion of the parity barrier that keeps the conjecture open.", Role: status},
			},
			ReferenceSearch: searched(9, "Titles and abstracts through 2026-11-09; surveys of bounded prime gaps since 2013. No claimed proof has been accepted.",
				"twin prime conjecture", "bounded gaps between primes", "prime pairs p, p+2"),
		},
	},
	{
		Key:      "goldbach",
		Proposer: "demo-ada",
		Input: policy.ProblemInput{
			Title:     "Goldbach's conjecture (binary form)",
			Statement: `Prove that every even integer $n \ge 4$ is a sum of two primes: there are primes $p$ and $q$ with $p + q = n$.`,
			Exposition: []packet.ExpositionEntry{
				def("Goldbach partition", `A way of writing an even $n$ as $p + q$ with primes $p \le q$.`),
				convention(`The two primes may be equal, as in $4 = 2 + 2$ and $6 = 3 + 3$.`),
				example(`$28 = 5 + 23 = 11 + 17$, so $28$ has two Goldbach partitions.`),
				remark(`The ternary form (every odd $n \ge 7$ is a sum of three primes) follows from the binary form and was proved by Helfgott in 2013. The binary form has been checked by computer for every even $n \le 4\cdot 10^{18}$.`),
			},
			Acceptance: proof("A proof for every even n ≥ 4, or one even n ≥ 4 together with a verifiable certificate that n − p is composite for every prime p ≤ n/2."),
			Provenance: imported("C. Goldbach, letter to L. Euler, 1742, in the form Euler gave it.",
				"T. Oliveira e Silva, S. Herzog and S. Pardi, Math. Comp. 83 (2014), Section 1"),
			References: []policy.ReferenceInput{
				{Identifier: "10.1090/S0025-5718-2013-02787-1", Citation: "T. Oliveira e Silva, S. Herzog and S. Pardi, Empirical verification of the even Goldbach conjecture and computation of prime gaps up to 4·10^18, Math. Comp. 83 (2014), 2033–2060.",
					Locator: "Section 1", Relevance: "Computational verification up to 4·10^18; the conjecture remains open beyond it.", Role: status},
				{Identifier: "arXiv:1312.7748", Citation: "H. A. Helfgott, The ternary Goldbach conjecture is true, preprint, 2013.",
					Relevance: "Proves the ternary form, the strongest neighbouring result.", Role: secondary},
			},
			ReferenceSearch: searched(9, "Titles and abstracts through 2026-11-09, including computational verifications and work on exceptional sets.",
				"Goldbach conjecture", "binary Goldbach", "even numbers sum of two primes"),
		},
	},
	{
		Key:      "collatz",
		Proposer: "demo-emmy",
		Input: policy.ProblemInput{
			Title:     "Collatz conjecture (the 3x + 1 problem)",
			Statement: `Let $T\colon \mathbb{Z}_{>0} \to \mathbb{Z}_{>0}$ be given by $T(n) = n/2$ for even $n$ and $T(n) = 3n + 1$ for odd $n$. Prove that for every positive integer $n$ there is $k \ge 0$ with $T^{k}(n) = 1$.`,
			Exposition: []packet.ExpositionEntry{
				def("trajectory", `The sequence $n, T(n), T(T(n)), \dots$ of iterates of $T$ starting at $n$.`),
				convention(`$T^{0}(n) = n$ and $T^{k+1}(n) = T(T^{k}(n))$.`),
				example(`$6 \to 3 \to 10 \to 5 \to 16 \to 8 \to 4 \to 2 \to 1$. The trajectory of $27$ needs $111$ steps and climbs to $9232$ before it reaches $1$.`),
				remark(`A counterexample is either a trajectory that grows without bound or a cycle that avoids $1$. Tao (2019) proved that almost all trajectories, in logarithmic density, attain almost bounded values.`),
			},
			Acceptance: proof("A proof that every trajectory reaches 1, or a positive integer whose trajectory is exhibited as a cycle avoiding 1 or is proved to be unbounded."),
			Provenance: imported("L. Collatz, 1930s; surveyed by J. C. Lagarias.",
				"J. C. Lagarias, The 3x+1 problem and its generalizations, Amer. Math. Monthly 92 (1985), Section 1"),
			References: []policy.ReferenceInput{
				{Identifier: "10.1080/00029890.1985.11971528", Citation: "J. C. Lagarias, The 3x+1 problem and its generalizations, Amer. Math. Monthly 92 (1985), 3–23.",
					Locator: "Section 1", Relevance: "Standard statement of the problem and survey of early results.", Role: primary},
				{Identifier: "arXiv:1909.03562", Citation: "T. Tao, Almost all orbits of the Collatz map attain almost bounded values, Forum Math. Pi 10 (2022).",
					Relevance: "Strongest known result of density type; the full conjecture remains open.", Role: status},
			},
			ReferenceSearch: searched(10, "Titles and abstracts through 2026-11-10; Lagarias's annotated bibliographies for earlier work.",
				"Collatz conjecture", "3x+1 problem", "Syracuse problem"),
		},
	},
	{
		Key:      "riemann",
		Proposer: "demo-emmy",
		Input: policy.ProblemInput{
			Title:     "Riemann hypothesis",
			Statement: `Let $\zeta(s)$ be the Riemann zeta function: $\zeta(s) = \sum_{n \ge 1} n^{-s}$ for $\mathrm{Re}(s) > 1$, continued meromorphically to $\mathbb{C}$ with a single simple pole at $s = 1$. Prove that every zero $s$ of $\zeta$ with $0 < \mathrm{Re}(s) < 1$ has $\mathrm{Re}(s) = 1/2$.`,
			Exposition: []packet.ExpositionEntry{
				def("nontrivial zero", `A zero of $\zeta$ in the critical strip $0 < \mathrm{Re}(s) < 1$. The other zeros, $-2, -4, -6, \dots$, are called trivial.`),
				example(`The nontrivial zero with the smallest positive imaginary part is approximately $1/2 + 14.134725\,i$.`),
				remark(`The hypothesis is equivalent to $\pi(x) = \mathrm{Li}(x) + O(\sqrt{x}\log x)$, where $\pi(x)$ counts primes up to $x$ (von Koch, 1901).`),
				remark(`Platt and Trudgian verified that every zero with imaginary part in $(0, 3\cdot 10^{12}]$ lies on the line $\mathrm{Re}(s) = 1/2$.`),
			},
			Acceptance: proof("A proof that every nontrivial zero has real part 1/2, or a zero off that line located by a rigorous computation (for instance with interval arithmetic) that another person can rerun."),
			Provenance: imported("B. Riemann, Über die Anzahl der Primzahlen unter einer gegebenen Grösse, 1859.",
				"H. M. Edwards, Riemann's Zeta Function, Chapter 1"),
			References: []policy.ReferenceInput{
				{Identifier: "ISBN 978-0-486-41740-0", Citation: "H. M. Edwards, Riemann's Zeta Function, Academic Press, 1974; Dover reprint, 2001.",
					Locator: "Chapter 1", Relevance: "Careful account of Riemann's paper and of the statement of the hypothesis.", Role: primary},
				{Identifier: "arXiv:2004.09765", Citation: "D. Platt and T. Trudgian, The Riemann hypothesis is true up to 3·10^12, Bull. London Math. Soc. 53 (2021).",
					Relevance: "Rigorous verification of the hypothesis up to height 3·10^12.", Role: status},
				{Identifier: "arXiv:2405.20552", Citation: "L. Guth and J. Maynard, New large value estimates for Dirichlet polynomials, preprint, 2024.",
					Relevance: "Improved zero-density estimates, the strongest recent progress towards the hypothesis.", Role: secondary},
			},
			ReferenceSearch: searched(10, "Titles and abstracts through 2026-11-10; verification records and zero-density literature since 2000.",
				"Riemann hypothesis", "zeros of the Riemann zeta function critical line", "zero density estimates"),
		},
	},
	{
		Key:      "odd-perfect",
		Proposer: "demo-paul",
		Input: policy.ProblemInput{
			Title:     "Existence of odd perfect numbers",
			Statement: `For a positive integer $n$ let $\sigma(n)$ be the sum of the positive divisors of $n$. Decide whether there is an odd positive integer $n$ with $\sigma(n) = 2n$.`,
			Exposition: []packet.ExpositionEntry{
				def("perfect number", `A positive integer $n$ with $\sigma(n) = 2n$, that is, equal to the sum of its proper divisors.`),
				example(`$6 = 1 + 2 + 3$ and $28 = 1 + 2 + 4 + 7 + 14$ are perfect.`),
				remark(`By Euclid and Euler, the even perfect numbers are exactly the numbers $2^{p-1}(2^{p}-1)$ with $2^{p}-1$ prime, so only the odd case is open.`),
				remark(`Euler showed that an odd perfect number has the form $q^{\alpha}m^{2}$ with $q$ prime, $q \equiv \alpha \equiv 1 \pmod 4$ and $\gcd(q, m) = 1$. Ochem and Rao proved that one would exceed $10^{1500}$.`),
			},
			Acceptance: proof("A proof that no odd perfect number exists, or an odd n with σ(n) = 2n given with its complete prime factorisation so that σ(n) can be computed exactly."),
			Provenance: imported("Classical question, discussed by Descartes and studied by Euler.",
				"P. Ochem and M. Rao, Odd perfect numbers are greater than 10^1500, Math. Comp. 81 (2012), Section 1"),
			References: []policy.ReferenceInput{
				{Identifier: "10.1090/S0025-5718-2012-02563-4", Citation: "P. Ochem and M. Rao, Odd perfect numbers are greater than 10^1500, Math. Comp. 81 (2012), 1869–1877.",
					Locator: "Section 1", Relevance: "States the problem, surveys the known restrictions and proves the current lower bound.", Role: status},
			},
			ReferenceSearch: searched(11, "Titles and abstracts through 2026-11-11; bounds on size and number of prime factors.",
				"odd perfect number", "sigma(n) = 2n odd", "lower bound odd perfect"),
		},
	},
	{
		Key:      "legendre",
		Proposer: "demo-paul",
		Input: policy.ProblemInput{
			Title:     "Legendre's conjecture",
			Statement: `Prove that for every positive integer $n$ there is a prime between $n^2$ and $(n+1)^2$.`,
			Exposition: []packet.ExpositionEntry{
				remark(`This is one of the four problems on primes that Landau singled out in 1912.`),
			},
			Acceptance: proof("A proof for every n, or a counterexample."),
			Provenance: imported("A.-M. Legendre; listed by E. Landau in 1912.",
				"Landau's problems on primes, International Congress of Mathematicians, 1912"),
			References: []policy.ReferenceInput{
				{Identifier: "10.1112/plms/83.3.532", Citation: "R. C. Baker, G. Harman and J. Pintz, The difference between consecutive primes, II, Proc. London Math. Soc. (3) 83 (2001), 532–562.",
					Relevance: "Best known result on primes in short intervals.", Role: status},
			},
			ReferenceSearch: searched(11, "Titles and abstracts through 2026-11-11.",
				"Legendre conjecture", "prime between consecutive squares"),
		},
		Revision: &demoRevision{
			Note: "States the open interval and the domain of n precisely, adds small cases, and explains why the strongest known short-interval results do not reach the conjecture.",
			Input: policy.ProblemInput{
				Title:     "Legendre's conjecture",
				Statement: `Prove that for every integer $n \ge 1$ there is a prime $p$ with $n^2 < p < (n+1)^2$.`,
				Exposition: []packet.ExpositionEntry{
					convention(`The inequalities are strict; since $n^2$ and $(n+1)^2$ are squares they are never prime, so the strict and non-strict forms agree.`),
					example(`$n = 1$: $2, 3$; $n = 2$: $5, 7$; $n = 3$: $11, 13$; $n = 4$: $17, 19, 23$; $n = 5$: $29, 31$.`),
					remark(`The gap between $n^2$ and $(n+1)^2$ is $2n + 1 \approx 2\sqrt{x}$ at $x = n^2$. Baker, Harman and Pintz showed that $[x, x + x^{0.525}]$ contains a prime for all large $x$; an exponent of $1/2$ would be needed. Even the Riemann hypothesis only gives gaps $O(\sqrt{x}\log x)$, which is not enough.`),
					remark(`This is one of the four problems on primes that Landau singled out in 1912.`),
				},
				Acceptance: proof("A proof for every n ≥ 1, or an explicit n with a certificate (for example a factorisation of each integer) that every integer strictly between n² and (n+1)² is composite."),
				Provenance: imported("A.-M. Legendre; listed by E. Landau in 1912.",
					"Landau's problems on primes, International Congress of Mathematicians, 1912"),
				References: []policy.ReferenceInput{
					{Identifier: "10.1112/plms/83.3.532", Citation: "R. C. Baker, G. Harman and J. Pintz, The difference between consecutive primes, II, Proc. London Math. Soc. (3) 83 (2001), 532–562.",
						Locator: "Theorem 1", Relevance: "Primes in intervals [x, x + x^0.525] for large x: the strongest unconditional neighbouring result, short of the exponent 1/2 the conjecture needs.", Role: status},
				},
				ReferenceSearch: searched(13, "Titles and abstracts through 2026-11-13, including explicit results on primes between cubes and higher powers.",
					"Legendre conjecture", "prime between consecutive squares", "primes in short intervals x^0.525"),
			},
		},
	},
	{
		Key:      "brocard",
		Proposer: "demo-sofia",
		Input: policy.ProblemInput{
			Title:     "Brocard's problem",
			Statement: `Find all pairs of positive integers $(n, m)$ with $n! + 1 = m^2$. The pairs $(4, 5)$, $(5, 11)$ and $(7, 71)$ are solutions; prove that there are no others, or find another.`,
			Exposition: []packet.ExpositionEntry{
				def("Brown numbers", `The pairs $(n, m)$ of positive integers satisfying $n! + 1 = m^2$.`),
				example(`$4! + 1 = 25 = 5^2$, $5! + 1 = 121 = 11^2$ and $7! + 1 = 5041 = 71^2$.`),
				remark(`Berndt and Galway found no further solution with $n \le 10^9$. Overholt showed that a weak form of the abc conjecture implies that there are only finitely many solutions.`),
			},
			Acceptance: proof("A proof that (4, 5), (5, 11) and (7, 71) are the only solutions, or a further pair with n! + 1 = m² verified in exact arithmetic."),
			Provenance: imported("H. Brocard, 1876 and 1885; independently S. Ramanujan, 1913.",
				"B. C. Berndt and W. F. Galway, Ramanujan J. 4 (2000), introduction"),
			References: []policy.ReferenceInput{
				{Identifier: "10.1023/A:1009873805276", Citation: "B. C. Berndt and W. F. Galway, On the Brocard–Ramanujan Diophantine equation n! + 1 = m², Ramanujan J. 4 (2000), 41–42.",
					Relevance: "States the problem and reports a search with no new solutions up to 10^9.", Role: status},
			},
			ReferenceSearch: searched(12, "Titles and abstracts through 2026-11-12; computational searches and conditional results.",
				"Brocard problem", "n! + 1 = m^2", "Brown numbers"),
		},
	},
	{
		Key:      "jacobian",
		Proposer: "demo-sofia",
		Input: policy.ProblemInput{
			Title:     "Jacobian conjecture",
			Statement: `Let $k$ be a field of characteristic zero and $n \ge 2$ an integer. Let $F = (F_1, \dots, F_n)\colon k^n \to k^n$ with each $F_i \in k[x_1, \dots, x_n]$, and suppose that the Jacobian determinant $\det(\partial F_i / \partial x_j)$ is a nonzero constant in $k$. Prove that $F$ has an inverse that is also given by polynomials.`,
			Exposition: []packet.ExpositionEntry{
				def("Keller map", `A polynomial map $k^n \to k^n$ whose Jacobian determinant is a nonzero constant.`),
				convention(`It is enough to treat $k = \mathbb{C}$; the statement for all fields of characteristic zero follows from it.`),
				remark(`Characteristic zero is essential: over a field of characteristic $p > 0$, the map $x \mapsto x - x^{p}$ has derivative $1$ but is not injective on the algebraic closure, since $x$ and $x + 1$ have the same image.`),
				remark(`Bass, Connell and Wright (after Yagzhev) reduced the conjecture, for all $n$ at once, to maps of the form $x + H(x)$ with $H$ homogeneous of degree three. The case $n = 2$ is already open.`),
			},
			Acceptance: proof("A proof for every n ≥ 2 over ℂ, or an explicit Keller map over a field of characteristic zero that is not invertible, with the polynomials written out so that the Jacobian determinant and the failure of injectivity or surjectivity can be checked."),
			Provenance: imported("O.-H. Keller, 1939.",
				"H. Bass, E. H. Connell and D. Wright, Bull. Amer. Math. Soc. 7 (1982), introduction"),
			References: []policy.ReferenceInput{
				{Identifier: "10.1090/S0273-0979-1982-15032-7", Citation: "H. Bass, E. H. Connell and D. Wright, The Jacobian conjecture: reduction of degree and formal expansion of the inverse, Bull. Amer. Math. Soc. (N.S.) 7 (1982), 287–330.",
					Relevance: "Standard statement, history of failed proofs and the reduction to cubic maps.", Role: primary},
			},
			ReferenceSearch: searched(12, "Titles and abstracts through 2026-11-12; claimed proofs were checked against later corrections and none is accepted.",
				"Jacobian conjecture", "Keller map", "polynomial automorphism constant Jacobian"),
		},
	},
	{
		Key:      "lehmer",
		Proposer: "demo-paul",
		Input: policy.ProblemInput{
			Title:     "Lehmer's problem on the Mahler measure",
			Statement: `For a nonzero polynomial $P(x) = a\prod_{i=1}^{d}(x - \alpha_i)$ with integer coefficients, leading coefficient $a$ and complex roots $\alpha_i$, let $M(P) = |a|\prod_{i=1}^{d}\max(1, |\alpha_i|)$. Decide whether there is a real constant $c > 1$ such that $M(P) \ge c$ for every $P \in \mathbb{Z}[x]$ with $M(P) > 1$.`,
			Exposition: []packet.ExpositionEntry{
				def("Mahler measure", `The quantity $M(P)$ above; it is multiplicative, $M(PQ) = M(P)M(Q)$.`),
				remark(`By Kronecker's theorem, $M(P) = 1$ for a nonzero $P \in \mathbb{Z}[x]$ exactly when $P$ is $\pm x^{k}$ times a product of cyclotomic polynomials.`),
				example(`Lehmer's polynomial $x^{10} + x^{9} - x^{7} - x^{6} - x^{5} - x^{4} - x^{3} + x + 1$ has Mahler measure about $1.17628$, the smallest value above $1$ known.`),
				remark(`Smyth proved $M(P) \ge 1.3247\ldots$ (the real root of $x^3 - x - 1$) for every irreducible $P$ with $M(P) > 1$ that is not reciprocal, so the open case concerns reciprocal polynomials. Dobrowolski's bound $M(P) \ge 1 + c(\log\log d / \log d)^{3}$ for irreducible noncyclotomic $P$ of degree $d$ is the best known general bound in terms of the degree.`),
			},
			Acceptance: proof("A proof that such a constant c > 1 exists (its optimal value is not required), or integer polynomials P_k with M(P_k) > 1 and M(P_k) → 1, proved or certified by rigorous computation."),
			Provenance: imported("D. H. Lehmer, Factorization of certain cyclotomic functions, Ann. of Math. 34 (1933).",
				"C. Smyth, The Mahler measure of algebraic numbers: a survey, Section 1"),
			References: []policy.ReferenceInput{
				{Identifier: "arXiv:math/0701397", Citation: "C. Smyth, The Mahler measure of algebraic numbers: a survey, in Number Theory and Polynomials, LMS Lecture Note Ser. 352 (2008).",
					Locator: "Section 1", Relevance: "States Lehmer's problem and surveys the known lower bounds, including Smyth's and Dobrowolski's.", Role: primary},
			},
			ReferenceSearch: searched(13, "Titles and abstracts through 2026-11-13; the survey's bibliography for older work.",
				"Lehmer's problem Mahler measure", "Lehmer's conjecture", "small Mahler measure"),
		},
	},
	{
		Key:      "union-closed",
		Proposer: "demo-ada",
		Input: policy.ProblemInput{
			Title:     "Union-closed sets conjecture",
			Statement: `Let $\mathcal{F}$ be a finite family of finite sets that is closed under union ($A, B \in \mathcal{F}$ implies $A \cup B \in \mathcal{F}$) and contains at least one nonempty set. Prove that some element belongs to at least half of the sets in $\mathcal{F}$.`,
			Exposition: []packet.ExpositionEntry{
				def("union-closed family", `A family $\mathcal{F}$ of sets such that the union of any two members is again a member.`),
				convention(`"At least half" means in at least $|\mathcal{F}|/2$ members, counting the empty set if it belongs to $\mathcal{F}$. The family $\{\emptyset\}$ is excluded.`),
				example(`In $\{\{1\}, \{2\}, \{1, 2\}\}$ each of $1$ and $2$ lies in two of the three sets.`),
				remark(`Gilmer (2022) proved that some element lies in at least $0.01\,|\mathcal{F}|$ members; several groups then raised the constant to $(3 - \sqrt{5})/2 \approx 0.382$, which the entropy method cannot pass without new ideas.`),
			},
			Acceptance: proof("A proof of the one-half bound for every such family, or an explicit union-closed family in which every element lies in fewer than half of the members."),
			Provenance: imported("P. Frankl, 1979.", "J. Gilmer, A constant lower bound for the union-closed sets conjecture, Section 1"),
			References: []policy.ReferenceInput{
				{Identifier: "arXiv:2211.09055", Citation: "J. Gilmer, A constant lower bound for the union-closed sets conjecture, preprint, 2022.",
					Locator: "Section 1", Relevance: "States the conjecture and proves the first constant lower bound.", Role: status},
				{Identifier: "arXiv:2211.11689", Citation: "Z. Chase and S. Lovett, Approximate union closed conjecture, preprint, 2022.",
					Relevance: "One of the improvements of Gilmer's constant to (3 − √5)/2.", Role: secondary},
			},
			ReferenceSearch: searched(14, "Titles and abstracts through 2026-11-14; entropy-method papers since 2022.",
				"union-closed sets conjecture", "Frankl conjecture", "union-closed family element frequency"),
		},
	},
	{
		Key:      "erdos-straus",
		Proposer: "demo-emmy",
		Input: policy.ProblemInput{
			Title:     "Erdős–Straus conjecture",
			Statement: `Prove that for every integer $n \ge 2$ there are positive integers $x$, $y$, $z$ with $\frac{4}{n} = \frac{1}{x} + \frac{1}{y} + \frac{1}{z}$.`,
			Exposition: []packet.ExpositionEntry{
				convention(`$x$, $y$ and $z$ need not be distinct.`),
				example(`$\frac{4}{5} = \frac{1}{2} + \frac{1}{4} + \frac{1}{20}$.`),
				remark(`A solution for $n$ gives one for every multiple $kn$ by multiplying $x$, $y$, $z$ by $k$, so it suffices to treat prime $n$. Mordell's identities settle every $n$ outside the residue classes $1, 121, 169, 289, 361, 529$ modulo $840$.`),
			},
			Acceptance: proof("A proof for every n ≥ 2, or an n ≥ 2 with a proof that no positive x, y, z exist (for instance bounds on x ≤ y ≤ z together with an exhaustive search another person can rerun)."),
			Provenance: imported("P. Erdős and E. G. Straus, 1948.", "C. Elsholtz and T. Tao, J. Aust. Math. Soc. 94 (2013), Section 1"),
			References: []policy.ReferenceInput{
				{Identifier: "arXiv:1107.1010", Citation: "C. Elsholtz and T. Tao, Counting the number of solutions to the Erdős–Straus equation on unit fractions, J. Aust. Math. Soc. 94 (2013), 50–105.",
					Locator: "Section 1", Relevance: "States the conjecture, recalls Mordell's residue classes and proves average counts of solutions.", Role: primary},
			},
			ReferenceSearch: searched(14, "Titles and abstracts through 2026-11-14; computational verifications are mentioned in the cited survey.",
				"Erdős–Straus conjecture", "4/n = 1/x + 1/y + 1/z", "Egyptian fractions 4/n"),
		},
	},
	{
		Key:      "sensitivity",
		Proposer: "demo-sofia",
		Input: policy.ProblemInput{
			Title:     "Sensitivity conjecture for Boolean functions",
			Statement: `For a Boolean function $f\colon \{0,1\}^n \to \{0,1\}$ let $s(f)$ be its sensitivity and $bs(f)$ its block sensitivity. Prove that there is a polynomial $q$ such that $bs(f) \le q(s(f))$ for every $n \ge 1$ and every Boolean function $f$ on $n$ variables.`,
			Exposition: []packet.ExpositionEntry{
				def("sensitivity", `$s(f)$ is the largest, over inputs $x$, number of coordinates $i$ such that flipping the $i$-th bit of $x$ changes $f(x)$.`),
				def("block sensitivity", `$bs(f)$ is the largest, over inputs $x$, number of pairwise disjoint sets $B \subseteq \{1, \dots, n\}$ such that flipping all bits of $x$ in $B$ changes $f(x)$.`),
				remark(`Always $s(f) \le bs(f)$. Rubinstein gave functions with $bs(f)$ of order $s(f)^2$, so the polynomial cannot be linear.`),
			},
			Acceptance: proof("A proof of a polynomial bound of bs(f) in terms of s(f), or a family of Boolean functions on which bs(f) grows faster than every polynomial in s(f)."),
			Provenance: imported("N. Nisan and M. Szegedy, 1994.",
				"N. Nisan and M. Szegedy, On the degree of Boolean functions as real polynomials, Section 4"),
			References: []policy.ReferenceInput{
				{Identifier: "10.1007/BF01263419", Citation: "N. Nisan and M. Szegedy, On the degree of Boolean functions as real polynomials, Comput. Complexity 4 (1994), 301–313.",
					Locator: "Section 4", Relevance: "Poses the question among its open problems.", Role: primary},
			},
			ReferenceSearch: searched(15, "Survey literature on sensitivity and block sensitivity up to 2012.",
				"sensitivity conjecture", "block sensitivity polynomial"),
		},
	},
	{
		Key:      "sunflower",
		Proposer: "demo-ada",
		Input: policy.ProblemInput{
			Title:     "Erdős–Rado sunflower conjecture",
			Statement: `Prove that for every integer $r \ge 3$ there is a constant $C_r$ such that, for every integer $w \ge 1$, every family of more than $C_r^{\,w}$ distinct sets, each of size $w$, contains a sunflower with $r$ petals.`,
			Exposition: []packet.ExpositionEntry{
				def("sunflower with r petals", `A family of $r$ distinct sets $S_1, \dots, S_r$ whose pairwise intersections $S_i \cap S_j$ ($i \ne j$) are all equal to one set $K$, the kernel.`),
				example(`$\{1,2\}, \{1,3\}, \{1,4\}$ is a sunflower with three petals and kernel $\{1\}$; any $r$ pairwise disjoint sets form a sunflower with empty kernel.`),
				remark(`Erdős and Rado proved that $w!\,(r-1)^{w}$ sets always suffice. Alweiss, Lovett, Wu and Zhang improved this to $(C r^{3}\log w\,\log\log w)^{w}$, and later work sharpened the bound further, but a bound of the form $C_r^{\,w}$ is still open even for $r = 3$.`),
			},
			Acceptance: proof("A proof of the bound C_r^w for every r ≥ 3, or for some r a sequence of w-uniform families without an r-petal sunflower whose sizes grow faster than every exponential in w."),
			Provenance: imported("P. Erdős and R. Rado, 1960.", "P. Erdős and R. Rado, Intersection theorems for systems of sets, J. London Math. Soc. 35 (1960)"),
			References: []policy.ReferenceInput{
				{Identifier: "10.1112/jlms/s1-35.1.85", Citation: "P. Erdős and R. Rado, Intersection theorems for systems of sets, J. London Math. Soc. 35 (1960), 85–90.",
					Relevance: "Introduces sunflowers, proves the first bound and states the conjecture.", Role: primary},
				{Identifier: "arXiv:1908.08483", Citation: "R. Alweiss, S. Lovett, K. Wu and J. Zhang, Improved bounds for the sunflower lemma, Ann. of Math. (2) 194 (2021).",
					Relevance: "The breakthrough bound; the conjecture itself remains open.", Role: status},
			},
			ReferenceSearch: searched(15, "Titles and abstracts through 2026-11-15; improvements after 2019 were read for the current bound.",
				"sunflower conjecture", "sunflower lemma bounds", "Delta-system Erdős Rado"),
		},
	},
	{
		Key:      "frankl-intersection",
		Proposer: "demo-paul",
		Input: policy.ProblemInput{
			Title:     "Frankl's conjecture for intersection-closed families",
			Statement: `Let $\mathcal{G}$ be a finite family of finite sets with at least two members, closed under intersection ($A, B \in \mathcal{G}$ implies $A \cap B \in \mathcal{G}$), and let $U = \bigcup \mathcal{G}$. Prove that some element of $U$ belongs to at most half of the members of $\mathcal{G}$.`,
			Exposition: []packet.ExpositionEntry{
				def("intersection-closed family", `A family of sets such that the intersection of any two members is again a member.`),
				example(`In $\{\emptyset, \{1\}, \{1, 2\}\}$ the element $2$ lies in one of the three members.`),
			},
			Acceptance: proof("A proof for every such family, or an explicit intersection-closed family with at least two members in which every element of the union lies in more than half of the members."),
			Provenance: imported("P. Frankl, 1979, in the intersection-closed form.", "J. Gilmer, A constant lower bound for the union-closed sets conjecture, Section 1"),
			References: []policy.ReferenceInput{
				{Identifier: "arXiv:2211.09055", Citation: "J. Gilmer, A constant lower bound for the union-closed sets conjecture, preprint, 2022.",
					Relevance: "Recent progress on the conjecture in its union-closed form.", Role: status},
			},
			ReferenceSearch: searched(16, "Titles and abstracts through 2026-11-16.",
				"intersection-closed family Frankl", "Frankl conjecture rare element"),
		},
	},
	{
		Key:      "hadwiger-nelson",
		Proposer: "demo-emmy",
		Input: policy.ProblemInput{
			Title:     "Chromatic number of the plane (Hadwiger–Nelson problem)",
			Statement: `Let $G$ be the graph whose vertices are the points of $\mathbb{R}^2$, two points being adjacent when their Euclidean distance is exactly $1$. Determine the chromatic number $\chi(G)$. It is known that $5 \le \chi(G) \le 7$.`,
			Exposition: []packet.ExpositionEntry{
				def("unit-distance graph", `A graph whose vertices are points of the plane, with edges joining points at distance exactly $1$.`),
				convention(`We work in ZFC, with no measurability required of the colour classes; by the de Bruijn–Erdős theorem $\chi(G)$ is then the largest chromatic number of a finite unit-distance graph.`),
				remark(`The upper bound $7$ comes from colouring a tiling by regular hexagons of diameter slightly below $1$. The Moser spindle gives $\chi(G) \ge 4$; de Grey (2018) found a finite unit-distance graph with chromatic number $5$, and Heule found much smaller ones with SAT solvers.`),
			},
			Acceptance: proof("The exact value with proof: a finite unit-distance graph with exact coordinates and a machine-checkable certificate that it cannot be coloured with k − 1 colours, together with an explicit colouring of the plane with k colours."),
			Provenance: imported("E. Nelson, 1950; H. Hadwiger.", "A. D. N. J. de Grey, The chromatic number of the plane is at least 5, Section 1"),
			References: []policy.ReferenceInput{
				{Identifier: "arXiv:1804.02385", Citation: "A. D. N. J. de Grey, The chromatic number of the plane is at least 5, Geombinatorics 28 (2018), 18–31.",
					Locator: "Section 1", Relevance: "States the problem and proves the current lower bound.", Role: status},
				{Identifier: "arXiv:1805.12181", Citation: "M. J. H. Heule, Computing small unit-distance graphs with chromatic number 5, Geombinatorics 28 (2018), 32–50.",
					Relevance: "Smaller 5-chromatic unit-distance graphs with SAT certificates.", Role: secondary},
			},
			ReferenceSearch: searched(16, "Titles and abstracts through 2026-11-16; Polymath16 reports for later graph reductions.",
				"chromatic number of the plane", "Hadwiger–Nelson problem", "unit distance graph 5-chromatic"),
		},
	},
	{
		Key:      "unit-distance",
		Proposer: "demo-sofia",
		Input: policy.ProblemInput{
			Title:     "Erdős unit distance problem",
			Statement: `For an integer $n \ge 2$ let $u(n)$ be the largest number of pairs at Euclidean distance exactly $1$ among $n$ points of $\mathbb{R}^2$. Prove that for every $\varepsilon > 0$ there is a constant $C_\varepsilon$ with $u(n) \le C_\varepsilon\, n^{1+\varepsilon}$ for all $n$.`,
			Exposition: []packet.ExpositionEntry{
				def("u(n)", `The maximum, over all sets $P$ of $n$ points in the plane, of the number of unordered pairs $\{p, q\} \subseteq P$ with $|p - q| = 1$.`),
				remark(`A suitably scaled square grid gives $u(n) \ge n^{1 + c/\log\log n}$ for a constant $c > 0$ (Erdős, 1946). Erdős conjectured that this is the right order.`),
				remark(`The best upper bound, $u(n) = O(n^{4/3})$, is due to Spencer, Szemerédi and Trotter and follows from the Szemerédi–Trotter incidence theorem. The companion problem on distinct distances was nearly settled by Guth and Katz.`),
			},
			Acceptance: proof("A proof of u(n) = O(n^{1+ε}) for every ε > 0, or a construction with u(n) ≥ c n^{1+δ} for some fixed δ > 0 and infinitely many n."),
			Provenance: imported("P. Erdős, On sets of distances of n points, Amer. Math. Monthly 53 (1946).",
				"E. Szemerédi and W. T. Trotter, Combinatorica 3 (1983), Section 1"),
			References: []policy.ReferenceInput{
				{Identifier: "10.1007/BF02579194", Citation: "E. Szemerédi and W. T. Trotter, Extremal problems in discrete geometry, Combinatorica 3 (1983), 381–392.",
					Relevance: "The incidence bound behind the best known upper bound O(n^{4/3}).", Role: status},
				{Identifier: "arXiv:1011.4105", Citation: "L. Guth and N. H. Katz, On the Erdős distinct distances problem in the plane, Ann. of Math. (2) 181 (2015), 155–190.",
					Relevance: "Near-solution of the companion distinct distances problem; it does not bound u(n).", Role: secondary},
			},
			ReferenceSearch: searched(17, "Titles and abstracts through 2026-11-17; incidence-geometry surveys for upper bounds.",
				"unit distance problem", "Erdős unit distances plane", "number of unit distances n^{4/3}"),
		},
	},
	{
		Key:      "square-peg",
		Proposer: "demo-ada",
		Input: policy.ProblemInput{
			Title:     "Inscribed square problem (Toeplitz's square peg problem)",
			Statement: `Prove that every Jordan curve $\gamma \subset \mathbb{R}^2$ contains four distinct points that are the vertices of a square.`,
			Exposition: []packet.ExpositionEntry{
				def("Jordan curve", `The image of a continuous injective map from the circle $S^1$ to $\mathbb{R}^2$.`),
				convention(`Only the four vertices must lie on $\gamma$; the square need not lie inside the region $\gamma$ bounds.`),
				remark(`The statement is known for convex curves, for piecewise analytic curves and for curves with some smoothness, and Tao proved it for curves made of two Lipschitz graphs with constant less than $1$. Greene and Lobb proved that every smooth Jordan curve inscribes rectangles of every aspect ratio. The general continuous case is open.`),
			},
			Acceptance: proof("A proof for every Jordan curve, or an explicit Jordan curve with a proof that no four of its points form a square."),
			Provenance: imported("O. Toeplitz, 1911.", "B. Matschke, A survey on the square peg problem, Notices Amer. Math. Soc. 61 (2014)"),
			References: []policy.ReferenceInput{
				{Identifier: "10.1090/noti1100", Citation: "B. Matschke, A survey on the square peg problem, Notices Amer. Math. Soc. 61 (2014), 346–352.",
					Relevance: "States the problem and surveys the known special cases.", Role: primary},
				{Identifier: "arXiv:1611.07441", Citation: "T. Tao, An integration approach to the Toeplitz square peg problem, Forum Math. Sigma 5 (2017).",
					Relevance: "The case of curves made of two Lipschitz graphs with small constant.", Role: secondary},
				{Identifier: "arXiv:2005.09193", Citation: "J. E. Greene and A. Lobb, The rectangular peg problem, Ann. of Math. (2) 194 (2021).",
					Relevance: "Rectangles of every aspect ratio in smooth Jordan curves; the square case for continuous curves stays open.", Role: status},
			},
			ReferenceSearch: searched(17, "Titles and abstracts through 2026-11-17; the survey covers results before 2014.",
				"square peg problem", "inscribed square Jordan curve", "Toeplitz conjecture"),
		},
	},
	{
		Key:      "happy-ending",
		Proposer: "demo-emmy",
		Input: policy.ProblemInput{
			Title:     "Erdős–Szekeres conjecture on convex polygons (happy ending problem)",
			Statement: `For an integer $n \ge 3$ let $ES(n)$ be the least integer $N$ such that every set of $N$ points in the plane, no three on a line, contains $n$ points in convex position. Prove that $ES(n) = 2^{n-2} + 1$ for every $n \ge 3$.`,
			Exposition: []packet.ExpositionEntry{
				def("convex position", `Points are in convex position when they are the vertices of a convex polygon.`),
				example(`Any five points with no three on a line contain four in convex position (Klein), so $ES(4) = 5$.`),
				remark(`$ES(3) = 3$, $ES(4) = 5$, $ES(5) = 9$ and $ES(6) = 17$, the last by a computer search of Szekeres and Peters. Erdős and Szekeres proved $ES(n) \ge 2^{n-2} + 1$; Suk proved $ES(n) \le 2^{n + o(n)}$.`),
			},
			Acceptance: proof("A proof of the equality for every n ≥ 3, or for some n an explicit set of 2^{n-2} + 1 points with rational coordinates, no three on a line and no n in convex position, which another person can check exactly."),
			Provenance: imported("P. Erdős and G. Szekeres, 1935 and 1960.", "A. Suk, On the Erdős–Szekeres convex polygon problem, Section 1"),
			References: []policy.ReferenceInput{
				{Identifier: "arXiv:1604.08657", Citation: "A. Suk, On the Erdős–Szekeres convex polygon problem, J. Amer. Math. Soc. 30 (2017), 1047–1053.",
					Locator: "Section 1", Relevance: "States the conjecture and proves the asymptotic upper bound 2^{n+o(n)}.", Role: status},
				{Identifier: "10.1017/S144618110000300X", Citation: "G. Szekeres and L. Peters, Computer solution to the 17-point Erdős–Szekeres problem, ANZIAM J. 48 (2006), 151–164.",
					Relevance: "Establishes ES(6) = 17.", Role: secondary},
			},
			ReferenceSearch: searched(18, "Titles and abstracts through 2026-11-18; exact values and asymptotic bounds.",
				"Erdős–Szekeres conjecture", "happy ending problem", "points in convex position 2^{n-2}+1"),
		},
	},
	{
		Key:      "lonely-runner",
		Proposer: "demo-paul",
		Input: policy.ProblemInput{
			Title:     "Lonely runner conjecture",
			Statement: `Let $k \ge 1$ and let $v_1, \dots, v_k$ be distinct positive real numbers. Prove that there is a real $t > 0$ with $\lVert t v_i \rVert \ge \frac{1}{k+1}$ for every $i = 1, \dots, k$, where $\lVert x \rVert$ is the distance from $x$ to the nearest integer.`,
			Exposition: []packet.ExpositionEntry{
				remark(`In the picture that gives the problem its name, $k$ runners with speeds $v_i$ and one standing runner start together on a circular track of length $1$; the standing runner is eventually at distance at least $1/(k+1)$ from all the others.`),
				remark(`The conjecture has been verified for up to seven runners.`),
			},
			Acceptance: proof("A proof for every k, or speeds for which no such t exists."),
			Provenance: imported("J. M. Wills, 1967, and T. W. Cusick, 1973; the name is due to L. Goddyn.",
				"T. Tao, Some remarks on the lonely runner conjecture, Section 1"),
			References: []policy.ReferenceInput{
				{Identifier: "arXiv:1701.02048", Citation: "T. Tao, Some remarks on the lonely runner conjecture, Contrib. Discrete Math. 13 (2018).",
					Locator: "Section 1", Relevance: "States the conjecture and proves partial results for large k.", Role: status},
			},
			ReferenceSearch: searched(18, "Titles and abstracts through 2026-11-18.",
				"lonely runner conjecture", "view obstruction problem"),
		},
	},
	{
		Key:      "kakeya",
		Proposer: "demo-sofia",
		Input: policy.ProblemInput{
			Title:     "Kakeya set conjecture in dimensions four and higher",
			Statement: `Let $n \ge 4$. Prove that every compact set $K \subseteq \mathbb{R}^n$ that contains a unit line segment in every direction has Hausdorff dimension $n$.`,
			Exposition: []packet.ExpositionEntry{
				def("Kakeya set", `A compact set $K \subseteq \mathbb{R}^n$ such that for every unit vector $e$ there is $a \in \mathbb{R}^n$ with $\{a + te : 0 \le t \le 1\} \subseteq K$. Also called a Besicovitch set.`),
				remark(`Besicovitch showed that Kakeya sets of Lebesgue measure zero exist in every dimension $n \ge 2$, so the question is about dimension. The case $n = 2$ is due to Davies (1971) and the case $n = 3$ to Wang and Zahl (2025).`),
				remark(`Dvir proved the finite-field analogue: a subset of $\mathbb{F}_q^{\,n}$ containing a line in every direction has at least $c_n q^{n}$ points.`),
				convention(`The version for Minkowski dimension is weaker and is also open for $n \ge 4$; this problem asks for Hausdorff dimension.`),
			},
			Acceptance: proof("A proof for every n ≥ 4, or for some n ≥ 4 a Kakeya set in ℝ^n of Hausdorff dimension less than n."),
			Provenance: imported("S. Kakeya, 1917 (the needle problem); the dimension conjecture in its modern form.",
				"H. Wang and J. Zahl, Volume estimates for unions of convex sets, and the Kakeya set conjecture in three dimensions, Section 1"),
			References: []policy.ReferenceInput{
				{Identifier: "arXiv:2502.17655", Citation: "H. Wang and J. Zahl, Volume estimates for unions of convex sets, and the Kakeya set conjecture in three dimensions, preprint, 2025.",
					Locator: "Section 1", Relevance: "Settles n = 3 and describes what remains open in higher dimensions.", Role: status},
				{Identifier: "arXiv:0803.2336", Citation: "Z. Dvir, On the size of Kakeya sets in finite fields, J. Amer. Math. Soc. 22 (2009).",
					Relevance: "The finite-field analogue, proved by the polynomial method.", Role: secondary},
			},
			ReferenceSearch: searched(19, "Titles and abstracts through 2026-11-19; follow-up work on the three-dimensional proof.",
				"Kakeya conjecture higher dimensions", "Kakeya set Hausdorff dimension", "Besicovitch set dimension"),
		},
	},
	{
		Key:      "schanuel",
		Proposer: "demo-ada",
		Input: policy.ProblemInput{
			Title:     "Schanuel's conjecture",
			Statement: `Let $z_1, \dots, z_n \in \mathbb{C}$ be linearly independent over $\mathbb{Q}$. Prove that the field $\mathbb{Q}(z_1, \dots, z_n, e^{z_1}, \dots, e^{z_n})$ has transcendence degree at least $n$ over $\mathbb{Q}$.`,
			Exposition: []packet.ExpositionEntry{
				def("transcendence degree", `The largest number of elements of a field extension of $\mathbb{Q}$ that are algebraically independent over $\mathbb{Q}$.`),
				example(`With $z_1 = 1$ and $z_2 = i\pi$ the conjecture gives that $e$ and $\pi$ are algebraically independent, which is not known; not even the irrationality of $e + \pi$ is known.`),
				remark(`When all $z_i$ are algebraic the conjecture is the Lindemann–Weierstrass theorem. Ax proved the analogue for power series, which is the model for much later work.`),
			},
			Acceptance: proof("A proof of the conjecture, or Q-linearly independent complex numbers z_1, …, z_n for which the transcendence degree is proved to be less than n."),
			Provenance: imported("S. Schanuel, 1960s, as recorded by S. Lang.", "J. Ax, On Schanuel's conjectures, Ann. of Math. 93 (1971), introduction"),
			References: []policy.ReferenceInput{
				{Identifier: "10.2307/1970774", Citation: "J. Ax, On Schanuel's conjectures, Ann. of Math. (2) 93 (1971), 252–268.",
					Relevance: "States the conjecture and proves its power-series and differential-field analogues.", Role: primary},
			},
			ReferenceSearch: searched(19, "Titles and abstracts through 2026-11-19; consequences in transcendence theory and model theory.",
				"Schanuel's conjecture", "transcendence degree exponentials", "algebraic independence e and pi"),
		},
	},
	{
		Key:      "singmaster",
		Proposer: "demo-emmy",
		Input: policy.ProblemInput{
			Title:     "Singmaster's conjecture",
			Statement: `For an integer $t \ge 2$ let $N(t)$ be the number of pairs of integers $(n, k)$ with $0 \le k \le n$ and $\binom{n}{k} = t$. Prove that $N(t)$ is bounded: there is a constant $C$ with $N(t) \le C$ for every $t \ge 2$.`,
			Exposition: []packet.ExpositionEntry{
				convention(`Both $(n, k)$ and $(n, n-k)$ are counted, so each $t \ge 3$ has $N(t) \ge 2$ from $\binom{t}{1} = \binom{t}{t-1} = t$.`),
				example(`$3003 = \binom{3003}{1} = \binom{78}{2} = \binom{15}{5} = \binom{14}{6}$, so with the symmetric pairs $N(3003) = 8$, the largest value known.`),
				remark(`Singmaster proved $N(t) = O(\log t)$. Matomäki, Radziwiłł, Shao, Tao and Teräväinen proved that in the interior region of Pascal's triangle each large $t$ occurs at most four times.`),
			},
			Acceptance: proof("A proof of a uniform bound (the optimal constant is not required), or integers t_j with N(t_j) → ∞ and a proof of that."),
			Provenance: imported("D. Singmaster, 1971.", "K. Matomäki et al., Singmaster's conjecture in the interior of Pascal's triangle, Section 1"),
			References: []policy.ReferenceInput{
				{Identifier: "arXiv:2106.03335", Citation: "K. Matomäki, M. Radziwiłł, X. Shao, T. Tao and J. Teräväinen, Singmaster's conjecture in the interior of Pascal's triangle, Quart. J. Math. 73 (2022).",
					Locator: "Section 1", Relevance: "States the conjecture, surveys the known bounds and settles the interior region.", Role: status},
			},
			ReferenceSearch: searched(20, "Titles and abstracts through 2026-11-20.",
				"Singmaster's conjecture", "multiplicity binomial coefficients Pascal's triangle"),
		},
	},
	{
		Key:      "hadamard-668",
		Proposer: "demo-paul",
		Input: policy.ProblemInput{
			Title:     "A Hadamard matrix of order 668",
			Statement: `Find a $668 \times 668$ matrix $H$ with entries in $\{+1, -1\}$ such that $HH^{\mathsf{T}} = 668\,I$, or prove that none exists. Order $668$ is the smallest multiple of $4$ for which no Hadamard matrix has been published.`,
			Exposition: []packet.ExpositionEntry{
				def("Hadamard matrix", `An $n \times n$ matrix $H$ with entries $\pm 1$ and $HH^{\mathsf{T}} = nI_n$; equivalently, its rows are pairwise orthogonal.`),
				remark(`A Hadamard matrix of order $n > 2$ exists only if $4 \mid n$; the Hadamard conjecture says that it exists for every such $n$.`),
				example(`$\begin{pmatrix} 1 & 1 \\ 1 & -1 \end{pmatrix}$ has order $2$; Sylvester's doubling $H \mapsto \begin{pmatrix} H & H \\ H & -H \end{pmatrix}$ gives every power of $2$.`),
				remark(`Paley's constructions do not reach $668$: $667 = 23 \cdot 29$ and $333 = 3^2 \cdot 37$ are not prime powers. The previous smallest open order, $428$, was settled by Kharaghani and Tayfeh-Rezaie in 2005.`),
			},
			Acceptance: &packet.Acceptance{Kind: packet.Search,
				Criterion:   "An explicit Hadamard matrix of order 668, or a proof that none exists.",
				SearchSpace: "All 668 × 668 matrices with entries +1 and −1.",
				Certificate: "Witness: the matrix as 668 lines of 668 signs, checked by computing H·Hᵀ = 668·I in exact integer arithmetic. Impossibility: a proof, with any computer-assisted part given as a certificate another person can check."},
			Provenance: imported("J. Hadamard, 1893; the existence conjecture is usually attributed to R. E. A. C. Paley, 1933.",
				"H. Kharaghani and B. Tayfeh-Rezaie, A Hadamard matrix of order 428, J. Combin. Des. 13 (2005), introduction"),
			References: []policy.ReferenceInput{
				{Identifier: "10.1002/jcd.20043", Citation: "H. Kharaghani and B. Tayfeh-Rezaie, A Hadamard matrix of order 428, J. Combin. Des. 13 (2005), 435–440.",
					Relevance: "Construction of order 428, after which 668 is the smallest open order.", Role: status},
			},
			ReferenceSearch: searched(20, "Titles and abstracts through 2026-11-20; constructions announced for orders 668, 716 and 892 were looked for and none was found.",
				"Hadamard matrix order 668", "Hadamard conjecture smallest unknown order", "Hadamard matrix construction"),
		},
	},
	{
		Key:      "ramsey-r55",
		Proposer: "demo-sofia",
		Input: policy.ProblemInput{
			Title:     "The Ramsey number R(5, 5)",
			Statement: `Determine $R(5,5)$, the least integer $N$ such that every colouring of the edges of the complete graph $K_N$ with two colours contains a complete subgraph $K_5$ whose edges all have the same colour. It is known that $43 \le R(5,5) \le 46$.`,
			Exposition: []packet.ExpositionEntry{
				def("R(s, t)", `The least $N$ such that every red–blue colouring of the edges of $K_N$ contains a red $K_s$ or a blue $K_t$.`),
				example(`$R(3,3) = 6$: a pentagon with its diagonals in the other colour shows that $5$ vertices are not enough.`),
				remark(`The lower bound $43$ comes from Exoo's colouring of $K_{42}$ (1989); the upper bound $46$ is due to Angeltveit and McKay (2024). McKay and Radziszowski conjectured $R(5,5) = 43$.`),
			},
			Acceptance: &packet.Acceptance{Kind: packet.Search,
				Criterion:   "The exact value: a colouring of K_{m−1} with no monochromatic K_5 and a proof that every colouring of K_m has one, for the same m.",
				SearchSpace: "Two-colourings of the edges of K_N for 42 ≤ N ≤ 46.",
				Certificate: "Lower bound: the colouring as an adjacency matrix, checked over all 5-vertex subsets. Upper bound: a proof whose computer-assisted parts come with checkable certificates (for example DRAT refutations or an enumeration with published code, inputs and hashes)."},
			Provenance: imported("F. P. Ramsey, 1930; the diagonal numbers have been studied since R. E. Greenwood and A. M. Gleason, 1955.",
				"S. P. Radziszowski, Small Ramsey Numbers, Electron. J. Combin., Dynamic Survey DS1, two-colour classical numbers"),
			References: []policy.ReferenceInput{
				{Identifier: "10.37236/21", Citation: "S. P. Radziszowski, Small Ramsey Numbers, Electron. J. Combin., Dynamic Survey DS1 (regularly revised).",
					Relevance: "Authoritative table of known bounds for two-colour classical Ramsey numbers.", Role: primary},
				{Identifier: "arXiv:2409.15709", Citation: "V. Angeltveit and B. D. McKay, R(5,5) ≤ 46, preprint, 2024.",
					Relevance: "Current upper bound.", Role: status},
			},
			ReferenceSearch: searched(21, "Titles and abstracts through 2026-11-21 and the current revision of the dynamic survey.",
				"R(5,5) Ramsey number", "small Ramsey numbers bounds", "Ramsey (5,5)-graphs"),
		},
	},
	{
		Key:      "kissing-4d",
		Proposer: "demo-ada",
		Input: policy.ProblemInput{
			Title:     "Uniqueness of the optimal kissing configuration in four dimensions",
			Statement: `A kissing configuration in $\mathbb{R}^4$ is a set of unit vectors $x_1, \dots, x_m$ with $\langle x_i, x_j\rangle \le \frac{1}{2}$ for all $i \ne j$. Musin proved that $m \le 24$. Classify all kissing configurations with $m = 24$ up to orthogonal transformations of $\mathbb{R}^4$; in particular, decide whether the one given by the $24$-cell is the only one.`,
			Exposition: []packet.ExpositionEntry{
				def("kissing configuration", `The unit vectors above. The balls of radius $1$ centred at $2x_i$ touch the unit ball at the origin and have pairwise disjoint interiors exactly when $\langle x_i, x_j\rangle \le 1/2$.`),
				example(`The $24$ vectors $(\pm 1, \pm 1, 0, 0)/\sqrt{2}$ and their coordinate permutations, the minimal vectors of the $D_4$ lattice, are the vertices of a $24$-cell and form a kissing configuration.`),
				remark(`In dimensions $8$ and $24$ the optimal kissing configurations, from $E_8$ and the Leech lattice, are known to be unique up to isometry. In dimension $4$ uniqueness is open.`),
			},
			Acceptance: &packet.Acceptance{Kind: packet.Classification,
				Criterion:   "A complete list of the kissing configurations of 24 unit vectors in ℝ^4, up to equivalence, with a proof that the list is complete and without repetitions.",
				Equivalence: "Two configurations are equivalent when an orthogonal transformation of ℝ^4 maps one onto the other. Completeness: every configuration of 24 unit vectors with pairwise inner products at most 1/2 is equivalent to one on the list, and no two listed configurations are equivalent."},
			Provenance: imported("Uniqueness question for the 24-cell configuration, after O. R. Musin's determination of the kissing number in dimension four.",
				"O. R. Musin, The kissing number in four dimensions, Ann. of Math. 168 (2008), Section 1"),
			References: []policy.ReferenceInput{
				{Identifier: "10.4007/annals.2008.168.1", Citation: "O. R. Musin, The kissing number in four dimensions, Ann. of Math. (2) 168 (2008), 1–32.",
					Locator: "Section 1", Relevance: "Proves that the kissing number of ℝ^4 is 24; notes that uniqueness of the optimal configuration remains open.", Role: primary},
			},
			ReferenceSearch: searched(21, "Titles and abstracts through 2026-11-21; semidefinite-programming bounds after 2008.",
				"kissing number four dimensions uniqueness", "24-cell kissing configuration unique", "kissing configurations D4"),
		},
	},
	{
		Key:      "lebesgue-cover",
		Proposer: "demo-emmy",
		Input: policy.ProblemInput{
			Title:     "Lebesgue's universal covering problem: the minimal area to three decimals",
			Statement: `A convex set $K \subseteq \mathbb{R}^2$ is a universal cover if every set $S \subseteq \mathbb{R}^2$ of diameter at most $1$ can be moved into $K$ by an isometry of the plane (a composition of translations, rotations and reflections). Let $\alpha$ be the infimum of the areas of universal covers. Determine $\alpha$ to within $10^{-3}$.`,
			Exposition: []packet.ExpositionEntry{
				def("diameter", `The diameter of a set $S$ is $\sup\{|p - q| : p, q \in S\}$.`),
				remark(`Pál showed that it suffices to cover all sets of constant width $1$, and that a regular hexagon of width $1$ with two corners cut off is a universal cover of area $2 - 2/\sqrt{3} \approx 0.8453$.`),
				remark(`Baez, Bagdasaryan and Gibbs found a universal cover of area less than $0.8441153$, and Gibbs later reported one of area about $0.8440936$. The best lower bound, $0.832$, is due to Brass and Sharifi. The present gap is about $0.012$.`),
				convention(`By the Blaschke selection theorem the infimum is attained, so $\alpha$ is a minimum.`),
			},
			Acceptance: &packet.Acceptance{Kind: packet.Numerical,
				Criterion: "Certified bounds L ≤ α ≤ U with U − L ≤ 10^{-3}.",
				Precision: "Absolute error at most 10^{-3}. The upper bound needs an explicit convex set with a proof that it is a universal cover; the lower bound needs a proof whose numerical parts use exact or interval arithmetic and can be rerun."},
			Provenance: imported("H. Lebesgue, letter to J. Pál, 1914.",
				"J. C. Baez, K. Bagdasaryan and P. Gibbs, The Lebesgue universal covering problem, Section 1"),
			References: []policy.ReferenceInput{
				{Identifier: "arXiv:1502.01251", Citation: "J. C. Baez, K. Bagdasaryan and P. Gibbs, The Lebesgue universal covering problem, J. Comput. Geom. 6 (2015), 288–299.",
					Locator: "Section 1", Relevance: "States the problem, reviews the history of upper bounds and gives a smaller universal cover.", Role: primary},
			},
			ReferenceSearch: searched(22, "Titles and abstracts through 2026-11-22; later preprints on upper bounds were read for the current value.",
				"Lebesgue universal covering problem", "universal cover diameter 1 minimal area"),
		},
	},
}
