package records

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// answer is one response of the fake API; body names a file under testdata, or is literal text
// when it starts with "=".
type answer struct {
	status int
	body   string
	header map[string]string
}

// fakeAPI answers each path (with its query) by a list of answers, one per request, the last
// repeated. It records the requests' headers.
type fakeAPI struct {
	t      *testing.T
	mu     sync.Mutex
	routes map[string][]answer
	hits   map[string]int
	seen   []http.Header
}

func (f *fakeAPI) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	key := r.URL.Path
	if r.URL.RawQuery != "" {
		key += "?" + r.URL.RawQuery
	}
	f.mu.Lock()
	as, ok := f.routes[key]
	n := f.hits[key]
	f.hits[key]++
	f.seen = append(f.seen, r.Header.Clone())
	f.mu.Unlock()
	if !ok {
		http.Error(w, "no route "+key, http.StatusTeapot)
		return
	}
	a := as[min(n, len(as)-1)]
	for k, v := range a.header {
		w.Header().Set(k, v)
	}
	var body []byte
	if strings.HasPrefix(a.body, "=") {
		body = []byte(a.body[1:])
	} else if a.body != "" {
		var err error
		if body, err = os.ReadFile(filepath.Join("testdata", a.body)); err != nil {
			f.t.Fatal(err)
		}
	}
	w.WriteHeader(a.status)
	w.Write(body)
}

// fakeClock is the client's clock: Sleep advances it and records the waits.
type fakeClock struct {
	mu     sync.Mutex
	now    time.Time
	sleeps []time.Duration
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) Sleep(ctx context.Context, d time.Duration) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.sleeps = append(c.sleeps, d)
	c.now = c.now.Add(d)
	return ctx.Err()
}

var epoch = time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)

// testClient is a client of the fake API on the fake clock: no jitter (a backoff is its full
// step), no rate limit in the way.
func testClient(t *testing.T, routes map[string][]answer, cfg Config) (*Client, *fakeAPI, *fakeClock, string) {
	t.Helper()
	api := &fakeAPI{t: t, routes: routes, hits: map[string]int{}}
	srv := httptest.NewServer(api)
	t.Cleanup(srv.Close)
	if cfg.Burst == 0 {
		cfg.Burst = 100
	}
	c := NewClient(cfg)
	clock := &fakeClock{now: epoch}
	c.Now, c.Sleep, c.Jitter = clock.Now, clock.Sleep, func() float64 { return 0.999999 }
	return c, api, clock, srv.URL
}

func mustParse(t *testing.T, s string) Identifier {
	t.Helper()
	id, err := Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// resolverCase is one answer sequence of an API and what the resolver must make of it.
type resolverCase struct {
	name   string
	id     string
	routes map[string][]answer
	want   Status
	rec    *Record         // compared without provenance fields when set
	sleeps []time.Duration // the waits the client made, when set
}

func runResolverCases(t *testing.T, cases []resolverCase, mk func(c *Client, base string) Resolver) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, _, clock, base := testClient(t, tc.routes, Config{MaxAttempts: 3, BaseDelay: time.Second})
			got := mk(c, base).Resolve(context.Background(), mustParse(t, tc.id), nil)
			if got.Status != tc.want {
				t.Fatalf("Resolve(%s).Status = %s (%s); want %s", tc.id, got.Status, got.Reason, tc.want)
			}
			if tc.rec != nil {
				r := got.Record
				if !r.FetchedAt.Equal(clock.Now()) || r.Resolver == "" {
					t.Errorf("Resolve(%s) provenance = %v, %q; want fetched now by a named resolver", tc.id, r.FetchedAt, r.Resolver)
				}
				r.FetchedAt, r.Resolver, r.ETag, r.LastModified = time.Time{}, "", "", ""
				want := *tc.rec
				want.URL = strings.ReplaceAll(want.URL, "BASE", base)
				if diff := cmp.Diff(want, r); diff != "" {
					t.Errorf("Resolve(%s).Record (-want +got):\n%s", tc.id, diff)
				}
			}
			if tc.sleeps != nil {
				if diff := cmp.Diff(tc.sleeps, clock.sleeps); diff != "" {
					t.Errorf("Resolve(%s) waits (-want +got):\n%s", tc.id, diff)
				}
			}
		})
	}
}

