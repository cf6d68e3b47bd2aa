package corpus_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/corpusconfirmation"
	"github.com/theoremdb/theoremdb/ent/corpusedge"
	"github.com/theoremdb/theoremdb/ent/corpusgaterun"
	"github.com/theoremdb/theoremdb/ent/corpusnode"
	"github.com/theoremdb/theoremdb/ent/corpusreference"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
)

// recordFromDB reads a node's record from the stored rows, independently of
// corpus/, as the levels must read it.
func recordFromDB(t *testing.T, c *ent.Client, n *ent.CorpusNode) corpus.Record {
	t.Helper()
	ctx := context.Background()
	r := corpus.Record{Merged: n.CurrentRevisionID != nil && n.MergedByID != nil, Retired: n.Retired}
	if r.Merged {
		runs, err := c.CorpusGateRun.Query().Where(corpusgaterun.ChangeRequestID(*n.MergedByID)).All(ctx)
		if err != nil {
			t.Fatal(err)
		}
		last := 0
		for _, g := range runs {
			last = max(last, g.Attempt)
		}
		r.GatesClean = last > 0
		for _, g := range runs {
			if g.Attempt == last && (g.Outcome == corpusgaterun.OutcomeUNKNOWN || g.Outcome == corpusgaterun.OutcomeFAIL) {
				r.GatesClean = false
			}
		}
		cs, err := c.CorpusConfirmation.Query().Where(corpusconfirmation.NodeID(n.ID), corpusconfirmation.RevisionID(*n.CurrentRevisionID)).All(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, cf := range cs {
			r.Confirmations = append(r.Confirmations, corpus.Confirmation{Kind: string(cf.Kind), Account: cf.AccountID, Blind: cf.Blind, Binding: cf.Section})
		}
		refs, err := c.CorpusReference.Query().Where(corpusreference.RevisionID(*n.CurrentRevisionID)).All(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, ref := range refs {
			r.Locators = append(r.Locators, ref.LocatorConfirmed)
		}
	}
	es, err := c.CorpusEdge.Query().Where(corpusedge.FromID(n.ID), corpusedge.KindEQ(corpusedge.KindUSES)).WithTo().All(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range es {
		r.Uses = append(r.Uses, corpus.Use{Level: e.Edges.To.Level, Sorry: e.Edges.To.SorryInClosure})
	}
	return r
}

// Over random graphs built through change requests, with random
// confirmations and retirements: every stored level is what its record
// computes and never more than it supports, the flags match the closure,
// and closure(id) agrees with a walk of the edges.
func TestLevelsOnRandomGraphs(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		ctx := context.Background()
		f := newFixture(t, dialectName, clearCopies{})
		rng := rand.New(rand.NewPCG(7, uint64(len(dialectName))))
		var labels []string
		retired := map[string]bool{}
		for batch := range 6 {
			var drafts []corpus.Draft
			for k := range 1 + rng.IntN(4) {
				label := fmt.Sprintf("n%d-%d", batch, k)
				d := corpus.Draft{Kind: corpus.Lemma, Label: label, Title: "Lemma " + label, Body: "Every finite group is finite."}
				if rng.IntN(3) == 0 {
					d.Kind, d.Title, d.Term, d.Body = corpus.Definition, "Definition "+label, "term "+label, "A *thing* is a set."
				}
				if rng.IntN(3) == 0 {
					d.References = []corpus.Reference{{Identifier: fmt.Sprintf("arXiv:2101.%05d", rng.IntN(99999)), Citation: "A paper", Locator: "Thm 1"}}
				}
				for _, l := range labels {
					if rng.IntN(3) == 0 && !retired[l] {
						d.Uses = append(d.Uses, l)
					}
				}
				drafts = append(drafts, d)
			}
			f.mustMerge(t, person, drafts...)
			for _, d := range drafts {
				labels = append(labels, d.Label)
			}
			// Random evidence after each batch.
			for range 4 {
				l := labels[rng.IntN(len(labels))]
				var err error
				switch rng.IntN(6) {
				case 5:
					// A revision that changes what the node uses: the closures
					// of everything resting on it change size.
					n, nerr := f.svc.Node(ctx, l)
					if nerr != nil || n.Retired || n.Kind != corpus.Lemma {
						continue
					}
					d := corpus.Draft{Kind: corpus.Lemma, Title: n.Title, Body: n.Body + " Revised.", Revises: n.ID}
					for _, o := range labels {
						if o != l && rng.IntN(4) == 0 && !retired[o] {
							d.Uses = append(d.Uses, o)
						}
					}
					if _, err = f.svc.Open(ctx, corpus.Request{Writer: person, Drafts: []corpus.Draft{d}}); err != nil {
						t.Fatal(err)
					}
				case 0, 1:
					err = f.svc.Confirm(ctx, l, corpus.ConfirmInput{Account: []string{"acc_a", "acc_b", "acc_c"}[rng.IntN(3)], Kind: corpus.ConfirmProof, Blind: rng.IntN(2) == 0})
				case 2:
					err = f.svc.Confirm(ctx, l, corpus.ConfirmInput{Account: "acc_d", Kind: corpus.ConfirmStatement, Blind: true})
				case 3:
					if err = f.svc.ConfirmLocator(ctx, l, 0, "acc_e"); err != nil {
						err = nil // the node cites no source
					}
				case 4:
					if rng.IntN(4) == 0 {
						err = f.svc.Retire(ctx, l, "", "acc_staff")
						retired[l] = true
					}
				}
				if err != nil {
					t.Fatalf("evidence on %s: %v", l, err)
				}
			}
			checkGraph(t, f)
		}
	})
}

func checkGraph(t *testing.T, f *fixture) {
	t.Helper()
	ctx := context.Background()
	c := f.pol.Client()
	nodes, err := c.CorpusNode.Query().Order(ent.Asc(corpusnode.FieldNumber)).All(ctx)
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]*ent.CorpusNode{}
	for _, n := range nodes {
		byID[n.ID] = n
	}
	edges, err := c.CorpusEdge.Query().Where(corpusedge.KindEQ(corpusedge.KindUSES)).All(ctx)
	if err != nil {
		t.Fatal(err)
	}
	uses := map[string][]string{}
	for _, e := range edges {
		uses[e.FromID] = append(uses[e.FromID], *e.ToID)
	}
	for _, n := range nodes {
		r := recordFromDB(t, c, n)
		if want := corpus.Level(r); n.Level != want {
			t.Errorf("%s stored E%d; its record computes E%d", n.ID, n.Level, want)
		}
		if !supports(r, n.Level) {
			t.Errorf("%s at E%d; its record does not support it: %+v", n.ID, n.Level, r)
		}
		// The closure by a walk of the edges.
		seen := map[string]bool{}
		stack := append([]string(nil), uses[n.ID]...)
		for len(stack) > 0 {
			id := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if !seen[id] {
				seen[id] = true
				stack = append(stack, uses[id]...)
			}
		}
		lowest, below := -1, false
		for id := range seen {
			l := byID[id].Level
			if lowest < 0 || l < lowest {
				lowest = l
			}
			below = below || l < corpus.E2
		}
		for name, read := range map[string]func(context.Context, string) (*corpus.Closure, error){
			"Closure": f.svc.Closure, "ClosureByQuery": f.svc.ClosureByQuery} {
			got, err := read(ctx, n.ID)
			if err != nil {
				t.Fatal(err)
			}
			if got.Size != len(seen) || got.LowestLevel != lowest || got.SorryInClosure != below {
				t.Errorf("%s(%s) = %+v; the walk finds size %d, lowest %d, below E2 %v", name, n.ID, got, len(seen), lowest, below)
			}
		}
		if n.SorryInClosure != below {
			t.Errorf("%s stores sorry_in_closure %v; its closure says %v", n.ID, n.SorryInClosure, below)
		}
	}
}

