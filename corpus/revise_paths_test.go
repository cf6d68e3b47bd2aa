package corpus_test

import (
	"context"
	"errors"
	"testing"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/policy"
)

// TestReviseRefusals: Revise refuses a writer of no kind and a request
// that does not exist; a draft of a kind no node has is named by a dry
// run that leaves the request as it was; a revision that still fails
// stays FAILED with its new drafts and note, one event a revision; and
// Withdraw refuses another writer and an unknown request.
func TestReviseRefusals(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		ctx := context.Background()
		f := newFixture(t, dialectName, clearCopies{})
		f.mustMerge(t, person, definition("group"))
		res := f.open(t, agent, theorem("identity", "grup"))
		if res.Request.State != corpus.StateFailed {
			t.Fatalf("state = %s; want FAILED", res.Request.State)
		}
		id := res.Request.ID
		good := []corpus.Draft{theorem("identity", "group")}

		if _, err := f.svc.Revise(ctx, id, corpus.Request{Writer: corpus.Writer{Kind: "ROBOT", ID: "r"}, Drafts: good}); !errors.Is(err, corpus.ErrWriter) {
			t.Errorf("Revise by a writer of no kind = %v; want ErrWriter", err)
		}
		if _, err := f.svc.Revise(ctx, id, corpus.Request{Writer: corpus.Writer{Kind: corpus.WriterAgent, ID: " "}, Drafts: good}); !errors.Is(err, corpus.ErrWriter) {
			t.Errorf("Revise by a writer with no ID = %v; want ErrWriter", err)
		}
		if _, err := f.svc.Revise(ctx, "chr_none", corpus.Request{Writer: agent, Drafts: good}); !errors.Is(err, policy.ErrNotFound) {
			t.Errorf("Revise(unknown) = %v; want ErrNotFound", err)
		}

		before := f.counts(t)
		dry, err := f.svc.Revise(ctx, id, corpus.Request{Writer: agent, Drafts: []corpus.Draft{{Kind: "AXIOM", Label: "ax", Title: "x", Body: "y"}}})
		if err != nil || dry.Request.ID != "" || dry.Request.FailedGate != corpus.GateIntake || len(dry.UserErrors) == 0 ||
			dry.UserErrors[0].Field != "nodes[0].kind" {
			t.Fatalf("Revise(unknown kind) = %+v, %v; want a dry run failing intake at nodes[0].kind", dry, err)
		}
		if after := f.counts(t); after != before {
			t.Errorf("rows %v -> %v; the dry run writes nothing", before, after)
		}
		v, err := f.svc.ChangeRequest(ctx, id)
		if err != nil || v.State != corpus.StateFailed || len(v.Drafts) != 1 || v.Drafts[0].Label != "identity" {
			t.Fatalf("after the dry run = %+v, %v; want the request as it was", v, err)
		}

		// A revision that still fails: new drafts, the new note, FAILED again.
		still, err := f.svc.Revise(ctx, id, corpus.Request{Writer: agent, Note: "Now with a lemma.",
			Drafts: []corpus.Draft{theorem("identity", "group"), theorem("lemma", "nowhere")}})
		if err != nil || still.Request.ID != id || still.Request.State != corpus.StateFailed || still.Request.Note != "Now with a lemma." ||
			len(still.Request.Drafts) != 2 || still.Request.Drafts[1].Label != "lemma" {
			t.Fatalf("Revise(still failing) = %+v, %v; want the same request FAILED with two drafts and the note", still.Request, err)
		}
		evs, err := f.pol.Client().Event.Query().Where(event.KindEQ(corpus.KindRequestRevised), event.Subject(id)).All(ctx)
		if err != nil || len(evs) != 1 || evs[0].Actor != agent.ID {
			t.Errorf("revision events = %d, %v; want one by %s", len(evs), err, agent.ID)
		}
		// A revision with no note keeps the last one.
		done, err := f.svc.Revise(ctx, id, corpus.Request{Writer: agent, Drafts: good})
		if err != nil || done.Request.State != corpus.StateMerged || done.Request.Note != "Now with a lemma." {
			t.Fatalf("Revise(good) = %+v, %v; want MERGED, the note kept", done.Request, err)
		}

		other := f.open(t, agent, theorem("other", "nowhere"))
		if _, err := f.svc.Withdraw(ctx, other.Request.ID, person); !errors.Is(err, corpus.ErrNotWriter) {
			t.Errorf("Withdraw by another writer = %v; want ErrNotWriter", err)
		}
		if _, err := f.svc.Withdraw(ctx, "chr_none", agent); !errors.Is(err, policy.ErrNotFound) {
			t.Errorf("Withdraw(unknown) = %v; want ErrNotFound", err)
		}
		if v, err := f.svc.ChangeRequest(ctx, other.Request.ID); err != nil || v.State != corpus.StateFailed {
			t.Errorf("after refused withdrawals = %+v, %v; want FAILED still", v, err)
		}
	})
}