const (
	hilbertPath  = "/works/10.1007/bf01444162"
	datacitePath = "/dois/10.5438/0012"
)

func TestDOIResolver(t *testing.T) {
	hilbert := Record{ID: Identifier{DOI, "doi:10.1007/bf01444162"}, Title: "Über die vollen Invariantensysteme",
		Authors: []string{"Hilbert, David"}, Year: 1893, Licence: "http://www.springer.com/tdm",
		URL: "http://dx.doi.org/10.1007/bf01444162"}
	datacite := Record{ID: Identifier{DOI, "doi:10.5438/0012"},
		Title:   "DataCite Metadata Schema Documentation for the Publication and Citation of Research Data v4.0",
		Authors: []string{"DataCite Metadata Working Group"}, Year: 2016,
		Licence: "https://creativecommons.org/licenses/by/4.0/legalcode", URL: "https://schema.datacite.org/meta/kernel-4.0/"}
	notHeld := map[string][]answer{datacitePath: {{404, "datacite_404.json", nil}}}
	cases := []resolverCase{
		{name: "crossref", id: "10.1007/BF01444162", want: StatusFound, rec: &hilbert,
			routes: map[string][]answer{hilbertPath: {{200, "crossref_work.json", nil}}}},
		{name: "datacite after crossref 404", id: "10.5438/0012", want: StatusFound, rec: &datacite,
			routes: map[string][]answer{"/works/10.5438/0012": {{404, "crossref_404.txt", nil}},
				datacitePath: {{200, "datacite_doi.json", nil}}}},
		{name: "neither holds it", id: "10.5438/0012", want: StatusNotFound,
			routes: map[string][]answer{"/works/10.5438/0012": {{404, "crossref_404.txt", nil}}, datacitePath: notHeld[datacitePath]}},
		{name: "crossref malformed", id: "10.1007/BF01444162", want: StatusUnreachable,
			routes: map[string][]answer{hilbertPath: {{200, "={\"status\":\"ok\",\"message-type\":\"work\",\"mess", nil}},
				"/dois/10.1007/bf01444162": {{404, "datacite_404.json", nil}}}},
		{name: "crossref 429 with Retry-After", id: "10.1007/BF01444162", want: StatusFound, rec: &hilbert,
			sleeps: []time.Duration{7 * time.Second},
			routes: map[string][]answer{hilbertPath: {{429, "=rate limited", map[string]string{"Retry-After": "7"}}, {200, "crossref_work.json", nil}}}},
		{name: "crossref 503 throughout", id: "10.1007/BF01444162", want: StatusUnreachable,
			sleeps: []time.Duration{999999 * time.Microsecond, 1999998 * time.Microsecond},
			routes: map[string][]answer{hilbertPath: {{503, "=down", nil}}, "/dois/10.1007/bf01444162": {{404, "datacite_404.json", nil}}}},
		{name: "crossref down datacite holds it", id: "10.5438/0012", want: StatusFound, rec: &datacite,
			routes: map[string][]answer{"/works/10.5438/0012": {{500, "=oops", nil}}, datacitePath: {{200, "datacite_doi.json", nil}}}},
		{name: "crossref 404 datacite down", id: "10.5438/0012", want: StatusUnreachable,
			routes: map[string][]answer{"/works/10.5438/0012": {{404, "crossref_404.txt", nil}}, datacitePath: {{502, "=bad gateway", nil}}}},
		{name: "datacite malformed", id: "10.5438/0012", want: StatusUnreachable,
			routes: map[string][]answer{"/works/10.5438/0012": {{404, "crossref_404.txt", nil}}, datacitePath: {{200, "={\"data\":null}", nil}}}},
	}
	runResolverCases(t, cases, func(c *Client, base string) Resolver {
		return DOIResolver{Client: c, CrossrefURL: base, DataCiteURL: base}
	})
}

