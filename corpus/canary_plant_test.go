package corpus_test

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
)

// TestPlantCanariesPicksWhatMutates: only statements are canary sources,
// only those a mutation changes are planted, never a canary itself; a
// canary of a long title gets a label of at most 80 characters of it and a
// suffix of its own.
func TestPlantCanariesPicksWhatMutates(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		ctx := context.Background()
		f := newFixture(t, dialectName, clearCopies{})
		long := "The square of every positive integer is at least the integer itself, for all integers from one onwards"
		ids := f.mustMerge(t, importer,
			corpus.Draft{Kind: corpus.Theorem, Label: "square-bound", Title: long, Body: trueStatements[0]},
			corpus.Draft{Kind: corpus.Theorem, Label: "plain", Title: "Plain", Body: "Every group is a group."},
			corpus.Draft{Kind: corpus.Definition, Label: "bounded", Title: "Bounded", Term: "bounded",
				Body: "A sequence $a_n$ is *bounded* when $|a_n| \\le M$ for some $M > 0$ and every $n \\ge 1$."})
		m := corpus.MonthOf(time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC))
		canaries, err := f.svc.PlantCanaries(ctx, m, 5, 7)
		if err != nil || len(canaries) != 1 || canaries[0].Source != ids[0] || canaries[0].Month != m.String() {
			t.Fatalf("PlantCanaries = %+v, %v; want one canary, of %s", canaries, err, ids[0])
		}
		c := canaries[0]
		v, err := f.svc.Node(ctx, c.Node)
		if err != nil {
			t.Fatal(err)
		}
		head, suffix := v.Label[:max(0, len(v.Label)-7)], v.Label[max(0, len(v.Label)-7):]
		if len(head) > 80 || !strings.HasPrefix(head, "the-square-of-every-positive-integer") ||
			!regexp.MustCompile(`^-[0-9a-f]{6}$`).MatchString(suffix) {
			t.Errorf("canary label %q (%d bytes); want the title's slug cut to 80 and a suffix of six hex digits", v.Label, len(v.Label))
		}
		if v.Title != long || v.Body == trueStatements[0] || !strings.Contains(v.Body, c.To) || c.From == c.To {
			t.Errorf("canary %+v reads %q, %q; want the source's title and its body mutated", c, v.Title, v.Body)
		}
		// Planting again: the canary is no source, the source is one again.
		again, err := f.svc.PlantCanaries(ctx, m, 5, 8)
		if err != nil || len(again) != 1 || again[0].Source != ids[0] || again[0].Node == c.Node {
			t.Errorf("PlantCanaries again = %+v, %v; want one new canary of %s", again, err, ids[0])
		}
		if none, err := f.svc.PlantCanaries(ctx, m, 0, 9); err != nil || len(none) != 0 {
			t.Errorf("PlantCanaries(0) = %+v, %v; want none", none, err)
		}
	})
}
