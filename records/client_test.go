package records

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"
)

func TestRetryAfter(t *testing.T) {
	tests := []struct {
		in   string
		want time.Duration
	}{
		{"", -1},
		{"0", 0},
		{"120", 2 * time.Minute},
		{epoch.Add(45 * time.Second).Format(http.TimeFormat), 45 * time.Second},
		{epoch.Add(-time.Hour).Format(http.TimeFormat), 0},
		{"soon", -1},
	}
	for _, tt := range tests {
		if got := retryAfter(tt.in, epoch); got != tt.want {
			t.Errorf("retryAfter(%q) = %s; want %s", tt.in, got, tt.want)
		}
	}
}

func TestClientGivesUpPastTheBudget(t *testing.T) {
	routes := map[string][]answer{"/x": {{429, "", map[string]string{"Retry-After": "86400"}}, {200, "=ok", nil}}}
	c, api, clock, base := testClient(t, routes, Config{})
	_, err := c.get(context.Background(), base+"/x", "text/plain", nil)
	if !errors.Is(err, ErrUnreachable) || !strings.Contains(err.Error(), "budget") {
		t.Fatalf("get = %v; want ErrUnreachable naming the budget", err)
	}
	if len(clock.sleeps) != 0 || api.hits["/x"] != 1 {
		t.Errorf("waits %v, requests %d; want no wait and one request", clock.sleeps, api.hits["/x"])
	}
}

func TestClientBoundsBackoff(t *testing.T) {
	routes := map[string][]answer{"/x": {{500, "", nil}}}
	c, api, clock, base := testClient(t, routes, Config{MaxAttempts: 6, BaseDelay: 10 * time.Second, MaxDelay: 25 * time.Second, MaxTotal: time.Minute})
	if _, err := c.get(context.Background(), base+"/x", "text/plain", nil); !errors.Is(err, ErrUnreachable) {
		t.Fatalf("get = %v; want ErrUnreachable", err)
	}
	var total time.Duration
	for _, d := range clock.sleeps {
		if d > 25*time.Second {
			t.Errorf("wait %s is longer than MaxDelay", d)
		}
		total += d
	}
	if total > time.Minute || api.hits["/x"] >= 6 {
		t.Errorf("waited %s over %d requests; want at most a minute, fewer than 6 requests", total, api.hits["/x"])
	}
}

func TestClientBodyLimit(t *testing.T) {
	routes := map[string][]answer{"/big": {{200, "=" + strings.Repeat("x", 100), nil}}}
	c, api, _, base := testClient(t, routes, Config{MaxBody: 50})
	if _, err := c.get(context.Background(), base+"/big", "text/plain", nil); !errors.Is(err, ErrUnreachable) {
		t.Fatalf("get = %v; want ErrUnreachable", err)
	}
	if api.hits["/big"] != 1 {
		t.Errorf("requests = %d; an oversized body is not retried", api.hits["/big"])
	}
}

func TestClientCancellation(t *testing.T) {
	routes := map[string][]answer{"/x": {{503, "", nil}}}
	c, _, _, base := testClient(t, routes, Config{})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := c.get(ctx, base+"/x", "text/plain", nil); !errors.Is(err, ErrUnreachable) || !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "cancelled") {
		t.Fatalf("get = %v; want ErrUnreachable naming the cancellation", err)
	}
}

func TestClientConditionalRequest(t *testing.T) {
	routes := map[string][]answer{hilbertPath: {{304, "", nil}}}
	c, api, clock, base := testClient(t, routes, Config{Contact: "ops@example.org"})
	cached := &Record{ID: Identifier{DOI, "doi:10.1007/bf01444162"}, Title: "Über die vollen Invariantensysteme",
		Resolver: "crossref", FetchedAt: epoch.Add(-24 * time.Hour), ETag: `"abc"`, LastModified: "Sat, 04 May 2019 00:00:00 GMT"}
	clock.now = epoch.Add(time.Hour)
	res := DOIResolver{Client: c, CrossrefURL: base, DataCiteURL: base}.Resolve(context.Background(), cached.ID, cached)
	if res.Status != StatusFound || res.Record.Title != cached.Title || !res.Record.FetchedAt.Equal(clock.now) {
		t.Fatalf("Resolve after 304 = %+v; want the cached record fetched now", res)
	}
	h := api.seen[0]
	if h.Get("If-None-Match") != `"abc"` || h.Get("If-Modified-Since") != cached.LastModified {
		t.Errorf("conditional headers = %q, %q", h.Get("If-None-Match"), h.Get("If-Modified-Since"))
	}
	if ua := h.Get("User-Agent"); ua != "TheoremDB/1.0 (mailto:ops@example.org)" {
		t.Errorf("User-Agent = %q; want the polite-pool form", ua)
	}
}

func TestBucket(t *testing.T) {
	b := newBucket(2, 1, epoch) // two a second, one at once
	want := []time.Duration{0, 500 * time.Millisecond, time.Second}
	for i, w := range want {
		if got := b.reserve(epoch); got != w {
			t.Errorf("reserve #%d at once = %s; want %s", i, got, w)
		}
	}
	if got := b.reserve(epoch.Add(3 * time.Second)); got != 0 {
		t.Errorf("reserve after the queue drained = %s; want 0", got)
	}
}

func TestClientRateLimitsPerHost(t *testing.T) {
	routes := map[string][]answer{"/x": {{200, "=ok", nil}}}
	c, _, clock, base := testClient(t, routes, Config{Rate: 1, Burst: 1})
	c.limits = &limiter{rate: 1, burst: 1, buckets: map[string]*bucket{}}
	for range 3 {
		if _, err := c.get(context.Background(), base+"/x", "text/plain", nil); err != nil {
			t.Fatal(err)
		}
	}
	if len(clock.sleeps) != 2 || clock.sleeps[0] != time.Second {
		t.Errorf("waits = %v; want two waits of a second at one request a second", clock.sleeps)
	}
}

func TestConfigFromEnv(t *testing.T) {
	env := map[string]string{EnvCrossrefURL: "http://mirror.local/crossref", EnvContact: "ops@example.org", EnvRate: "2.5"}
	c, err := ConfigFromEnv(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	if c.CrossrefURL != "http://mirror.local/crossref" || c.DataCiteURL != "https://api.datacite.org" ||
		c.ArxivURL != "https://export.arxiv.org" || c.ZbMATHURL != "https://api.zbmath.org" ||
		c.OpenLibraryURL != "https://openlibrary.org" || c.Rate != 2.5 || c.Contact != "ops@example.org" {
		t.Errorf("ConfigFromEnv = %+v", c)
	}
	if _, err := ConfigFromEnv(func(k string) string { return map[string]string{EnvRate: "fast"}[k] }); err == nil {
		t.Errorf("ConfigFromEnv(%s=fast) = nil error", EnvRate)
	}
}
