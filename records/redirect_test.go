package records

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

const crossrefWorkBody = `{"status":"ok","message-type":"work","message":{"title":["Internal secrets"],"author":[{"family":"Root"}]}}`

// TestRedirectsStayOnTheResolversHost: a catalogue's redirect is followed on its own host and
// refused to any other (an internal address, say): nothing the other host says is read or
// published, and the reason says so in words, without the address.
func TestRedirectsStayOnTheResolversHost(t *testing.T) {
	var internalHits atomic.Int64
	internal := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		internalHits.Add(1)
		_, _ = w.Write([]byte(crossrefWorkBody))
	}))
	t.Cleanup(internal.Close)
	catalogue := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case strings.Contains(r.URL.Path, "away"):
			http.Redirect(w, r, internal.URL+"/secret", http.StatusFound)
		case strings.Contains(r.URL.Path, "moved"):
			http.Redirect(w, r, "/works/10.1000%2Fhere", http.StatusMovedPermanently)
		default:
			_, _ = w.Write([]byte(`{"status":"ok","message-type":"work","message":{"title":["A real work"]}}`))
		}
	}))
	t.Cleanup(catalogue.Close)
	c := NewClient(Config{MaxAttempts: 2, Burst: 100})
	c.Sleep = func(context.Context, time.Duration) error { return nil }
	d := DOIResolver{Client: c, CrossrefURL: catalogue.URL, DataCiteURL: catalogue.URL}

	got := d.Resolve(context.Background(), mustParse(t, "doi:10.1000/away"), nil)
	if got.Status == StatusFound || internalHits.Load() != 0 {
		t.Errorf("a redirect to another host: status %s, record %q, %d requests to it; want no record and none",
			got.Status, got.Record.Title, internalHits.Load())
	}
	host := strings.TrimPrefix(internal.URL, "http://")
	if strings.Contains(got.Reason, host) || strings.Contains(got.Reason, "Get \"") || got.Reason == "" {
		t.Errorf("reason = %q; want words without the other host's address", got.Reason)
	}
	if got := d.Resolve(context.Background(), mustParse(t, "doi:10.1000/moved"), nil); got.Status != StatusFound || got.Record.Title != "A real work" {
		t.Errorf("a redirect on the catalogue's own host: %s %q (%s); want the record", got.Status, got.Record.Title, got.Reason)
	}
}

// TestFailureReasonsAreForPeople: a catalogue that cannot be reached is reported in words a
// person reads — the catalogue and what went wrong — never as a Go error with its dial,
// lookup or DNS server.
func TestFailureReasonsAreForPeople(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + l.Addr().String()
	l.Close()
	c := NewClient(Config{MaxAttempts: 2, Burst: 100})
	c.Sleep = func(context.Context, time.Duration) error { return nil }
	d := DOIResolver{Client: c, CrossrefURL: closed, DataCiteURL: closed}
	got := d.Resolve(context.Background(), mustParse(t, "doi:10.1000/x"), nil)
	for _, raw := range []string{"Get \"", "dial tcp", "connect:", "lookup ", ":53"} {
		if strings.Contains(got.Reason, raw) {
			t.Errorf("reason = %q; holds the raw error text %q", got.Reason, raw)
		}
	}
	if !strings.Contains(got.Reason, "refused") {
		t.Errorf("reason = %q; want it to say the connection was refused", got.Reason)
	}
	for _, c := range []struct {
		err  error
		want string
	}{
		{&net.DNSError{Err: "no such host", Name: "api.crossref.org", Server: "10.96.0.10:53", IsNotFound: true}, "could not be looked up"},
		{&net.DNSError{Err: "i/o timeout", Name: "api.crossref.org", Server: "10.96.0.10:53", IsTimeout: true}, "could not be looked up"},
	} {
		got := failureReason("api.crossref.org", c.err)
		if !strings.Contains(got, c.want) || strings.Contains(got, "10.96.0.10") {
			t.Errorf("failureReason(%v) = %q; want %q and no DNS server", c.err, got, c.want)
		}
	}
}
