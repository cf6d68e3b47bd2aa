package api_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/api"
)

// BenchmarkAllowedWorstDocuments times documents at the edge of the shape
// limits, each made distinct per iteration so that no cache helps: what
// parsing, the shape check, validation (with its pairwise field
// comparison) and the complexity walk cost for the worst a client may
// send. Run: go test -run '^$' -bench AllowedWorst ./api
func BenchmarkAllowedWorstDocuments(b *testing.B) {
	for _, tc := range []struct {
		name string
		doc  func(i int) string
	}{
		{"same-name fields repeated at every level", func(i int) string {
			var set strings.Builder
			for n := range api.MaxSelections / api.MaxSameName {
				for range api.MaxSameName {
					fmt.Fprintf(&set, "a%d: id ", n)
				}
			}
			return fmt.Sprintf("# %d\n{ %s }", i,
				strings.Repeat("problems(first: 1) { edges { node { "+set.String()+"} } } ", api.MaxSameName))
		}},
		{"selection set at its limit", func(i int) string {
			return fmt.Sprintf("# %d\n{ %s }", i, aliases(250, "__typename"))
		}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			a := newAPIWithLog(b, "sqlite3", quiet)
			for i := 0; b.Loop(); i++ {
				if r := a.do("", tc.doc(i), nil, nil); len(r.Errors) > 0 && r.Errors[0].Extensions["code"] != "NOT_FOUND" {
					b.Fatalf("refused: %+v", r.Errors[0])
				}
			}
		})
	}
}
