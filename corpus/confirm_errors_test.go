package corpus_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/corpusbinding"
	"github.com/theoremdb/theoremdb/ent/corpusconfirmation"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
)

// TestConfirmRefusals: a confirmation needs an account and a known kind, a
// live node, someone other than its writer and, for a binding, one of the
// node's own bindings; only a reviewer who is a person confirms as signed
// in. A refused confirmation writes nothing.
func TestConfirmRefusals(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		t.Parallel()
		ctx := context.Background()
		f := newFixture(t, d, clearCopies{})
		ids := f.mustMerge(t, person, theorem("cf-a"), theorem("cf-b"))
		c := f.pol.Client()

		for _, tc := range []struct {
			name string
			ref  string
			in   corpus.ConfirmInput
			want error
		}{
			{"no account", ids[0], corpus.ConfirmInput{Kind: corpus.ConfirmProof}, corpus.ErrConfirmation},
			{"no kind", ids[0], corpus.ConfirmInput{Account: "acc_r"}, corpus.ErrConfirmation},
			{"an unknown kind", ids[0], corpus.ConfirmInput{Account: "acc_r", Kind: "LOCATOR"}, corpus.ErrConfirmation},
			{"an unknown node", "N-999999", corpus.ConfirmInput{Account: "acc_r", Kind: corpus.ConfirmProof}, policy.ErrNotFound},
			{"an unknown label", "no-such-label", corpus.ConfirmInput{Account: "acc_r", Kind: corpus.ConfirmProof}, policy.ErrNotFound},
			{"its writer", ids[0], corpus.ConfirmInput{Account: person.ID, Kind: corpus.ConfirmProof}, corpus.ErrSelfConfirmation},
			{"an unknown binding", ids[0], corpus.ConfirmInput{Account: "acc_r", Kind: corpus.ConfirmBinding, Section: "bnd_none"}, corpus.ErrConfirmation},
		} {
			if err := f.svc.Confirm(ctx, tc.ref, tc.in); !errors.Is(err, tc.want) {
				t.Errorf("Confirm(%s) = %v; want %v", tc.name, err, tc.want)
			}
		}
		if n, _ := c.CorpusConfirmation.Query().Count(ctx); n != 0 {
			t.Errorf("%d confirmations written by refused calls", n)
		}

		// A binding of one node is not the other's.
		bid, err := f.svc.RecordBinding(ctx, ids[1], corpus.BindingInput{System: corpus.FormalMetamath, Label: "id",
			RoundTrip: true, Checkers: []string{"metamath-exe", "metamath-knife", "metamath-exe"}}, "acc_op")
		if err != nil {
			t.Fatal(err)
		}
		if b, err := c.CorpusBinding.Query().Where(corpusbinding.ID(bid)).Only(ctx); err != nil || len(b.CheckersPassed) != 2 ||
			!slices.Contains(b.CheckersPassed, "metamath-knife") || !b.RoundTripPassed {
			t.Errorf("binding = %+v, %v; want a round trip and two distinct checkers", b, err)
		}
		if err := f.svc.Confirm(ctx, ids[0], corpus.ConfirmInput{Account: "acc_r", Kind: corpus.ConfirmBinding, Section: bid}); !errors.Is(err, corpus.ErrConfirmation) {
			t.Errorf("confirming another node's binding = %v; want ErrConfirmation", err)
		}
		if err := f.svc.Confirm(ctx, ids[1], corpus.ConfirmInput{Account: "acc_r", Kind: corpus.ConfirmBinding, Section: bid}); err != nil {
			t.Errorf("confirming the node's own binding = %v", err)
		}
		if _, err := f.svc.RecordBinding(ctx, "N-999999", corpus.BindingInput{System: corpus.FormalMetamath}, "acc_op"); !errors.Is(err, policy.ErrNotFound) {
			t.Errorf("RecordBinding(unknown) = %v; want ErrNotFound", err)
		}

		if err := f.svc.ConfirmAs(ctx, nil, ids[0], corpus.ConfirmInput{Kind: corpus.ConfirmProof}); !errors.Is(err, policy.ErrUnauthenticated) {
			t.Errorf("ConfirmAs(nil) = %v; want ErrUnauthenticated", err)
		}
		for _, a := range []struct {
			handle string
			roles  []role.Role
		}{{"mem", []role.Role{role.Member}}, {"aud", []role.Role{role.Auditor}}, {"bot", []role.Role{role.Agent, role.Reviewer}}} {
			acc := f.accountWith(t, a.handle, a.roles...)
			if err := f.svc.ConfirmAs(ctx, acc, ids[0], corpus.ConfirmInput{Kind: corpus.ConfirmProof}); !errors.Is(err, policy.ErrForbidden) {
				t.Errorf("ConfirmAs(%v) = %v; want ErrForbidden", a.roles, err)
			}
		}
		rev := f.accountWith(t, "rev", role.Reviewer)
		// The signed-in account confirms, whatever the input names.
		if err := f.svc.ConfirmAs(ctx, rev, ids[0], corpus.ConfirmInput{Account: person.ID, Kind: corpus.ConfirmProof}); err != nil {
			t.Fatalf("ConfirmAs(reviewer) = %v", err)
		}
		got, err := c.CorpusConfirmation.Query().Where(corpusconfirmation.NodeID(ids[0])).All(ctx)
		if err != nil || len(got) != 1 || got[0].AccountID != rev.ID {
			t.Errorf("confirmations of %s = %+v, %v; want one by %s", ids[0], got, err, rev.ID)
		}

		if err := f.svc.ConfirmLocator(ctx, ids[0], 0, "acc_r"); !errors.Is(err, policy.ErrNotFound) {
			t.Errorf("ConfirmLocator(a node without references) = %v; want ErrNotFound", err)
		}
		if err := f.svc.ConfirmLocator(ctx, "N-999999", 0, "acc_r"); !errors.Is(err, policy.ErrNotFound) {
			t.Errorf("ConfirmLocator(unknown) = %v; want ErrNotFound", err)
		}
	})
}

