package seed

import "github.com/theoremdb/theoremdb/policy"

// solved is the demo's catalogue of solved problems, as an import of a problem list would keep
// them: each statement in the words of a list of problems, its status and where the answer is.
// The known-answer check searches it, so a demo submission of a solved problem is caught.
var solved = []policy.Solved{
	{Key: "demo-catalogue:sensitivity", Source: "demo catalogue", Title: "Sensitivity conjecture",
		Statement: `For every Boolean function $f\colon \{0,1\}^n \to \{0,1\}$ the block sensitivity $bs(f)$ is bounded by a polynomial in the sensitivity $s(f)$: there is a polynomial $q$ with $bs(f) \le q(s(f))$ for all $n$ and $f$.`,
		Status:    "proved", Locator: "H. Huang, Induced subgraphs of hypercubes and a proof of the Sensitivity Conjecture, Ann. of Math. 190 (2019), doi:10.4007/annals.2019.190.3.6"},
	{Key: "demo-catalogue:catalan", Source: "demo catalogue", Title: "Catalan's conjecture",
		Statement: `The only solution in positive integers $x, y, a, b$ with $a, b > 1$ of $x^a - y^b = 1$ is $3^2 - 2^3 = 1$.`,
		Status:    "proved", Locator: "P. Mihăilescu, Primary cyclotomic units and a proof of Catalan's conjecture, J. reine angew. Math. 572 (2004), doi:10.1515/crll.2004.048"},
	{Key: "demo-catalogue:kepler", Source: "demo catalogue", Title: "Kepler conjecture",
		Statement: `No packing of congruent balls in three-dimensional Euclidean space has density greater than $\pi/\sqrt{18}$, the density of the face-centred cubic packing.`,
		Status:    "proved", Locator: "T. Hales et al., A formal proof of the Kepler conjecture, Forum Math. Pi 5 (2017), doi:10.1017/fmp.2017.1"},
	{Key: "demo-catalogue:weak-goldbach", Source: "demo catalogue", Title: "Ternary Goldbach conjecture",
		Statement: `Every odd integer $n > 5$ is the sum of three primes.`,
		Status:    "proved", Locator: "H. A. Helfgott, The ternary Goldbach conjecture is true, arXiv:1312.7748"},
	{Key: "demo-catalogue:duffin-schaeffer", Source: "demo catalogue", Title: "Duffin–Schaeffer conjecture",
		Statement: `For $\psi\colon \mathbb{N} \to [0, \infty)$, almost every real $\alpha$ has infinitely many coprime approximations $|\alpha - p/q| < \psi(q)/q$ if and only if $\sum_q \varphi(q)\psi(q)/q = \infty$.`,
		Status:    "proved", Locator: "D. Koukoulopoulos and J. Maynard, On the Duffin–Schaeffer conjecture, Ann. of Math. 192 (2020), doi:10.4007/annals.2020.192.1.5"},
}
