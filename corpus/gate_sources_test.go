package corpus_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/source"
	"github.com/theoremdb/theoremdb/gates"
)

// TestSourcesGateVerdicts: a source whose record the plane confirmed
// passes; one whose record does not match what was claimed is fabricated
// when an agent cites it (the request fails at the gate) and goes to a
// person when a person does; a reference with no locator, or with one no
// one confirmed, asks a person and leaves the merged node flagged
// locator_unconfirmed.
func TestSourcesGateVerdicts(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		t.Parallel()
		ctx := context.Background()
		f := newFixture(t, d, clearCopies{})
		for id, conf := range map[string]source.Confirmation{"doi:10.1000/real": source.ConfirmationCONFIRMED, "doi:10.1000/other": source.ConfirmationMISMATCH} {
			if _, err := f.pol.Client().Source.Create().SetIdentifier(id).SetKind("DOI").SetConfirmation(conf).
				SetCreatedAt(f.pol.Now()).Save(ctx); err != nil {
				t.Fatal(err)
			}
		}
		cite := func(label, id, locator string) corpus.Draft {
			dr := definition(label)
			dr.References = []corpus.Reference{{Identifier: id, Citation: "A. Author, Groups (2020)", Locator: locator}}
			return dr
		}
		verdicts := func(res *corpus.Result) map[string]gates.Verdict {
			out := map[string]gates.Verdict{}
			for _, fd := range findingsOf(res, corpus.GateSources) {
				out[fd.Check+" "+fd.Span.Field] = fd.Verdict
			}
			return out
		}

		res := f.open(t, agent, cite("real", "10.1000/real", ""))
		v := verdicts(res)
		if res.Request.State != corpus.StateMerged || v["sources.record-exists nodes[0].references[0].identifier"] != gates.Pass ||
			v["sources.locator nodes[0].references[0].locator"] != gates.NeedsHuman {
			t.Fatalf("a confirmed source with no locator: %s, findings %v; want MERGED, the record passing, the locator to a person", res.Request.State, v)
		}
		n, err := f.svc.Node(ctx, res.Request.Nodes[0])
		if err != nil || !slices.Contains(n.Flags, corpus.FlagLocatorUnconfirmed) {
			t.Errorf("Node flags = %v, %v; want %s", n.Flags, err, corpus.FlagLocatorUnconfirmed)
		}

		res = f.open(t, agent, cite("other", "10.1000/other", "Thm. 2"))
		if res.Request.State != corpus.StateFailed || res.Request.FailedGate != corpus.GateSources ||
			!strings.Contains(findingText(lastFindings(res)), "does not match") || !strings.Contains(findingText(lastFindings(res)), "fabricated") {
			t.Errorf("an agent's mismatched source: %s at %s, %s; want FAILED at SOURCES, fabricated", res.Request.State,
				res.Request.FailedGate, findingText(lastFindings(res)))
		}
		res = f.open(t, person, cite("other-2", "10.1000/other", "Thm. 2"))
		v = verdicts(res)
		if res.Request.State != corpus.StateMerged || v["sources.record-exists nodes[0].references[0].identifier"] != gates.NeedsHuman ||
			v["sources.locator nodes[0].references[0].locator"] != gates.NeedsHuman {
			t.Errorf("a person's mismatched source: %s, findings %v; want MERGED with both to a person", res.Request.State, v)
		}

		res = f.open(t, person, definition("uncited"))
		if fs := findingsOf(res, corpus.GateSources); res.Request.State != corpus.StateMerged || len(fs) != 1 || fs[0].Verdict != gates.Pass ||
			fs[0].Span.Field != "nodes" {
			t.Errorf("no source: %s, %+v; want one PASS on nodes", res.Request.State, fs)
		}
		if n, err := f.svc.Node(ctx, res.Request.Nodes[0]); err != nil || slices.Contains(n.Flags, corpus.FlagLocatorUnconfirmed) {
			t.Errorf("uncited node flags = %v, %v; want no locator flag", n.Flags, err)
		}
	})
}
