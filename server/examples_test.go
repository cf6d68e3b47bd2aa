package server_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/validator"

	"github.com/theoremdb/theoremdb/api"
	"github.com/theoremdb/theoremdb/server"
	"github.com/theoremdb/theoremdb/ui/pagetest"
)

// TestExamplesRun: every operation /api and the explorer show is valid against the served
// schema with its variables, and the reads and the writes a member may send succeed as shown.
func TestExamplesRun(t *testing.T) {
	t.Parallel()
	schema, err := gqlparser.LoadSchema(&ast.Source{Name: "schema.graphql", Input: string(api.Schema())})
	if err != nil {
		t.Fatal(err)
	}
	s := newSite(t, "sqlite3", server.WithBaseURL("https://tdb.test"))
	a := s.member(t, "example-runner", "a long enough password")
	tok, err := s.svc.CreateToken(context.Background(), a, "examples")
	if err != nil {
		t.Fatal(err)
	}
	_, page, _ := s.get(s.browser(), "/api")
	pagetest.Check(t, "/api", page)
	shown := pagetest.Select(t, page, "api-example")
	if len(shown) < 8 {
		t.Fatalf("/api shows %d examples; want every one", len(shown))
	}
	kinds := map[string]bool{}
	for _, ex := range shown {
		text := pagetest.Text(ex)
		for _, kind := range []string{"query ", "mutation ", "subscription "} {
			if strings.Contains(text, kind) {
				kinds[kind] = true
			}
		}
		if strings.Contains(text, "curl") && !strings.Contains(text, "https://tdb.test/graphql") {
			t.Errorf("an example's curl line does not name the site's address: %.200s", text)
		}
		if strings.Contains(text, "subscription ") && !strings.Contains(text, "wss://tdb.test/graphql") {
			t.Errorf("the subscription example does not connect to the site's websocket address")
		}
	}
	if len(kinds) != 3 {
		t.Errorf("/api shows examples of %v; want queries, mutations and subscriptions", kinds)
	}
	if strings.Contains(string(page), "theoremdb.example") {
		t.Error("/api still names a placeholder host")
	}

	for _, ex := range server.Operations() {
		t.Run(ex.Name, func(t *testing.T) {
			doc, errs := gqlparser.LoadQuery(schema, ex.Query)
			if len(errs) > 0 {
				t.Fatalf("%s is not valid against the schema: %v", ex.Name, errs)
			}
			vars := map[string]any{}
			if ex.Variables != "" {
				if err := json.Unmarshal([]byte(ex.Variables), &vars); err != nil {
					t.Fatalf("%s variables: %v", ex.Name, err)
				}
			}
			if _, err := validator.VariableValues(schema, doc.Operations[0], vars); err != nil {
				t.Fatalf("%s variables do not fit: %v", ex.Name, err)
			}
			if doc.Operations[0].Operation == ast.Subscription || ex.Name == "RecordDecision" {
				return // a websocket's, and a reviewer's on a revision the reader names; their tests are elsewhere
			}
			hdr := map[string]string{"Content-Type": "application/json"}
			if ex.Signed {
				hdr["Authorization"] = "Bearer " + tok
			}
			body, _ := json.Marshal(map[string]any{"query": ex.Query, "variables": vars})
			code, out, _ := s.do(s.srv.Client(), http.MethodPost, "/graphql", hdr, string(body))
			var r struct {
				Data   map[string]map[string]any `json:"data"`
				Errors []any                     `json:"errors"`
			}
			if err := json.Unmarshal(out, &r); err != nil || code != http.StatusOK || len(r.Errors) > 0 {
				t.Fatalf("%s: %d %s", ex.Name, code, out)
			}
			for field, payload := range r.Data {
				if payload == nil {
					t.Errorf("%s: %s is null: %s", ex.Name, field, out)
				}
				if ue, ok := payload["userErrors"].([]any); ok && len(ue) > 0 {
					t.Errorf("%s refused as shown: %v", ex.Name, ue)
				}
			}
		})
	}
}
