package gates

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/theoremdb/theoremdb/tex"
)

// TestStBoundDeterminant: the indices inside a determinant are the matrix's, whether the
// determinant is written \det or \operatorname{det}; they stay free in another function.
func TestStBoundDeterminant(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want []string
	}{
		{`$\det(a_{ij})$`, []string{"i", "j"}},
		{`$\operatorname{det}(a_{ij})$`, []string{"i", "j"}},
		{`$\operatorname{tr}(a_{ij})$`, nil},
		{`$\log(a_{ij})$`, nil},
	}
	for _, tt := range tests {
		doc, err := tex.Read(tt.in)
		if err != nil || len(doc.Formulas) != 1 {
			t.Fatalf("tex.Read(%q) = %v", tt.in, err)
		}
		f := &doc.Formulas[0]
		var got []string
		for x := range stBound(f, stKeys(f)) {
			got = append(got, x)
		}
		slices.Sort(got)
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("stBound(%q) (-want +got):\n%s", tt.in, diff)
		}
	}
}
