package corpus_test

import (
	"context"
	"slices"
	"testing"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/role"
)

// TestWholeProofConfirmationLeavesTheQueue: a reviewer who confirmed a
// proof whole, at once, no longer has its packet; the others keep it
// until two people have confirmed it, then no one has it.
func TestWholeProofConfirmationLeavesTheQueue(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		t.Parallel()
		ctx := context.Background()
		f := newFixture(t, d, clearCopies{})
		acct := func(handle string) *ent.Account {
			a, err := f.pol.CreateAccount(ctx, handle, "", []role.Role{role.Reviewer})
			if err != nil {
				t.Fatal(err)
			}
			return a
		}
		rita, ravi, rolf := acct("rita"), acct("ravi"), acct("rolf")
		pr := proof("ident-proof", "ident")
		pr.Body = "Let $e$ and $f$ be identities of $G$.\n\nThen $e = ef = f$, as $f$ and $e$ are identities."
		ids := f.mustMerge(t, agent, theorem("ident"), pr)
		packet := ids[1] + ".proof"
		has := func(a *ent.Account) bool {
			t.Helper()
			p, err := f.svc.PeopleChecks(ctx, a, corpus.MaxPage, "")
			if err != nil {
				t.Fatal(err)
			}
			return slices.Contains(checkIDs(p), packet)
		}
		if !has(rita) || !has(ravi) || !has(rolf) {
			t.Fatalf("%s is not in every reviewer's queue", packet)
		}
		if err := f.svc.Confirm(ctx, ids[1], corpus.ConfirmInput{Account: rita.ID, Kind: corpus.ConfirmProof}); err != nil {
			t.Fatal(err)
		}
		if has(rita) || !has(ravi) || !has(rolf) {
			t.Errorf("after rita confirmed the proof whole: rita %v, ravi %v, rolf %v; want only rita without it", has(rita), has(ravi), has(rolf))
		}
		if err := f.svc.Confirm(ctx, ids[1], corpus.ConfirmInput{Account: ravi.ID, Kind: corpus.ConfirmProof, Blind: true}); err != nil {
			t.Fatal(err)
		}
		if has(rita) || has(ravi) || has(rolf) {
			t.Errorf("after two whole confirmations: rita %v, ravi %v, rolf %v; want no one with it", has(rita), has(ravi), has(rolf))
		}
		if n, err := f.svc.Node(ctx, ids[1]); err != nil || n.Level < corpus.E2 {
			t.Errorf("Node(proof) = level %d, %v; want E2 or above once two people confirmed it", n.Level, err)
		}
	})
}