// TestRetireSuccessor: a successor is a live node other than the one
// retired; a refused retirement leaves the node live, and an accepted one
// reads as its tombstone naming the successor, which itself can no longer
// be named as a retired node's successor once retired.
func TestRetireSuccessor(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		t.Parallel()
		ctx := context.Background()
		f := newFixture(t, d, clearCopies{})
		ids := f.mustMerge(t, person, theorem("rt-a"), theorem("rt-b"), theorem("rt-c"))

		for _, succ := range []string{"N-999999", "no-such-label", ids[0], "rt-a"} {
			if err := f.svc.Retire(ctx, ids[0], succ, "acc_op"); !errors.Is(err, policy.ErrNotFound) {
				t.Errorf("Retire(%s, successor %s) = %v; want ErrNotFound", ids[0], succ, err)
			}
		}
		if v, err := f.svc.Node(ctx, ids[0]); err != nil || v.Retired {
			t.Fatalf("after refused retirements, %s = %+v, %v; want it live", ids[0], v, err)
		}
		if err := f.svc.Retire(ctx, "N-999999", "", "acc_op"); !errors.Is(err, policy.ErrNotFound) {
			t.Errorf("Retire(unknown) = %v; want ErrNotFound", err)
		}

		if err := f.svc.Retire(ctx, ids[1], "", "acc_op"); err != nil {
			t.Fatal(err)
		}
		if err := f.svc.Retire(ctx, ids[0], ids[1], "acc_op"); !errors.Is(err, policy.ErrNotFound) {
			t.Errorf("Retire with a retired successor = %v; want ErrNotFound", err)
		}
		if err := f.svc.Retire(ctx, ids[0], "rt-c", "acc_op"); err != nil {
			t.Fatal(err)
		}
		v, err := f.svc.Node(ctx, ids[0])
		if err != nil || !v.Retired || v.Successor != ids[2] {
			t.Errorf("retired %s = retired %v, successor %q, %v; want retired with successor %s", ids[0], v.Retired, v.Successor, err, ids[2])
		}
	})
}
