package server_test

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"

	"github.com/theoremdb/theoremdb/graph/model"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/server"
	"github.com/theoremdb/theoremdb/ui/pagetest"
)

// do sends a request with headers and returns the answer.
func (s *site) do(c *http.Client, method, path string, header map[string]string, body string) (int, []byte, http.Header) {
	s.t.Helper()
	req, _ := http.NewRequest(method, s.srv.URL+path, strings.NewReader(body))
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := c.Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b, resp.Header
}

const browserAccept = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8"

// TestGraphQLExplorerForBrowsers: a browser that opens /graphql gets the
// explorer page, with only external scripts that carry the nonce; every
// GraphQL client (POST, GET with a query, Accept: application/json, no
// Accept at all, a websocket) gets GraphQL as before.
func TestGraphQLExplorerForBrowsers(t *testing.T) {
	t.Parallel()
	s := newSite(t, "sqlite3")
	c := s.browser()

	code, body, h := s.do(c, http.MethodGet, "/graphql", map[string]string{"Accept": browserAccept}, "")
	if code != http.StatusOK || !strings.HasPrefix(h.Get("Content-Type"), "text/html") {
		t.Fatalf("browser GET /graphql = %d %s; want the explorer page", code, h.Get("Content-Type"))
	}
	pagetest.Check(t, "/graphql", body)
	if len(pagetest.Select(t, body, "explorer")) != 1 {
		t.Error("the explorer page has no explorer element")
	}
	csp := h.Get("Content-Security-Policy")
	m := regexp.MustCompile(`script-src 'self' 'nonce-([^']+)';`).FindStringSubmatch(csp)
	if m == nil || strings.Contains(strings.Split(strings.Split(csp, "script-src")[1], ";")[0], "unsafe") {
		t.Fatalf("explorer CSP %q: want scripts from our origin with a nonce only", csp)
	}
	scripts := regexp.MustCompile(`<script[^>]*>`).FindAllString(string(body), -1)
	var explorer bool
	for _, sc := range scripts {
		if !strings.Contains(sc, `nonce="`+m[1]+`"`) || !strings.Contains(sc, ` src="/static/`) {
			t.Errorf("script %s: want an external /static/ script with the page's nonce", sc)
		}
		explorer = explorer || regexp.MustCompile(`/static/dist/explorer\.[0-9a-f]{12}\.js`).MatchString(sc)
	}
	if !explorer {
		t.Errorf("the explorer page does not load the hashed explorer bundle: %v", scripts)
	}
	if bytes.Contains(body, []byte("katex")) {
		t.Error("the explorer page loads KaTeX, which it does not use")
	}
	var tabs []struct{ Query, Variables string }
	if err := json.Unmarshal([]byte(firstAttr(t, body, "data-tabs")), &tabs); err != nil || len(tabs) != len(server.Operations()) {
		t.Fatalf("explorer tabs: %v (%d); want every operation /api shows", err, len(tabs))
	}
	mutations := 0
	for _, tab := range tabs {
		if strings.Contains(tab.Query, "\nmutation ") {
			mutations++
		}
	}
	if mutations < 3 {
		t.Errorf("the explorer opens %d mutations; want the writes an agent starts from", mutations)
	}

	isGraphQL := func(name string, code int, body []byte, h http.Header) {
		t.Helper()
		var r struct {
			Data   json.RawMessage
			Errors []struct{ Message string }
		}
		if !strings.Contains(h.Get("Content-Type"), "json") || json.Unmarshal(body, &r) != nil {
			t.Errorf("%s = %d %s %.200s; want a GraphQL answer", name, code, h.Get("Content-Type"), body)
		}
	}
	query := `{"query":"{ problem(id: \"TDB-1\") { id title } }"}`
	code, body, h = s.do(c, http.MethodPost, "/graphql", map[string]string{"Content-Type": "application/json", "Accept": browserAccept}, query)
	isGraphQL("POST", code, body, h)
	if !bytes.Contains(body, []byte(`"id":"TDB-1"`)) {
		t.Errorf("POST /graphql = %s", body)
	}
	code, body, h = s.do(c, http.MethodGet, "/graphql?query=%7B%20problem(id%3A%20%22TDB-1%22)%20%7B%20id%20%7D%20%7D", map[string]string{"Accept": browserAccept}, "")
	isGraphQL("GET with a query", code, body, h)
	if !bytes.Contains(body, []byte(`"id":"TDB-1"`)) {
		t.Errorf("GET /graphql?query= = %s", body)
	}
	for _, accept := range []string{"application/json", "application/graphql-response+json, application/json;q=0.9", "*/*", "",
		"text/html;q=0.5, application/json"} {
		code, body, h = s.do(c, http.MethodGet, "/graphql", map[string]string{"Accept": accept}, "")
		isGraphQL("GET Accept "+accept, code, body, h)
	}
	code, _, _ = s.do(c, http.MethodGet, "/graphql", map[string]string{"Accept": browserAccept, "Connection": "Upgrade",
		"Upgrade": "websocket", "Sec-WebSocket-Version": "13", "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
		"Sec-WebSocket-Protocol": "graphql-transport-ws"}, "")
	if code != http.StatusSwitchingProtocols {
		t.Errorf("websocket upgrade from a browser = %d; want 101", code)
	}
}

