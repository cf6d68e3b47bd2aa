package gates

import (
	"context"
	"testing"

	"github.com/theoremdb/theoremdb/similar"
)

// The tests in this file hold the duplicate gate's thresholds to the similarity the index
// (package similar) reports for pairs of statements.

// similarity is the similarity Similar reports for b when a is the only other statement.
func similarity(t *testing.T, titleA, a, titleB, b string) float64 {
	t.Helper()
	x := similar.NewIndex()
	x.Add("A", titleA, a, "ACCEPTED", "")
	cs, err := x.Similar(context.Background(), titleB, b, "", 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) == 0 {
		return 0
	}
	return cs[0].Similarity
}

func TestSimilarity(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		a, b     string
		min, max float64
	}{
		{"identical", sidon, sidon, 1, 1},
		{"variables renamed", sidon, `Let $B \subseteq \{1, \ldots, M\}$ be a Sidon set, that is, a set in which all sums $x + y$ with $x \le y$ are distinct. Is it true that $|B| \le M^{1/2} + O(1)$? Erdős offered a prize for this bound.`, DuplicateFailThreshold, 1},
		{"sentences reordered", twin, `Equivalently, for every integer $N$ there is a prime $p > N$ with $p + 2$ prime. Prove that there are infinitely many primes $p$ such that $p+2$ is also prime.`, DuplicateFailThreshold, 1},
		{"markup and case", twin, `PROVE that there are   infinitely many primes \(p\) such that \(p+2\) is also prime.  Equivalently, for every integer \(N\) there is a prime \(p > N\) with \(p + 2\) prime.`, DuplicateFailThreshold, 1},
		{"plural and accents", `Erdős asked whether the sets exist.`, `Erdos asked whether the set exists.`, DuplicateFailThreshold, 1},
		{"a word changed", collatz, `Let $T(n) = n/2$ for even $n$ and $T(n) = 3n + 1$ for odd $n$. Show that for every positive integer $n$ there is $k \ge 0$ with $T^{k}(n) = 1$.`, DuplicateReviewThreshold, DuplicateFailThreshold},
		{"a formula changed", collatz, `Let $T(n) = n/2$ for even $n$ and $T(n) = 5n + 1$ for odd $n$. Prove that for every positive integer $n$ there is $k \ge 0$ with $T^{k}(n) = 1$.`, DuplicateReviewThreshold, DuplicateFailThreshold},
		{"unrelated", sidon, collatz, 0, DuplicateReviewThreshold},
		{"unrelated on the same objects", twin, `Prove that every even integer $n \ge 4$ is a sum of two primes: there are primes $p$ and $q$ with $p + q = n$.`, 0, DuplicateReviewThreshold},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := similarity(t, "", tt.a, "", tt.b)
			t.Logf("similarity = %.3f", got)
			if got < tt.min || got > tt.max {
				t.Errorf("similarity(%q, %q) = %.3f; want in [%.2f, %.2f]", tt.a, tt.b, got, tt.min, tt.max)
			}
		})
	}
}

func TestTitleSimilarity(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		a, b     string
		min, max float64
	}{
		{"same title", "Erdős Problem 1167", "Erdős Problem 1167", DuplicateReviewThreshold, 0.5},
		{"variant qualifier", "Erdős Problem 1167", "Erdős Problem 1167 (finite targets)", DuplicateReviewThreshold, 0.5},
		{"two variants", "Erdős Problem 1167 (binary colours)", "Erdős Problem 1167 (finite targets)", DuplicateReviewThreshold, 0.5},
		{"another collection's number", "Erdős Problem 23", "Open Quantum Problem 23", 0, DuplicateReviewThreshold},
		{"one common word", "Conjecture", "Hall's conjecture", 0, DuplicateReviewThreshold},
		{"unrelated", "Twin prime conjecture", "Sidon sets", 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			// Unrelated statements, so that only the titles can match.
			got := similarity(t, tt.a, sidon, tt.b, collatz)
			t.Logf("similarity = %.3f", got)
			if got < tt.min || got > tt.max {
				t.Errorf("similarity of titles %q and %q = %.3f; want in [%.2f, %.2f]", tt.a, tt.b, got, tt.min, tt.max)
			}
		})
	}
}
