package graph_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/graph"
)

// TestRevokedTokenIsRefused: once revoked, a bearer token opens neither an
// HTTP request nor a websocket, since both authenticate through the
// policy.
func TestRevokedTokenIsRefused(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		a := newAPI(t, d)
		a.token("ada")
		acc, err := a.svc.AccountByHandle(ctx, "ada")
		if err != nil {
			t.Fatal(err)
		}
		tok, tk, err := a.svc.IssueToken(ctx, acc, "agent")
		if err != nil {
			t.Fatal(err)
		}
		var out struct{ Viewer *struct{ Handle string } }
		if r := a.do(tok, `{ viewer { handle } }`, nil, &out); r.Status != http.StatusOK || out.Viewer == nil || out.Viewer.Handle != "ada" {
			t.Fatalf("viewer before revocation = %d %s; want @ada", r.Status, r.Body)
		}
		if ack := a.socketInit(t, tok); ack != "connection_ack" {
			t.Fatalf("websocket before revocation = %s; want connection_ack", ack)
		}

		if _, err := a.svc.RevokeToken(ctx, tk.ID); err != nil {
			t.Fatalf("RevokeToken() = %v", err)
		}
		r := a.do(tok, `{ viewer { handle } }`, nil, nil)
		if r.Status != http.StatusUnauthorized || len(r.Errors) == 0 || r.Errors[0].Extensions["code"] != "UNAUTHENTICATED" {
			t.Errorf("HTTP with a revoked token = %d %s; want 401 UNAUTHENTICATED", r.Status, r.Body)
		}
		if got, want := a.socketInit(t, tok), closeName(graph.CloseUnauthorized); got != want {
			t.Errorf("websocket with a revoked token = %s; want %s", got, want)
		}
	})
}

func closeName(code int) string { return fmt.Sprintf("close %d", code) }

// socketInit opens a graphql-transport-ws socket, sends connection_init with
// the token and returns "connection_ack", or "close <code>" when the server
// closes the socket instead.
func (a *api) socketInit(t *testing.T, token string) string {
	t.Helper()
	u := "ws" + strings.TrimPrefix(a.srv.URL, "http") + "/graphql"
	dialer := websocket.Dialer{Subprotocols: []string{"graphql-transport-ws"}, HandshakeTimeout: 5 * time.Second}
	c, _, err := dialer.Dial(u, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	p, _ := json.Marshal(map[string]string{"authorization": "Bearer " + token})
	if err := c.WriteJSON(map[string]any{"type": "connection_init", "payload": json.RawMessage(p)}); err != nil {
		t.Fatal(err)
	}
	_ = c.SetReadDeadline(time.Now().Add(5 * time.Second))
	for {
		var m struct{ Type string }
		if err := c.ReadJSON(&m); err != nil {
			var ce *websocket.CloseError
			if errors.As(err, &ce) {
				return closeName(ce.Code)
			}
			t.Fatalf("websocket: %v", err)
		}
		if m.Type == "connection_ack" {
			return m.Type
		}
	}
}
