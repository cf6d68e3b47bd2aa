package server_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"entgo.io/ent/dialect"

	"github.com/theoremdb/theoremdb/db"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/live/livetest"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/server"
)

// TestDatabaseRefusalIsTryAgain: when PostgreSQL refuses a connection (too many clients), a
// GraphQL request and a page answer 503 with Retry-After and say to try again — never
// INTERNAL or 500.
func TestDatabaseRefusalIsTryAgain(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	super := dbtest.Open(t, dialect.Postgres)
	admin, err := sql.Open("postgres", dbtest.ServerURL())
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	role := "theoremdb_limited_" + hex.EncodeToString(b)
	u, err := url.Parse(super.DSN)
	if err != nil {
		t.Fatal(err)
	}
	name := strings.TrimPrefix(u.Path, "/")
	for _, q := range []string{"CREATE ROLE " + role + " LOGIN CONNECTION LIMIT 2", "GRANT ALL ON DATABASE " + name + " TO " + role} {
		if _, err := admin.ExecContext(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	t.Cleanup(func() {
		_, _ = super.ExecContext(context.Background(), "DROP OWNED BY "+role)
		_, _ = admin.ExecContext(context.Background(), "DROP ROLE IF EXISTS "+role)
	})
	for _, q := range []string{"GRANT USAGE ON SCHEMA public TO " + role, "GRANT ALL ON ALL TABLES IN SCHEMA public TO " + role,
		"GRANT ALL ON ALL SEQUENCES IN SCHEMA public TO " + role} {
		if _, err := super.ExecContext(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	u.User = url.User(role)
	limited, err := db.Open(ctx, u.String())
	if err != nil {
		t.Fatal(err)
	}
	defer limited.Close()
	limited.SetMaxOpenConns(10)
	svc := policy.New(limited, policy.Config{})
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	srv := httptest.NewServer(server.New(svc, livetest.Start(t, super.Ent()), quiet))
	defer srv.Close()
	acc, err := svc.CreateAccount(ctx, "ada", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	token, err := svc.CreateToken(ctx, acc, "test")
	if err != nil {
		t.Fatal(err)
	}
	// The role's two connections are taken: the next one the pool opens is refused.
	for range 2 {
		c, err := limited.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
	}

	body, _ := json.Marshal(map[string]any{"query": `{ problems(first: 5) { totalCount edges { node { id } } } }`})
	resp, err := http.Post(srv.URL+"/graphql", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	var out struct {
		Errors []struct {
			Message    string
			Extensions map[string]any
		}
	}
	_ = json.Unmarshal(raw, &out)
	if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" ||
		len(out.Errors) == 0 || out.Errors[0].Extensions["code"] != "UNAVAILABLE" {
		t.Errorf("GraphQL with the database refusing: %d, Retry-After %q, %s; want 503 with Retry-After and UNAVAILABLE",
			resp.StatusCode, resp.Header.Get("Retry-After"), raw)
	}

	req, _ := http.NewRequest(http.MethodPost, srv.URL+"/graphql", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" {
		t.Errorf("a signed-in GraphQL request with the database refusing: %d, Retry-After %q; want 503 with Retry-After",
			resp.StatusCode, resp.Header.Get("Retry-After"))
	}

	resp, err = http.Get(srv.URL + "/problems")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" ||
		!strings.Contains(string(page), "try again") {
		t.Errorf("a page with the database refusing: %d, Retry-After %q; want 503 with Retry-After saying to try again",
			resp.StatusCode, resp.Header.Get("Retry-After"))
	}
}
