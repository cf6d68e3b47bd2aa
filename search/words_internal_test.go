package search

import (
	"slices"
	"testing"
)

func TestVocabulary(t *testing.T) {
	t.Parallel()
	got := vocabulary(`Erdős–Straus: for every $n \ge 2$, $\frac{4}{n} = \mathbb{Q}$ has a SOLUTION; the solution is Erdős's.`)
	want := []string{"erdos", "straus", "for", "every", "has", "solution", "the"}
	if !slices.Equal(got, want) {
		t.Errorf("vocabulary = %q; want %q", got, want)
	}
}

func TestDistance(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		a, b string
		want int
	}{
		{"goldbch", "goldbach", 1}, {"riemman", "riemann", 2}, {"reimann", "riemann", 1}, {"lonley", "lonely", 1},
		{"abc", "abc", 0}, {"", "abc", 3}, {"kitten", "sitting", 3}, {"ca", "abc", 3}, {"erdős", "erdos", 1},
	} {
		if got := distance(tt.a, tt.b); got != tt.want {
			t.Errorf("distance(%q, %q) = %d; want %d", tt.a, tt.b, got, tt.want)
		}
		if got := distance(tt.b, tt.a); got != tt.want {
			t.Errorf("distance(%q, %q) = %d; want %d", tt.b, tt.a, got, tt.want)
		}
	}
}
