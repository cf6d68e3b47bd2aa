package corpus

import (
	"reflect"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/changerequest"
)

// TestStratumOf: people are audited together, whoever opened the request;
// an agent or an importer is a configuration of its own, keyed by its ID,
// model, prompt and layer; and the stratum's key reads back to it.
func TestStratumOf(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		cr   *ent.ChangeRequest
		want Stratum
	}{
		{&ent.ChangeRequest{Opener: "acc_ada", WriterKind: changerequest.WriterKindPERSON},
			Stratum{Kind: Theorem, Writer: WriterPerson}},
		{&ent.ChangeRequest{Opener: "acc_bob", WriterKind: changerequest.WriterKindPERSON, Model: "m-0", Layer: "l"},
			Stratum{Kind: Theorem, Writer: WriterPerson, Model: "m-0", Layer: "l"}},
		{&ent.ChangeRequest{Opener: "lane_prover", WriterKind: changerequest.WriterKindAGENT, Model: "m-1", PromptVersion: "p-3"},
			Stratum{Kind: Theorem, Writer: "lane_prover", Model: "m-1", PromptVersion: "p-3"}},
		{&ent.ChangeRequest{Opener: "openlogic", WriterKind: changerequest.WriterKindIMPORTER, Layer: "import"},
			Stratum{Kind: Theorem, Writer: "openlogic", Layer: "import"}},
	} {
		got := stratumOf(Theorem, tc.cr)
		if got != tc.want {
			t.Errorf("stratumOf(%s by %s) = %+v; want %+v", tc.cr.WriterKind, tc.cr.Opener, got, tc.want)
		}
		if back := stratumOfKey(got.Key()); back != got {
			t.Errorf("stratumOfKey(%q) = %+v; want %+v", got.Key(), back, got)
		}
	}
	a := stratumOf(Theorem, &ent.ChangeRequest{Opener: "acc_a", WriterKind: changerequest.WriterKindPERSON})
	b := stratumOf(Theorem, &ent.ChangeRequest{Opener: "acc_b", WriterKind: changerequest.WriterKindPERSON})
	c := stratumOf(Definition, &ent.ChangeRequest{Opener: "acc_a", WriterKind: changerequest.WriterKindPERSON})
	if a.Key() != b.Key() || a.Key() == c.Key() {
		t.Errorf("two people's theorems are %q and %q, a definition %q; want one stratum per kind", a.Key(), b.Key(), c.Key())
	}
}

// TestBlindOfHidesTheWriter: a blind node carries the node's text and its
// edges and nothing of who or what wrote it, merged it, or how far it is
// confirmed; every field it has is copied from the node's field of that name.
func TestBlindOfHidesTheWriter(t *testing.T) {
	t.Parallel()
	blind := reflect.TypeFor[BlindNode]()
	view := reflect.TypeFor[NodeView]()
	for _, hidden := range []string{"Writer", "MergedBy", "Attribution", "Licence", "Revisions", "Level", "Fidelity", "Flags", "Properties", "CreatedAt", "UpdatedAt", "Number"} {
		if _, ok := blind.FieldByName(hidden); ok {
			t.Errorf("BlindNode has %s, which says who wrote the node or how it stands", hidden)
		}
	}
	for i := range blind.NumField() {
		f := blind.Field(i)
		vf, ok := view.FieldByName(f.Name)
		if !ok || vf.Type != f.Type {
			t.Errorf("BlindNode.%s (%s) is not NodeView's field of that name", f.Name, f.Type)
		}
	}

	v := &NodeView{ID: "N-3", Number: 3, Kind: Theorem, Label: "thm:x", Title: "X", Body: "Every x.", Term: "x",
		Level: 4, Fidelity: 2, Flags: []string{"HELD"}, Uses: []NodeRef{{ID: "N-1"}}, UsedBy: []NodeRef{{ID: "N-9"}},
		Proves: &NodeRef{ID: "N-2"}, ExampleOf: &NodeRef{ID: "N-4"}, References: []ReferenceView{{}},
		Writer: Writer{Kind: WriterAgent, ID: "lane_prover", Model: "m-1"}, MergedBy: "acc_r", Attribution: "After Lang.",
		CreatedAt: time.Unix(1, 0)}
	got := blindOf(v)
	bv, vv := reflect.ValueOf(got), reflect.ValueOf(*v)
	for i := range blind.NumField() {
		name := blind.Field(i).Name
		if !reflect.DeepEqual(bv.Field(i).Interface(), vv.FieldByName(name).Interface()) {
			t.Errorf("blindOf(v).%s = %v; want v's %v", name, bv.Field(i).Interface(), vv.FieldByName(name).Interface())
		}
	}
}

// TestRowViews: a report's and a snapshot's views carry the row as stored,
// and a snapshot verifies exactly while its content is untouched.
func TestRowViews(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 12, 3, 10, 0, 0, 0, time.UTC)
	r := &ent.ReaderReport{ID: "rep_1", NodeID: "N-5", Property: "CORRECTNESS", Explanation: "The bound is off by one.",
		Level: 5, State: "OPEN", CreatedAt: at}
	want := &ReportView{ID: "rep_1", Node: "N-5", Property: "CORRECTNESS", Explanation: "The bound is off by one.",
		Level: 5, State: "OPEN", CreatedAt: at}
	if got := reportView(r); !cmp.Equal(got, want) {
		t.Errorf("reportView = %+v; want %+v", got, want)
	}

	content := `{"release":"2026.12"}`
	// sha256 of content, computed apart from VerifySnapshot.
	const sum = "e7d514b71dec3de6504fb8ca704b4b1191f558ce6792aa7075579498ed7ca177"
	sn := snapshotOf(&ent.RateSnapshot{Release: "2026.12", Month: "2026-12", Content: content, Sha256: sum, CreatedAt: at})
	if sn.Release != "2026.12" || sn.Month != "2026-12" || sn.Content != content || sn.SHA256 != sum || !sn.CreatedAt.Equal(at) {
		t.Errorf("snapshotOf = %+v", sn)
	}
	if !VerifySnapshot(sn) {
		t.Error("VerifySnapshot refused an untouched snapshot")
	}
	edited := *sn
	edited.Content = `{"release":"2026.12" }`
	if VerifySnapshot(&edited) {
		t.Error("VerifySnapshot accepted edited content")
	}
	rehashed := *sn
	rehashed.SHA256 = "E7D514B71DEC3DE6504FB8CA704B4B1191F558CE6792AA7075579498ED7CA177"
	if VerifySnapshot(&rehashed) {
		t.Error("VerifySnapshot accepted the hash in capitals; it is recorded in lower-case hex")
	}
}
