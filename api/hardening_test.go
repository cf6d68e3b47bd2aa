package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/theoremdb/theoremdb/api"
	"github.com/theoremdb/theoremdb/api/apitest"
	"github.com/theoremdb/theoremdb/throttle"
)

// closeCode reads until the server closes c and returns its close code.
func closeCode(t *testing.T, c *websocket.Conn) (int, string) {
	t.Helper()
	_ = c.SetReadDeadline(time.Now().Add(5 * time.Second))
	for {
		if _, _, err := c.ReadMessage(); err != nil {
			var ce *websocket.CloseError
			if errors.As(err, &ce) {
				return ce.Code, ce.Text
			}
			t.Fatalf("waiting for the server to close: %v", err)
		}
	}
}

// TestSubscriptionsPerConnection: past the limit the connection is closed
// with 4429 and a reason naming the limit; below it subscriptions work, and
// finished ones free their place.
func TestSubscriptionsPerConnection(t *testing.T) {
	a := liveAPI(t, "sqlite3", withLimits(throttle.Limits{SubscriptionsPerConnection: 3}))
	a.do(a.member, apitest.SubmitMutation, apitest.SubmitVars("Good integers", 1), nil)
	c, _, err := a.dial("graphql-transport-ws", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	next(t, c, 5*time.Second, "connection_ack")
	q := `subscription { problemEvents(id: "TDB-1") { seq } }`
	for i := range 3 {
		subscribe(t, c, "graphql-transport-ws", fmt.Sprint("s", i), q)
	}
	a.waitSubscribers(3)
	// Stopping one frees its place.
	if err := c.WriteJSON(wsMsg{ID: "s0", Type: "complete"}); err != nil {
		t.Fatal(err)
	}
	a.waitSubscribers(2)
	subscribe(t, c, "graphql-transport-ws", "s3", q)
	a.waitSubscribers(3)
	subscribe(t, c, "graphql-transport-ws", "s4", q)
	code, reason := closeCode(t, c)
	if code != 4429 || !strings.Contains(reason, "limit is 3") {
		t.Errorf("past the limit: close %d %q; want 4429 naming the limit", code, reason)
	}
}

// TestConnectionsPerAddressAndAccount: one address, or one account from
// anywhere, holds at most its limit of websockets; closing one frees it.
func TestConnectionsPerAddressAndAccount(t *testing.T) {
	a := liveAPI(t, "sqlite3", withLimits(throttle.Limits{ConnectionsPerAddress: 3, ConnectionsPerAccount: 2}))
	open := func(token string) *websocket.Conn {
		t.Helper()
		c, _, err := a.dial("graphql-transport-ws", token, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	}
	// The account: two, then a third is refused.
	var mine []*websocket.Conn
	for range 2 {
		c := open(a.member)
		next(t, c, 5*time.Second, "connection_ack")
		mine = append(mine, c)
	}
	code, reason := closeCode(t, open(a.member))
	if code != 4429 || !strings.Contains(reason, "account") {
		t.Errorf("third socket of one account: close %d %q; want 4429 about the account", code, reason)
	}
	// The address: one more anonymous socket fits (three in all), once the
	// refused one has gone; the next does not.
	acked := func() {
		t.Helper()
		deadline := time.Now().Add(5 * time.Second)
		for {
			c := open("")
			_ = c.SetReadDeadline(time.Now().Add(5 * time.Second))
			var m wsMsg
			if err := c.ReadJSON(&m); err == nil && m.Type == "connection_ack" {
				return
			}
			c.Close()
			if time.Now().After(deadline) {
				t.Fatal("no socket was acknowledged within 5 s")
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	acked()
	code, reason = closeCode(t, open(""))
	if code != 4429 || !strings.Contains(reason, "address") {
		t.Errorf("fourth socket of one address: close %d %q; want 4429 about the address", code, reason)
	}
	// Closing frees a place.
	mine[0].Close()
	acked()
}

// TestHostileRequestsGetClearAnswers: smaller findings of the hardening
// review, each answered plainly.
func TestHostileRequestsGetClearAnswers(t *testing.T) {
	a := newAPI(t, "sqlite3")
	t.Run("basic auth", func(t *testing.T) {
		req, _ := http.NewRequest(http.MethodPost, a.srv.URL+"/graphql", strings.NewReader(`{"query":"{ __typename }"}`))
		req.Header.Set("Content-Type", "application/json")
		req.SetBasicAuth("u", "p")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var r apitest.Response
		if err := json.NewDecoder(resp.Body).Decode(&r); err != nil || resp.StatusCode != http.StatusUnauthorized ||
			len(r.Errors) != 1 || r.Errors[0].Extensions["code"] != "UNAUTHENTICATED" {
			t.Errorf("Basic auth: %d %+v (%v); want 401 with a JSON UNAUTHENTICATED error", resp.StatusCode, r.Errors, err)
		}
	})
	t.Run("chunked body over the limit", func(t *testing.T) {
		pr, pw := io.Pipe()
		go func() {
			_, _ = pw.Write([]byte(`{"query":"query($x: String) { __typename }","variables":{"x":"`))
			chunk := bytes.Repeat([]byte("x"), 64<<10)
			for range (api.MaxRequestBody / len(chunk)) + 2 {
				if _, err := pw.Write(chunk); err != nil {
					return
				}
			}
			_, _ = pw.Write([]byte(`"}}`))
			pw.Close()
		}()
		req, _ := http.NewRequest(http.MethodPost, a.srv.URL+"/graphql", pr) // no Content-Length: chunked
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusRequestEntityTooLarge {
			b, _ := io.ReadAll(resp.Body)
			t.Errorf("chunked body over %d bytes: %d %s; want 413", api.MaxRequestBody, resp.StatusCode, b)
		}
	})
	t.Run("no suggestions for anonymous callers", func(t *testing.T) {
		for _, q := range []string{
			`{ problem(idd: "TDB-1") { id } }`,
			`{ problems(orderBy: {field: NUMBR, direction: ASC}) { totalCount } }`,
			`{ problems(where: {titleContain: "x"}) { totalCount } }`,
		} {
			r := a.do("", q, nil, nil)
			if len(r.Errors) == 0 || strings.Contains(strings.ToLower(fmt.Sprint(r.Errors)), "did you mean") {
				t.Errorf("%s: errors %+v; want an error without a suggestion", q, r.Errors)
			}
			r = a.do(a.member, q, nil, nil)
			if !strings.Contains(strings.ToLower(fmt.Sprint(r.Errors)), "did you mean") {
				t.Errorf("%s signed in: errors %+v; want a suggestion", q, r.Errors)
			}
		}
	})
}

// metrics reads the transport's metrics as the site's operators do, in
// the exposition format of a registry they are registered in.
func metrics(t *testing.T, a *endpoint) string {
	t.Helper()
	reg := prometheus.NewRegistry()
	reg.MustRegister(a.h.Collectors()...)
	rec := httptest.NewRecorder()
	promhttp.HandlerFor(reg, promhttp.HandlerOpts{}).ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	return rec.Body.String()
}

// TestRequestsEndAtTheirDeadline: while the database does not answer (a
// lock held elsewhere), a request stops at its deadline, with its SQL, and
// says so (TIMEOUT) rather than INTERNAL, and the connection goes back to
// the pool. (A page does the same: server's TestPagesEndAtTheirDeadline.)
func TestRequestsEndAtTheirDeadline(t *testing.T) {
	// Short enough to keep the test quick, long enough that a race-built
	// request on a busy machine answers within it once the lock is gone.
	const deadline = 1500 * time.Millisecond
	a := newAPI(t, "postgres", withLimits(throttle.Limits{RequestTimeout: deadline}))
	a.do(a.member, apitest.SubmitMutation, apitest.SubmitVars("Good integers", 1), nil)
	ctx := context.Background()
	tx, err := a.svc.DB().BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.ExecContext(ctx, `LOCK TABLE problems IN ACCESS EXCLUSIVE MODE`); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	r := a.do("", `{ problems(first: 5) { totalCount edges { node { id } } } }`, nil, nil)
	wantCode(t, "a query past its deadline", r, "TIMEOUT")
	if d := time.Since(start); d > deadline+5*time.Second {
		t.Errorf("a request with a %s deadline took %s", deadline, d)
	}
	if err := tx.Rollback(); err != nil {
		t.Fatal(err)
	}
	var out struct {
		Problems struct{ TotalCount int } `json:"problems"`
	}
	if r := a.do("", `{ problems { totalCount } }`, nil, &out); len(r.Errors) > 0 || out.Problems.TotalCount != 1 {
		t.Errorf("after the lock: %+v, %d problems; want 1", r.Errors, out.Problems.TotalCount)
	}
}