func TestArxivResolver(t *testing.T) {
	perelman := Record{ID: Identifier{ArXiv, "arxiv:math/0211159"},
		Title:   "The entropy formula for the Ricci flow and its geometric applications",
		Authors: []string{"Grisha Perelman"}, Year: 2002, URL: "https://arxiv.org/abs/math/0211159"}
	q := func(id string) string { return "/api/query?id_list=" + strings.ReplaceAll(id, "/", "%2F") }
	cases := []resolverCase{
		{name: "entry", id: "arXiv:math/0211159", want: StatusFound, rec: &perelman,
			routes: map[string][]answer{q("math/0211159"): {{200, "arxiv_entry.xml", nil}}}},
		{name: "error entry", id: "2101.99999", want: StatusNotFound,
			routes: map[string][]answer{q("2101.99999"): {{200, "arxiv_error.xml", nil}}}},
		{name: "no entry", id: "1201.56789", want: StatusNotFound,
			routes: map[string][]answer{q("1201.56789"): {{200, "arxiv_empty.xml", nil}}}},
		{name: "malformed", id: "1201.56789", want: StatusUnreachable,
			routes: map[string][]answer{q("1201.56789"): {{200, "=<feed xmlns=\"http://www.w3.org/2005/Atom\"><entry>", nil}}}},
		{name: "rate exceeded in plain text", id: "1201.56789", want: StatusUnreachable,
			routes: map[string][]answer{q("1201.56789"): {{200, "arxiv_rate_exceeded.txt", nil}}}},
		{name: "429 with Retry-After date", id: "arXiv:math/0211159", want: StatusFound, rec: &perelman,
			sleeps: []time.Duration{90 * time.Second},
			routes: map[string][]answer{q("math/0211159"): {
				{429, "=slow down", map[string]string{"Retry-After": epoch.Add(90 * time.Second).Format(http.TimeFormat)}},
				{200, "arxiv_entry.xml", nil}}}},
		{name: "503 then entry", id: "arXiv:math/0211159", want: StatusFound, rec: &perelman,
			routes: map[string][]answer{q("math/0211159"): {{503, "arxiv_rate_exceeded.txt", nil}, {200, "arxiv_entry.xml", nil}}}},
	}
	runResolverCases(t, cases, func(c *Client, base string) Resolver { return ArxivResolver{Client: c, URL: base} })
}

func TestZbMATHResolver(t *testing.T) {
	er := Record{ID: Identifier{ZbMATH, "zbmath:0103.16301"}, Title: "On the evolution of random graphs",
		Authors: []string{"Erdős, P.", "Rényi, A."}, Year: 1960, URL: "https://zbmath.org/0103.16301"}
	p := "/v1/document/0103.16301"
	cases := []resolverCase{
		{name: "document", id: "zbl:0103.16301", want: StatusFound, rec: &er,
			routes: map[string][]answer{p: {{200, "zbmath_document.json", nil}}}},
		{name: "404", id: "zbl:0103.16301", want: StatusNotFound,
			routes: map[string][]answer{p: {{404, "zbmath_404.json", nil}}}},
		{name: "null result", id: "zbl:0103.16301", want: StatusNotFound,
			routes: map[string][]answer{p: {{200, "zbmath_404.json", nil}}}},
		{name: "malformed", id: "zbl:0103.16301", want: StatusUnreachable,
			routes: map[string][]answer{p: {{200, "=<html>maintenance</html>", nil}}}},
		{name: "429 then document", id: "zbl:0103.16301", want: StatusFound, rec: &er,
			sleeps: []time.Duration{2 * time.Second},
			routes: map[string][]answer{p: {{429, "", map[string]string{"Retry-After": "2"}}, {200, "zbmath_document.json", nil}}}},
	}
	runResolverCases(t, cases, func(c *Client, base string) Resolver { return ZbMATHResolver{Client: c, URL: base} })
}