// firstAttr is the value of the first attribute name in page.
func firstAttr(t *testing.T, page []byte, name string) string {
	t.Helper()
	m := regexp.MustCompile(name + `="([^"]*)"`).FindSubmatch(page)
	if m == nil {
		t.Fatalf("no %s attribute", name)
	}
	return htmlUnescape(string(m[1]))
}

func htmlUnescape(s string) string {
	return strings.NewReplacer("&#34;", `"`, "&quot;", `"`, "&#39;", "'", "&lt;", "<", "&gt;", ">", "&amp;", "&").Replace(s)
}

// TestSchemaDownload: /graphql/schema.graphql is the served schema as SDL
// that parses, and every example of the explorer is valid against it.
func TestSchemaDownload(t *testing.T) {
	t.Parallel()
	s := newSite(t, "sqlite3")
	c := s.browser()
	code, sdl, h := s.get(c, "/graphql/schema.graphql")
	if code != http.StatusOK || !strings.Contains(h.Get("Content-Disposition"), "schema.graphql") {
		t.Fatalf("GET /graphql/schema.graphql = %d %q", code, h.Get("Content-Disposition"))
	}
	if !bytes.Contains(sdl, []byte("type Problem ")) || !bytes.Contains(sdl, []byte("problemEvents(")) {
		t.Error("the schema lacks type Problem or problemEvents")
	}
	schema, err := gqlparser.LoadSchema(&ast.Source{Name: "schema.graphql", Input: string(sdl)})
	if err != nil {
		t.Fatalf("the downloaded schema does not parse: %v", err)
	}
	_, page, _ := s.do(c, http.MethodGet, "/graphql", map[string]string{"Accept": browserAccept}, "")
	var tabs []struct{ Query, Variables string }
	if err := json.Unmarshal([]byte(firstAttr(t, page, "data-tabs")), &tabs); err != nil {
		t.Fatal(err)
	}
	for _, tab := range tabs {
		if _, errs := gqlparser.LoadQuery(schema, tab.Query); errs != nil {
			t.Errorf("example %.40q is not valid against the schema: %v", tab.Query, errs)
		}
		var vars map[string]any
		if err := json.Unmarshal([]byte(cmp.Or(tab.Variables, "{}")), &vars); err != nil {
			t.Errorf("example variables %q: %v", tab.Variables, err)
		}
		if strings.Contains(tab.Query, "\nsubscription ") || strings.Contains(tab.Query, "\nmutation ") {
			continue // over a websocket, or as an account: TestExamplesRun sends them signed in
		}
		body, _ := json.Marshal(map[string]any{"query": tab.Query, "variables": vars})
		_, out, _ := s.do(c, http.MethodPost, "/graphql", map[string]string{"Content-Type": "application/json"}, string(body))
		if bytes.Contains(out, []byte(`"errors"`)) || !bytes.Contains(out, []byte(`"data"`)) {
			t.Errorf("example %.40q answers %.300s", tab.Query, out)
		}
	}
}

