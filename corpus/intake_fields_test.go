package corpus_test

import (
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
)

// TestIntakeRefusesBadFields: the intake gate names each field a draft gets
// wrong, with its code, and the request writes no node: a missing or
// overlong title, a missing body, a revision of no node, of a node an
// earlier draft revises already (by its ID once and its label once), under
// another kind or label, a new node with a label an earlier draft took,
// and a reference whose identifier is no record's.
func TestIntakeRefusesBadFields(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		f := newFixture(t, dialectName, clearCopies{})
		ids := f.mustMerge(t, person, definition("group"), theorem("identity-unique", "group"))
		revision := func(ref string) corpus.Draft {
			d := theorem("")
			d.Label, d.Revises = "", ref
			return d
		}
		untitled := theorem("untitled")
		untitled.Title = "  "
		longTitle := theorem("long-title")
		longTitle.Title = strings.Repeat("é", corpus.MaxTitle+1)
		bodiless := theorem("bodiless")
		bodiless.Body = "\n\t"
		asDefinition := revision(ids[1])
		asDefinition.Kind = corpus.Definition
		relabelled := revision(ids[1])
		relabelled.Label = "identity-is-unique"
		badRef := theorem("cited")
		badRef.References = []corpus.Reference{{Identifier: "doi:10.1000/ok"}, {Identifier: "not an identifier"}}
		cases := []struct {
			name   string
			drafts []corpus.Draft
			field  string
			code   string
		}{
			{"noTitle", []corpus.Draft{untitled}, "nodes[0].title", corpus.CodeRequired},
			{"longTitle", []corpus.Draft{longTitle}, "nodes[0].title", corpus.CodeOversize},
			{"noBody", []corpus.Draft{bodiless}, "nodes[0].body", corpus.CodeRequired},
			{"reviseNothing", []corpus.Draft{revision("no-such-node")}, "nodes[0].revises", corpus.CodeMissingTarget},
			{"reviseTwice", []corpus.Draft{revision(ids[1]), revision("identity-unique")}, "nodes[1].revises", corpus.CodeInvalid},
			{"reviseKind", []corpus.Draft{asDefinition}, "nodes[0].kind", corpus.CodeInvalid},
			{"reviseLabel", []corpus.Draft{relabelled}, "nodes[0].label", corpus.CodeInvalid},
			{"labelTwice", []corpus.Draft{theorem("twin"), theorem("twin")}, "nodes[1].label", corpus.CodeLabelTaken},
			{"reference", []corpus.Draft{badRef}, "nodes[0].references[1].identifier", corpus.CodeInvalid},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				before := f.counts(t)
				res := f.open(t, person, tc.drafts...)
				if res.Request.State != corpus.StateFailed || res.Request.FailedGate != corpus.GateIntake {
					t.Fatalf("state %s at %q; want FAILED at INTAKE", res.Request.State, res.Request.FailedGate)
				}
				var fields []string
				found := false
				for _, ue := range res.UserErrors {
					fields = append(fields, ue.Field+" "+ue.Code)
					found = found || ue.Field == tc.field && ue.Code == tc.code
				}
				if !found {
					t.Errorf("userErrors = %v; want %s at %s", fields, tc.code, tc.field)
				}
				if len(fields) != 1 {
					t.Errorf("userErrors = %v; want that one alone", fields)
				}
				if after := f.counts(t); after[0] != before[0] || after[2] != before[2] {
					t.Errorf("nodes, revisions %v -> %v; a failed request writes none", before, after)
				}
			})
		}
		// The same revision alone, of the node's own kind and label, passes intake and merges.
		own := revision("identity-unique")
		own.Label = "identity-unique"
		if res := f.open(t, person, own); res.Request.State != corpus.StateMerged || len(res.UserErrors) != 0 {
			t.Errorf("a revision keeping kind and label: %s, %+v; want MERGED", res.Request.State, res.UserErrors)
		}
	})
}
