package throttle

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/viewer"
)

// fixedBuckets are buckets on a clock that moves only when the test moves it.
func fixedBuckets(perSecond float64, burst int) (*Buckets, *time.Time) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	b := NewBuckets(perSecond, burst)
	b.now = func() time.Time { return now }
	return b, &now
}

// TestBucketsEdges: taking nothing, refunds of unseen keys and past the burst, and an empty
// bucket's wait as it refills.
func TestBucketsEdges(t *testing.T) {
	t.Parallel()
	b, now := fixedBuckets(2, 2) // two a second, two at once
	if ok, wait := b.Take("a", 0); !ok || wait != 0 {
		t.Errorf("Take(a, 0) = %v, %v; want true, 0", ok, wait)
	}
	b.Refund("unseen", 5) // no bucket is made for a refund
	if ok, _ := b.Take("unseen", 3); ok {
		t.Error("Take(unseen, 3) after a refund = true; want false: a refund never lifts a bucket past its burst")
	}
	if ok, _ := b.Take("a", 2); !ok {
		t.Fatal("Take(a, 2) = false; want the burst")
	}
	b.Refund("a", 10)
	if ok, _ := b.Take("a", 2); !ok {
		t.Error("Take(a, 2) after a refund = false; want true")
	}
	if ok, _ := b.Take("a", 1); ok {
		t.Error("Take(a, 1) = true; want false: the refund is capped at the burst")
	}
	for _, s := range []struct {
		advance time.Duration
		empty   bool
		wait    time.Duration
	}{
		{0, true, 500 * time.Millisecond},
		{250 * time.Millisecond, true, 250 * time.Millisecond},
		{250 * time.Millisecond, false, 0},
	} {
		*now = now.Add(s.advance)
		if empty, wait := b.Empty("a"); empty != s.empty || wait != s.wait {
			t.Errorf("after %v: Empty(a) = %v, %v; want %v, %v", s.advance, empty, wait, s.empty, s.wait)
		}
	}
	third, _ := fixedBuckets(3, 1)
	third.Take("a", 1)
	if empty, wait := third.Empty("a"); !empty || wait != 334*time.Millisecond {
		t.Errorf("Empty at three a second = %v, %v; want true, 334ms (rounded up to the millisecond)", empty, wait)
	}
}

// TestBucketsConcurrent: however many callers take at once, a key gives no more than its
// burst.
func TestBucketsConcurrent(t *testing.T) {
	t.Parallel()
	b, _ := fixedBuckets(1, 50)
	var wg sync.WaitGroup
	var mu sync.Mutex
	taken := map[string]int{}
	for g := 0; g < 200; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			key := fmt.Sprint("k", g%2)
			if ok, _ := b.Take(key, 1); ok {
				mu.Lock()
				taken[key]++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if diff := cmp.Diff(map[string]int{"k0": 50, "k1": 50}, taken); diff != "" {
		t.Errorf("tokens taken by key (-want +got):\n%s", diff)
	}
}

// TestBucketsForgetFullUnderFlood: past 100,000 keys a new key makes the buckets forget the
// full ones, and only those: a drained key stays drained.
func TestBucketsForgetFullUnderFlood(t *testing.T) {
	t.Parallel()
	b, now := fixedBuckets(1, 1)
	for k := 0; k < 100_000; k++ {
		b.Take(fmt.Sprint(k), 1)
	}
	*now = now.Add(time.Second) // every key is full again
	if ok, _ := b.Take("0", 1); !ok {
		t.Fatal("Take(0) = false; want a refilled bucket")
	}
	if got := len(b.keys); got != 100_000 {
		t.Fatalf("%d keys before the flood bound; want 100000", got)
	}
	b.Take("new", 1)
	if got := len(b.keys); got != 2 {
		t.Errorf("%d keys after a new one past the bound; want 2 (the drained key and the new one)", got)
	}
	if ok, wait := b.Take("0", 1); ok || wait != time.Second {
		t.Errorf("Take(0) after the flood bound = %v, %v; want false, 1s: a drained key is not forgotten", ok, wait)
	}
}

func TestSetRetryAfter(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		d    time.Duration
		want string
	}{{-time.Second, "1"}, {1500 * time.Millisecond, "2"}, {time.Hour, "3600"}} {
		w := httptest.NewRecorder()
		SetRetryAfter(w, tt.d)
		if got := w.Header().Get("Retry-After"); got != tt.want {
			t.Errorf("SetRetryAfter(%v) header = %q; want %q", tt.d, got, tt.want)
		}
	}
}