// A confirmation reaches every dependant: levels and sorry_in_closure
// change along the uses edges, each with an event.
func TestConfirmationPropagates(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		ctx := context.Background()
		f := newFixture(t, dialectName, clearCopies{})
		f.mustMerge(t, person, definition("group"), theorem("identity", "group"))
		ids := f.mustMerge(t, agent, proof("identity-proof", "identity", "identity"))
		p, err := f.svc.Node(ctx, ids[0])
		if err != nil {
			t.Fatal(err)
		}
		if len(p.Flags) != 1 || p.Flags[0] != corpus.FlagSorryInClosure {
			t.Fatalf("flags = %v; want SORRY_IN_CLOSURE", p.Flags)
		}
		for _, l := range []string{"group", "identity"} {
			if err := f.svc.Confirm(ctx, l, corpus.ConfirmInput{Account: "acc_r", Kind: corpus.ConfirmProof}); err != nil {
				t.Fatal(err)
			}
		}
		p, err = f.svc.Node(ctx, ids[0])
		if err != nil {
			t.Fatal(err)
		}
		if len(p.Flags) != 0 {
			t.Errorf("flags = %v after both dependencies reached E2; want none", p.Flags)
		}
		cl, err := f.svc.Closure(ctx, ids[0])
		if err != nil {
			t.Fatal(err)
		}
		if *cl != (corpus.Closure{Size: 2, LowestLevel: corpus.E2}) {
			t.Errorf("closure = %+v; want size 2 at E2", cl)
		}
		// Retiring a dependency sends the flag back.
		if err := f.svc.Retire(ctx, "group", "", "acc_staff"); err != nil {
			t.Fatal(err)
		}
		p, err = f.svc.Node(ctx, ids[0])
		if err != nil {
			t.Fatal(err)
		}
		id, err := f.svc.Node(ctx, "identity")
		if err != nil {
			t.Fatal(err)
		}
		if len(p.Flags) != 1 || id.Level != corpus.E1 {
			t.Errorf("after retiring group: proof flags %v, identity E%d; want SORRY_IN_CLOSURE and E1", p.Flags, id.Level)
		}
		// The writer never confirms their own node.
		if err := f.svc.Confirm(ctx, ids[0], corpus.ConfirmInput{Account: agent.ID, Kind: corpus.ConfirmProof}); err == nil {
			t.Errorf("Confirm by the writer = nil; want a refusal")
		}
	})
}

