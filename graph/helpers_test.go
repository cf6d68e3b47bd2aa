package graph_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/reference"
	"github.com/theoremdb/theoremdb/live/livetest"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
	"github.com/theoremdb/theoremdb/server"
)

// api is the real HTTP handler, GraphQL included, on a fresh database.
type api struct {
	t   *testing.T
	srv *httptest.Server
	svc *policy.Service
}

func newAPI(t *testing.T, dialectName string) *api {
	t.Helper()
	d := dbtest.Open(t, dialectName)
	svc := policy.New(d, policy.Config{})
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	srv := httptest.NewServer(server.New(svc, livetest.Start(t, svc.Client()), quiet))
	t.Cleanup(srv.Close)
	return &api{t: t, srv: srv, svc: svc}
}

// token makes an account with the roles and returns a bearer token for it.
func (a *api) token(handle string, roles ...role.Role) string {
	a.t.Helper()
	ctx := context.Background()
	acc, err := a.svc.CreateAccount(ctx, handle, "", roles)
	if err != nil {
		a.t.Fatal(err)
	}
	tok, err := a.svc.CreateToken(ctx, acc, "test")
	if err != nil {
		a.t.Fatal(err)
	}
	return tok
}

type gqlResponse struct {
	Status int
	Body   []byte
	Data   json.RawMessage `json:"data"`
	Errors []struct {
		Message    string         `json:"message"`
		Extensions map[string]any `json:"extensions"`
	} `json:"errors"`
}

// do posts an operation with a bearer token (none when empty) and decodes
// the data into out; the raw body is kept for checks on what went out.
func (a *api) do(token, query string, vars map[string]any, out any) gqlResponse {
	a.t.Helper()
	body, _ := json.Marshal(map[string]any{"query": query, "variables": vars})
	req, _ := http.NewRequest(http.MethodPost, a.srv.URL+"/graphql", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		a.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		a.t.Fatal(err)
	}
	var r gqlResponse
	if err := json.Unmarshal(raw, &r); err != nil {
		a.t.Fatalf("decode response (status %d) %s: %v", resp.StatusCode, raw, err)
	}
	r.Status, r.Body = resp.StatusCode, raw
	if out != nil && len(r.Data) > 0 && string(r.Data) != "null" {
		if err := json.Unmarshal(r.Data, out); err != nil {
			a.t.Fatalf("decode data %s: %v", r.Data, err)
		}
	}
	return r
}

// submit makes a problem through the policy and returns its ID.
func (a *api) submit(handle, title string) string {
	a.t.Helper()
	ctx := context.Background()
	acc, err := a.svc.AccountByHandle(ctx, handle)
	if err != nil {
		a.t.Fatal(err)
	}
	p, err := a.svc.Submit(ctx, acc, problemInput(title))
	if err != nil {
		a.t.Fatalf("Submit() = %v", err)
	}
	return p.ID
}

// revision is the ID of a problem's current revision.
func (a *api) revision(id string) string {
	a.t.Helper()
	p, err := a.svc.Client().Problem.Get(context.Background(), id)
	if err != nil {
		a.t.Fatal(err)
	}
	return *p.CurrentRevisionID
}

func problemInput(title string) policy.ProblemInput {
	return policy.ProblemInput{
		Title:      title,
		Statement:  "Is every integer $n \\ge 2$ good?",
		Exposition: []packet.ExpositionEntry{{Kind: packet.Definition, Term: "good", Body: "An integer is good when …"}},
		Acceptance: &packet.Acceptance{Kind: packet.Proof, Criterion: "A proof or a counterexample."},
		Provenance: &packet.Provenance{Kind: packet.Reformulation, Attribution: "Folklore", SourceLocator: "Guy D11",
			RightsBasis: "Own words."},
		References: []policy.ReferenceInput{{Identifier: "arXiv:2101.00001", Citation: "A paper.", Locator: "Theorem 1",
			Relevance: "States a bound.", Role: reference.RolePRIMARY}},
		ReferenceSearch: &packet.ReferenceSearch{CheckedOn: time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC),
			Databases: []string{"arXiv"}, Queries: []string{"good integers"}, Coverage: "Titles and abstracts."},
	}
}
