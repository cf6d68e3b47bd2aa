// Package apitest is a GraphQL client for tests of the transport and of the
// site that mounts it: operations posted over HTTP to /graphql as any
// client sends them, the accounts and bearer tokens they run as, and a
// problem submission every such test starts from.
//
// It only sends requests and reads answers; it never builds a server.
package apitest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"testing"

	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
)

// Client posts operations to the /graphql of the server at URL.
type Client struct {
	T   testing.TB
	URL string
}

// Response is a GraphQL answer: the data as sent, and the errors.
type Response struct {
	Data   json.RawMessage `json:"data"`
	Errors []struct {
		Message    string         `json:"message"`
		Extensions map[string]any `json:"extensions"`
	} `json:"errors"`
}

// Do posts an operation as the bearer of token ("" for anonymous) and
// decodes the data into out, when out is not nil and there is data.
func (c Client) Do(token, query string, vars map[string]any, out any) Response {
	c.T.Helper()
	status, body := c.Post(token, query, vars)
	var r Response
	if err := json.Unmarshal(body, &r); err != nil {
		c.T.Fatalf("decode response (status %d): %v", status, err)
	}
	if out != nil && len(r.Data) > 0 && string(r.Data) != "null" {
		if err := json.Unmarshal(r.Data, out); err != nil {
			c.T.Fatalf("decode data %s: %v", r.Data, err)
		}
	}
	return r
}

// Post posts an operation and returns the status and the body as sent.
func (c Client) Post(token, query string, vars map[string]any) (int, []byte) {
	c.T.Helper()
	body, _ := json.Marshal(map[string]any{"query": query, "variables": vars})
	req, _ := http.NewRequest(http.MethodPost, c.URL+"/graphql", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		c.T.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		c.T.Fatal(err)
	}
	return resp.StatusCode, b
}

// Token creates an account with roles and returns a bearer token of it.
func Token(t testing.TB, svc *policy.Service, handle string, roles ...role.Role) string {
	t.Helper()
	ctx := context.Background()
	acc, err := svc.CreateAccount(ctx, handle, "", roles)
	if err != nil {
		t.Fatal(err)
	}
	tok, err := svc.CreateToken(ctx, acc, "test")
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

// SubmitMutation submits a problem ($in: SubmitVars).
const SubmitMutation = `mutation($in: SubmitProblemInput!) {
  submitProblem(input: $in) { problem { id slug state deadline } userErrors { field message code } }
}`

// SubmitVars are the variables of SubmitMutation: a complete problem with
// a title and refs references.
func SubmitVars(title string, refs int) map[string]any {
	rs := []map[string]any{}
	for i := range refs {
		rs = append(rs, map[string]any{"identifier": fmt.Sprintf("arXiv:2101.%05d", i+1), "citation": "A paper.",
			"locator": fmt.Sprintf("Theorem %d", i+1), "relevance": "States a bound.", "role": "SECONDARY"})
	}
	return map[string]any{"in": map[string]any{
		"title": title, "statement": "Is every $n$ good?",
		"exposition": []map[string]any{{"kind": "DEFINITION", "term": "good", "body": "An integer is good when …"}},
		"acceptance": map[string]any{"kind": "PROOF", "criterion": "A proof or a counterexample."},
		"provenance": map[string]any{"kind": "REFORMULATION", "attribution": "Folklore", "sourceLocator": "Guy D11", "rightsBasis": "Own words."},
		"references": rs,
		"referenceSearch": map[string]any{"checkedOn": "2026-11-01T00:00:00Z", "databases": []string{"arXiv"},
			"queries": []string{"good integers"}, "coverage": "Titles and abstracts."},
	}}
}
