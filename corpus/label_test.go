package corpus_test

import (
	"context"
	"testing"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
)

// A new node drafted without a label gets one made from its title, unique
// against the corpus and the request, instead of a REQUIRED refusal; a
// revision keeps its node's label.
func TestLabelFromTitle(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		ctx := context.Background()
		f := newFixture(t, dialectName, clearCopies{})
		unlabelled := func(title string) corpus.Draft {
			d := theorem("")
			d.Title = title
			return d
		}
		title := `Théorème de Cantor: $\mathbb{R}$ is uncountable`
		ids := f.mustMerge(t, person, unlabelled(title), unlabelled(title), unlabelled(`$\aleph$`))
		ids = append(ids, f.mustMerge(t, person, unlabelled(title))...)
		want := []string{"theoreme-de-cantor-r-is-uncountable", "theoreme-de-cantor-r-is-uncountable-2", "theorem",
			"theoreme-de-cantor-r-is-uncountable-3"}
		if len(ids) != len(want) {
			t.Fatalf("merged %v; want %d nodes", ids, len(want))
		}
		for i, id := range ids {
			n, err := f.svc.Node(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if n.Label != want[i] {
				t.Errorf("node %d's label = %q; want %q", i+1, n.Label, want[i])
			}
		}
		rev := unlabelled("Cantor's theorem, restated")
		rev.Revises = ids[0]
		f.mustMerge(t, person, rev)
		if n, err := f.svc.Node(ctx, ids[0]); err != nil || n.Label != want[0] {
			t.Errorf("revised node's label = %q (%v); want %q kept", n.Label, err, want[0])
		}
		// The dry run derives the same way and writes nothing.
		before := f.counts(t)
		res, err := f.svc.Check(ctx, corpus.Request{Writer: person, Drafts: []corpus.Draft{unlabelled(title)}})
		if err != nil || res.Request.State == corpus.StateFailed || len(res.UserErrors) != 0 {
			t.Errorf("Check = %+v, %v; want a passing dry run", res, err)
		}
		if after := f.counts(t); after != before {
			t.Errorf("the dry run wrote: %v -> %v", before, after)
		}
	})
}
