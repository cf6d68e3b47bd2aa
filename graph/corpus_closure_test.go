package graph_test

import (
	"context"
	"database/sql"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
)

// heldCounts is a corpus.Queue that holds the closure counts it is given
// until the test runs them, as the worker would later.
type heldCounts struct{ ids [][]string }

func (*heldCounts) ScheduleChangeRequest(context.Context, *sql.Tx, string) error { return nil }

func (q *heldCounts) ScheduleClosureCounts(_ context.Context, _ *sql.Tx, ids []string) error {
	q.ids = append(q.ids, ids)
	return nil
}

// While a merged node's closure size is being counted, closure(id:) and
// corpusNode's closure say so — size null, sizePending true — with the
// lowest level and flag already current; once the count lands, the size.
func TestClosureSizePending(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		ctx := context.Background()
		a := newAPI(t, dialectName)
		q := &heldCounts{}
		cs := corpus.New(a.svc, corpus.WithQueue(q))
		w := corpus.Writer{Kind: corpus.WriterPerson, ID: "acc_writer"}
		res, err := cs.Open(ctx, corpus.Request{Writer: w, Drafts: []corpus.Draft{
			{Kind: corpus.Definition, Label: "group", Title: "Group", Term: "group",
				Body: "A *group* is a set $G$ with an associative operation, an identity element and inverses."},
			{Kind: corpus.Theorem, Label: "identity-unique", Title: "Uniqueness of the identity", Uses: []string{"group"},
				Body: "The identity element of a group is unique."},
			{Kind: corpus.Proof, Label: "identity-unique-proof", Title: "Proof", Proves: "identity-unique", Uses: []string{"identity-unique"},
				Body: "If $e$ and $f$ are identities then $e = ef = f$."},
		}})
		if err != nil {
			t.Fatal(err)
		}
		if res, err = cs.Process(ctx, res.Request.ID); err != nil || res.Request.State != corpus.StateMerged {
			t.Fatalf("Process = %+v, %v", res, err)
		}
		type closure struct {
			Size           *int
			SizePending    bool
			LowestLevel    *string
			SorryInClosure bool
		}
		read := func() (closure, closure) {
			var out struct {
				Closure    closure
				CorpusNode struct{ Closure closure }
			}
			r := a.do("", `{ closure(id: "N-3") { size sizePending lowestLevel sorryInClosure }
				corpusNode(id: "N-3") { closure { size sizePending lowestLevel sorryInClosure } } }`, nil, &out)
			if len(r.Errors) > 0 {
				t.Fatalf("errors: %s", r.Body)
			}
			return out.Closure, out.CorpusNode.Closure
		}
		byID, onNode := read()
		for _, c := range []closure{byID, onNode} {
			if c.Size != nil || !c.SizePending || c.LowestLevel == nil || *c.LowestLevel != "E0" || !c.SorryInClosure {
				t.Errorf("closure before the count = %+v (size %v); want size null, pending, lowest E0, sorry", c, c.Size)
			}
		}
		if len(q.ids) != 1 {
			t.Fatalf("scheduled counts = %v; want one job", q.ids)
		}
		if done, err := cs.CountClosures(ctx, q.ids[0], time.Time{}); err != nil || !done {
			t.Fatalf("CountClosures = %v, %v", done, err)
		}
		byID, onNode = read()
		for _, c := range []closure{byID, onNode} {
			if c.Size == nil || *c.Size != 2 || c.SizePending {
				t.Errorf("closure after the count = %+v (size %v); want 2, not pending", c, c.Size)
			}
		}
	})
}
