package gates

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestCounts: counts are read in digits, in formulas and in words, with the noun they count and
// any qualifier that makes them a bound; a number that ends a range, lists values, names a
// parameter or is denied is no count.
func TestCounts(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		in   string
		want []string
	}{
		{`every such graph has at most $8$ vertices, as the Clebsch graph on $16$ vertices shows`, []string{"≤ 8 vertices", "16 vertices"}},
		{`Seven such graphs are known.`, []string{"7 graphs"}},
		{`Prove that there are at least $3$ strongly regular graphs.`, []string{"≥ 3 graphs"}},
		{`no more than twelve points and fewer than 5 colours`, []string{"≤ 12 points", "< 5 colours"}},
		{`on $5$, $10$ and $16$ vertices`, nil},
		{`walks of length $4$ and a graph of degree $57$`, nil},
		{`from 5 to 8 vertices`, nil},
		{`it cannot be coloured with $3$ colours`, nil},
		{`$8$ of the $108$ walks`, nil},
		{`The $13$ points lie on a line.`, nil},
	} {
		var got []string
		for _, c := range counts("f", tt.in) {
			got = append(got, c.String())
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("counts(%q) (-want +got):\n%s", tt.in, diff)
		}
	}
}
