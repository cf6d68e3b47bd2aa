package corpus_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
)

// TestNodesPages lists live nodes in the order of their numbers, a page at a time, each page
// ending where the next begins; search finds a title or label in any case; a retired node is not
// listed; a page size out of range is clamped and a cursor the server never gave is refused.
func TestNodesPages(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		ctx := context.Background()
		f := newFixture(t, dialectName, clearCopies{})
		var drafts []corpus.Draft
		for _, l := range []string{"alpha", "beta", "gamma", "delta", "epsilon", "zeta"} {
			drafts = append(drafts, theorem(l))
		}
		ids := f.mustMerge(t, person, drafts...)
		if err := f.svc.Retire(ctx, ids[2], "", "acc_staff"); err != nil {
			t.Fatal(err)
		}
		live := slices.Delete(slices.Clone(ids), 2, 3)

		var listed []string
		after := ""
		for pages := 0; ; pages++ {
			p, err := f.svc.Nodes(ctx, "", 2, after)
			if err != nil {
				t.Fatal(err)
			}
			if p.TotalCount != len(live) || len(p.Nodes) > 2 || pages > 3 {
				t.Fatalf("page %d = %+v; want at most 2 of %d nodes", pages, p, len(live))
			}
			for _, n := range p.Nodes {
				listed = append(listed, n.ID)
			}
			if !p.HasNextPage {
				if len(p.Nodes) > 0 && p.EndCursor != p.Nodes[len(p.Nodes)-1].ID {
					t.Errorf("the last page ends at %q, not at its last node", p.EndCursor)
				}
				break
			}
			after = p.EndCursor
		}
		if !slices.Equal(listed, live) {
			t.Errorf("pages listed %v; want the live nodes %v in order", listed, live)
		}

		for _, tc := range []struct {
			search string
			want   []string
		}{
			{"DELTA", []string{ids[3]}},
			{"identity e", []string{ids[4]}},
			{"gamma", nil}, // retired
			{"  ", live},
			{"no such node", nil},
		} {
			p, err := f.svc.Nodes(ctx, tc.search, 0, "")
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, n := range p.Nodes {
				got = append(got, n.ID)
			}
			if !slices.Equal(got, tc.want) || p.TotalCount != len(tc.want) || p.HasNextPage {
				t.Errorf("Nodes(%q) = %v of %d; want %v", tc.search, got, p.TotalCount, tc.want)
			}
		}
		if p, err := f.svc.Nodes(ctx, "", 1000, ""); err != nil || len(p.Nodes) != len(live) || p.HasNextPage {
			t.Errorf("Nodes(first 1000) = %+v, %v", p, err)
		}
		if p, err := f.svc.Nodes(ctx, "", 2, live[len(live)-1]); err != nil || len(p.Nodes) != 0 || p.HasNextPage || p.EndCursor != "" {
			t.Errorf("a page after the last node = %+v, %v; want an empty page", p, err)
		}
		for _, bad := range []string{"cursor", "12", "n-3"} {
			if _, err := f.svc.Nodes(ctx, "", 2, bad); !errors.Is(err, corpus.ErrBadCursor) {
				t.Errorf("Nodes(after %q) = %v; want ErrBadCursor", bad, err)
			}
		}
	})
}