// TestCounterConcurrent: at most max are open whatever the race, and releasing every one
// leaves nothing counted.
func TestCounterConcurrent(t *testing.T) {
	t.Parallel()
	c := NewCounter()
	var wg sync.WaitGroup
	var mu sync.Mutex
	var releases []func()
	for g := 0; g < 100; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if release, ok := c.Acquire("k", 10); ok {
				mu.Lock()
				releases = append(releases, release)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if len(releases) != 10 {
		t.Fatalf("%d acquired at once; want 10", len(releases))
	}
	for _, r := range releases {
		wg.Add(2)
		go func() { defer wg.Done(); r() }()
		go func() { defer wg.Done(); r() }() // a second release is a no-op
	}
	wg.Wait()
	if len(c.n) != 0 {
		t.Errorf("after every release the counter holds %v; want nothing", c.n)
	}
	if _, ok := c.Acquire("k", 0); ok {
		t.Error("Acquire(k, 0) = true; want false")
	}
}

func TestClientIP(t *testing.T) {
	t.Parallel()
	for remote, want := range map[string]string{
		"192.0.2.1:1234":   "192.0.2.1",
		"[2001:db8::1]:80": "2001:db8::1",
		"192.0.2.1":        "192.0.2.1", // no port: the address as given
		"@":                "@",
		"":                 "",
	} {
		if got := ClientIP(&http.Request{RemoteAddr: remote}); got != want {
			t.Errorf("ClientIP(%q) = %q; want %q", remote, got, want)
		}
	}
}

func TestWriter(t *testing.T) {
	t.Parallel()
	signedIn := viewer.With(context.Background(), &ent.Account{ID: "acc_1"})
	anonymous := viewer.With(context.Background(), nil)
	for _, tt := range []struct {
		name string
		ctx  context.Context
		want string
	}{
		{"signed in", signedIn, "account:acc_1"},
		{"anonymous", anonymous, "addr:192.0.2.1"},
		{"no viewer", context.Background(), "addr:192.0.2.1"},
	} {
		if got := Writer(tt.ctx, "192.0.2.1"); got != tt.want {
			t.Errorf("Writer(%s) = %q; want %q", tt.name, got, tt.want)
		}
	}
}

func TestParseProxies(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in      string
		want    []string
		wantErr bool
	}{
		{"", nil, false},
		{" , ,", nil, false},
		{"10.1.2.3/8", []string{"10.0.0.0/8"}, false},
		{"192.0.2.1", []string{"192.0.2.1/32"}, false},
		{"2001:db8::1", []string{"2001:db8::1/128"}, false},
		{"::ffff:192.0.2.1", []string{"192.0.2.1/32"}, false},
		{"10.0.0.0/8\tfd00::/8\n192.0.2.1,198.51.100.0/24", []string{"10.0.0.0/8", "fd00::/8", "192.0.2.1/32", "198.51.100.0/24"}, false},
		{"10.0.0.0/33", nil, true},
		{"10.0.0.0/8, proxy.example", nil, true},
		{"10.0.0.256", nil, true},
	}
	for _, tt := range tests {
		p, err := ParseProxies(tt.in)
		if (err != nil) != tt.wantErr {
			t.Errorf("ParseProxies(%q) error = %v; want error %v", tt.in, err, tt.wantErr)
			continue
		}
		var got []string
		for _, n := range p {
			got = append(got, n.String())
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("ParseProxies(%q) (-want +got):\n%s", tt.in, diff)
		}
	}
}

