package corpusimport

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/corpus"
)

// TestPlanEdges keeps a uses edge only to a kind a statement or proof may use, and only to an item
// of the import; a proof's reference to what it proves is its proves edge, not a use.
func TestPlanEdges(t *testing.T) {
	t.Parallel()
	items := []Item{
		{Key: "d", Kind: "DEFINITION"},
		{Key: "r", Kind: "REMARK", File: "f.tex", Line: 3},
		{Key: "e", Kind: "EXAMPLE"},
		{Key: "t", Kind: "THEOREM", Refs: []string{"d", "r", "e", "outside", "c"}, File: "f.tex", Line: 7},
		{Key: "c", Kind: "COMPUTATION"},
		{Key: "p", Kind: "PROOF", Proves: "t", Refs: []string{"t", "d"}},
		{Key: "q", Kind: "PROOF", Proves: "t", Refs: []string{"p"}, File: "f.tex", Line: 9},
	}
	p := PlanItems(items)
	uses := map[string][]string{}
	var order []string
	for _, it := range p.Items {
		uses[it.Key] = it.Uses
		order = append(order, it.Key)
	}
	want := map[string][]string{"d": nil, "r": nil, "e": nil, "t": {"d", "e", "c"}, "c": nil, "p": {"d"}, "q": nil}
	if diff := cmp.Diff(want, uses); diff != "" {
		t.Errorf("uses (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"d", "r", "e", "c", "t", "p", "q"}, order); diff != "" {
		t.Errorf("order (-want +got):\n%s", diff)
	}
	wantIssues := []Issue{
		{"f.tex", 7, "a cross-reference to a REMARK, which nothing uses: dropped"},
		{"f.tex", 9, "a cross-reference to a PROOF, which nothing uses: dropped"},
	}
	if diff := cmp.Diff(wantIssues, p.Issues); diff != "" {
		t.Errorf("issues (-want +got):\n%s", diff)
	}
}

// TestPlanProofs leaves out a proof of nothing the import holds, or of what cannot be proved, and
// keeps what it would have used.
func TestPlanProofs(t *testing.T) {
	t.Parallel()
	items := []Item{
		{Key: "d", Kind: "DEFINITION"},
		{Key: "p1", Kind: "PROOF", Proves: "d", File: "a", Line: 1},
		{Key: "p2", Kind: "PROOF", Proves: "missing", File: "a", Line: 2},
		{Key: "p3", Kind: "PROOF", File: "a", Line: 3},
		{Key: "l", Kind: "LEMMA"},
		{Key: "p4", Kind: "PROOF", Proves: "l", Refs: []string{"d"}},
	}
	p := PlanItems(items)
	var keys []string
	for _, it := range p.Items {
		keys = append(keys, it.Key)
	}
	if diff := cmp.Diff([]string{"d", "l", "p4"}, keys); diff != "" {
		t.Errorf("planned (-want +got):\n%s", diff)
	}
	if len(p.Issues) != 3 {
		t.Fatalf("issues = %v; want one per proof left out", p.Issues)
	}
	for i, is := range p.Issues {
		if is.Line != i+1 || !strings.Contains(is.Reason, "a proof of no theorem, lemma or proposition") {
			t.Errorf("issue %d = %v", i, is)
		}
	}
}

// TestPlanCycles drops, for each cycle of uses, the one edge that closes it (a self-reference
// too), and orders the rest so that every item follows what it uses and what it proves.
func TestPlanCycles(t *testing.T) {
	t.Parallel()
	items := []Item{
		{Key: "self", Kind: "LEMMA", Refs: []string{"self"}},
		{Key: "a", Kind: "LEMMA", Refs: []string{"b"}},
		{Key: "b", Kind: "LEMMA", Refs: []string{"c"}},
		{Key: "c", Kind: "LEMMA", Refs: []string{"a", "d"}},
		{Key: "d", Kind: "DEFINITION"},
		{Key: "pa", Kind: "PROOF", Proves: "a", Refs: []string{"c"}},
		{Key: "x", Kind: "THEOREM", Refs: []string{"y"}},
		{Key: "y", Kind: "THEOREM", Refs: []string{"x"}},
	}
	p := PlanItems(items)
	if len(p.Issues) != 3 {
		t.Errorf("issues = %v; want three edges dropped (self, c→a, y→x)", p.Issues)
	}
	for _, is := range p.Issues {
		if !strings.Contains(is.Reason, "closes a cycle") {
			t.Errorf("issue %v", is)
		}
	}
	pos := map[string]int{}
	edges := 0
	for i, it := range p.Items {
		pos[it.Key] = i
	}
	for _, it := range p.Items {
		for _, u := range it.Uses {
			edges++
			if pos[u] >= pos[it.Key] {
				t.Errorf("%s comes before %s, which it uses", it.Key, u)
			}
		}
		if it.Proves != "" && pos[it.Proves] >= pos[it.Key] {
			t.Errorf("%s comes before %s, which it proves", it.Key, it.Proves)
		}
	}
	if len(p.Items) != len(items) || edges != 5 {
		t.Errorf("%d items with %d edges; want %d items and 5 edges (a→b, b→c, c→d, pa→c, x→y)", len(p.Items), edges, len(items))
	}
}

// TestPlanKeepsSourceOrder changes nothing in an import whose every item comes after what it
// uses, and plans nothing from nothing.
func TestPlanKeepsSourceOrder(t *testing.T) {
	t.Parallel()
	items := []Item{{Key: "1", Kind: "DEFINITION"}, {Key: "2", Kind: "LEMMA", Refs: []string{"1"}},
		{Key: "3", Kind: "THEOREM", Refs: []string{"2", "1"}}, {Key: "4", Kind: "PROOF", Proves: "3", Refs: []string{"2"}}}
	p := PlanItems(items)
	for i, it := range p.Items {
		if it.Key != items[i].Key {
			t.Fatalf("item %d is %s; want %s", i, it.Key, items[i].Key)
		}
	}
	if p := PlanItems(nil); len(p.Items) != 0 || len(p.Issues) != 0 {
		t.Errorf("PlanItems(nil) = %+v", p)
	}
}

// TestSummaryString names every count, and the gates that stopped requests in a stable order.
func TestSummaryString(t *testing.T) {
	t.Parallel()
	s := Summary{Merged: 5, Revised: 4, Unchanged: 3, StillFailing: 2, Failed: 3, Skipped: 1, DroppedEdges: 7,
		FailedAt: map[string]int{"statement": 2, "intake": 1}}
	want := "merged 5, revised 4, unchanged 3, failed 3 (intake 1, statement 2), still failing 2, skipped 1, uses edges dropped 7"
	for range 5 {
		if got := s.String(); got != want {
			t.Fatalf("String() = %q; want %q", got, want)
		}
	}
	if got := (Summary{}).String(); got != "merged 0, revised 0, unchanged 0, failed 0 (), still failing 0, skipped 0, uses edges dropped 0" {
		t.Errorf("empty summary = %q", got)
	}
}

// TestSameAsNode finds a draft unchanged only when its title, body, term, uses (as a set) and
// proves all say what the node's revision says.
func TestSameAsNode(t *testing.T) {
	t.Parallel()
	node := &corpus.NodeView{Title: "T", Body: "B", Term: "t",
		Uses: []corpus.NodeRef{{Label: "u1"}, {Label: "u2"}}, Proves: &corpus.NodeRef{Label: "thm"}}
	base := corpus.Draft{Title: "T", Body: "B", Term: "t", Uses: []string{"u2", "u1"}, Proves: "thm"}
	for _, tc := range []struct {
		name string
		edit func(*corpus.Draft)
		same bool
	}{
		{"same", func(*corpus.Draft) {}, true},
		{"uses repeated", func(d *corpus.Draft) { d.Uses = []string{"u1", "u2", "u1"} }, true},
		{"kind and licence are not compared", func(d *corpus.Draft) { d.Kind, d.Licence = "LEMMA", "x" }, true},
		{"title", func(d *corpus.Draft) { d.Title = "T2" }, false},
		{"body", func(d *corpus.Draft) { d.Body = "B " }, false},
		{"term", func(d *corpus.Draft) { d.Term = "" }, false},
		{"a use less", func(d *corpus.Draft) { d.Uses = []string{"u1"} }, false},
		{"a use more", func(d *corpus.Draft) { d.Uses = []string{"u1", "u2", "u3"} }, false},
		{"proves another", func(d *corpus.Draft) { d.Proves = "other" }, false},
		{"proves nothing", func(d *corpus.Draft) { d.Proves = "" }, false},
	} {
		d := base
		d.Uses = append([]string(nil), base.Uses...)
		tc.edit(&d)
		if got := sameAsNode(d, node); got != tc.same {
			t.Errorf("%s: sameAsNode = %v; want %v", tc.name, got, tc.same)
		}
	}
	plain := &corpus.NodeView{Title: "T", Body: "B"}
	if !sameAsNode(corpus.Draft{Title: "T", Body: "B"}, plain) || sameAsNode(corpus.Draft{Title: "T", Body: "B", Proves: "x"}, plain) {
		t.Error("a node that proves nothing compares wrong")
	}
}

// TestSameDraft finds a failed request's draft the same when what it would write is the same,
// uses as a set, and different when it would revise another node.
func TestSameDraft(t *testing.T) {
	t.Parallel()
	a := corpus.Draft{Title: "T", Body: "B", Term: "t", Uses: []string{"x", "y"}, Proves: "p", Revises: "n1"}
	b := a
	b.Uses = []string{"y", "x", "x"}
	if !sameDraft(a, b) {
		t.Error("drafts differing only in the order of uses differ")
	}
	for name, edit := range map[string]func(*corpus.Draft){
		"title": func(d *corpus.Draft) { d.Title = "" }, "body": func(d *corpus.Draft) { d.Body = "" },
		"term": func(d *corpus.Draft) { d.Term = "" }, "proves": func(d *corpus.Draft) { d.Proves = "" },
		"revises": func(d *corpus.Draft) { d.Revises = "n2" }, "uses": func(d *corpus.Draft) { d.Uses = []string{"x"} },
	} {
		c := a
		edit(&c)
		if sameDraft(a, c) || sameDraft(c, a) {
			t.Errorf("drafts differing in %s are the same", name)
		}
	}
	in := []string{"b", "a"}
	sameSet(in, []string{"a", "b"})
	if in[0] != "b" {
		t.Error("sameSet sorted its caller's slice")
	}
}
