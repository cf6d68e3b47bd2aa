package server_test

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/validator"

	"github.com/theoremdb/theoremdb/api"
	"github.com/theoremdb/theoremdb/role"
	"github.com/theoremdb/theoremdb/server"
	"github.com/theoremdb/theoremdb/ui/pagetest"
)

// TestExamplesRun: every operation /api and the explorer show is valid against the served
// schema with its variables; every mutation and subscription of the schema has one; the reads
// and the writes a member may send that name nothing the reader fills in succeed as shown; and
// one that names an ID of the reader's ("…"), sent by an account with the role it names, is
// answered about that ID, never refused for the role.
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
	tokens := map[role.Role]string{"": tok}
	for _, r := range []role.Role{role.Reviewer, role.Moderator, role.Operator, role.Auditor} {
		acc := s.member(t, "example-"+strings.ToLower(string(r)), "a long enough password", r)
		if tokens[r], err = s.svc.CreateToken(context.Background(), acc, "examples"); err != nil {
			t.Fatal(err)
		}
	}
	_, page, _ := s.get(s.browser(), "/api")
	pagetest.Check(t, "/api", page)
	shown := pagetest.Select(t, page, "api-example")
	if len(shown) != len(server.Operations()) {
		t.Fatalf("/api shows %d examples; want every one of %d", len(shown), len(server.Operations()))
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

	covered := map[string]bool{}
	for _, ex := range server.Operations() {
		t.Run(ex.Name, func(t *testing.T) {
			doc, errs := gqlparser.LoadQuery(schema, ex.Query)
			if len(errs) > 0 {
				t.Fatalf("%s is not valid against the schema: %v", ex.Name, errs)
			}
			op := doc.Operations[0]
			for _, sel := range op.SelectionSet {
				if f, ok := sel.(*ast.Field); ok {
					covered[string(op.Operation)+" "+f.Name] = true
				}
			}
			vars := map[string]any{}
			if ex.Variables != "" {
				if err := json.Unmarshal([]byte(ex.Variables), &vars); err != nil {
					t.Fatalf("%s variables: %v", ex.Name, err)
				}
			}
			if _, err := validator.VariableValues(schema, op, vars); err != nil {
				t.Fatalf("%s variables do not fit: %v", ex.Name, err)
			}
			if op.Operation == ast.Subscription {
				return // a websocket's; api's subscription tests follow each over one
			}
			fillIn := strings.Contains(ex.Variables, "…")
			hdr := map[string]string{"Content-Type": "application/json"}
			if ex.Signed {
				hdr["Authorization"] = "Bearer " + tokens[ex.Role]
			}
			body, _ := json.Marshal(map[string]any{"query": ex.Query, "variables": vars})
			code, out, _ := s.do(s.srv.Client(), http.MethodPost, "/graphql", hdr, string(body))
			var r struct {
				Data   map[string]map[string]any `json:"data"`
				Errors []struct {
					Extensions struct{ Code string } `json:"extensions"`
				} `json:"errors"`
			}
			if err := json.Unmarshal(out, &r); err != nil || code != http.StatusOK {
				t.Fatalf("%s: %d %s", ex.Name, code, out)
			}
			if fillIn && len(r.Errors) == 1 && r.Errors[0].Extensions.Code == "NOT_FOUND" {
				return // answered about the ID the reader fills in
			}
			if len(r.Errors) > 0 {
				t.Fatalf("%s: %s", ex.Name, out)
			}
			for field, payload := range r.Data {
				if payload == nil {
					t.Fatalf("%s: %s is null: %s", ex.Name, field, out)
				}
				ue, _ := payload["userErrors"].([]any)
				switch {
				case !fillIn && len(ue) > 0:
					t.Errorf("%s refused as shown: %v", ex.Name, ue)
				case fillIn && !answersAbout(ue, vars):
					t.Errorf("%s, sent by a %s with its IDs unfilled, is not answered about them: %s", ex.Name, cmp.Or(string(ex.Role), "member"), out)
				}
			}
		})
	}
	for _, root := range []*ast.Definition{schema.Mutation, schema.Subscription} {
		for _, f := range root.Fields {
			if !covered[strings.ToLower(root.Name)+" "+f.Name] {
				t.Errorf("%s.%s has no example on /api and in the explorer", root.Name, f.Name)
			}
		}
	}
}

// answersAbout reports whether userErrors say only that an ID names nothing: NOT_FOUND, or
// INVALID on a field the reader fills in ("…" in vars). It is the answer to an example whose IDs
// the reader has not filled in, from an account its role allows.
func answersAbout(userErrors []any, vars map[string]any) bool {
	for _, e := range userErrors {
		m, _ := e.(map[string]any)
		switch m["code"] {
		case "NOT_FOUND":
		case "INVALID":
			path, _ := m["field"].([]any)
			if !strings.Contains(fmt.Sprint(fieldValue(vars, path)), "…") {
				return false
			}
		default:
			return false
		}
	}
	return len(userErrors) > 0
}

// fieldValue is the value a userError's field path names in an operation's variables, the
// path taken from the variables or from their input.
func fieldValue(vars map[string]any, path []any) any {
	var v any = vars
	if len(path) > 0 {
		if _, ok := vars[fmt.Sprint(path[0])]; !ok {
			v = vars["input"]
		}
	}
	for _, p := range path {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[fmt.Sprint(p)]
	}
	return v
}