// TestAPIDocs: /api explains authentication, limits, errors, idempotency,
// subscriptions and pagination with the server's own numbers and codes,
// and the footer links to it.
func TestAPIDocs(t *testing.T) {
	t.Parallel()
	s := newSite(t, "sqlite3")
	c := s.browser()
	code, body, _ := s.get(c, "/api")
	if code != http.StatusOK {
		t.Fatalf("GET /api = %d", code)
	}
	pagetest.Check(t, "/api", body)
	for id, want := range map[string][]string{
		"api-authentication": {"Authorization: Bearer tdb_", "your account page", "revoke", "connection_init", "cookie"},
		"api-limits-http":    {"2 MiB", "64 KiB", "25,000", "15s", "30 a minute, bursts of 20", "10 per request"},
		"api-limits-socket":  {"20 per address, 10 per account", "50 per connection"},
		"api-errors":         {"userErrors", "extensions.code", "COMPLEXITY_LIMIT_EXCEEDED", "RATE_LIMITED", "UNAUTHENTICATED"},
		"api-idempotency":    {"idempotencyKey", "IDEMPOTENCY_MISMATCH"},
		"api-subscriptions":  {"graphql-transport-ws", "problemEvents", "after:", "seq", "asOf"},
		"api-pagination":     {"at most 100", "endCursor", "after"},
	} {
		got := text(t, body, id)
		for _, w := range want {
			if !strings.Contains(got, w) {
				t.Errorf("%s lacks %q:\n%s", id, w, got)
			}
		}
	}
	codes := text(t, body, "api-user-errors")
	for _, c := range model.AllUserErrorCode {
		if !regexp.MustCompile(string(c) + ` \S`).MatchString(codes) {
			t.Errorf("userErrors code %s is not explained on /api: %s", c, codes)
		}
	}
	// Every kind of event the log holds is documented with its payload's keys, from the one
	// table (policy.EventKinds) the event-kinds test holds to the code.
	kinds := text(t, body, "api-events")
	if n := len(pagetest.Select(t, body, "event-kind")); n != len(policy.EventKinds) {
		t.Errorf("/api documents %d event kinds; want the %d of policy.EventKinds", n, len(policy.EventKinds))
	}
	for _, k := range policy.EventKinds {
		if !strings.Contains(kinds, k.Kind+" "+k.Meaning) {
			t.Errorf("/api does not explain the event kind %s", k.Kind)
		}
		for _, p := range k.Payload {
			if !strings.Contains(kinds, p.Key+" : "+p.Meaning) {
				t.Errorf("/api does not explain the payload key %q of %s", p.Key, k.Kind)
			}
		}
	}
	_, home, _ := s.get(c, "/")
	for _, href := range []string{`href="/api"`, `href="/about"`, `href="/tags"`, `href="/graphql"`} {
		if !bytes.Contains(home, []byte(href)) {
			t.Errorf("the footer lacks %s", href)
		}
	}
}

