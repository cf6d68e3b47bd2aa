package corpus_test

import (
	"context"
	"errors"
	"testing"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/policy"
)

// TestImportedAs: an import key reads as the merged node under it, or as the
// newest draft of a request still open (failed or pending) under it, or as
// nothing at all; a merged node's draft is not an open one.
func TestImportedAs(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		t.Parallel()
		ctx := context.Background()
		f := newFixture(t, d, clearCopies{})
		merged := theorem("imp-a")
		merged.ImportKey = "openlogic:a"
		ids := f.mustMerge(t, importer, merged)

		got, err := f.svc.ImportedAs(ctx, "openlogic:a")
		if err != nil || got.Node == nil || got.Node.ID != ids[0] || got.Open != nil {
			t.Fatalf("ImportedAs(merged) = %+v, %v; want node %s and no open draft", got, err, ids[0])
		}

		for _, title := range []string{"First try", "Second try"} {
			bad := theorem("imp-b", "no-such-node")
			bad.Title, bad.ImportKey = title, "openlogic:b"
			if res := f.open(t, importer, bad); res.Request.State != corpus.StateFailed {
				t.Fatalf("a draft using a missing node: state %s; want FAILED", res.Request.State)
			}
		}
		got, err = f.svc.ImportedAs(ctx, "openlogic:b")
		if err != nil || got.Node != nil || got.Open == nil {
			t.Fatalf("ImportedAs(failed) = %+v, %v; want an open draft and no node", got, err)
		}
		if got.Open.Title != "Second try" || got.Open.ImportKey != "openlogic:b" || got.Open.Kind != corpus.Theorem ||
			len(got.Open.Uses) != 1 || got.Open.Uses[0] != "no-such-node" {
			t.Errorf("ImportedAs(failed).Open = %+v; want the newest draft as written", got.Open)
		}

		got, err = f.svc.ImportedAs(ctx, "openlogic:none")
		if err != nil || got == nil || got.Node != nil || got.Open != nil {
			t.Errorf("ImportedAs(unknown) = %+v, %v; want an empty answer", got, err)
		}
	})
}

// TestCheckContext: a proof's packet shows, blind, the statement it proves
// and the nodes it uses, each once; a node that uses nothing has an empty
// context; an unknown node is not found.
func TestCheckContext(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		t.Parallel()
		ctx := context.Background()
		f := newFixture(t, d, clearCopies{})
		ids := f.mustMerge(t, person, definition("ctx-def"), theorem("ctx-thm", "ctx-def"))
		pids := f.mustMerge(t, person, proof("ctx-prf", "ctx-thm", "ctx-def", "ctx-thm"))

		got, err := f.svc.CheckContext(ctx, pids[0])
		if err != nil {
			t.Fatal(err)
		}
		var seen []string
		for _, b := range got {
			seen = append(seen, b.ID)
			if b.Body == "" || b.Kind == "" {
				t.Errorf("context node %s has no text: %+v", b.ID, b)
			}
		}
		if len(seen) != 2 || seen[0] != ids[1] || seen[1] != ids[0] {
			t.Errorf("CheckContext(proof) = %q; want the theorem %s then the definition %s, once each", seen, ids[1], ids[0])
		}

		if got, err := f.svc.CheckContext(ctx, ids[0]); err != nil || len(got) != 0 || got == nil {
			t.Errorf("CheckContext(definition) = %+v, %v; want an empty list", got, err)
		}
		if _, err := f.svc.CheckContext(ctx, "N-999999"); !errors.Is(err, policy.ErrNotFound) {
			t.Errorf("CheckContext(unknown) = %v; want ErrNotFound", err)
		}
		if _, err := f.svc.BlindNode(ctx, "N-999999"); !errors.Is(err, policy.ErrNotFound) {
			t.Errorf("BlindNode(unknown) = %v; want ErrNotFound", err)
		}
	})
}
