package corpus

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/ent"
)

// TestRecordSet assembles a node's level record from the batches: merged only with a current
// revision and the request that merged it, the merge's cleanness, the current revision's
// locators, refutation and steps, confirmations, bindings, and the levels of the targets it
// uses that are in the set; the lowest level of the closure comes from the targets' levels and
// their own closures.
func TestRecordSet(t *testing.T) {
	t.Parallel()
	str := func(s string) *string { return &s }
	rs := &recordSet{
		nodes: map[string]*ent.CorpusNode{
			"p":     {ID: "p", CurrentRevisionID: str("r1"), MergedByID: str("cr1")},
			"t1":    {ID: "t1", Level: E3, ClosureLowest: E2},
			"t2":    {ID: "t2", Level: E1, SorryInClosure: true, ClosureLowest: -1},
			"draft": {ID: "draft", CurrentRevisionID: str("r9")},
			"gone":  {ID: "gone", CurrentRevisionID: str("r5"), MergedByID: str("cr5"), Retired: true},
		},
		uses:     map[string][]string{"p": {"t1", "t2", "outside"}, "draft": {"t1"}},
		clean:    map[string]bool{"cr1": true},
		confirms: map[string][]Confirmation{"p": {{Kind: ConfirmProof, Account: "a"}}, "draft": {{Kind: ConfirmProof, Account: "b"}}},
		locators: map[string][]bool{"r1": {true, false}},
		bindings: map[string][]Binding{"p": {{ID: "b1", Formal: true}}},
		refuted:  map[string]bool{"r5": true},
		steps:    map[string]int{"r1": 4},
	}
	want := Record{Merged: true, GatesClean: true, Locators: []bool{true, false}, ProofSteps: 4,
		Confirmations: []Confirmation{{Kind: ConfirmProof, Account: "a"}},
		Uses:          []Use{{Level: E3}, {Level: E1, Sorry: true}},
		Bindings:      []Binding{{ID: "b1", Formal: true}}}
	if diff := cmp.Diff(want, rs.record("p")); diff != "" {
		t.Errorf("record(p) (-want +got):\n%s", diff)
	}
	d := rs.record("draft")
	if d.Merged || d.Confirmations != nil || len(d.Uses) != 1 || Level(d) != E0 {
		t.Errorf("record(draft) = %+v; want an unmerged record, its confirmations unread, at E0", d)
	}
	if g := rs.record("gone"); !g.Merged || !g.Retired || g.GatesClean || Level(g) != E0 {
		t.Errorf("record(gone) = %+v; want a retired record at E0", g)
	}
	for id, want := range map[string]int{"p": E1, "draft": E2, "t1": -1} {
		if got := rs.lowest(id); got != want {
			t.Errorf("lowest(%s) = %d; want %d", id, got, want)
		}
	}
}