func TestOpenLibraryResolver(t *testing.T) {
	matousek := Record{ID: Identifier{ISBN, "isbn:9780387953854"}, Title: "Lectures on Discrete Geometry",
		Authors: []string{"Jiří Matoušek"}, Year: 2002, URL: "BASE/books/OL7598931M"}
	edition := "/isbn/9780387953854.json"
	book := "/books/OL7598931M.json"
	author := "/authors/OL1147574A.json"
	redirect := map[string]string{"Location": "/books/OL7598931M.json"}
	cases := []resolverCase{
		{name: "edition via redirect", id: "ISBN 0-387-95385-X", want: StatusFound, rec: &matousek,
			routes: map[string][]answer{edition: {{302, "", redirect}},
				book:   {{200, "openlibrary_edition.json", nil}},
				author: {{200, "openlibrary_author.json", nil}}}},
		{name: "404", id: "ISBN 0-387-95385-X", want: StatusNotFound,
			routes: map[string][]answer{edition: {{404, "openlibrary_404.json", nil}}}},
		{name: "malformed", id: "ISBN 0-387-95385-X", want: StatusUnreachable,
			routes: map[string][]answer{edition: {{200, "=[1,2", nil}}}},
		{name: "author unreachable", id: "ISBN 0-387-95385-X", want: StatusUnreachable,
			routes: map[string][]answer{edition: {{200, "openlibrary_edition.json", nil}}, author: {{503, "=down", nil}}}},
		{name: "429 on the author", id: "ISBN 0-387-95385-X", want: StatusFound, rec: &matousek, sleeps: []time.Duration{3 * time.Second},
			routes: map[string][]answer{edition: {{302, "", redirect}}, book: {{200, "openlibrary_edition.json", nil}},
				author: {{429, "", map[string]string{"Retry-After": "3"}}, {200, "openlibrary_author.json", nil}}}},
	}
	// An edition that names no author is named through its work; failing that, by its
	// by_statement; never by a partial list.
	work := "/works/OL1931426W.json"
	workless := `={"key":"/books/OL7598931M","title":"Lectures on Discrete Geometry","publish_date":"2002",` +
		`"by_statement":"Jiri Matousek.","works":[{"key":"/works/OL1931426W"}]}`
	byStatement := matousek
	byStatement.Authors = []string{"Jiri Matousek"}
	anonymous := matousek
	anonymous.Authors = nil
	cases = append(cases, []resolverCase{
		{name: "authors through the work", id: "ISBN 0-387-95385-X", want: StatusFound, rec: &matousek,
			routes: map[string][]answer{edition: {{200, workless, nil}},
				work:   {{200, `={"authors":[{"author":{"key":"/authors/OL1147574A"},"type":{"key":"/type/author_role"}}]}`, nil}},
				author: {{200, "openlibrary_author.json", nil}}}},
		{name: "work gone, by_statement kept", id: "ISBN 0-387-95385-X", want: StatusFound, rec: &byStatement,
			routes: map[string][]answer{edition: {{200, workless, nil}}, work: {{404, "openlibrary_404.json", nil}}}},
		{name: "work unreachable", id: "ISBN 0-387-95385-X", want: StatusUnreachable,
			routes: map[string][]answer{edition: {{200, workless, nil}}, work: {{503, "=down", nil}}}},
		{name: "work malformed", id: "ISBN 0-387-95385-X", want: StatusUnreachable,
			routes: map[string][]answer{edition: {{200, workless, nil}}, work: {{200, "={\"authors\":7}", nil}}}},
		{name: "an author without a name leaves the by_statement", id: "ISBN 0-387-95385-X", want: StatusFound, rec: &byStatement,
			routes: map[string][]answer{edition: {{200, workless, nil}},
				work:   {{200, `={"authors":[{"author":{"key":"/authors/OL1147574A"}}]}`, nil}},
				author: {{200, `={"key":"/authors/OL1147574A"}`, nil}}}},
		{name: "a malformed author key names nobody", id: "ISBN 0-387-95385-X", want: StatusFound, rec: &anonymous,
			routes: map[string][]answer{edition: {{200, `={"key":"/books/OL7598931M","title":"Lectures on Discrete Geometry","publish_date":"2002","authors":[{"key":"/people/x"}]}`, nil}}}},
		{name: "an edition without a title", id: "ISBN 0-387-95385-X", want: StatusUnreachable,
			routes: map[string][]answer{edition: {{200, `={"key":"/books/OL7598931M"}`, nil}}}},
	}...)
	runResolverCases(t, cases, func(c *Client, base string) Resolver { return OpenLibraryResolver{Client: c, URL: base} })
}