// TestStaticHashedAndCompressed: pages name static files by content hash;
// a hashed URL is cached for good, a plain one for an hour; gzip is served
// to clients that accept it and decompresses to the file.
func TestStaticHashedAndCompressed(t *testing.T) {
	t.Parallel()
	s := newSite(t, "sqlite3")
	c := s.browser()
	_, page, _ := s.get(c, "/")
	m := regexp.MustCompile(`href="(/static/app\.([0-9a-f]{12})\.css)"`).FindSubmatch(page)
	if m == nil {
		t.Fatal("the page does not link app.css by its content hash")
	}
	hashed := string(m[1])
	_, plain, ph := s.do(c, http.MethodGet, "/static/app.css", map[string]string{"Accept-Encoding": "identity"}, "")
	if ph.Get("Cache-Control") != "public, max-age=3600" || ph.Get("Content-Encoding") != "" {
		t.Errorf("plain URL: Cache-Control %q, Content-Encoding %q", ph.Get("Cache-Control"), ph.Get("Content-Encoding"))
	}
	code, gz, h := s.do(c, http.MethodGet, hashed, map[string]string{"Accept-Encoding": "gzip, deflate, br"}, "")
	if code != http.StatusOK || h.Get("Content-Encoding") != "gzip" || !strings.Contains(h.Get("Vary"), "Accept-Encoding") ||
		h.Get("Cache-Control") != "public, max-age=31536000, immutable" || !strings.HasPrefix(h.Get("Content-Type"), "text/css") {
		t.Fatalf("hashed URL = %d: %v", code, h)
	}
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		t.Fatal(err)
	}
	unzipped, _ := io.ReadAll(zr)
	if !bytes.Equal(unzipped, plain) || len(gz) >= len(plain) {
		t.Errorf("gzip body: %d bytes unzipping to %d; the file is %d", len(gz), len(unzipped), len(plain))
	}
	if _, _, h := s.do(c, http.MethodGet, hashed, map[string]string{"Accept-Encoding": "gzip;q=0"}, ""); h.Get("Content-Encoding") != "" {
		t.Error("gzip was sent to a client that refuses it")
	}
	if code, _, _ := s.do(c, http.MethodGet, hashed, map[string]string{"If-None-Match": h.Get("ETag"), "Accept-Encoding": "gzip"}, ""); code != http.StatusNotModified {
		t.Errorf("revalidating with the ETag = %d; want 304", code)
	}
	stale := strings.Replace(hashed, string(m[2]), "000000000000", 1)
	if code, _, h := s.get(c, stale); code != http.StatusOK || strings.Contains(h.Get("Cache-Control"), "immutable") {
		t.Errorf("an old hash = %d %q; want the current file, not cached for good", code, h.Get("Cache-Control"))
	}
	if code, _, _ := s.get(c, "/static/app.zzzzzzzzzzzz.css"); code != http.StatusNotFound {
		t.Errorf("a made-up name = %d; want 404", code)
	}
}

// TestKaTeXOnlyWhereMath: pages with TeX load KaTeX, pages without do not.
func TestKaTeXOnlyWhereMath(t *testing.T) {
	t.Parallel()
	s := newSite(t, "sqlite3")
	c := s.browser()
	for path, want := range map[string]bool{"/p/TDB-1": true, "/problems": true, "/api": false, "/signin": false} {
		_, body, _ := s.get(c, path)
		if got := bytes.Contains(body, []byte("/static/dist/katex.")); got != want {
			t.Errorf("%s loads KaTeX: %v; want %v", path, got, want)
		}
	}
}

// TestFavicon: /favicon.ico answers with an icon, and pages link the SVG
// one by its hash.
func TestFavicon(t *testing.T) {
	t.Parallel()
	s := newSite(t, "sqlite3")
	c := s.browser()
	code, body, h := s.get(c, "/favicon.ico")
	if ct := h.Get("Content-Type"); code != http.StatusOK || !strings.HasPrefix(ct, "image/") || !strings.Contains(ct, "icon") ||
		!bytes.HasPrefix(body, []byte{0, 0, 1, 0}) {
		t.Errorf("GET /favicon.ico = %d %s", code, h.Get("Content-Type"))
	}
	_, page, _ := s.get(c, "/")
	m := regexp.MustCompile(`<link rel="icon" href="(/static/favicon\.[0-9a-f]{12}\.svg)"`).FindSubmatch(page)
	if m == nil {
		t.Fatal("pages do not link the SVG favicon")
	}
	if code, svg, h := s.get(c, string(m[1])); code != http.StatusOK || h.Get("Content-Type") != "image/svg+xml" || !bytes.Contains(svg, []byte("<svg")) {
		t.Errorf("GET %s = %d %s", m[1], code, h.Get("Content-Type"))
	}
}

// TestMetricsNotPublic: the site's own handler does not serve /metrics;
// the operators' handler does.
func TestMetricsNotPublic(t *testing.T) {
	t.Parallel()
	srv, _ := bareSite(t, "sqlite3", quiet)
	resp, err := http.Get(srv.URL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound || bytes.Contains(b, []byte("theoremdb_")) {
		t.Errorf("public GET /metrics = %d %.100s; want 404", resp.StatusCode, b)
	}
	h, ok := srv.Config.Handler.(interface{ MetricsHandler() http.Handler })
	if !ok {
		t.Fatal("the server has no MetricsHandler")
	}
	rec := httptest.NewRecorder()
	h.MetricsHandler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "theoremdb_http_requests_in_flight") {
		t.Errorf("operators' /metrics = %d %.200s", rec.Code, rec.Body.String())
	}
}
