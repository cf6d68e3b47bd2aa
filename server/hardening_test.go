package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/theoremdb/theoremdb/server"
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
	a := liveAPI(t, "sqlite3", server.WithLimits(server.Limits{SubscriptionsPerConnection: 3}))
	a.do(a.member, submitMutation, submitVars("Good integers", 1), nil)
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
	a := liveAPI(t, "sqlite3", server.WithLimits(server.Limits{ConnectionsPerAddress: 3, ConnectionsPerAccount: 2}))
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

// TestSignUpsPerAddress: successful sign-ups from one address are limited
// (429 with Retry-After); refused attempts do not use the allowance.
func TestSignUpsPerAddress(t *testing.T) {
	s := newSite(t, "sqlite3", server.WithLimits(server.Limits{SignUpsPerHour: 0.001, SignUpBurst: 2}))
	signup := func(handle, pw string) (int, http.Header) {
		code, _, h := s.post(s.browser(), "/signup", url.Values{"handle": {handle}, "name": {handle}, "password": {pw}})
		return code, h
	}
	if code, _ := signup("x", "short"); code != http.StatusUnprocessableEntity {
		t.Fatalf("an invalid sign-up = %d; want 422", code)
	}
	for _, h := range []string{"first", "second"} {
		if code, _ := signup(h, "a long enough password"); code != http.StatusSeeOther {
			t.Fatalf("sign-up %s = %d; want 303", h, code)
		}
	}
	code, h := signup("third", "a long enough password")
	if code != http.StatusTooManyRequests || h.Get("Retry-After") == "" {
		t.Errorf("third sign-up = %d, Retry-After %q; want 429 with Retry-After", code, h.Get("Retry-After"))
	}
	if _, err := s.svc.Client().Account.Query().All(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// TestFormWritesAreRateLimited: a signed-in account's form submissions past
// its burst get 429 with Retry-After.
func TestFormWritesAreRateLimited(t *testing.T) {
	s := newSite(t, "sqlite3", server.WithLimits(server.Limits{WritesPerMinute: 0.001, WriteBurst: 2}))
	b := s.browser()
	if code, _, _ := s.post(b, "/signup", url.Values{"handle": {"wanda"}, "name": {"W"}, "password": {"a long enough password"}}); code != http.StatusSeeOther {
		t.Fatalf("sign-up = %d", code)
	}
	flag := url.Values{"reason": {"OTHER"}, "explanation": {"The statement is ambiguous about n = 0."}}
	for i := range 2 {
		if code, _, _ := s.post(b, "/p/TDB-14/flag", flag); code == http.StatusTooManyRequests {
			t.Fatalf("write %d within the burst was refused", i+1)
		}
	}
	code, body, h := s.post(b, "/p/TDB-14/flag", flag)
	if code != http.StatusTooManyRequests || h.Get("Retry-After") == "" || !bytes.Contains(body, []byte("Wait")) {
		t.Errorf("third write = %d, Retry-After %q; want 429 with Retry-After and a message", code, h.Get("Retry-After"))
	}
}

// TestSignInRedirectStaysOnSite: next= can only name a path of this site,
// however it is spelled.
func TestSignInRedirectStaysOnSite(t *testing.T) {
	s := newSite(t, "sqlite3")
	if _, err := s.svc.SignUp(context.Background(), "nora", "Nora", "a long enough password"); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ next, want string }{
		{"/\t/evil.example", "/"},
		{"/\n/evil.example", "/"},
		{"/\\evil.example", "/"},
		{"/\\/evil.example", "/"},
		{"//evil.example", "/"},
		{"///evil.example", "/"},
		{"/%2F/evil.example", "/"},
		{"https://evil.example/", "/"},
		{"javascript:alert(1)", "/"},
		{"evil.example", "/"},
		{"/ /evil.example", "/"},
		{"/\u00a0/evil.example", "/"},
		{"/p/TDB-1?tab=history", "/p/TDB-1?tab=history"},
		{"/review", "/review"},
	} {
		code, _, h := s.post(s.browser(), "/signin", url.Values{"handle": {"nora"}, "password": {"a long enough password"}, "next": {tc.next}})
		if code != http.StatusSeeOther || h.Get("Location") != tc.want {
			t.Errorf("next=%q: %d Location %q; want 303 to %q", tc.next, code, h.Get("Location"), tc.want)
		}
	}
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
		var r gqlResponse
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
			for range (server.MaxRequestBody / len(chunk)) + 2 {
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
			t.Errorf("chunked body over %d bytes: %d %s; want 413", server.MaxRequestBody, resp.StatusCode, b)
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

// TestStaticHasNoListings: a directory under /static/ is not listed, and
// what is served carries the security headers.
func TestStaticHasNoListings(t *testing.T) {
	s := newSite(t, "sqlite3")
	c := s.browser()
	for _, p := range []string{"/static/", "/static/dist/", "/static/dist"} {
		if code, body, _ := s.get(c, p); code != http.StatusNotFound || bytes.Contains(body, []byte("<a href")) {
			t.Errorf("GET %s = %d; want 404 without a listing", p, code)
		}
	}
	code, _, h := s.get(c, "/static/dist/katex.min.css")
	if code != http.StatusOK || h.Get("Content-Security-Policy") == "" || h.Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("GET a static file = %d, CSP %q; want 200 with the security headers", code, h.Get("Content-Security-Policy"))
	}
}

// TestHangUpIsNotAnError: a client that goes away mid-request is neither
// logged as an error nor counted as a 500.
func TestHangUpIsNotAnError(t *testing.T) {
	var logs lockedBuffer
	log := slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelInfo}))
	a := newAPIWithLog(t, "postgres", log)
	for range 30 {
		a.do(a.member, submitMutation, submitVars("Good integers", 3), nil)
	}
	page := `{ problems(first: 100) { edges { node { id currentRevision { statement references { source { identifier } } } } } } }`
	body, _ := json.Marshal(map[string]any{"query": page})
	for i := range 40 {
		ctx, cancel := context.WithTimeout(context.Background(), time.Duration(1+i%4)*time.Millisecond)
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, a.srv.URL+"/graphql", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		if i%2 == 1 {
			req, _ = http.NewRequestWithContext(ctx, http.MethodGet, a.srv.URL+"/problems?sort=submitted", nil)
		}
		if resp, err := http.DefaultClient.Do(req); err == nil {
			resp.Body.Close()
		}
		cancel()
	}
	// Wait for the server to finish the abandoned requests.
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(metrics(t, a), "theoremdb_http_requests_in_flight 0") {
		if time.Now().After(deadline) {
			t.Fatal("abandoned requests still in flight after 10 s")
		}
		time.Sleep(10 * time.Millisecond)
	}
	if s := logs.String(); strings.Contains(s, "level=ERROR") {
		t.Errorf("hang-ups were logged as errors:\n%s", s)
	}
	if m := metrics(t, a); strings.Contains(m, `code="500"`) {
		t.Errorf("hang-ups were counted as 500:\n%s", grepLines(m, "theoremdb_http_request_duration_seconds_count"))
	}
}

// metrics reads the server's metrics where operators do: not on the
// site's address, but from its MetricsHandler.
func metrics(t *testing.T, a *api) string {
	t.Helper()
	h, ok := a.srv.Config.Handler.(interface{ MetricsHandler() http.Handler })
	if !ok {
		t.Fatal("the server has no MetricsHandler")
	}
	rec := httptest.NewRecorder()
	h.MetricsHandler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	return rec.Body.String()
}

func grepLines(s, sub string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, sub) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestRequestsEndAtTheirDeadline: while the database does not answer (a
// lock held elsewhere), a request stops at its deadline, with its SQL, and
// says so (TIMEOUT, or a 503 page) rather than INTERNAL, and the
// connection goes back to the pool.
func TestRequestsEndAtTheirDeadline(t *testing.T) {
	a := newAPI(t, "postgres", server.WithLimits(server.Limits{RequestTimeout: 300 * time.Millisecond}))
	a.do(a.member, submitMutation, submitVars("Good integers", 1), nil)
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
	resp, err := http.Get(a.srv.URL + "/problems")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("a page past its deadline = %d; want 503", resp.StatusCode)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("two requests with a 300 ms deadline took %s", d)
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
