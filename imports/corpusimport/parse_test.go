package corpusimport_test

import (
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/imports/corpusimport"
)

// The parser reads each item with its key, kind, title, term and the keys
// of its cross-references, resolving \olref's optional arguments from the
// right and leaving out references to parts, chapters and sections.
func TestParseOpenLogic(t *testing.T) {
	items, issues, err := corpusimport.ParseOpenLogic(os.DirFS("testdata/openlogic/content"))
	if err != nil {
		t.Fatal(err)
	}
	if len(issues) != 0 {
		t.Errorf("issues = %v", issues)
	}
	type row struct{ Key, Kind, Title, Term, Proves string }
	var got []row
	refs := map[string][]string{}
	for _, it := range items {
		got = append(got, row{it.Key, it.Kind, it.Title, it.Term, it.Proves})
		refs[it.Key] = it.Refs
	}
	want := []row{
		{"openlogic:sfr/set/ext/defn:set", "DEFINITION", "Definition (Set)", "set", ""},
		{"openlogic:sfr/set/ext/prop:ext", "PROPOSITION", "Proposition (Extensionality)", "", ""},
		{"openlogic:sfr/set/ext/proof#3", "PROOF", "Proof of Proposition (Extensionality)", "", "openlogic:sfr/set/ext/prop:ext"},
		{"openlogic:sfr/set/ext/cor:unique", "PROPOSITION", "Corollary (Unique)", "", ""},
		{"openlogic:sfr/set/ext/proof#5", "PROOF", "Proof of Corollary (Unique)", "", "openlogic:sfr/set/ext/cor:unique"},
		{"openlogic:sfr/set/sub/defn:subset", "DEFINITION", "Definition (Subset)", "subset", ""},
		{"openlogic:sfr/set/sub/ex#2", "EXAMPLE", "Example 1 of section sfr/set/sub", "", ""},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("items (-want +got):\n%s", diff)
	}
	wantRefs := map[string][]string{
		"openlogic:sfr/set/ext/defn:set":    nil,
		"openlogic:sfr/set/ext/prop:ext":    {"openlogic:sfr/set/ext/defn:set"},
		"openlogic:sfr/set/ext/proof#3":     {"openlogic:sfr/set/ext/defn:set"},
		"openlogic:sfr/set/ext/cor:unique":  {"openlogic:sfr/set/ext/prop:ext"},
		"openlogic:sfr/set/ext/proof#5":     {"openlogic:sfr/set/ext/prop:ext"},
		"openlogic:sfr/set/sub/defn:subset": {"openlogic:sfr/set/ext/defn:set"},
		"openlogic:sfr/set/sub/ex#2":        {"openlogic:sfr/set/sub/defn:subset"},
	}
	if diff := cmp.Diff(wantRefs, refs); diff != "" {
		t.Errorf("refs (-want +got):\n%s", diff)
	}
}

// The plan keeps every target before what points to it and breaks a cycle.
func TestPlanOrdersAndBreaksCycles(t *testing.T) {
	items := []corpusimport.Item{
		{Key: "a", Kind: "LEMMA", Refs: []string{"b"}},
		{Key: "b", Kind: "LEMMA", Refs: []string{"a"}},
		{Key: "p", Kind: "PROOF", Proves: "c", Refs: []string{"a"}},
		{Key: "c", Kind: "THEOREM", Refs: []string{"b"}},
		{Key: "orphan", Kind: "PROOF", Proves: "nothing"},
	}
	p := corpusimport.PlanItems(items)
	var order []string
	pos := map[string]int{}
	for i, it := range p.Items {
		order = append(order, it.Key)
		pos[it.Key] = i
	}
	if len(order) != 4 {
		t.Fatalf("planned %v; want the orphan proof left out", order)
	}
	for _, it := range p.Items {
		for _, u := range it.Uses {
			if pos[u] > pos[it.Key] {
				t.Errorf("%s comes before %s, which it uses", it.Key, u)
			}
		}
		if it.Proves != "" && pos[it.Proves] > pos[it.Key] {
			t.Errorf("%s comes before %s, which it proves", it.Key, it.Proves)
		}
	}
	if len(p.Issues) != 2 {
		t.Errorf("issues = %v; want the orphan and the dropped cycle edge", p.Issues)
	}
}