// Only a signed-in reviewer confirms a node, never one they wrote.
func TestConfirmAsNeedsAReviewer(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		ctx := context.Background()
		f := newFixture(t, dialectName, clearCopies{})
		member, err := f.pol.CreateAccount(ctx, "ada", "", nil)
		if err != nil {
			t.Fatal(err)
		}
		reviewer, err := f.pol.CreateAccount(ctx, "rita", "", []role.Role{role.Reviewer})
		if err != nil {
			t.Fatal(err)
		}
		f.mustMerge(t, corpus.Writer{Kind: corpus.WriterPerson, ID: reviewer.ID}, definition("own"))
		f.mustMerge(t, person, definition("group"))
		in := corpus.ConfirmInput{Kind: corpus.ConfirmProof}
		for _, tc := range []struct {
			who  *ent.Account
			ref  string
			want error
		}{
			{nil, "group", policy.ErrUnauthenticated},
			{member, "group", policy.ErrForbidden},
			{reviewer, "own", corpus.ErrSelfConfirmation},
			{reviewer, "group", nil},
		} {
			if err := f.svc.ConfirmAs(ctx, tc.who, tc.ref, in); !errors.Is(err, tc.want) {
				t.Errorf("ConfirmAs(%v, %s) = %v; want %v", tc.who != nil, tc.ref, err, tc.want)
			}
		}
		n, err := f.svc.Node(ctx, "group")
		if err != nil {
			t.Fatal(err)
		}
		if n.Level != corpus.E2 {
			t.Errorf("group at E%d after a reviewer's confirmation; want E2", n.Level)
		}
	})
}
