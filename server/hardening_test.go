package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/api/apitest"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/live/livetest"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/server"
	"github.com/theoremdb/theoremdb/throttle"
)

// TestSignUpsPerAddress: successful sign-ups from one address are limited
// (429 with Retry-After); refused attempts do not use the allowance.
func TestSignUpsPerAddress(t *testing.T) {
	t.Parallel()
	s := newSite(t, "sqlite3", server.WithLimits(throttle.Limits{SignUpsPerHour: 0.001, SignUpBurst: 2}))
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
	for handle, made := range map[string]bool{"first": true, "second": true, "third": false} {
		if _, err := s.svc.AccountByHandle(context.Background(), handle); made && err != nil || !made && !errors.Is(err, policy.ErrNotFound) {
			t.Errorf("the account %s after its sign-up: %v; want it made %v", handle, err, made)
		}
	}
}

// TestFormWritesAreRateLimited: a signed-in account's form submissions past
// its burst get 429 with Retry-After.
func TestFormWritesAreRateLimited(t *testing.T) {
	t.Parallel()
	s := newSite(t, "sqlite3", server.WithLimits(throttle.Limits{WritesPerMinute: 0.001, WriteBurst: 2}))
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
	t.Parallel()
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

// TestStaticHasNoListings: a directory under /static/ is not listed, and
// what is served carries the security headers.
func TestStaticHasNoListings(t *testing.T) {
	t.Parallel()
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

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// bareSite is the whole site over plain HTTP on an empty database, for
// tests that speak GraphQL to it (apitest) as well as read its pages.
func bareSite(t *testing.T, dialectName string, log *slog.Logger, opts ...server.Option) (*httptest.Server, *policy.Service) {
	t.Helper()
	d := dbtest.Open(t, dialectName)
	svc := policy.New(d, policy.Config{})
	srv := httptest.NewServer(server.New(svc, livetest.Start(t, d.Ent()), log, opts...))
	t.Cleanup(srv.Close)
	return srv, svc
}

// TestHangUpIsNotAnError: a client that goes away mid-request is neither
// logged as an error nor counted as a 500.
func TestHangUpIsNotAnError(t *testing.T) {
	t.Parallel()
	var logs lockedBuffer
	log := slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelInfo}))
	srv, svc := bareSite(t, "postgres", log)
	member := apitest.Token(t, svc, "ada")
	for range 30 {
		apitest.Client{T: t, URL: srv.URL}.Do(member, apitest.SubmitMutation, apitest.SubmitVars("Good integers", 3), nil)
	}
	page := `{ problems(first: 100) { edges { node { id currentRevision { statement references { source { identifier } } } } } } }`
	body, _ := json.Marshal(map[string]any{"query": page})
	for i := range 40 {
		ctx, cancel := context.WithTimeout(context.Background(), time.Duration(1+i%4)*time.Millisecond)
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, srv.URL+"/graphql", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		if i%2 == 1 {
			req, _ = http.NewRequestWithContext(ctx, http.MethodGet, srv.URL+"/problems?sort=submitted", nil)
		}
		if resp, err := http.DefaultClient.Do(req); err == nil {
			resp.Body.Close()
		}
		cancel()
	}
	// Wait for the server to finish the abandoned requests.
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(metrics(t, srv), "theoremdb_http_requests_in_flight 0") {
		if time.Now().After(deadline) {
			t.Fatal("abandoned requests still in flight after 10 s")
		}
		time.Sleep(10 * time.Millisecond)
	}
	if s := logs.String(); strings.Contains(s, "level=ERROR") {
		t.Errorf("hang-ups were logged as errors:\n%s", s)
	}
	if m := metrics(t, srv); strings.Contains(m, `code="500"`) {
		t.Errorf("hang-ups were counted as 500:\n%s", grepLines(m, "theoremdb_http_request_duration_seconds_count"))
	}
}

// metrics reads the server's metrics where operators do: not on the
// site's address, but from its MetricsHandler.
func metrics(t *testing.T, srv *httptest.Server) string {
	t.Helper()
	h, ok := srv.Config.Handler.(interface{ MetricsHandler() http.Handler })
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

// TestPagesEndAtTheirDeadline: while the database does not answer (a lock
// held elsewhere), a page stops at its deadline, with its SQL, and says so
// (a 503 page) rather than failing, and the connection goes back to the
// pool. (GraphQL does the same: api's TestRequestsEndAtTheirDeadline.)
func TestPagesEndAtTheirDeadline(t *testing.T) {
	t.Parallel()
	// The deadline is short enough to keep the test quick and long enough
	// that a race-built page on a busy machine renders within it once the
	// lock is gone.
	const deadline = 1500 * time.Millisecond
	srv, svc := bareSite(t, "postgres", quiet, server.WithLimits(throttle.Limits{RequestTimeout: deadline}))
	member := apitest.Token(t, svc, "ada")
	gql := apitest.Client{T: t, URL: srv.URL}
	gql.Do(member, apitest.SubmitMutation, apitest.SubmitVars("Good integers", 1), nil)
	ctx := context.Background()
	tx, err := svc.DB().BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.ExecContext(ctx, `LOCK TABLE problems IN ACCESS EXCLUSIVE MODE`); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	resp, err := http.Get(srv.URL + "/problems")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("a page past its deadline = %d; want 503", resp.StatusCode)
	}
	if d := time.Since(start); d > deadline+5*time.Second {
		t.Errorf("a request with a %s deadline took %s", deadline, d)
	}
	if err := tx.Rollback(); err != nil {
		t.Fatal(err)
	}
	resp, err = http.Get(srv.URL + "/problems")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("after the lock: /problems = %d; want 200", resp.StatusCode)
	}
}
