package search

import "testing"

// TestScanCheaper: the scan is chosen for words in a large share of a large index, never for a
// small index, a rare word or a conjunction whose joint share is small.
func TestScanCheaper(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name  string
		total float64
		docs  []int64
		want  bool
	}{
		{"a word in 73% of a million", 1e6, []int64{734_747}, true},
		{"a word in 9% of a million", 1e6, []int64{92_689}, true},
		{"a word in 5% of a million", 1e6, []int64{50_000}, false},
		{"a word in 0.8% of a million", 1e6, []int64{7_778}, false},
		{"a rare word", 1e6, []int64{40}, false},
		{"two words in 30% each: 9% together", 1e6, []int64{300_000, 300_000}, true},
		{"two words in 20% each: 4% together", 1e6, []int64{200_000, 200_000}, false},
		{"every row of a small index", 3_000, []int64{3_000}, false},
		{"a word in 25% of 100,000", 1e5, []int64{25_000}, true},
		{"a word in 15% of 100,000", 1e5, []int64{15_000}, false},
		{"an index never analysed", 0, []int64{50_000}, false},
		{"no counted word", 1e6, nil, false},
	} {
		if got := scanCheaper(c.total, c.docs, MaxRanked+1); got != c.want {
			t.Errorf("%s: scanCheaper = %v; want %v", c.name, got, c.want)
		}
	}
}
