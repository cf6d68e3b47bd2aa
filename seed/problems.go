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

// hero is the hero-visual handoff of a demo problem: every demo page uses the
// neutral generated fallback, so the handoff is a brief of what the picture
// shows of the statement's object, its alt text and a caption that relates it
// to the setup.
func hero(brief, alt, caption string) packet.Hero {
	return packet.Hero{Brief: brief, Alt: alt, Caption: caption}
}

// openStatus is the record of the strongest known result and of exactly what
// remains open, as of the reference search.
func openStatus(strongestKnown, unresolvedTarget string) packet.OpenStatus {
	return packet.OpenStatus{StrongestKnown: strongestKnown, UnresolvedTarget: unresolvedTarget}
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

// References shared by more than one demo problem.
var (
	// pintzLandau surveys Landau's four problems on primes (Goldbach, twin
	// primes, Legendre, n² + 1).
	pintzLandau = policy.ReferenceInput{Identifier: "10.5802/jtnb.676",
		Citation: "J. Pintz, Landau's problems on primes, J. Théor. Nombres Bordeaux 21 (2009), 357–404."}
	// guyUPINT is Guy's problem book, which states many of the number-theory problems.
	guyUPINT = policy.ReferenceInput{Identifier: "ISBN 978-0-387-20860-2",
		Citation: "R. K. Guy, Unsolved Problems in Number Theory, 3rd ed., Problem Books in Mathematics, Springer, 2004."}
	// oliveiraGoldbach is the verification of the even Goldbach conjecture and of prime gaps up to 4·10^18.
	oliveiraGoldbach = policy.ReferenceInput{Identifier: "10.1090/S0025-5718-2013-02787-1",
		Citation: "T. Oliveira e Silva, S. Herzog and S. Pardi, Empirical verification of the even Goldbach conjecture and computation of prime gaps up to 4·10^18, Math. Comp. 83 (2014), 2033–2060."}
	// bakerHarmanPintz proves primes in [x, x + x^0.525].
	bakerHarmanPintz = policy.ReferenceInput{Identifier: "10.1112/plms/83.3.532",
		Citation: "R. C. Baker, G. Harman and J. Pintz, The difference between consecutive primes, II, Proc. London Math. Soc. (3) 83 (2001), 532–562."}
	// bruhnSchaudt surveys the union-closed sets conjecture in both of its forms.
	bruhnSchaudt = policy.ReferenceInput{Identifier: "10.1007/s00373-014-1515-0",
		Citation: "H. Bruhn and O. Schaudt, The journey of the union-closed sets conjecture, Graphs Combin. 31 (2015), 2043–2074."}
	// gilmer proves the first constant bound for union-closed families.
	gilmer = policy.ReferenceInput{Identifier: "arXiv:2211.09055",
		Citation: "J. Gilmer, A constant lower bound for the union-closed sets conjecture, preprint, 2022."}
)

// ref is r with the locator, relevance note and role this problem cites it for.
func ref(r policy.ReferenceInput, locator, relevance string, role reference.Role) policy.ReferenceInput {
	r.Locator, r.Relevance, r.Role = locator, relevance, role
	return r
}

// legendreHero is the hero handoff of both revisions of Legendre's conjecture.
var legendreHero = hero(
	"The squares 1, 4, 9, 16, 25 and 36 on a number line with the primes lying between each pair of consecutive squares marked, so that the picture shows the intervals from n² to (n+1)² that the statement is about.",
	"A number line from 1 to 36 with tick marks at the squares 1, 4, 9, 16, 25 and 36, and dots at the primes 2, 3, 5, 7, 11, 13, 17, 19, 23, 29 and 31 in the gaps between them.",
	"Each gap between two tick marks holds the integers strictly between consecutive squares n² and (n+1)², where the statement looks for a prime.")

// problems is the demo data, in submission order.
var problems = []demoProblem{
	{
		Key:      "twin-primes",
		Proposer: "demo-ada",
		Input: policy.ProblemInput{
			Title:     "Twin prime conjecture",
			Tags:      []string{"number theory", "primes"},
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
					Locator: "Section 1", Relevance: "States the conjecture and proves the first finite bound, 7·10^7, on liminf (p_{n+1} − p_n).", Role: primary},
				{Identifier: "10.4007/annals.2015.181.1.7", Citation: "J. Maynard, Small gaps between primes, Ann. of Math. (2) 181 (2015), 383–413.",
					Relevance: "Bounded gaps by a multidimensional sieve, with the bound 600, and bounded intervals containing any number of primes.", Role: status},
				{Identifier: "arXiv:1407.4897", Citation: "D. H. J. Polymath, Variants of the Selberg sieve, and bounded intervals containing many primes, Res. Math. Sci. 1 (2014).",
					Relevance: "Current unconditional bound 246 (and 6 under the generalised Elliott–Halberstam conjecture), with a discussion of the parity barrier that keeps the gap 2 out of reach.", Role: status},
			},
			ReferenceSearch: searched(9, "Titles and abstracts through 2026-11-09; surveys of bounded prime gaps since 2013. No claimed proof has been accepted and no bound below 246 has been published.",
				"twin prime conjecture", "bounded gaps between primes", "prime pairs p, p+2", "liminf of prime gaps"),
			OpenStatus: openStatus(
				"liminf (p_{n+1} − p_n) ≤ 246 unconditionally (Polymath, 2014), after the first finite bound 7·10^7 (Zhang, 2014) and Maynard's 600 (2015); under the generalised Elliott–Halberstam conjecture the same method gives 6.",
				"Whether the gap 2 itself occurs infinitely often: the known results give some even gap of size at most 246 infinitely often without saying which, and sieve methods alone cannot isolate the gap 2 because of the parity problem."),
			Hero: hero(
				"The integers from 1 to 100 on a number line with the primes marked and each twin prime pair (p, p + 2) joined by a short arc, so that the picture shows the pairs the statement counts.",
				"A number line from 1 to 100 with the primes drawn as dots; short arcs join 3 and 5, 5 and 7, 11 and 13, 17 and 19, 29 and 31, 41 and 43, 59 and 61, and 71 and 73.",
				"Each arc joins a prime p to the prime p + 2; the statement asks whether such arcs keep appearing along the whole number line."),
		},
	},
	{
		Key:      "goldbach",
		Proposer: "demo-ada",
		Input: policy.ProblemInput{
			Title:     "Goldbach's conjecture (binary form)",
			Tags:      []string{"number theory", "primes", "additive number theory"},
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
				ref(pintzLandau, "", "Surveys Landau's four problems on primes of 1912, the first of which is the binary Goldbach problem, with the history of its partial results.", primary),
				ref(oliveiraGoldbach, "Section 1", "Verifies the binary form for every even n ≤ 4·10^18, the current computational endpoint; the problem remains open beyond it.", status),
				{Identifier: "arXiv:1312.7748", Citation: "H. A. Helfgott, The ternary Goldbach conjecture is true, preprint, 2013.",
					Relevance: "Proves the ternary form, the strongest neighbouring result, which the binary form would imply.", Role: secondary},
			},
			ReferenceSearch: searched(9, "Titles and abstracts through 2026-11-09, including computational verifications and work on exceptional sets; no verification beyond 4·10^18 and no accepted proof was found.",
				"Goldbach conjecture", "binary Goldbach", "even numbers sum of two primes", "Goldbach exceptional set"),
			OpenStatus: openStatus(
				"Every even n with 4 ≤ n ≤ 4·10^18 is a sum of two primes (Oliveira e Silva, Herzog and Pardi, 2014); every odd n ≥ 7 is a sum of three primes (Helfgott, 2013); and every sufficiently large even n is a prime plus a product of at most two primes (Chen, 1973).",
				"Whether every even n above 4·10^18 is a sum of two primes: no proof covers all even numbers and no even number without a Goldbach partition is known."),
			Hero: hero(
				"The even numbers from 4 to 40 in a column, each shown with the pairs of primes p ≤ q that add up to it, so that the picture shows Goldbach partitions.",
				"A column of even numbers 4, 6, 8 and so on up to 40; beside each are pairs of prime dots such as 3 + 5 next to 8, and 5 + 23 and 11 + 17 next to 28.",
				"Each row pairs an even number with the ways of writing it as a sum of two primes, the partitions the statement is about."),
		},
	},
	{
		Key:      "collatz",
		Proposer: "demo-emmy",
		Input: policy.ProblemInput{
			Title:     "Collatz conjecture (the 3x + 1 problem)",
			Tags:      []string{"number theory", "dynamical systems"},
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
					Locator: "Section 1", Relevance: "Standard statement of the problem, its history and the early partial results, including restrictions on cycles.", Role: primary},
				{Identifier: "arXiv:1909.03562", Citation: "T. Tao, Almost all orbits of the Collatz map attain almost bounded values, Forum Math. Pi 10 (2022).",
					Relevance: "Strongest known result of density type: almost all orbits, in logarithmic density, fall below any function tending to infinity; the full conjecture remains open.", Role: status},
			},
			ReferenceSearch: searched(10, "Titles and abstracts through 2026-11-10; Lagarias's annotated bibliographies for earlier work; computational verification records were read for their ranges only.",
				"Collatz conjecture", "3x+1 problem", "Syracuse problem", "Collatz cycles divergent trajectories"),
			OpenStatus: openStatus(
				"Almost all orbits attain almost bounded values: for any f with f(n) → ∞, the trajectory of almost every n in logarithmic density falls below f(n) (Tao, 2019, published 2022); computer checks show that every n up to beyond 10^20 reaches 1, and any cycle avoiding 1 would have to be extremely long (surveyed by Lagarias).",
				"Whether every trajectory reaches 1: neither an unbounded trajectory nor a cycle avoiding 1 has been excluded for all n, and density statements leave a possible exceptional set."),
			Hero: hero(
				"The trajectory of a small starting value under T drawn as a path of values against the step number, with the steps n ↦ 3n + 1 and n ↦ n/2 in different colours.",
				"A zigzag line chart through the values 6, 3, 10, 5, 16, 8, 4, 2 and 1 at steps 0 to 8, with the upward jumps in orange and the halving steps in blue.",
				"Each point is one application of T to the value before it; the chart follows the starting value 6 until it reaches 1."),
		},
	},
	{
		Key:      "riemann",
		Proposer: "demo-emmy",
		Input: policy.ProblemInput{
			Title:     "Riemann hypothesis",
			Tags:      []string{"number theory", "analysis", "zeta functions"},
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
					Locator: "Chapter 1", Relevance: "Careful account of Riemann's 1859 paper and of the statement of the hypothesis.", Role: primary},
				{Identifier: "arXiv:2004.09765", Citation: "D. Platt and T. Trudgian, The Riemann hypothesis is true up to 3·10^12, Bull. London Math. Soc. 53 (2021).",
					Relevance: "Rigorous verification that every zero up to height 3·10^12 lies on the critical line.", Role: status},
				{Identifier: "arXiv:2405.20552", Citation: "L. Guth and J. Maynard, New large value estimates for Dirichlet polynomials, preprint, 2024.",
					Relevance: "Improves Ingham's zero-density estimate to N(σ, T) ≤ T^{30(1−σ)/13+o(1)}, the strongest recent progress towards the hypothesis.", Role: secondary},
			},
			ReferenceSearch: searched(10, "Titles and abstracts through 2026-11-10; verification records and zero-density literature since 2000.",
				"Riemann hypothesis", "zeros of the Riemann zeta function critical line", "zero density estimates", "verification of the Riemann hypothesis height"),
			OpenStatus: openStatus(
				"Every nontrivial zero with imaginary part in (0, 3·10^12] lies on Re(s) = 1/2 (Platt and Trudgian, 2021); more than two fifths of all nontrivial zeros lie on the line (Conrey, 1989, after Selberg's positive proportion); and the zero-density estimate N(σ, T) ≤ T^{30(1−σ)/13+o(1)} holds (Guth and Maynard, 2024).",
				"Whether every nontrivial zero lies on Re(s) = 1/2: no zero off the line is known, and no strip 1 − δ < Re(s) < 1 of fixed width is known to be free of zeros."),
			Hero: hero(
				"The critical strip of the complex plane with the line Re(s) = 1/2 drawn and the first nontrivial zeros of ζ plotted at heights about 14.13, 21.02, 25.01, 30.42 and 32.94.",
				"A vertical band between the lines Re(s) = 0 and Re(s) = 1, with a dashed centre line at 1/2 and five dots on it at heights 14.13, 21.02, 25.01, 30.42 and 32.94.",
				"The shaded band is the critical strip in which the nontrivial zeros of ζ lie, and the dashed line is Re(s) = 1/2, the line named in the statement."),
		},
	},
	{
		Key:      "odd-perfect",
		Proposer: "demo-paul",
		Input: policy.ProblemInput{
			Title:     "Existence of odd perfect numbers",
			Tags:      []string{"number theory", "divisors"},
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
				ref(guyUPINT, "Problem B1", "States the question of odd perfect numbers among the problems on perfect numbers and collects the classical restrictions on their form.", primary),
				{Identifier: "10.1090/S0025-5718-2012-02563-4", Citation: "P. Ochem and M. Rao, Odd perfect numbers are greater than 10^1500, Math. Comp. 81 (2012), 1869–1877.",
					Locator: "Section 1", Relevance: "Surveys the known restrictions and proves the current lower bound 10^1500 and that an odd perfect number has at least 101 prime factors counted with multiplicity.", Role: status},
			},
			ReferenceSearch: searched(11, "Titles and abstracts through 2026-11-11; bounds on size and number of prime factors.",
				"odd perfect number", "sigma(n) = 2n odd", "lower bound odd perfect", "number of prime factors of an odd perfect number"),
			OpenStatus: openStatus(
				"An odd perfect number would exceed 10^1500 and have at least 101 prime factors counted with multiplicity (Ochem and Rao, 2012), and it must have Euler's form q^α m² with q prime and q ≡ α ≡ 1 (mod 4).",
				"Whether any odd n with σ(n) = 2n exists: no example is known and the known restrictions, however strong, do not exclude one."),
			Hero: hero(
				"The proper divisors of 28 drawn as bars stacked to a total height of 28, beside the proper divisors of the odd number 945 stacked to 975, to show the equation σ(n) = 2n being tested on an even and an odd number.",
				"Two stacks of bars: the divisors 1, 2, 4, 7 and 14 of 28 reach exactly a marker at 28, and the proper divisors of 945 reach 975, past a marker at 945.",
				"Each bar is a proper divisor; a number is perfect when its bars stack exactly to its own height, and the statement asks about odd numbers."),
		},
	},
	{
		Key:      "legendre",
		Proposer: "demo-paul",
		Input: policy.ProblemInput{
			Title:     "Legendre's conjecture",
			Tags:      []string{"number theory", "primes"},
			Statement: `Prove that for every positive integer $n$ there is a prime between $n^2$ and $(n+1)^2$.`,
			Exposition: []packet.ExpositionEntry{
				remark(`This is one of the four problems on primes that Landau singled out in 1912.`),
			},
			Acceptance: proof("A proof for every n, or a counterexample."),
			Provenance: imported("A.-M. Legendre; listed by E. Landau in 1912.",
				"Landau's problems on primes, International Congress of Mathematicians, 1912"),
			References: []policy.ReferenceInput{
				ref(pintzLandau, "", "Surveys Landau's four problems on primes of 1912, among them this one, with the history of results on primes in short intervals.", primary),
				ref(bakerHarmanPintz, "", "Best known result on primes in short intervals: [x, x + x^0.525] contains a prime for large x.", status),
			},
			ReferenceSearch: searched(11, "Titles and abstracts through 2026-11-11.",
				"Legendre conjecture", "prime between consecutive squares"),
			OpenStatus: openStatus(
				"For all sufficiently large x the interval [x, x + x^{0.525}] contains a prime (Baker, Harman and Pintz, 2001); the question is one of Landau's four problems of 1912 (surveyed by Pintz, 2009).",
				"Whether there is a prime between n² and (n+1)² for every positive integer n: that interval has length about 2√x at x = n², and the short-interval results would need the exponent 1/2 in place of 0.525."),
			Hero: legendreHero,
		},
		Revision: &demoRevision{
			Note: "States the open interval and the domain of n precisely, adds small cases, and explains why the strongest known short-interval results do not reach the conjecture.",
			Input: policy.ProblemInput{
				Title:     "Legendre's conjecture",
				Tags:      []string{"number theory", "primes"},
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
					ref(pintzLandau, "", "Surveys Landau's four problems on primes of 1912, among them this one, with the history of results on primes in short intervals.", primary),
					ref(bakerHarmanPintz, "Theorem 1", "Primes in intervals [x, x + x^0.525] for large x: the strongest unconditional neighbouring result, short of the exponent 1/2 the conjecture needs.", status),
					ref(oliveiraGoldbach, "", "Computes every maximal gap between consecutive primes below 4·10^18; all are below 1500, which settles every n up to 10^9.", status),
				},
				ReferenceSearch: searched(13, "Titles and abstracts through 2026-11-13, including explicit results on primes between cubes and higher powers and the tables of maximal prime gaps.",
					"Legendre conjecture", "prime between consecutive squares", "primes in short intervals x^0.525", "maximal prime gaps"),
				OpenStatus: openStatus(
					"For all sufficiently large x the interval [x, x + x^{0.525}] contains a prime (Baker, Harman and Pintz, 2001); every gap between consecutive primes below 4·10^18 is less than 1500 (Oliveira e Silva, Herzog and Pardi, 2014), so the statement holds for every n up to 10^9.",
					"Whether the statement holds for every positive integer n: the interval between n² and (n+1)² has length about 2√x at x = n², the short-interval results would need the exponent 1/2 in place of 0.525, and even the Riemann hypothesis gives only gaps O(√x log x)."),
				Hero: legendreHero,
			},
		},
	},
	{
		Key:      "brocard",
		Proposer: "demo-sofia",
		Input: policy.ProblemInput{
			Title:     "Brocard's problem",
			Tags:      []string{"number theory", "diophantine equations"},
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
				ref(guyUPINT, "", "Records Brocard's equation n! + 1 = m² with its history (Brocard 1876 and 1885, Ramanujan 1913) among the Diophantine equations involving factorials.", primary),
				{Identifier: "10.1023/A:1009873805276", Citation: "B. C. Berndt and W. F. Galway, On the Brocard–Ramanujan Diophantine equation n! + 1 = m², Ramanujan J. 4 (2000), 41–42.",
					Relevance: "States the problem and reports a search with no new solutions for n up to 10^9.", Role: status},
			},
			ReferenceSearch: searched(12, "Titles and abstracts through 2026-11-12; computational searches and conditional results.",
				"Brocard problem", "n! + 1 = m^2", "Brown numbers", "Brocard–Ramanujan equation"),
			OpenStatus: openStatus(
				"No solution with 7 < n ≤ 10^9 exists (Berndt and Galway, 2000), and a weak form of the abc conjecture implies that there are only finitely many solutions (Overholt, 1993).",
				"Whether (4, 5), (5, 11) and (7, 71) are the only solutions; unconditionally it is not even known that there are finitely many."),
			Hero: hero(
				"The values n! + 1 for n from 1 to 8 set beside the nearest perfect squares, with the three cases n = 4, 5 and 7, where n! + 1 is itself a square, marked.",
				"A table of rows for n = 1 to 8 listing n! + 1 (2, 3, 7, 25, 121, 721, 5041, 40321) next to the nearest square; the rows 25 = 5², 121 = 11² and 5041 = 71² are highlighted.",
				"Each row compares n! + 1 with the squares around it; the highlighted rows are the three pairs (n, m) given in the statement."),
		},
	},
	{
		Key:      "jacobian",
		Proposer: "demo-sofia",
		Input: policy.ProblemInput{
			Title:     "Jacobian conjecture",
			Tags:      []string{"algebra", "algebraic geometry"},
			Statement: `Let $k$ be a field of characteristic zero and $n \ge 2$ an integer. Let $F = (F_1, \dots, F_n)\colon k^n \to k^n$ with each $F_i \in k[x_1, \dots, x_n]$, and suppose that the Jacobian determinant $\det(\partial F_i / \partial x_j)_{1 \le i, j \le n}$ is a nonzero constant in $k$. Prove that $F$ has an inverse that is also given by polynomials.`,
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
					Relevance: "Standard statement, history of failed proofs, the known case of maps of degree at most 2 and the reduction to cubic maps.", Role: primary},
			},
			ReferenceSearch: searched(12, "Titles and abstracts through 2026-11-12; claimed proofs were checked against later corrections and none is accepted.",
				"Jacobian conjecture", "Keller map", "polynomial automorphism constant Jacobian"),
			OpenStatus: openStatus(
				"The conjecture holds for maps of degree at most 2 (Wang, 1980) and, in two variables, for maps of degree at most 100 (Moh, 1983); for every n it reduces to maps x + H(x) with H homogeneous of degree 3 (Bass, Connell and Wright, 1982, after Yagzhev).",
				"Whether every Keller map has a polynomial inverse, in any number of variables n ≥ 2 and already for n = 2; no counterexample is known."),
			Hero: hero(
				"A square grid in the plane and its image under an explicit polynomial map with constant Jacobian determinant, such as (x, y) ↦ (x + y², y), so that the picture shows a Keller map deforming the grid.",
				"Two panels: on the left a square grid of lines; on the right the same grid bent into parabolic curves by the map taking (x, y) to (x + y², y), its cells still of equal area.",
				"The right panel is the image of the left grid under a polynomial map whose Jacobian determinant is the constant 1, the kind of map in the statement."),
		},
	},
	{
		Key:      "lehmer",
		Proposer: "demo-paul",
		Input: policy.ProblemInput{
			Title:     "Lehmer's problem on the Mahler measure",
			Tags:      []string{"number theory", "polynomials"},
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
					Locator: "Section 1", Relevance: "States Lehmer's problem and surveys the known lower bounds, including Smyth's and Dobrowolski's, and the searches for small Mahler measures.", Role: primary},
			},
			ReferenceSearch: searched(13, "Titles and abstracts through 2026-11-13; the survey's bibliography for older work.",
				"Lehmer's problem Mahler measure", "Lehmer's conjecture", "small Mahler measure"),
			OpenStatus: openStatus(
				"M(P) ≥ 1 + c(log log d / log d)³ for irreducible noncyclotomic P of degree d (Dobrowolski, 1979); M(P) ≥ 1.3247… for irreducible nonreciprocal P with M(P) > 1 (Smyth, 1971); the smallest value above 1 known is 1.17628…, attained by Lehmer's polynomial of 1933 (Smyth's survey).",
				"Whether some absolute constant c > 1 bounds M(P) from below for every P ∈ ℤ[x] with M(P) > 1; only reciprocal polynomials remain, and for them every known lower bound tends to 1 as the degree grows."),
			Hero: hero(
				"The ten complex roots of Lehmer's polynomial plotted with the unit circle, showing the one root outside the circle, near 1.17628, whose modulus is the Mahler measure.",
				"The unit circle with eight dots on it, one dot on the positive real axis just outside it near 1.176 and one just inside it near 0.850.",
				"The dots are the roots of Lehmer's polynomial; M(P) multiplies together the moduli of the roots that lie outside the unit circle."),
		},
	},
	{
		Key:      "union-closed",
		Proposer: "demo-ada",
		Input: policy.ProblemInput{
			Title:     "Union-closed sets conjecture",
			Tags:      []string{"combinatorics", "extremal set theory"},
			Statement: `Let $\mathcal{F}$ be a finite family of finite sets that is closed under union ($A, B \in \mathcal{F}$ implies $A \cup B \in \mathcal{F}$) and contains at least one nonempty set. Prove that some element belongs to at least half of the sets in $\mathcal{F}$.`,
			Exposition: []packet.ExpositionEntry{
				def("union-closed family", `A family $\mathcal{F}$ of sets such that the union of any two members is again a member.`),
				convention(`"At least half" means in at least $|\mathcal{F}|/2$ members, counting the empty set if it belongs to $\mathcal{F}$. The family $\{\emptyset\}$ is excluded.`),
				example(`In $\{\{1\}, \{2\}, \{1, 2\}\}$ each of $1$ and $2$ lies in two of the three sets.`),
				remark(`Gilmer (2022) proved that some element lies in at least $0.01\,|\mathcal{F}|$ members; several groups then raised the constant to $(3 - \sqrt{5})/2 \approx 0.38197$, and refinements of the same entropy method give about $0.38234$.`),
			},
			Acceptance: proof("A proof of the one-half bound for every such family, or an explicit union-closed family in which every element lies in fewer than half of the members."),
			Provenance: imported("P. Frankl, 1979.", "J. Gilmer, A constant lower bound for the union-closed sets conjecture, Section 1"),
			References: []policy.ReferenceInput{
				ref(bruhnSchaudt, "Section 1", "Survey of the conjecture: its origin with Frankl in 1979, its equivalent lattice, graph and intersection-closed forms, and the results before 2014.", primary),
				ref(gilmer, "Section 1", "States the conjecture and proves the first constant lower bound, 0.01.", status),
				{Identifier: "arXiv:2211.11689", Citation: "Z. Chase and S. Lovett, Approximate union closed conjecture, preprint, 2022.",
					Relevance: "One of the independent improvements of Gilmer's constant to (3 − √5)/2.", Role: secondary},
				{Identifier: "arXiv:2212.12500", Citation: "S. Cambie, Better bounds for the union-closed sets conjecture using the entropy approach, preprint, 2022.",
					Relevance: "Pushes the entropy method past (3 − √5)/2, to a constant of about 0.38234, and discusses the limits of the approach.", Role: status},
			},
			ReferenceSearch: searched(14, "Titles and abstracts through 2026-11-14; entropy-method papers since 2022 and the survey's bibliography for earlier work; no proof of the constant 1/2 has been accepted.",
				"union-closed sets conjecture", "Frankl conjecture", "union-closed family element frequency"),
			OpenStatus: openStatus(
				"Some element lies in at least c·|F| members with c ≈ 0.38234 (Sawin's refinement of the entropy method, made explicit by Yu and by Cambie, 2022–2023), after Gilmer's c = 0.01 (2022) and c = (3 − √5)/2 ≈ 0.38197 reached independently by several groups.",
				"Whether the constant can be taken to be 1/2, for every finite union-closed family containing a nonempty set."),
			Hero: hero(
				"A small union-closed family drawn as a diagram of its members ordered by inclusion, for example {1}, {2}, {1, 2} and {1, 2, 3}, with beside each element the number of members containing it.",
				"A diagram of four sets, {1}, {2}, {1, 2} and {1, 2, 3}, with lines from each set up to the larger sets containing it, and the counts 3, 3 and 1 beside the elements 1, 2 and 3.",
				"The four sets form a family closed under union; the counts give, for each element, how many members contain it, the frequency the statement compares with one half."),
		},
	},
	{
		Key:      "erdos-straus",
		Proposer: "demo-emmy",
		Input: policy.ProblemInput{
			Title:     "Erdős–Straus conjecture",
			Tags:      []string{"number theory", "diophantine equations", "egyptian fractions"},
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
					Locator: "Section 1", Relevance: "States the conjecture, recalls Mordell's residue classes and Vaughan's bound on the exceptional set, and proves average counts of solutions over primes.", Role: primary},
			},
			ReferenceSearch: searched(14, "Titles and abstracts through 2026-11-14; computational verifications are mentioned in the cited survey.",
				"Erdős–Straus conjecture", "4/n = 1/x + 1/y + 1/z", "Egyptian fractions 4/n"),
			OpenStatus: openStatus(
				"Mordell's identities give a solution for every n outside the residue classes 1, 121, 169, 289, 361 and 529 modulo 840; the number of n up to N without a solution is at most N exp(−c (log N)^{2/3}) (Vaughan, 1970); and Elsholtz and Tao (2013) estimated the average number of solutions over primes (their Section 1 recalls the earlier results).",
				"Whether every prime n in the six exceptional residue classes modulo 840 has a solution, and hence whether every n ≥ 2 has one."),
			Hero: hero(
				"The fraction 4/5 drawn as four fifths of a bar and, below it, the same length split into pieces of lengths 1/2, 1/4 and 1/20, so that the picture shows 4/n written as three unit fractions.",
				"A horizontal bar divided into fifths with four fifths shaded, and below it a bar of the same length made of three segments labelled 1/2, 1/4 and 1/20.",
				"The three segments have unit-fraction lengths that add up to the shaded 4/5, the kind of decomposition the statement asks for at every n."),
		},
	},
	{
		Key:      "sensitivity",
		Proposer: "demo-sofia",
		Input: policy.ProblemInput{
			Title:     "Sensitivity conjecture for Boolean functions",
			Tags:      []string{"combinatorics", "boolean functions"},
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
					Locator: "Section 4", Relevance: "Poses the question among its open problems and proves bs(f) ≤ 2 deg(f)², which ties block sensitivity to the degree.", Role: primary},
			},
			ReferenceSearch: searched(15, "Survey literature on sensitivity and block sensitivity up to 2012.",
				"sensitivity conjecture", "block sensitivity polynomial"),
			// The proposer's search stopped in 2012, and the record says what
			// that literature holds; the reviewer's known-answer decision in the
			// timeline supplies the 2019 resolution it missed.
			OpenStatus: openStatus(
				"In the literature searched, up to 2012: s(f) ≤ bs(f) ≤ 2 deg(f)² (Nisan and Szegedy, 1994); the best general bound of bs(f) in terms of s(f) is exponential, of order e^{s(f)}√s(f) (Kenyon and Kutin, 2004); and the largest known separation is quadratic (Rubinstein, 1995).",
				"Within the literature searched, up to 2012: whether bs(f) is bounded by a polynomial in s(f) at all."),
			Hero: hero(
				"The three-dimensional Boolean cube with its corners coloured by the values of the majority function, and the edges along which the value changes drawn in bold, so that the picture shows sensitive coordinates.",
				"A cube whose eight corners are labelled with the bit strings 000 to 111 and coloured by the majority of their bits, with the six edges between a corner with one 1 and a corner with two 1s drawn in bold.",
				"A bold edge flips one bit and changes the value of the function; s(f) counts, at the input where it is largest, how many bold edges meet that corner."),
		},
	},
	{
		Key:      "sunflower",
		Proposer: "demo-ada",
		Input: policy.ProblemInput{
			Title:     "Erdős–Rado sunflower conjecture",
			Tags:      []string{"combinatorics", "extremal set theory"},
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
					Relevance: "Introduces sunflowers, proves the first bound w!(r − 1)^w and states the conjecture.", Role: primary},
				{Identifier: "arXiv:1908.08483", Citation: "R. Alweiss, S. Lovett, K. Wu and J. Zhang, Improved bounds for the sunflower lemma, Ann. of Math. (2) 194 (2021).",
					Relevance: "The breakthrough bound (C r³ log w log log w)^w through robust sunflowers; the conjecture itself remains open.", Role: status},
				{Identifier: "arXiv:2009.09327", Citation: "T. Bell, S. Chueluecha and L. Warnke, Note on sunflowers, Discrete Math. 344 (2021), 112367.",
					Relevance: "Sharpens the bound to (C r log w)^w, the best known, after Rao's simplification of the Alweiss–Lovett–Wu–Zhang method.", Role: status},
			},
			ReferenceSearch: searched(15, "Titles and abstracts through 2026-11-15; improvements after 2019 were read for the current bound, and claimed proofs of the full conjecture were checked against their later corrections.",
				"sunflower conjecture", "sunflower lemma bounds", "Delta-system Erdős Rado"),
			OpenStatus: openStatus(
				"Every family of more than (C r log w)^w distinct sets of size w contains a sunflower with r petals, for an absolute constant C (Bell, Chueluecha and Warnke, 2021), after Alweiss, Lovett, Wu and Zhang (2021) and Rao (2020) improved Erdős and Rado's w!(r − 1)^w of 1960.",
				"Whether some bound C_r^w with C_r independent of w holds for each r ≥ 3, already for r = 3: every known bound keeps a factor log w in the base."),
			Hero: hero(
				"Three sets drawn as petals around a shared core, {1, 2}, {1, 3} and {1, 4} with kernel {1}, so that the picture shows a sunflower with three petals.",
				"Three ovals that overlap only in a central disc labelled 1, with the labels 2, 3 and 4 in the outer parts of the ovals.",
				"Any two of the three sets meet exactly in the central kernel, which is what makes them a sunflower with three petals."),
		},
	},
	{
		Key:      "frankl-intersection",
		Proposer: "demo-paul",
		Input: policy.ProblemInput{
			Title:     "Frankl's conjecture for intersection-closed families",
			Tags:      []string{"combinatorics", "extremal set theory"},
			Statement: `Let $\mathcal{G}$ be a finite family of finite sets with at least two members, closed under intersection ($A, B \in \mathcal{G}$ implies $A \cap B \in \mathcal{G}$), and let $U = \bigcup \mathcal{G}$. Prove that some element of $U$ belongs to at most half of the members of $\mathcal{G}$.`,
			Exposition: []packet.ExpositionEntry{
				def("intersection-closed family", `A family of sets such that the intersection of any two members is again a member.`),
				example(`In $\{\emptyset, \{1\}, \{1, 2\}\}$ the element $2$ lies in one of the three members.`),
			},
			Acceptance: proof("A proof for every such family, or an explicit intersection-closed family with at least two members in which every element of the union lies in more than half of the members."),
			Provenance: imported("P. Frankl, 1979, in the intersection-closed form.", "J. Gilmer, A constant lower bound for the union-closed sets conjecture, Section 1"),
			References: []policy.ReferenceInput{
				ref(bruhnSchaudt, "Section 1", "States the conjecture in its union-closed and intersection-closed forms and explains why they are equivalent.", primary),
				ref(gilmer, "", "Constant bound for the union-closed form, which passes to this form by taking complements.", status),
			},
			ReferenceSearch: searched(16, "Titles and abstracts through 2026-11-16.",
				"intersection-closed family Frankl", "Frankl conjecture rare element"),
			OpenStatus: openStatus(
				"Taking complements in U turns the family into a union-closed one, so the union-closed results apply: some element of U lies in at most about 1 − 0.38234 ≈ 0.618 of the members (the entropy method of Gilmer, 2022, and its refinements).",
				"Whether some element of U always lies in at most half of the members, for every finite intersection-closed family with at least two members."),
			Hero: hero(
				"The intersection-closed family {∅, {1}, {1, 2}} drawn as nested sets, with each element of U = {1, 2} labelled by the number of members that contain it.",
				"Three nested shapes: an empty inner dot, a circle around the label 1, and a larger circle around the labels 1 and 2; the element 1 is marked 2 of 3 and the element 2 is marked 1 of 3.",
				"The three sets form a family closed under intersection; the marks count, for each element of the union, how many of the members contain it."),
		},
	},
	{
		Key:      "hadwiger-nelson",
		Proposer: "demo-emmy",
		Input: policy.ProblemInput{
			Title:     "Chromatic number of the plane (Hadwiger–Nelson problem)",
			Tags:      []string{"combinatorics", "discrete geometry", "graph colouring"},
			Statement: `Let $G$ be the graph whose vertices are the points of $\mathbb{R}^2$, two points being adjacent when their Euclidean distance is exactly $1$. Determine the chromatic number $\chi(G)$. It is known that $5 \le \chi(G) \le 7$.`,
			Exposition: []packet.ExpositionEntry{
				def("unit-distance graph", `A graph whose vertices are points of the plane, with edges joining points at distance exactly $1$.`),
				convention(`We work in ZFC, with no measurability required of the colour classes; by the de Bruijn–Erdős theorem $\chi(G)$ is then the largest chromatic number of a finite unit-distance graph.`),
				remark(`The upper bound $7$ comes from colouring a tiling by regular hexagons of diameter slightly below $1$. The Moser spindle gives $\chi(G) \ge 4$; de Grey (2018) found a finite unit-distance graph with chromatic number $5$, and Heule found much smaller ones with SAT solvers.`),
			},
			Acceptance: proof("The exact value with proof: a finite unit-distance graph with exact coordinates and a machine-checkable certificate that it cannot be coloured with k − 1 colours, together with an explicit colouring of the plane with k colours."),
			Provenance: imported("E. Nelson, 1950; H. Hadwiger.", "A. D. N. J. de Grey, The chromatic number of the plane is at least 5, Section 1"),
			References: []policy.ReferenceInput{
				{Identifier: "ISBN 978-0-387-74640-1", Citation: "A. Soifer, The Mathematical Coloring Book: Mathematics of Coloring and the Colorful Life of its Creators, Springer, 2009.",
					Relevance: "History of the problem from Nelson's question of 1950 and Hadwiger's work, with the classical bounds 4 and 7 and their constructions.", Role: primary},
				{Identifier: "arXiv:1804.02385", Citation: "A. D. N. J. de Grey, The chromatic number of the plane is at least 5, Geombinatorics 28 (2018), 18–31.",
					Locator: "Section 1", Relevance: "States the problem and proves the current lower bound 5 with a finite unit-distance graph.", Role: status},
				{Identifier: "arXiv:1805.12181", Citation: "M. J. H. Heule, Computing small unit-distance graphs with chromatic number 5, Geombinatorics 28 (2018), 32–50.",
					Relevance: "Smaller 5-chromatic unit-distance graphs with SAT certificates of non-4-colourability.", Role: secondary},
			},
			ReferenceSearch: searched(16, "Titles and abstracts through 2026-11-16; Polymath16 reports for later graph reductions; no 6-chromatic unit-distance graph and no 6-colouring of the plane was found.",
				"chromatic number of the plane", "Hadwiger–Nelson problem", "unit distance graph 5-chromatic"),
			OpenStatus: openStatus(
				"5 ≤ χ(G) ≤ 7: the lower bound from a finite unit-distance graph that is not 4-colourable (de Grey, 2018; smaller graphs by Heule and Polymath16), the upper bound from a 7-colouring of a hexagonal tiling known since the 1950s (Soifer's history).",
				"Which of 5, 6 and 7 is χ(G): no finite unit-distance graph that is not 5-colourable and no colouring of the plane with 6 colours is known."),
			Hero: hero(
				"A tiling of the plane by regular hexagons of diameter slightly less than 1, coloured with seven colours in a repeating pattern, with one segment of length 1 drawn across it.",
				"A honeycomb of hexagons in seven colours repeating in a fixed pattern, with a short black segment of length 1 whose two ends lie in hexagons of different colours.",
				"The honeycomb colours the plane region by region; the black segment has length 1, the distance at which two points are adjacent in G."),
		},
	},
	{
		Key:      "unit-distance",
		Proposer: "demo-sofia",
		Input: policy.ProblemInput{
			Title:     "Erdős unit distance problem: lowering the exponent 4/3",
			Tags:      []string{"discrete geometry", "combinatorics"},
			Statement: `For an integer $n \ge 2$ let $u(n)$ be the largest number of pairs at Euclidean distance exactly $1$ among $n$ points of $\mathbb{R}^2$. Decide whether there are a real number $\delta > 0$ and a constant $C$ such that $u(n) \le C\, n^{4/3 - \delta}$ for every $n \ge 2$.`,
			Exposition: []packet.ExpositionEntry{
				def("u(n)", `The maximum, over all sets $P$ of $n$ points in the plane, of the number of unordered pairs $\{p, q\} \subseteq P$ with $|p - q| = 1$.`),
				remark(`Spencer, Szemerédi and Trotter (1984) proved $u(n) = O(n^{4/3})$; the bound follows from the Szemerédi–Trotter incidence theorem for points and circles of radius $1$. For suitable strictly convex norms in place of the Euclidean one the exponent $4/3$ is attained (Valtr), so a smaller exponent has to use the geometry of Euclidean circles.`),
				remark(`Erdős (1946) showed $u(n) \ge n^{1 + c/\log\log n}$ with a scaled square grid and conjectured $u(n) = O(n^{1+\varepsilon})$ for every $\varepsilon > 0$. That conjecture was disproved in 2026: a construction found by an OpenAI reasoning model, verified and simplified by Alon, Bloom, Gowers, Litt, Sawin, Shankar, Tsimerman, Wang and Wood, gives $u(n) \ge n^{1+c}$ for a fixed $c > 0$ and infinitely many $n$, and Sawin made the exponent explicit, about $1.014$.`),
			},
			Acceptance: proof("A proof that u(n) ≤ C n^{4/3 − δ} for some fixed δ > 0, some constant C and every n ≥ 2 (δ need not be explicit), or a proof that for every δ > 0 there are infinitely many n with u(n) > n^{4/3 − δ}, for example by explicit point sets."),
			Provenance: imported("P. Erdős, On sets of distances of n points, Amer. Math. Monthly 53 (1946); the exponent 4/3 is that of J. Spencer, E. Szemerédi and W. T. Trotter, 1984.",
				"J. Spencer, E. Szemerédi and W. T. Trotter, Unit distances in the Euclidean plane, in Graph Theory and Combinatorics (B. Bollobás, ed.), Academic Press, 1984, 293–303"),
			References: []policy.ReferenceInput{
				{Identifier: "10.1080/00029890.1946.11991674", Citation: "P. Erdős, On sets of distances of n points, Amer. Math. Monthly 53 (1946), 248–250.",
					Relevance: "Poses the unit distance problem, gives the grid construction with n^{1+c/log log n} unit distances and the first upper bound.", Role: primary},
				{Identifier: "10.1007/BF02579194", Citation: "E. Szemerédi and W. T. Trotter, Extremal problems in discrete geometry, Combinatorica 3 (1983), 381–392.",
					Relevance: "The incidence theorem behind the upper bound O(n^{4/3}), which has not been improved in the exponent.", Role: status},
				{Identifier: "arXiv:2605.20695", Citation: "N. Alon, T. Bloom, W. T. Gowers, D. Litt, W. Sawin, A. Shankar, J. Tsimerman, V. Wang and M. M. Wood, Remarks on the disproof of the unit distance conjecture, preprint, 2026.",
					Relevance: "Human-verified account of the 2026 construction with u(n) ≥ n^{1+c} for a fixed c > 0, which disproves the n^{1+ε} conjecture and leaves the exponent between 1 + c and 4/3.", Role: status},
				{Identifier: "arXiv:2605.20579", Citation: "W. Sawin, An explicit lower bound for the unit distance problem, preprint, 2026.",
					Relevance: "Makes the lower exponent explicit, about 1.014, and discusses how far the class-field-tower construction can go.", Role: secondary},
			},
			ReferenceSearch: searched(17, "Titles and abstracts through 2026-11-17; incidence-geometry surveys for upper bounds, and the 2026 disproof of the n^{1+ε} conjecture with its follow-up preprints on explicit exponents. No improvement of the exponent 4/3 for the Euclidean plane was found.",
				"unit distance problem", "Erdős unit distances plane", "number of unit distances n^{4/3}", "unit distance conjecture disproof"),
			OpenStatus: openStatus(
				"c₁ n^{1.014} ≤ u(n) for infinitely many n (Sawin, 2026, making explicit the construction verified by Alon et al., 2026), and u(n) ≤ C n^{4/3} for all n (Spencer, Szemerédi and Trotter, 1984, from the Szemerédi–Trotter incidence theorem).",
				"Whether the exponent 4/3 in the upper bound can be lowered by any fixed amount; more generally the true growth exponent of u(n), which lies between about 1.014 and 4/3."),
			Hero: hero(
				"A few dozen points in the plane with every pair at distance exactly 1 joined by a segment, for example a scaled piece of the square grid, so that the picture shows a point set and the unit-distance pairs that u(n) counts.",
				"About thirty dots in a slanted square lattice, with equal-length segments joining each pair of dots that are exactly one unit apart.",
				"Each segment joins two of the n points at distance exactly 1; u(n) is the largest possible number of such segments among n points."),
		},
	},
	{
		Key:      "square-peg",
		Proposer: "demo-ada",
		Input: policy.ProblemInput{
			Title:     "Inscribed square problem (Toeplitz's square peg problem)",
			Tags:      []string{"geometry", "topology"},
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
					Relevance: "States the problem and surveys the known special cases: convex, piecewise analytic, smooth and locally monotone curves.", Role: primary},
				{Identifier: "arXiv:1611.07441", Citation: "T. Tao, An integration approach to the Toeplitz square peg problem, Forum Math. Sigma 5 (2017).",
					Relevance: "The case of curves made of two Lipschitz graphs with constant less than 1, by an integration argument.", Role: secondary},
				{Identifier: "arXiv:2005.09193", Citation: "J. E. Greene and A. Lobb, The rectangular peg problem, Ann. of Math. (2) 194 (2021).",
					Relevance: "Rectangles of every aspect ratio in smooth Jordan curves; the square case for continuous curves stays open.", Role: status},
			},
			ReferenceSearch: searched(17, "Titles and abstracts through 2026-11-17; the survey covers results before 2014.",
				"square peg problem", "inscribed square Jordan curve", "Toeplitz conjecture"),
			OpenStatus: openStatus(
				"Every Jordan curve in several broad classes contains the vertices of a square: convex, piecewise analytic, suitably smooth and locally monotone curves (surveyed by Matschke, 2014), and curves made of two Lipschitz graphs with constant less than 1 (Tao, 2017); every smooth Jordan curve inscribes rectangles of every aspect ratio (Greene and Lobb, 2021).",
				"Whether every Jordan curve, with no regularity assumed, contains four points that are the vertices of a square; approximating by smooth curves fails because the inscribed squares may shrink to a point in the limit."),
			Hero: hero(
				"An irregular closed curve in the plane with four points on it joined to form a square, so that the picture shows an inscribed square in the sense of the statement.",
				"A wobbly closed black loop with four red dots on it at the corners of a tilted red square; parts of the square lie outside the loop.",
				"The four red corners lie on the curve; the square itself may cross outside the region the curve encloses, as the convention allows."),
		},
	},
	{
		Key:      "happy-ending",
		Proposer: "demo-emmy",
		Input: policy.ProblemInput{
			Title:     "Erdős–Szekeres conjecture on convex polygons (happy ending problem)",
			Tags:      []string{"discrete geometry", "combinatorics", "ramsey theory"},
			Statement: `For an integer $n \ge 3$ let $ES(n)$ be the least integer $N$ such that every set of $N$ points in the plane, no three on a line, contains $n$ points in convex position. Prove that $ES(n) = 2^{n-2} + 1$ for every $n \ge 3$.`,
			Exposition: []packet.ExpositionEntry{
				def("convex position", `Points are in convex position when they are the vertices of a convex polygon.`),
				example(`Any five points with no three on a line contain four in convex position (Klein), so $ES(4) = 5$.`),
				remark(`$ES(3) = 3$, $ES(4) = 5$, $ES(5) = 9$ and $ES(6) = 17$, the last by a computer search of Szekeres and Peters. Erdős and Szekeres proved $ES(n) \ge 2^{n-2} + 1$; Suk proved $ES(n) \le 2^{n + o(n)}$.`),
			},
			Acceptance: proof("A proof of the equality for every n ≥ 3, or for some n an explicit set of 2^{n-2} + 1 points with rational coordinates, no three on a line and no n in convex position, which another person can check exactly."),
			Provenance: imported("P. Erdős and G. Szekeres, 1935 and 1960.", "A. Suk, On the Erdős–Szekeres convex polygon problem, Section 1"),
			References: []policy.ReferenceInput{
				{Identifier: "10.1090/S0273-0979-00-00877-6", Citation: "W. Morris and V. Soltan, The Erdős–Szekeres problem on points in convex position — a survey, Bull. Amer. Math. Soc. (N.S.) 37 (2000), 437–458.",
					Relevance: "The problem's origin with Klein, Erdős and Szekeres (1935), the construction behind ES(n) ≥ 2^{n−2} + 1 and the small values known in 2000.", Role: primary},
				{Identifier: "arXiv:1604.08657", Citation: "A. Suk, On the Erdős–Szekeres convex polygon problem, J. Amer. Math. Soc. 30 (2017), 1047–1053.",
					Locator: "Section 1", Relevance: "States the conjecture and proves the asymptotic upper bound 2^{n+o(n)}.", Role: status},
				{Identifier: "arXiv:1710.11415", Citation: "A. F. Holmsen, H. N. Mojarrad, J. Pach and G. Tardos, Two extensions of the Erdős–Szekeres problem, J. Eur. Math. Soc. 22 (2020), 3981–3995.",
					Relevance: "Sharpens Suk's bound to ES(n) ≤ 2^{n+O(√(n log n))}, the best known upper bound.", Role: status},
				{Identifier: "10.1017/S144618110000300X", Citation: "G. Szekeres and L. Peters, Computer solution to the 17-point Erdős–Szekeres problem, ANZIAM J. 48 (2006), 151–164.",
					Relevance: "Establishes ES(6) = 17 by an exhaustive computation, the largest exact value known.", Role: secondary},
			},
			ReferenceSearch: searched(18, "Titles and abstracts through 2026-11-18; exact values and asymptotic bounds, including SAT-based work on the 33-point case.",
				"Erdős–Szekeres conjecture", "happy ending problem", "points in convex position 2^{n-2}+1"),
			OpenStatus: openStatus(
				"ES(n) = 2^{n−2} + 1 for n up to 6 (the case 6 by Szekeres and Peters, 2006); for every n, 2^{n−2} + 1 is a lower bound (Erdős and Szekeres, 1961) and 2^{n+O(√(n log n))} an upper bound (Holmsen, Mojarrad, Pach and Tardos, 2020, after Suk, 2017).",
				"Whether ES(n) = 2^{n−2} + 1 for every n from 7 on; the first open case is whether every 33 points in general position contain 7 in convex position."),
			Hero: hero(
				"Nine points in the plane, no three on a line, with five of them joined into a convex pentagon, so that the picture shows points in convex position inside a general set.",
				"Nine black dots scattered in the plane, no three on a line, with five of them joined by red segments into a convex pentagon.",
				"The red pentagon's corners are five of the nine points in convex position; ES(n) is the number of points that forces n such corners."),
		},
	},
	{
		Key:      "lonely-runner",
		Proposer: "demo-paul",
		Input: policy.ProblemInput{
			Title:     "Lonely runner conjecture",
			Tags:      []string{"number theory", "diophantine approximation"},
			Statement: `Let $k \ge 1$ and let $v_1, \dots, v_k$ be distinct positive real numbers. Prove that there is a real $t > 0$ with $\lVert t v_i \rVert \ge \frac{1}{k+1}$ for every $i = 1, \dots, k$, where $\lVert x \rVert$ is the distance from $x$ to the nearest integer.`,
			Exposition: []packet.ExpositionEntry{
				remark(`In the picture that gives the problem its name, $k$ runners with speeds $v_i$ and one standing runner start together on a circular track of length $1$; the standing runner is eventually at distance at least $1/(k+1)$ from all the others.`),
				remark(`The conjecture has been proved for up to ten runners, that is for $k \le 9$; the cases of eight, nine and ten runners were settled in 2025 with computer assistance.`),
			},
			Acceptance: proof("A proof for every k, or speeds for which no such t exists."),
			Provenance: imported("J. M. Wills, 1967, and T. W. Cusick, 1973; the name is due to L. Goddyn.",
				"T. Tao, Some remarks on the lonely runner conjecture, Section 1"),
			References: []policy.ReferenceInput{
				{Identifier: "10.1006/jctb.1997.1770", Citation: "W. Bienia, L. Goddyn, P. Gvozdjak, A. Sebő and M. Tarsi, Flows, view obstructions, and the lonely runner, J. Combin. Theory Ser. B 72 (1998), 1–9.",
					Relevance: "Gives the runner formulation and its name, and relates it to Wills's and Cusick's view-obstruction problems.", Role: primary},
				{Identifier: "arXiv:1701.02048", Citation: "T. Tao, Some remarks on the lonely runner conjecture, Contrib. Discrete Math. 13 (2018).",
					Locator: "Section 1", Relevance: "States the conjecture and proves partial results for large k.", Role: status},
				{Identifier: "arXiv:2509.14111", Citation: "M. Rosenfeld, The lonely runner conjecture holds for eight runners, preprint, 2025.",
					Relevance: "Computer-assisted proof of the case of eight runners, k = 7.", Role: status},
				{Identifier: "arXiv:2511.22427", Citation: "T. Trakulthongchai, Nine and ten lonely runners, preprint, 2025.",
					Relevance: "Computer-assisted proofs of the cases of nine and ten runners, k = 8 and k = 9, the largest cases known.", Role: status},
			},
			ReferenceSearch: searched(18, "Titles and abstracts through 2026-11-18, including the 2025 computer-assisted cases.",
				"lonely runner conjecture", "view obstruction problem"),
			OpenStatus: openStatus(
				"The statement holds for k ≤ 9, that is up to ten runners: seven runners by Barajas and Serra (2008), eight by Rosenfeld (2025) and nine and ten by Trakulthongchai (2025), the last cases with computer assistance; for general k some t gives ‖t v_i‖ ≥ 1/(2k) + c log k/(k² (log log k)²) for all i (Tao, 2018).",
				"Whether the statement holds for every k from 10 on, that is for eleven or more runners."),
			Hero: hero(
				"A circular track of length 1 with a standing runner at the start and a few moving runners shown at one moment t, with the arc of points closer than 1/(k + 1) to the standing runner shaded.",
				"A circle with a black dot at the top for the standing runner, a shaded arc around it, and three coloured dots for moving runners outside the shaded arc.",
				"The coloured dots are the moving runners at one time t; the shaded arc marks distance less than 1/(k + 1) from the standing runner."),
		},
	},
	{
		Key:      "kakeya",
		Proposer: "demo-sofia",
		Input: policy.ProblemInput{
			Title:     "Kakeya set conjecture in dimensions four and higher",
			Tags:      []string{"analysis", "geometric measure theory"},
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
				{Identifier: "10.1007/BF01171101", Citation: "A. S. Besicovitch, On Kakeya's problem and a similar one, Math. Z. 27 (1928), 312–320.",
					Relevance: "Constructs sets of measure zero containing a unit segment in every direction, which turns Kakeya's needle problem into the question of their dimension.", Role: primary},
				{Identifier: "arXiv:2502.17655", Citation: "H. Wang and J. Zahl, Volume estimates for unions of convex sets, and the Kakeya set conjecture in three dimensions, preprint, 2025.",
					Locator: "Section 1", Relevance: "Settles n = 3 and describes what remains open in higher dimensions.", Role: status},
				{Identifier: "10.4171/RMI/188", Citation: "T. Wolff, An improved bound for Kakeya type maximal functions, Rev. Mat. Iberoam. 11 (1995), 651–674.",
					Relevance: "The hairbrush bound (n + 2)/2 on the Hausdorff dimension in every dimension, the base of the later improvements for n ≥ 4.", Role: status},
				{Identifier: "arXiv:0803.2336", Citation: "Z. Dvir, On the size of Kakeya sets in finite fields, J. Amer. Math. Soc. 22 (2009).",
					Relevance: "The finite-field analogue, proved by the polynomial method.", Role: secondary},
			},
			ReferenceSearch: searched(19, "Titles and abstracts through 2026-11-19; follow-up work on the three-dimensional proof.",
				"Kakeya conjecture higher dimensions", "Kakeya set Hausdorff dimension", "Besicovitch set dimension"),
			OpenStatus: openStatus(
				"Kakeya sets have full Hausdorff dimension in the plane (Davies, 1971) and in ℝ³ (Wang and Zahl, 2025); in ℝ^n for n ≥ 4 their Hausdorff dimension is at least (n + 2)/2 (Wolff, 1995), with later improvements that all stay below n.",
				"Whether every Kakeya set in ℝ^n has Hausdorff dimension n, for each n ≥ 4; the weaker statement for Minkowski dimension is open there too."),
			Hero: hero(
				"A Kakeya set in the plane built from many thin unit segments in different directions packed to overlap heavily, so that the picture shows a set containing a unit segment in every direction.",
				"A fan of many thin black needles of equal length pointing in all directions, overlapping into a jagged star-shaped cluster.",
				"Each needle is a unit segment and every direction appears among them; the statement asks how large such a set must be in four and more dimensions."),
		},
	},
	{
		Key:      "schanuel",
		Proposer: "demo-ada",
		Input: policy.ProblemInput{
			Title:     "Schanuel's conjecture",
			Tags:      []string{"number theory", "transcendence"},
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
			OpenStatus: openStatus(
				"The case of algebraic z_i is the Lindemann–Weierstrass theorem (1885) and the case n = 1 follows from the Hermite–Lindemann theorem; Ax (1971) proved the analogue for power series and differential fields; and special consequences such as the algebraic independence of π and e^π are known (Nesterenko, 1996).",
				"The conjecture for transcendental z_i, already for n = 2: for instance it is not known whether e and π are algebraically independent."),
			Hero: hero(
				"A diagram of the field generated over Q by z_1, …, z_n and e^{z_1}, …, e^{z_n}, drawn for z_1 = 1 and z_2 = iπ, with the generators as nodes and a choice of n of them circled.",
				"Four labelled nodes 1, iπ, e and −1 with arrows into a box labelled Q(1, iπ, e, −1), and the nodes e and iπ circled.",
				"The box is the field generated by the z_i and their exponentials; the circled nodes are n generators whose algebraic independence the statement is about."),
		},
	},
	{
		Key:      "singmaster",
		Proposer: "demo-emmy",
		Input: policy.ProblemInput{
			Title:     "Singmaster's conjecture",
			Tags:      []string{"number theory", "combinatorics"},
			Statement: `For an integer $t \ge 2$ let $N(t)$ be the number of pairs of integers $(n, k)$ with $0 \le k \le n$ and $\binom{n}{k} = t$. Prove that $N(t)$ is bounded: there is a constant $C$ with $N(t) \le C$ for every $t \ge 2$.`,
			Exposition: []packet.ExpositionEntry{
				convention(`Both $(n, k)$ and $(n, n-k)$ are counted, so each $t \ge 3$ has $N(t) \ge 2$ from $\binom{t}{1} = \binom{t}{t-1} = t$.`),
				example(`$3003 = \binom{3003}{1} = \binom{78}{2} = \binom{15}{5} = \binom{14}{6}$, so with the symmetric pairs $N(3003) = 8$, the largest value known.`),
				remark(`Singmaster proved $N(t) = O(\log t)$. Matomäki, Radziwiłł, Shao, Tao and Teräväinen proved that in the interior region of Pascal's triangle each large $t$ occurs at most four times.`),
			},
			Acceptance: proof("A proof of a uniform bound (the optimal constant is not required), or integers t_j with N(t_j) → ∞ and a proof of that."),
			Provenance: imported("D. Singmaster, 1971.", "K. Matomäki et al., Singmaster's conjecture in the interior of Pascal's triangle, Section 1"),
			References: []policy.ReferenceInput{
				{Identifier: "10.2307/2316907", Citation: "D. Singmaster, Research Problems: How often does an integer occur as a binomial coefficient?, Amer. Math. Monthly 78 (1971), 385–386.",
					Relevance: "Poses the question, proves N(t) = O(log t) and conjectures a uniform bound.", Role: primary},
				{Identifier: "arXiv:2106.03335", Citation: "K. Matomäki, M. Radziwiłł, X. Shao, T. Tao and J. Teräväinen, Singmaster's conjecture in the interior of Pascal's triangle, Quart. J. Math. 73 (2022).",
					Locator: "Section 1", Relevance: "Surveys the known bounds, including Kane's, and settles the interior region of the triangle.", Role: status},
			},
			ReferenceSearch: searched(20, "Titles and abstracts through 2026-11-20.",
				"Singmaster's conjecture", "multiplicity binomial coefficients Pascal's triangle"),
			OpenStatus: openStatus(
				"N(t) = O((log t)(log log log t)/(log log t)³) (Kane, 2007, improving Singmaster's O(log t) of 1971), and for large t at most four of the pairs lie in the interior region exp((log n)^{2/3+ε}) ≤ k ≤ n − exp((log n)^{2/3+ε}) (Matomäki, Radziwiłł, Shao, Tao and Teräväinen, 2022); the largest value of N(t) known is 8, at t = 3003.",
				"Whether N(t) is bounded by an absolute constant: the known general bounds grow with t, and pairs near the edges of the triangle, with k small compared with n, are not covered by the interior result."),
			Hero: hero(
				"Pascal's triangle from row 0 to row 10 with every occurrence of one repeated value circled, here the four entries equal to 10, so that the picture shows the pairs (n, k) that N(t) counts.",
				"Pascal's triangle drawn from row 0 to row 10, with the four entries equal to 10 circled: two in row 5 and two in row 10.",
				"Each circled entry is a pair (n, k) whose binomial coefficient equals 10; N(t) counts such entries for a given t."),
		},
	},
	{
		Key:      "hadamard-668",
		Proposer: "demo-paul",
		Input: policy.ProblemInput{
			Title:     "A Hadamard matrix of order 668",
			Tags:      []string{"combinatorics", "design theory", "computation"},
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
				{Identifier: "10.1002/sapm1933121311", Citation: "R. E. A. C. Paley, On orthogonal matrices, J. Math. Phys. 12 (1933), 311–320.",
					Relevance: "Constructs Hadamard matrices of orders q + 1 and 2(q + 1) from prime powers q, the constructions that miss 668, and is the usual source of the existence conjecture.", Role: primary},
				{Identifier: "10.1002/jcd.20043", Citation: "H. Kharaghani and B. Tayfeh-Rezaie, A Hadamard matrix of order 428, J. Combin. Des. 13 (2005), 435–440.",
					Relevance: "Constructs order 428, after which 668 is the smallest order for which no Hadamard matrix is known.", Role: status},
			},
			ReferenceSearch: searched(20, "Titles and abstracts through 2026-11-20; constructions announced for orders 668, 716 and 892 were looked for and none was found.",
				"Hadamard matrix order 668", "Hadamard conjecture smallest unknown order", "Hadamard matrix construction"),
			OpenStatus: openStatus(
				"A Hadamard matrix is known for every order 4m below 668; the last of those orders to be settled was 428 (Kharaghani and Tayfeh-Rezaie, 2005), and the smallest orders still without one are 668, 716 and 892.",
				"Whether a Hadamard matrix of order 668 exists: no construction of that order has been published and no obstruction is known."),
			Hero: hero(
				"A Hadamard matrix drawn as a grid of black squares for +1 and white squares for −1, for example Sylvester's matrix of order 16, so that the picture shows a ±1 matrix with pairwise orthogonal rows.",
				"A 16 by 16 grid of black and white squares in the nested checkerboard pattern of Sylvester's doubling.",
				"Black squares are +1 and white squares are −1; in a Hadamard matrix any two rows agree in exactly half of their positions, which is what HHᵀ = nI says."),
			Computation: &packet.Computation{
				Instance:    "Square matrices H of order 668 with every entry +1 or −1; the target is one such H with H·Hᵀ = 668·I_668, or a proof that none exists.",
				Equivalence: "Hadamard equivalence: matrices obtained from one another by permuting rows, permuting columns and negating rows or columns count as the same answer, and any one Hadamard matrix of order 668 settles the problem.",
				WhyNotBruteForce: "There are 2^{446224} sign matrices of order 668, and still 2^{444889} after normalising the first row and column to +1, far beyond enumeration. " +
					"Every construction at comparable orders (Paley's, Williamson's, Goethals–Seidel arrays, the order-428 construction) restricts the search to structured families, such as sequences with prescribed periodic autocorrelation, in which a search is feasible but may come up empty; no such family is known to contain a matrix of order 668.",
				SmallCases: "Orders 1, 2 and every multiple of 4 up to 664 have Hadamard matrices; order 4: rows (1, 1, 1, 1), (1, −1, 1, −1), (1, 1, −1, −1), (1, −1, −1, 1). " +
					"Order 428, the previous smallest open order, was settled in 2005; below 1000 the open orders are 668, 716 and 892.",
				Certification:   "A witness is checked in exact integer arithmetic by computing all 668·669/2 = 223446 inner products of pairs of rows, including each row with itself, and comparing H·Hᵀ with 668·I. A claimed impossibility needs a proof; any exhaustive part must come with a certificate, for example DRAT refutations, that an independent checker can verify.",
				ParameterOrigin: "668 is the smallest multiple of 4 for which no Hadamard matrix has been published since Kharaghani and Tayfeh-Rezaie constructed one of order 428 in 2005; it is the first open case of the Hadamard conjecture, not a chosen value.",
			},
		},
	},
	{
		Key:      "ramsey-r55",
		Proposer: "demo-sofia",
		Input: policy.ProblemInput{
			Title:     "The Ramsey number R(5, 5)",
			Tags:      []string{"combinatorics", "ramsey theory", "computation"},
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
					Locator: "Section 2.1", Relevance: "Authoritative table of the known bounds for two-colour classical Ramsey numbers, with the history of the bounds on R(5,5).", Role: primary},
				{Identifier: "arXiv:2409.15709", Citation: "V. Angeltveit and B. D. McKay, R(5,5) ≤ 46, preprint, 2024.",
					Relevance: "Proves the current upper bound 46 by linear programming and a large case enumeration that was independently replicated.", Role: status},
				{Identifier: "10.1002/jgt.3190130113", Citation: "G. Exoo, A lower bound for R(5,5), J. Graph Theory 13 (1989), 97–98.",
					Relevance: "Gives a 2-colouring of K_42 with no monochromatic K_5, the current lower bound 43.", Role: status},
				{Identifier: "10.4153/CJM-1955-001-4", Citation: "R. E. Greenwood and A. M. Gleason, Combinatorial relations and chromatic graphs, Canad. J. Math. 7 (1955), 1–7.",
					Relevance: "Determines the small cases R(3,3) = 6 and R(4,4) = 18 that test the formulation.", Role: secondary},
			},
			ReferenceSearch: searched(21, "Titles and abstracts through 2026-11-21 and the current revision of the dynamic survey; 2026 work on neighbouring numbers such as R(5, 4.5) still records 43 ≤ R(5,5) ≤ 46.",
				"R(5,5) Ramsey number", "small Ramsey numbers bounds", "Ramsey (5,5)-graphs"),
			OpenStatus: openStatus(
				"43 ≤ R(5,5) ≤ 46: the lower bound from Exoo's 2-colouring of K_42 without a monochromatic K_5 (1989), the upper bound by Angeltveit and McKay (2024), improving their 48 (2017) and McKay and Radziszowski's 49 (1997).",
				"Which of 43, 44, 45 and 46 is R(5,5): whether some 2-colouring of K_43 has no monochromatic K_5 and, if one does, the same question for K_44 and K_45."),
			Hero: hero(
				"A complete graph with its vertices on a circle and every edge coloured red or blue, for example the Paley colouring of K_17, with five vertices ringed to show where a monochromatic K_5 would be looked for.",
				"Seventeen dots evenly spaced on a circle, every pair joined by a red or a blue chord in a rotating symmetric pattern, with five of the dots ringed in black.",
				"Every edge of the complete graph carries one of two colours; R(5,5) asks for the least number of vertices at which five ringed vertices with all ten edges in one colour can no longer be avoided."),
			Computation: &packet.Computation{
				Instance:    "Two-colourings of the edges of K_N for 42 ≤ N ≤ 46, equivalently graphs on N vertices with no clique and no independent set of 5 vertices ((5,5)-graphs); R(5,5) is the least N with no (5,5)-graph on N vertices.",
				Equivalence: "Graph isomorphism together with complementation: colourings related by a permutation of the vertices or by swapping the two colours count as the same answer.",
				WhyNotBruteForce: "K_43 has 903 edges, so there are 2^903 ≈ 7·10^271 colourings, still more than 10^218 up to isomorphism and colour swap. " +
					"The upper bound 46 needed linear programming on degree sequences and the gluing of smaller Ramsey graphs (Angeltveit–McKay); extending that method to exclude (5,5)-graphs on 43, 44 or 45 vertices is beyond current reach, and heuristic searches for a (5,5)-graph on 43 vertices have found none.",
				SmallCases:      "R(3,3) = 6 and R(4,4) = 18 (Greenwood–Gleason 1955); Exoo's (5,5)-graph on 42 vertices gives R(5,5) ≥ 43; 656 (5,5)-graphs on 42 vertices are known and none on 43 vertices (recorded in the dynamic survey).",
				Certification:   "Lower bound R(5,5) ≥ m + 1: an explicit (5,5)-graph on m vertices as an adjacency matrix, checked by testing every 5-vertex subset (C(43,5) = 962598 subsets for m = 43). Upper bound R(5,5) ≤ m: a proof whose computer-assisted parts come with code, inputs and outputs for independent replication, or with checkable certificates such as DRAT proofs of unsatisfiability.",
				ParameterOrigin: "R(5,5) is the smallest undetermined diagonal two-colour Ramsey number: R(3,3) = 6 and R(4,4) = 18 have been known since 1955, and 43 and 46 are the endpoints of the current range in Radziszowski's dynamic survey (Exoo 1989; Angeltveit–McKay 2024).",
			},
		},
	},
	{
		Key:      "kissing-4d",
		Proposer: "demo-ada",
		Input: policy.ProblemInput{
			Title:     "Uniqueness of the optimal kissing configuration in four dimensions",
			Tags:      []string{"discrete geometry", "sphere packing", "computation"},
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
			ReferenceSearch: searched(21, "Titles and abstracts through 2026-11-21; semidefinite-programming bounds after 2008 and work on the 24-cell conjecture.",
				"kissing number four dimensions uniqueness", "24-cell kissing configuration unique", "kissing configurations D4"),
			OpenStatus: openStatus(
				"The kissing number of ℝ^4 is 24 (Musin, announced 2003, published 2008), attained by the 24-cell, whose vertices are the minimal vectors of D_4; in dimensions 8 and 24 the optimal configurations are unique up to isometry (Bannai and Sloane, 1981).",
				"Whether every kissing configuration of 24 unit vectors in ℝ^4 is equivalent to the 24-cell configuration, and if not, the complete list of equivalence classes."),
			Hero: hero(
				"A three-dimensional projection of the 24-cell, whose 24 vertices are the unit vectors of the D_4 kissing configuration, with a small ball at each vertex around a central ball.",
				"A wireframe polytope with 24 vertices and 96 edges projected into three dimensions, with a translucent ball at its centre and a small ball at every vertex.",
				"The 24 vertices are the unit vectors of one kissing configuration in ℝ^4; the statement asks for all configurations of 24 such vectors up to rotation and reflection."),
		},
	},
	{
		Key:      "lebesgue-cover",
		Proposer: "demo-emmy",
		Input: policy.ProblemInput{
			Title:     "Lebesgue's universal covering problem: the minimal area to three decimals",
			Tags:      []string{"geometry", "discrete geometry"},
			Statement: `A convex set $K \subseteq \mathbb{R}^2$ is a universal cover if every set $S \subseteq \mathbb{R}^2$ of diameter at most $1$ can be moved into $K$ by an isometry of the plane (a composition of translations, rotations and reflections). Let $\alpha$ be the infimum of the areas of universal covers. Determine $\alpha$ to within $10^{-3}$.`,
			Exposition: []packet.ExpositionEntry{
				def("diameter", `The diameter of a set $S$ is $\sup\{|p - q| : p, q \in S\}$.`),
				remark(`Pál showed that it suffices to cover all sets of constant width $1$, and that a regular hexagon of width $1$ with two corners cut off is a universal cover of area $2 - 2/\sqrt{3} \approx 0.8453$.`),
				remark(`Baez, Bagdasaryan and Gibbs found a universal cover of area less than $0.8441153$, and Gibbs later reported one of area about $0.8440936$. The best lower bound, $0.832$, is due to Brass and Sharifi. The present gap is about $0.012$.`),
				remark(`By the Blaschke selection theorem the infimum is attained, so $\alpha$ is a minimum.`),
			},
			Acceptance: &packet.Acceptance{Kind: packet.Numerical,
				Criterion: "Certified bounds L ≤ α ≤ U with U − L ≤ 10^{-3}.",
				Precision: "Absolute error at most 10^{-3}. The upper bound needs an explicit convex set with a proof that it is a universal cover; the lower bound needs a proof whose numerical parts use exact or interval arithmetic and can be rerun."},
			Provenance: imported("H. Lebesgue, letter to J. Pál, 1914.",
				"J. C. Baez, K. Bagdasaryan and P. Gibbs, The Lebesgue universal covering problem, Section 1"),
			References: []policy.ReferenceInput{
				{Identifier: "arXiv:1502.01251", Citation: "J. C. Baez, K. Bagdasaryan and P. Gibbs, The Lebesgue universal covering problem, J. Comput. Geom. 6 (2015), 288–299.",
					Locator: "Section 1", Relevance: "States the problem, reviews the history of upper bounds from Pál to Hansen and gives a universal cover of area less than 0.8441153.", Role: primary},
				{Identifier: "10.1142/S0218195905001828", Citation: "P. Brass and M. Sharifi, A lower bound for Lebesgue's universal cover problem, Int. J. Comput. Geom. Appl. 15 (2005), 537–544.",
					Relevance: "Proves the lower bound 0.832 from a disc, an equilateral triangle and a regular pentagon of diameter 1, by a computer-assisted minimisation over their placements.", Role: status},
				{Identifier: "arXiv:1810.10089", Citation: "P. Gibbs, An upper bound for Lebesgue's covering problem, preprint, 2018.",
					Relevance: "Gives the smallest universal cover known, of area about 0.8440935944.", Role: status},
			},
			ReferenceSearch: searched(22, "Titles and abstracts through 2026-11-22; later preprints on upper and lower bounds were read for the current values, and the peer-reviewed lower bound was taken as the endpoint.",
				"Lebesgue universal covering problem", "universal cover diameter 1 minimal area", "lower bound universal cover Brass Sharifi"),
			OpenStatus: openStatus(
				"0.832 ≤ α ≤ 0.8440936: the lower bound by Brass and Sharifi (2005), the upper bound from Gibbs's universal cover of area about 0.8440935944 (2018), after Baez, Bagdasaryan and Gibbs's 0.8441153 (2015).",
				"Certified bounds on α whose difference is at most 10^{-3}: the present gap is about 0.012, so the certified lower bound would have to rise above about 0.843, or the upper bound fall by a similar amount."),
			Hero: hero(
				"A regular hexagon of width 1 with two corners cut off, as in Pál's cover, with a disc and a Reuleaux triangle of width 1 drawn inside it, so that the picture shows a convex set holding sets of diameter 1.",
				"A hexagon with two corners trimmed off, and inside it a circle and a curved-sided triangle whose widths equal the width of the hexagon.",
				"The trimmed hexagon is a convex set of the kind in the statement, and the disc and the curved triangle inside it are two of the sets of diameter 1 it has to hold."),
			Computation: &packet.Computation{
				Instance:    "The real number α, the minimum area of a convex set in the plane that contains an isometric copy of every set of diameter 1; the target is a pair of rationals L and U with L ≤ α ≤ U and U − L ≤ 10^{-3}, each side certified.",
				Equivalence: "None is needed for the value: two certified intervals are the same answer when they have the same endpoints. For covers, convex sets related by an isometry of the plane count as the same cover.",
				WhyNotBruteForce: "The minimisation runs over all convex sets and all sets of constant width 1, an infinite-dimensional family that cannot be enumerated. " +
					"Lower bounds come from finitely many test sets of diameter 1 by minimising the area of the convex hull of their placements; each added test set adds three dimensions (two translations and a rotation) to the placement space, so Brass and Sharifi's disc, triangle and pentagon need a 5-dimensional branch and bound and a fourth set an 8-dimensional one, whose cost grows exponentially. " +
					"Upper bounds need a proof that a candidate contains every set of constant width 1, which no finite check provides.",
				SmallCases:      "Pál's cover, a regular hexagon of width 1 (area √3/2 ≈ 0.8660) with two corners cut off, has area 2 − 2/√3 ≈ 0.84530; every universal cover contains a disc of diameter 1, of area π/4 ≈ 0.7854; a disc with an equilateral triangle gives Pál's lower bound π/8 + √3/4 ≈ 0.8257, and adding a regular pentagon gives 0.832 (Brass–Sharifi).",
				Certification:   "Upper bound: an explicit convex polygon with exact algebraic or rational vertices, a proof that it contains an isometric copy of every set of constant width 1, and its area computed exactly. Lower bound: a finite family of sets of diameter 1 and a proof that every convex set containing isometric copies of all of them has area at least L, with the minimisation carried out in interval arithmetic so that another person can rerun it.",
				ParameterOrigin: "The precision 10^{-3} is about a tenth of the present gap 0.8441 − 0.832 ≈ 0.012 between the peer-reviewed lower bound of Brass and Sharifi (2005) and Gibbs's cover (2018): three correct decimals is the first precision beyond what the current bounds give.",
			},
		},
	},
}
