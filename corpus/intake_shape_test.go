package corpus_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
)

// TestIntakeRequestShape: a request of no drafts, of more than MaxDrafts,
// or with a draft using more than MaxUses nodes fails intake and writes
// nothing; an example merges with its example_of edge, which only an
// example has and which points to a definition, theorem, lemma or
// proposition; and a target named twice in uses is one edge.
func TestIntakeRequestShape(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		ctx := context.Background()
		f := newFixture(t, dialectName, clearCopies{})
		ids := f.mustMerge(t, person, definition("group"), theorem("identity-unique", "group"))

		many := make([]corpus.Draft, corpus.MaxDrafts+1)
		for i := range many {
			many[i] = theorem(fmt.Sprintf("t-%d", i))
		}
		wide := theorem("wide")
		for range corpus.MaxUses + 1 {
			wide.Uses = append(wide.Uses, "group")
		}
		exampleOfExample := example("trivial-again", "trivial")
		theoremAsExample := theorem("not-example")
		theoremAsExample.ExampleOf = "group"
		exampleOfNothing := example("lost", "no-such-node")
		for _, c := range []struct {
			name   string
			drafts []corpus.Draft
			field  string
			code   string
		}{
			{"none", nil, "nodes", corpus.CodeRequired},
			{"too many", many, "nodes", corpus.CodeOversize},
			{"too wide", []corpus.Draft{wide}, "nodes[0].uses", corpus.CodeOversize},
			{"example of an example", []corpus.Draft{example("trivial", "group"), exampleOfExample}, "nodes[1].exampleOf", corpus.CodeEdgeKind},
			{"theorem as example", []corpus.Draft{theoremAsExample}, "nodes[0].exampleOf", corpus.CodeEdgeKind},
			{"example of nothing", []corpus.Draft{exampleOfNothing}, "nodes[0].exampleOf", corpus.CodeMissingTarget},
		} {
			before := f.counts(t)
			res := f.open(t, person, c.drafts...)
			if res.Request.State != corpus.StateFailed || res.Request.FailedGate != corpus.GateIntake {
				t.Errorf("%s: %s at %q; want FAILED at INTAKE", c.name, res.Request.State, res.Request.FailedGate)
				continue
			}
			found := false
			for _, ue := range res.UserErrors {
				found = found || ue.Field == c.field && ue.Code == c.code
			}
			if !found {
				t.Errorf("%s: userErrors = %+v; want %s at %s", c.name, res.UserErrors, c.code, c.field)
			}
			if after := f.counts(t); after[0] != before[0] || after[2] != before[2] {
				t.Errorf("%s: nodes, revisions %v -> %v; want none written", c.name, before, after)
			}
		}

		// The largest request intake takes merges whole.
		most := many[:corpus.MaxDrafts]
		if got := f.mustMerge(t, person, most...); len(got) != corpus.MaxDrafts {
			t.Errorf("a request of MaxDrafts merged %d nodes", len(got))
		}

		twice := theorem("twice", "group", "group", ids[0])
		got := f.mustMerge(t, person, example("trivial", "identity-unique"), twice)
		ex, err := f.svc.Node(ctx, got[0])
		if err != nil || ex.Kind != corpus.Example || ex.ExampleOf == nil || ex.ExampleOf.ID != ids[1] || len(ex.Uses) != 0 {
			t.Errorf("Node(example) = %+v, %v; want an example of %s", ex, err, ids[1])
		}
		tw, err := f.svc.Node(ctx, got[1])
		if err != nil || len(tw.Uses) != 1 || tw.Uses[0].ID != ids[0] {
			t.Errorf("Node(twice) uses = %+v, %v; want %s once", tw.Uses, err, ids[0])
		}
		g, err := f.svc.Node(ctx, "group")
		if err != nil {
			t.Fatal(err)
		}
		users := map[string]int{}
		for _, u := range g.UsedBy {
			users[u.ID]++
		}
		if users[got[1]] != 1 || users[ids[1]] != 1 {
			t.Errorf("group used by %v; want identity-unique and twice, once each", users)
		}
	})
}

func example(label, of string) corpus.Draft {
	return corpus.Draft{Kind: corpus.Example, Label: label, Title: "Example " + label, ExampleOf: of,
		Body: "The group with one element $e$, where $e \\cdot e = e$, has $e$ as its only identity."}
}
