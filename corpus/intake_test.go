package corpus_test

import (
	"context"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
)

// Bad input: each refusal is a field-level error naming what is wrong,
// the request stays open FAILED at intake, and nothing is merged.
func TestIntakeRefusesBadInput(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		f := newFixture(t, dialectName, clearCopies{})
		ids := f.mustMerge(t, person, definition("group"), theorem("identity-unique", "group"))
		if err := f.svc.Retire(context.Background(), "identity-unique", "", "acc_staff"); err != nil {
			t.Fatal(err)
		}
		a, b := theorem("a", "b"), theorem("b", "a")
		tooBig := theorem("big")
		tooBig.Body = strings.Repeat("x", corpus.MaxBody+1)
		badTeX := theorem("bad-tex")
		badTeX.Body = "Let $x \\in \\{1, 2 be given."
		wrongProof := proof("p", "group")
		noProves := proof("p2", "")
		defTerm := theorem("t-term")
		defTerm.Term = "thing"
		cases := []struct {
			name   string
			drafts []corpus.Draft
			field  string
			code   string
		}{
			{"cycle", []corpus.Draft{a, b}, "nodes[1].uses[0]", corpus.CodeCycle},
			{"self", []corpus.Draft{theorem("self", "self")}, "nodes[0].uses[0]", corpus.CodeCycle},
			{"missing", []corpus.Draft{theorem("t", "no-such-node")}, "nodes[0].uses[0]", corpus.CodeMissingTarget},
			{"missingID", []corpus.Draft{theorem("t", "N-999")}, "nodes[0].uses[0]", corpus.CodeMissingTarget},
			{"retired", []corpus.Draft{theorem("t", ids[1])}, "nodes[0].uses[0]", corpus.CodeRetired},
			{"reviseRetired", []corpus.Draft{{Kind: corpus.Theorem, Title: "x", Body: "y", Revises: ids[1]}}, "nodes[0].revises", corpus.CodeRetired},
			{"oversize", []corpus.Draft{tooBig}, "nodes[0].body", corpus.CodeOversize},
			{"tex", []corpus.Draft{badTeX}, "nodes[0].body", corpus.CodeBrokenTeX},
			{"edgeKind", []corpus.Draft{wrongProof}, "nodes[0].proves", corpus.CodeEdgeKind},
			{"proves", []corpus.Draft{noProves}, "nodes[0].proves", corpus.CodeRequired},
			{"term", []corpus.Draft{defTerm}, "nodes[0].term", corpus.CodeEdgeKind},
			{"label", []corpus.Draft{theorem("group")}, "nodes[0].label", corpus.CodeLabelTaken},
			{"labelShape", []corpus.Draft{theorem("Not A Slug")}, "nodes[0].label", corpus.CodeInvalid},
			{"kind", []corpus.Draft{{Kind: "AXIOM", Label: "ax", Title: "x", Body: "y"}}, "nodes[0].kind", corpus.CodeInvalid},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				before := f.counts(t)
				res := f.open(t, person, tc.drafts...)
				if res.Request.State != corpus.StateFailed || res.Request.FailedGate != corpus.GateIntake {
					t.Fatalf("state %s at %q; want FAILED at INTAKE", res.Request.State, res.Request.FailedGate)
				}
				found := false
				for _, ue := range res.UserErrors {
					found = found || ue.Field == tc.field && ue.Code == tc.code
				}
				if !found {
					t.Errorf("userErrors = %+v; want %s at %s", res.UserErrors, tc.code, tc.field)
				}
				after := f.counts(t)
				if after[0] != before[0] || after[2] != before[2] {
					t.Errorf("nodes, revisions %v -> %v; a failed request writes none", before, after)
				}
				if got := gateNames(res.Request.Gates); len(got) != 1 {
					t.Errorf("gates run = %v; intake stops the request", got)
				}
			})
		}
	})
}

// A cycle through stored edges: revising a node to use what rests on it.
func TestIntakeCycleThroughStoredEdges(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		f := newFixture(t, dialectName, clearCopies{})
		ids := f.mustMerge(t, person, definition("d"), theorem("t1", "d"), theorem("t2", "t1"))
		rev := definition("")
		rev.Revises, rev.Uses = ids[0], []string{"t2"}
		res := f.open(t, person, rev)
		if len(res.UserErrors) != 1 || res.UserErrors[0].Code != corpus.CodeCycle || res.UserErrors[0].Field != "nodes[0].uses[0]" {
			t.Fatalf("userErrors = %+v; want one CYCLE at nodes[0].uses[0]", res.UserErrors)
		}
	})
}
