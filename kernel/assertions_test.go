package kernel

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestAssertions lists each assertion with its statement, its essential hypotheses and the
// assertions its proof cites, the same for a normal and a compressed proof of one theorem.
func TestAssertions(t *testing.T) {
	for _, proof := range []string{th1Normal, th1Compressed} {
		db, err := Parse([]byte(demo + "th $p |- t = t $= " + proof + " $."))
		if err != nil {
			t.Fatal(err)
		}
		as := db.Assertions()
		last := as[len(as)-1]
		want := Assertion{Label: "th", Provable: true, Statement: "|- t = t", Line: 16,
			Uses: []string{"tze", "tpl", "weq", "a2", "wim", "a1", "mp"}}
		if diff := cmp.Diff(want, last); diff != "" {
			t.Errorf("Assertions()[last] (-want +got):\n%s", diff)
		}
		mp := as[len(as)-2]
		if mp.Label != "mp" || mp.Provable || !cmp.Equal(mp.Hypotheses, []string{"|- P", "|- ( P -> Q )"}) {
			t.Errorf("mp = %+v; want an axiom with hypotheses |- P and |- ( P -> Q )", mp)
		}
		if uses, err := db.Uses("th"); err != nil || !cmp.Equal(uses, want.Uses) {
			t.Errorf("Uses(th) = %v, %v", uses, err)
		}
	}
}

// TestAssertionsNF cites from each proof of nf.mm only earlier assertions, and nothing only
// where the proof is a hypothesis alone (idi, a1ii, conventions: "( ) B").
func TestAssertionsNF(t *testing.T) {
	db, err := Parse(sharedDB(t, "nf.mm"))
	if err != nil {
		t.Fatal(err)
	}
	pos := map[string]int{}
	proofs := 0
	for i, a := range db.Assertions() {
		pos[a.Label] = i
		if !a.Provable {
			continue
		}
		proofs++
		if len(a.Uses) == 0 && len(a.Hypotheses) == 0 {
			t.Errorf("%s cites nothing and has no hypothesis to prove it with", a.Label)
		}
		for _, u := range a.Uses {
			if j, ok := pos[u]; !ok || j >= i {
				t.Errorf("%s cites %s, which is not an earlier assertion", a.Label, u)
			}
		}
	}
	if proofs != 5975 {
		t.Errorf("%d proofs; want 5975", proofs)
	}
}
