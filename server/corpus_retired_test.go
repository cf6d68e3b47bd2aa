package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/ui/pagetest"
)

// A retired node's permanent ID still resolves: its page (by ID, or by its
// label, which leads there) is its tombstone naming and linking its
// successor, and corpusNode answers with retired and successor.
func TestRetiredNodeResolvesToTombstone(t *testing.T) {
	t.Parallel()
	s := newSite(t, "sqlite3")
	ctx := context.Background()
	svc := corpus.New(s.svc)
	w := corpus.Writer{Kind: corpus.WriterPerson, ID: "acc_writer"}
	for _, d := range []corpus.Draft{
		{Kind: corpus.Definition, Label: "group-old", Title: "Group", Term: "group",
			Body: "A *group* is a set $G$ with an associative operation, an identity element and inverses."},
		{Kind: corpus.Definition, Label: "group", Title: "Group", Term: "group",
			Body: "A *group* is a set $G$ with an associative binary operation, a two-sided identity element and two-sided inverses."},
	} {
		if res, err := svc.Open(ctx, corpus.Request{Writer: w, Drafts: []corpus.Draft{d}}); err != nil || res.Request.State != corpus.StateMerged {
			t.Fatalf("Open = %+v, %v", res, err)
		}
	}
	if err := svc.Retire(ctx, "group-old", "group", "acc_staff"); err != nil {
		t.Fatal(err)
	}
	anon := s.browser()
	if code, _, h := s.get(anon, "/n/group-old"); code != http.StatusMovedPermanently || h.Get("Location") != "/n/N-1" {
		t.Errorf("GET /n/group-old = %d to %q; want 301 to /n/N-1", code, h.Get("Location"))
	}
	code, body, _ := s.get(anon, "/n/N-1")
	if code != http.StatusOK {
		t.Fatalf("GET /n/N-1 = %d", code)
	}
	pagetest.Check(t, "retired node", body)
	if got := text(t, body, "retired"); !strings.Contains(got, "retired") || !strings.Contains(got, "N-2") {
		t.Errorf("tombstone = %q; want it retired, naming N-2", got)
	}
	if !bytes.Contains(body, []byte(`href="/n/N-2"`)) {
		t.Error("the tombstone does not link its successor /n/N-2")
	}
	q, _ := json.Marshal(map[string]any{"query": `{ corpusNode(id: "N-1") { id retired successor } }`})
	_, raw, _ := s.do(anon, http.MethodPost, "/graphql", map[string]string{"Content-Type": "application/json"}, string(q))
	var out struct {
		Data struct {
			CorpusNode struct {
				ID        string
				Retired   bool
				Successor string
			}
		}
	}
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatalf("corpusNode: %v in %s", err, raw)
	}
	if n := out.Data.CorpusNode; n.ID != "N-1" || !n.Retired || n.Successor != "N-2" {
		t.Errorf("corpusNode(N-1) = %s; want retired with successor N-2", raw)
	}
}