// TestProxiesClientEdges: the forwarding headers' corner cases, read only from a trusted peer.
func TestProxiesClientEdges(t *testing.T) {
	t.Parallel()
	trusted := Proxies{netip.MustParsePrefix("10.0.0.0/8")}
	for _, c := range []struct {
		name, peer string
		header     http.Header
		want       string
	}{
		{"mapped peer address is trusted", "[::ffff:10.1.2.3]:80", http.Header{"X-Forwarded-For": {"198.51.100.1"}}, "198.51.100.1"},
		{"peer without a port", "10.1.2.3", http.Header{"X-Forwarded-For": {"198.51.100.1"}}, "198.51.100.1"},
		{"peer that is no address", "unix-socket", http.Header{"X-Forwarded-For": {"198.51.100.1"}}, "unix-socket"},
		{"mapped client address is unmapped", "10.1.2.3:80", http.Header{"X-Forwarded-For": {"::ffff:198.51.100.1"}}, "198.51.100.1"},
		{"every hop trusted: the farthest", "10.1.2.3:80", http.Header{"X-Forwarded-For": {"10.0.0.9, 10.0.0.8"}}, "10.0.0.9"},
		{"a hop with a port stops the walk", "10.1.2.3:80", http.Header{"X-Forwarded-For": {"198.51.100.1:5000"}}, "10.1.2.3"},
		{"an empty header stops the walk", "10.1.2.3:80", http.Header{"X-Forwarded-For": {""}}, "10.1.2.3"},
		{"Forwarded key in any case, quoted with a port", "10.1.2.3:80", http.Header{"Forwarded": {`For="198.51.100.1:8080"`}}, "198.51.100.1"},
		{"Forwarded over several lines", "10.1.2.3:80", http.Header{"Forwarded": {"for=198.51.100.1", "for=10.0.0.5;by=10.0.0.1"}}, "198.51.100.1"},
		{"Forwarded without for is not X-Forwarded-For", "10.1.2.3:80",
			http.Header{"Forwarded": {"proto=https"}, "X-Forwarded-For": {"198.51.100.1"}}, "10.1.2.3"},
		{"Forwarded bracketed IPv6 without a port", "10.1.2.3:80", http.Header{"Forwarded": {`for="[2001:db8::9]"`}}, "2001:db8::9"},
		{"Forwarded obfuscated node stops the walk", "10.1.2.3:80", http.Header{"Forwarded": {"for=198.51.100.1, for=_hidden"}}, "10.1.2.3"},
	} {
		r := &http.Request{RemoteAddr: c.peer, Header: c.header}
		if got := trusted.Client(r); got != c.want {
			t.Errorf("%s: Client = %s; want %s", c.name, got, c.want)
		}
	}
}

func TestLimitsWithDefaults(t *testing.T) {
	t.Parallel()
	d := DefaultLimits()
	if diff := cmp.Diff(d, Limits{}.WithDefaults()); diff != "" {
		t.Errorf("Limits{}.WithDefaults() (-want +got):\n%s", diff)
	}
	negative := Limits{RequestTimeout: -1, SubscriptionsPerConnection: -1, SubscribesPerSecond: -1, SubscribeBurst: -1,
		ConnectionsPerAddress: -1, ConnectionsPerAccount: -1, WritesPerMinute: -1, WriteBurst: -1, SignUpsPerHour: -1,
		SignUpBurst: -1, RefusalsPerMinute: -1, RefusalBurst: -1, SignInFreeFailures: -1, SignInFreeFailuresPerHandle: -1}
	if diff := cmp.Diff(d, negative.WithDefaults()); diff != "" {
		t.Errorf("negative limits WithDefaults() (-want +got):\n%s", diff)
	}
	set := Limits{RequestTimeout: time.Second, SubscriptionsPerConnection: 1, SubscribesPerSecond: 2, SubscribeBurst: 3,
		ConnectionsPerAddress: 4, ConnectionsPerAccount: 5, WritesPerMinute: 6, WriteBurst: 7, SignUpsPerHour: 8,
		SignUpBurst: 9, RefusalsPerMinute: 10, RefusalBurst: 11, SignInFreeFailures: 12, SignInFreeFailuresPerHandle: 13,
		Proxies: Proxies{netip.MustParsePrefix("10.0.0.0/8")}}
	if diff := cmp.Diff(set, set.WithDefaults(), cmp.Comparer(func(a, b netip.Prefix) bool { return a == b })); diff != "" {
		t.Errorf("set limits WithDefaults() changed them (-want +got):\n%s", diff)
	}
}

// TestLimitsWrites: the write buckets take WriteBurst at once and then one every
// 60/WritesPerMinute seconds.
func TestLimitsWrites(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name  string
		l     Limits
		burst int
		wait  time.Duration
	}{
		{"defaults", Limits{}, 20, 2 * time.Second},
		{"configured", Limits{WritesPerMinute: 6, WriteBurst: 2}, 2, 10 * time.Second},
	} {
		b := tt.l.Writes()
		now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
		b.now = func() time.Time { return now }
		if ok, _ := b.Take("w", tt.burst); !ok {
			t.Errorf("%s: Take(%d) = false; want the burst", tt.name, tt.burst)
		}
		if ok, wait := b.Take("w", 1); ok || wait != tt.wait {
			t.Errorf("%s: Take past the burst = %v, %v; want false, %v", tt.name, ok, wait, tt.wait)
		}
	}
}
