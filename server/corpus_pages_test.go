package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/copycheck"
	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/role"
	"github.com/theoremdb/theoremdb/server"
	"github.com/theoremdb/theoremdb/ui/pagetest"
)

// The corpus pages: a node by ID (its label leads there), the list with
// its search, and the open change requests with their failing findings.
func TestCorpusPages(t *testing.T) {
	t.Parallel()
	s := newSite(t, "sqlite3")
	ctx := context.Background()
	svc := corpus.New(s.svc)
	w := corpus.Writer{Kind: corpus.WriterPerson, ID: "acc_writer"}
	res, err := svc.Open(ctx, corpus.Request{Writer: w, Drafts: []corpus.Draft{
		{Kind: corpus.Definition, Label: "group", Title: "Group", Term: "group",
			Body:       "A *group* is a set $G$ with an associative operation, an identity element and inverses.",
			References: []corpus.Reference{{Identifier: "10.1000/groups", Citation: "A. Author, Groups (2001)", Locator: "Def. 1.1"}}},
		{Kind: corpus.Theorem, Label: "identity-unique", Title: "Uniqueness of the identity", Uses: []string{"group"},
			Body: "The identity element of a group is unique."},
		{Kind: corpus.Proof, Label: "identity-unique-proof", Title: "Proof of uniqueness", Proves: "identity-unique", Uses: []string{"group"},
			Body: "If $e$ and $f$ are identities then $e = ef = f$."},
	}})
	if err != nil || res.Request.State != corpus.StateMerged {
		t.Fatalf("Open = %+v, %v", res, err)
	}
	if _, err := svc.Open(ctx, corpus.Request{Writer: w, Drafts: []corpus.Draft{
		{Kind: corpus.Lemma, Label: "broken", Title: "Broken", Body: "Let $x be given.", Uses: []string{"nowhere"}}}}); err != nil {
		t.Fatal(err)
	}
	anon := s.browser()
	code, body, _ := s.get(anon, "/n/N-3")
	if code != http.StatusOK {
		t.Fatalf("GET /n/N-3 = %d", code)
	}
	pagetest.Check(t, "node", body)
	if got := text(t, body, "node-id"); got != "N-3" {
		t.Errorf("node-id = %q", got)
	}
	if got := text(t, body, "flag"); got != corpus.FlagSorryInClosure {
		t.Errorf("flag = %q; want SORRY_IN_CLOSURE", got)
	}
	if got := text(t, body, "proves"); !strings.Contains(got, "N-2") {
		t.Errorf("proves = %q", got)
	}
	if got := text(t, body, "closure"); !strings.Contains(got, "1 node") || !strings.Contains(got, "below E2") {
		t.Errorf("closure = %q", got)
	}
	if got := len(pagetest.Select(t, body, "property")); got != 4 {
		t.Errorf("%d properties; want 4", got)
	}
	code, body, _ = s.get(anon, "/n/N-1")
	if code != http.StatusOK {
		t.Fatalf("GET /n/N-1 = %d", code)
	}
	if got := text(t, body, "locator"); got != "locator unconfirmed" {
		t.Errorf("locator = %q", got)
	}
	if got := text(t, body, "used-by"); !strings.Contains(got, "N-2") || !strings.Contains(got, "N-3") {
		t.Errorf("used-by = %q", got)
	}
	if code, _, h := s.get(anon, "/n/identity-unique"); code != http.StatusMovedPermanently || h.Get("Location") != "/n/N-2" {
		t.Errorf("GET /n/identity-unique = %d to %q; want 301 to /n/N-2", code, h.Get("Location"))
	}
	if code, _, _ := s.get(anon, "/n/N-99"); code != http.StatusNotFound {
		t.Errorf("GET /n/N-99 = %d; want 404", code)
	}
	code, body, _ = s.get(anon, "/corpus?q=uniqueness")
	if code != http.StatusOK {
		t.Fatalf("GET /corpus = %d", code)
	}
	pagetest.Check(t, "corpus", body)
	if got := len(pagetest.Select(t, body, "node-row")); got != 2 {
		t.Errorf("%d rows for uniqueness; want 2", got)
	}
	code, body, _ = s.get(anon, "/changes")
	if code != http.StatusOK {
		t.Fatalf("GET /changes = %d", code)
	}
	pagetest.Check(t, "changes", body)
	if got := len(pagetest.Select(t, body, "change-request")); got != 1 {
		t.Errorf("%d open requests; want the failed one", got)
	}
	if !bytes.Contains(body, []byte(`data-live-changes`)) || !bytes.Contains(body, []byte(`/static/changes.js`)) {
		t.Error("/changes has no live list or no script to keep it live")
	}
	if code, frag, _ := s.get(anon, "/changes?fragment=1"); code != http.StatusOK || bytes.Contains(frag, []byte("<html")) ||
		!bytes.Contains(frag, []byte(`data-state="FAILED"`)) {
		t.Errorf("GET /changes?fragment=1 = %d %.200s; want the list alone with the failed request", code, frag)
	}
	findings := ""
	for _, n := range pagetest.Select(t, body, "finding") {
		findings += pagetest.Text(n) + "\n"
	}
	if !strings.Contains(findings, "nodes[0].uses[0]") || !strings.Contains(findings, "nodes[0].body") {
		t.Errorf("findings = %q; want the missing target and the broken TeX", findings)
	}
}

// With the copy check's index, a change request made over GraphQL runs
// every gate to an outcome and merges at E1; the node page shows it.
func TestCorpusCopyIndexReachesTheAPI(t *testing.T) {
	t.Parallel()
	s := newSite(t, "sqlite3", server.WithCopies(clearCopies{}))
	ctx := context.Background()
	acc, err := s.svc.CreateAccount(ctx, "writer", "", []role.Role{role.Member})
	if err != nil {
		t.Fatal(err)
	}
	tok, err := s.svc.CreateToken(ctx, acc, "test")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := json.Marshal(map[string]any{
		"query": `mutation($in: OpenChangeRequestInput!) { openChangeRequest(input: $in) { changeRequest { state nodes { id level } } userErrors { code } } }`,
		"variables": map[string]any{"in": map[string]any{"nodes": []map[string]any{
			{"kind": "DEFINITION", "label": "magma", "title": "Magma", "term": "magma", "body": "A *magma* is a set with a binary operation."}}}},
	})
	req, _ := http.NewRequest(http.MethodPost, s.srv.URL+"/graphql", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+tok)
	resp, err := s.srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if !strings.Contains(string(raw), `"state":"MERGED"`) || !strings.Contains(string(raw), `"level":"E1"`) {
		t.Fatalf("openChangeRequest = %s; want MERGED at E1", raw)
	}
	_, page, _ := s.get(s.browser(), "/n/N-1")
	if got := text(t, page, "level"); got != "E1" {
		t.Errorf("page level = %q; want E1", got)
	}
}

type clearCopies struct{}

func (clearCopies) Check(context.Context, []byte, copycheck.Format) (*copycheck.Result, error) {
	return &copycheck.Result{Verdict: copycheck.VerdictClear, ThresholdsVersion: "test"}, nil
}
