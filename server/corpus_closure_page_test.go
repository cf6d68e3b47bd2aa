package server_test

import (
	"context"
	"database/sql"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/corpus"
)

// laterCounts is a corpus.Queue that keeps the closure counts it is given
// for the test to run later, as the worker would.
type laterCounts struct{ ids [][]string }

func (*laterCounts) ScheduleChangeRequest(context.Context, *sql.Tx, string) error { return nil }

func (q *laterCounts) ScheduleClosureCounts(_ context.Context, _ *sql.Tx, ids []string) error {
	q.ids = append(q.ids, ids)
	return nil
}

// The node page says a closure's size is being counted while the job that
// counts it after the merge has not run, and gives no number; then the
// number.
func TestNodePageClosurePending(t *testing.T) {
	t.Parallel()
	s := newSite(t, "sqlite3")
	ctx := context.Background()
	q := &laterCounts{}
	svc := corpus.New(s.svc, corpus.WithQueue(q))
	w := corpus.Writer{Kind: corpus.WriterPerson, ID: "acc_writer"}
	res, err := svc.Open(ctx, corpus.Request{Writer: w, Drafts: []corpus.Draft{
		{Kind: corpus.Definition, Label: "group", Title: "Group", Term: "group",
			Body: "A *group* is a set $G$ with an associative operation, an identity element and inverses."},
		{Kind: corpus.Theorem, Label: "identity-unique", Title: "Uniqueness of the identity", Uses: []string{"group"},
			Body: "The identity element of a group is unique."},
	}})
	if err != nil {
		t.Fatal(err)
	}
	if res, err = svc.Process(ctx, res.Request.ID); err != nil || res.Request.State != corpus.StateMerged {
		t.Fatalf("Process = %+v, %v", res, err)
	}
	page := func() string {
		t.Helper()
		code, body, _ := s.get(s.browser(), "/n/N-2")
		if code != http.StatusOK {
			t.Fatalf("GET /n/N-2 = %d", code)
		}
		return text(t, body, "closure")
	}
	if got := page(); !strings.Contains(got, "being counted") || strings.Contains(got, "node.") || strings.Contains(got, "no other node") {
		t.Errorf("closure before the count = %q; want it said to be counted, with no number", got)
	}
	for _, ids := range q.ids {
		if _, err := svc.CountClosures(ctx, ids, time.Time{}); err != nil {
			t.Fatal(err)
		}
	}
	if got := page(); !strings.Contains(got, "rests on 1 node,") || strings.Contains(got, "counted") {
		t.Errorf("closure after the count = %q; want 1 node", got)
	}
}
