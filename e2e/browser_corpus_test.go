package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserCorpusNodeAndChanges: a change request opened over GraphQL
// waits for the worker, which merges it; the proof's page shows its
// statement, what it uses and what uses the definition, its closure with
// the flag, and its history. A failing request shows its gate results on
// /changes, and when its writer revises it the page, already open, shows
// the new gate results without a reload.
func TestBrowserCorpusNodeAndChanges(t *testing.T) {
	t.Parallel()
	ctx := newBrowser(t)
	s, env := seededSite(t)
	mustCLI(t, env, "admin", "account", "create", "--handle", "wren")
	tok := strings.TrimSpace(mustCLI(t, env, "admin", "token", "create", "--handle", "wren"))

	open := func(nodes []map[string]any) string {
		t.Helper()
		r := s.graphql(t, tok, `mutation($in: OpenChangeRequestInput!) { openChangeRequest(input: $in) { changeRequest { id state } userErrors { message } } }`,
			map[string]any{"in": map[string]any{"nodes": nodes}})
		id, _ := path(r.Data, "openChangeRequest", "changeRequest", "id").(string)
		if id == "" {
			t.Fatalf("openChangeRequest = %+v", r)
		}
		return id
	}
	merged := settleChangeRequest(t, s, open([]map[string]any{
		{"kind": "DEFINITION", "label": "group", "title": "Group", "term": "group",
			"body": "A *group* is a set $G$ with an associative operation $G \\times G \\to G$, an identity element and inverses."},
		{"kind": "THEOREM", "label": "identity-unique", "title": "Uniqueness of the identity", "uses": []string{"group"},
			"body": "The identity element of a group is unique."},
		{"kind": "PROOF", "label": "identity-unique-proof", "title": "Proof of uniqueness", "proves": "identity-unique",
			"uses": []string{"group"}, "body": "If $e$ and $f$ are identities then $e = ef = f$."},
	}))
	nodes, _ := merged["nodes"].([]any)
	if merged["state"] != "MERGED" || len(nodes) != 3 {
		t.Fatalf("request = %+v; want MERGED with three nodes", merged)
	}
	id := func(i int) string { return nodes[i].(map[string]any)["id"].(string) }

	do(t, ctx, "open the proof's page", chromedp.Navigate(s.URL+"/n/"+id(2)), chromedp.WaitVisible(byTestID("node")))
	if got := text(t, ctx, "node-id"); got != id(2) {
		t.Errorf("node-id = %q; want %s", got, id(2))
	}
	if got := text(t, ctx, "node-body"); !strings.Contains(got, "identities") {
		t.Errorf("statement = %q", got)
	}
	if got := text(t, ctx, "uses"); !strings.Contains(got, id(0)) {
		t.Errorf("uses = %q; want %s", got, id(0))
	}
	if got := text(t, ctx, "closure"); !strings.Contains(got, "1 node") {
		t.Errorf("closure = %q; want its one node", got)
	}
	if got := text(t, ctx, "flag"); got != "SORRY_IN_CLOSURE" {
		t.Errorf("flag = %q; want SORRY_IN_CLOSURE (the definition is below E2)", got)
	}
	if got := text(t, ctx, "history"); !strings.Contains(got, "1") {
		t.Errorf("history = %q; want its first revision", got)
	}
	do(t, ctx, "open the definition's page", chromedp.Navigate(s.URL+"/n/"+id(0)), chromedp.WaitVisible(byTestID("used-by")))
	if got := text(t, ctx, "used-by"); !strings.Contains(got, id(1)) || !strings.Contains(got, id(2)) {
		t.Errorf("used-by = %q; want %s and %s", got, id(1), id(2))
	}
	screenshot(t, ctx, "node-1280")

	bad := open([]map[string]any{{"kind": "THEOREM", "label": "twin", "title": "Twin primes",
		"body": "There is a prime $p > N$ with $p + 2$ prime."}})
	if cr := settleChangeRequest(t, s, bad); cr["state"] != "FAILED" {
		t.Fatalf("request = %+v; want FAILED", cr)
	}
	sel := `[data-change-request="` + bad + `"]`
	do(t, ctx, "open /changes", chromedp.Navigate(s.URL+"/changes"), chromedp.WaitVisible(chromedp.CSS(sel)))
	if got := get(t, ctx, "read the gates", chromedp.Evaluate[string](`document.querySelector('`+sel+`').textContent`)); !strings.Contains(got, "STATEMENT_CHECKS") || !strings.Contains(got, "statement.variable-domain") {
		t.Errorf("the request shows %q; want the statement checks' failure", got)
	}
	for deadline := time.Now().Add(15 * time.Second); !strings.HasPrefix(text(t, ctx, "live-status"), "Live:"); time.Sleep(100 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("/changes never went live: %q", text(t, ctx, "live-status"))
		}
	}
	r := s.graphql(t, tok, `mutation($id: ID!, $in: OpenChangeRequestInput!) { reviseChangeRequest(id: $id, input: $in) { changeRequest { state } userErrors { message } } }`,
		map[string]any{"id": bad, "in": map[string]any{"nodes": []map[string]any{{"kind": "THEOREM", "label": "twin", "title": "Twin primes",
			"body": "Let $x be a prime."}}}})
	if len(r.Errors) > 0 {
		t.Fatal(r.Errors)
	}
	get(t, ctx, "see the new gate results live",
		chromedp.Poll[bool](`(document.querySelector('`+sel+`') || {textContent: ""}).textContent.includes("intake.tex-wellformed")`,
			chromedp.WithPollingTimeout(30*time.Second)))
	screenshot(t, ctx, "changes-live-1280")
}

// settleChangeRequest waits for the worker to run the merge gates on the
// change request id, and returns it once it is no longer PENDING.
func settleChangeRequest(t *testing.T, s *proc, id string) map[string]any {
	t.Helper()
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(200 * time.Millisecond) {
		r := s.graphql(t, "", `query($id: ID!) { changeRequest(id: $id) { state nodes { id } } }`, map[string]any{"id": id})
		cr, _ := path(r.Data, "changeRequest").(map[string]any)
		if cr != nil && cr["state"] != "PENDING" {
			return cr
		}
		if time.Now().After(deadline) {
			t.Fatalf("change request %s still pending after 60 s: %+v", id, r)
		}
	}
}
