package corpus

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/corpusnode"
)

// TestNodeFlagsAndProperties reads each property of a node from its own part of the record: a
// proof with a closure below E2 is flagged (no other kind is), correctness is confirmed from E2,
// fidelity by a person's confirmation against a source or a binding at F2, sourcing only where
// there are references, and style only by people.
func TestNodeFlagsAndProperties(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name       string
		n          ent.CorpusNode
		refs       int
		confirmed  bool
		flags      []string
		properties []string // correctness, fidelity, sourcing, style
	}{
		{"a new theorem", ent.CorpusNode{Kind: corpusnode.KindTHEOREM, Level: E1}, 0, false,
			[]string{}, []string{"UNCONFIRMED", "UNCONFIRMED", "NOT_APPLICABLE", "UNCONFIRMED"}},
		{"a proof over a sorry", ent.CorpusNode{Kind: corpusnode.KindPROOF, Level: E3, SorryInClosure: true}, 0, false,
			[]string{FlagSorryInClosure}, []string{"FLAGGED", "UNCONFIRMED", "NOT_APPLICABLE", "UNCONFIRMED"}},
		{"a theorem over a sorry is no proof", ent.CorpusNode{Kind: corpusnode.KindTHEOREM, Level: E2, SorryInClosure: true}, 0, false,
			[]string{}, []string{"CONFIRMED", "UNCONFIRMED", "NOT_APPLICABLE", "UNCONFIRMED"}},
		{"cited, locator unconfirmed", ent.CorpusNode{Kind: corpusnode.KindLEMMA, Level: E2, LocatorUnconfirmed: true}, 2, true,
			[]string{FlagLocatorUnconfirmed}, []string{"CONFIRMED", "CONFIRMED", "FLAGGED", "UNCONFIRMED"}},
		{"cited and confirmed", ent.CorpusNode{Kind: corpusnode.KindDEFINITION, Level: E3}, 1, true,
			[]string{}, []string{"CONFIRMED", "CONFIRMED", "CONFIRMED", "UNCONFIRMED"}},
		{"a binding at F2", ent.CorpusNode{Kind: corpusnode.KindTHEOREM, Level: E5, Fidelity: 2}, 0, false,
			[]string{}, []string{"CONFIRMED", "CONFIRMED", "NOT_APPLICABLE", "UNCONFIRMED"}},
		{"a binding at F1", ent.CorpusNode{Kind: corpusnode.KindTHEOREM, Level: E4, Fidelity: 1}, 0, false,
			[]string{}, []string{"CONFIRMED", "UNCONFIRMED", "NOT_APPLICABLE", "UNCONFIRMED"}},
		{"both flags", ent.CorpusNode{Kind: corpusnode.KindPROOF, SorryInClosure: true, LocatorUnconfirmed: true}, 1, false,
			[]string{FlagSorryInClosure, FlagLocatorUnconfirmed}, []string{"FLAGGED", "UNCONFIRMED", "FLAGGED", "UNCONFIRMED"}},
	} {
		if got := flagsOf(&tc.n); !cmp.Equal(got, tc.flags) {
			t.Errorf("%s: flags %v; want %v", tc.name, got, tc.flags)
		}
		var got, props []string
		for _, p := range properties(&tc.n, tc.refs, tc.confirmed) {
			props = append(props, p.Property)
			got = append(got, p.Status)
		}
		if diff := cmp.Diff(tc.properties, got); diff != "" {
			t.Errorf("%s: properties (-want +got):\n%s", tc.name, diff)
		}
		if !cmp.Equal(props, []string{PropertyCorrectness, PropertyFidelity, PropertySourcing, PropertyStyle}) {
			t.Errorf("%s: properties in the order %v", tc.name, props)
		}
	}
	n := &ent.CorpusNode{ID: "cn_1", Label: "zorn", Kind: corpusnode.KindLEMMA, Title: "Zorn's lemma", Level: E3}
	if got := refOf(n); got != (NodeRef{ID: "cn_1", Label: "zorn", Kind: Lemma, Title: "Zorn's lemma", Level: E3}) {
		t.Errorf("refOf = %+v", got)
	}
}

// TestIntakeNotes name what a draft takes and what a retired node was replaced by.
func TestIntakeNotes(t *testing.T) {
	t.Parallel()
	if got := labelNote(&Draft{Label: "zorn"}); got != "the free label zorn" {
		t.Errorf("labelNote = %q", got)
	}
	if got := labelNote(&Draft{Label: "zorn", Revises: "cn_1"}); got != "revises cn_1" {
		t.Errorf("labelNote of a revision = %q", got)
	}
	succ := "zorn-2"
	if successorNote(nil) != "" || successorNote(&succ) != "; its successor is zorn-2" {
		t.Error("successorNote")
	}
	if got := kindValues([]string{Theorem, Proof}); len(got) != 2 || got[0] != corpusnode.KindTHEOREM || got[1] != corpusnode.KindPROOF {
		t.Errorf("kindValues = %v", got)
	}
	seen := map[string]bool{}
	for k := range mapKeys(map[string]int{"a": 1, "b": 2, "c": 3}) {
		seen[k] = true
		if len(seen) == 2 {
			break
		}
	}
	if len(seen) != 2 {
		t.Errorf("mapKeys stopped after %d keys; want the loop to stop it at 2", len(seen))
	}
	if s := stratumOfRow(Theorem, "w", "m", "p", "l"); s.Key() != "THEOREM|w|m|p|l" {
		t.Errorf("stratumOfRow = %+v", s)
	}
}

// TestNamedResults finds the results prose names by a person ("Zorn's lemma", "the theorem of
// Hahn and Banach"), not those whose first word names no one, nor anything inside a formula, and
// a name resolves only in a text that holds every surname.
func TestNamedResults(t *testing.T) {
	t.Parallel()
	body := `By Zorn's lemma and the theorem of Hahn and Banach, with the Main theorem and $\text{Fermat's theorem}$, the Cantor–Bernstein theorem gives it.`
	var names []string
	for _, n := range namedResults(body) {
		names = append(names, n.name)
		if phrase := body[n.start:n.end]; !strings.Contains(phrase, n.name) {
			t.Errorf("%q spans %q", n.name, phrase)
		}
	}
	if diff := cmp.Diff([]string{"Zorn", "Cantor–Bernstein", "Hahn and Banach"}, names); diff != "" {
		t.Errorf("named results (-want +got):\n%s", diff)
	}
	for _, tc := range []struct {
		name  string
		texts []string
		want  bool
	}{
		{"Hahn and Banach", []string{"The Hahn–Banach theorem"}, true},
		{"Hahn and Banach", []string{"Banach spaces", "Hahn decomposition"}, false},
		{"Cantor–Bernstein", []string{"x", "Schröder–Bernstein, after Cantor"}, true},
		{"Zorn", nil, false},
		{"", []string{"anything"}, false},
	} {
		if got := resolvesIn(tc.name, tc.texts); got != tc.want {
			t.Errorf("resolvesIn(%q, %q) = %v; want %v", tc.name, tc.texts, got, tc.want)
		}
	}
}
