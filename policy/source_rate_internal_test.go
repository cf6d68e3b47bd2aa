package policy

import (
	"math"
	"testing"
)

// TestWilsonAndOver: the Wilson interval against published values, and the stop rule on both
// sides of the limit.
func TestWilsonAndOver(t *testing.T) {
	t.Parallel()
	// 1 error in 10: the 95% Wilson interval is 0.0179–0.4042 (Newcombe 1998, method 3).
	lo, hi := wilson(1, 10)
	if math.Abs(lo-0.0179) > 0.0005 || math.Abs(hi-0.4042) > 0.0005 {
		t.Errorf("wilson(1, 10) = %.4f–%.4f; want 0.0179–0.4042", lo, hi)
	}
	// No error in 300: the upper end is about 3.84/(300+3.84), the "about 3/n" of K9.5.
	if lo, hi := wilson(0, 300); math.Abs(lo) > 1e-9 || math.Abs(hi-0.0126) > 0.0005 {
		t.Errorf("wilson(0, 300) = %.4f–%.4f; want 0–0.0126", lo, hi)
	}
	rate := func(k, n int) SourceRate {
		r := SourceRate{Proposals: n, Fabricated: k, Rate: float64(k) / float64(n)}
		r.WilsonLow, r.WilsonHigh = wilson(k, n)
		return r
	}
	for _, tt := range []struct {
		k, n int
		over bool
	}{
		{0, 10, false}, {1, 10, false}, // 10%, but 1 in 10 could be chance below 2%
		{1, 5, true},                  // already above 2% at 95% confidence
		{1, 60, false},                // 1.7% of a full sample
		{2, 60, true},                 // 3.3% of a full sample
		{1, 50, false}, {2, 50, true}, // 2% exactly is not above it; 4% is
	} {
		if got := rate(tt.k, tt.n).Over(); got != tt.over {
			t.Errorf("%d of %d fabricated: Over() = %v; want %v", tt.k, tt.n, got, tt.over)
		}
	}
}
