package throttle

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// TestBuckets: a key takes up to its burst at once, earns tokens back at
// the rate, says how long until it has enough, and gets refunds; keys are
// counted apart.
func TestBuckets(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	b := NewBuckets(1, 3) // one a second, three at once
	b.now = func() time.Time { return now }
	type step struct {
		advance time.Duration
		key     string
		take    int // 0: ask Empty instead
		refund  int
		ok      bool
		wait    time.Duration
	}
	steps := []step{
		{key: "a", take: 2, ok: true},
		{key: "a", take: 2, ok: false, wait: time.Second},
		{key: "b", take: 3, ok: true},
		{key: "a", take: 1, ok: true},
		{key: "a", ok: true, wait: time.Second}, // empty for a second
		{advance: 500 * time.Millisecond, key: "a", take: 1, ok: false, wait: 500 * time.Millisecond},
		{advance: 500 * time.Millisecond, key: "a", take: 1, ok: true},
		{key: "a", refund: 2},
		{key: "a", take: 2, ok: true},
		{key: "a", take: 4, ok: false, wait: 4 * time.Second}, // over the burst: refused now and after any wait
		{key: "c", ok: false},                                 // unseen: not empty
		{advance: time.Hour, key: "b", take: 3, ok: true},     // earns up to the burst, no more
		{key: "b", take: 1, ok: false, wait: time.Second},
	}
	for i, s := range steps {
		now = now.Add(s.advance)
		var ok bool
		var wait time.Duration
		switch {
		case s.refund > 0:
			b.Refund(s.key, s.refund)
			continue
		case s.take > 0:
			ok, wait = b.Take(s.key, s.take)
		default:
			ok, wait = b.Empty(s.key)
		}
		if diff := cmp.Diff([]any{s.ok, s.wait}, []any{ok, wait}); diff != "" {
			t.Errorf("step %d (%+v): (-want +got):\n%s", i, s, diff)
		}
	}
}

// TestCounter: a key holds at most its maximum; a release frees one place,
// once however often it is called.
func TestCounter(t *testing.T) {
	c := NewCounter()
	r1, ok1 := c.Acquire("k", 2)
	_, ok2 := c.Acquire("k", 2)
	_, ok3 := c.Acquire("k", 2)
	_, other := c.Acquire("j", 2)
	if !ok1 || !ok2 || ok3 || !other {
		t.Fatalf("Acquire = %v, %v, %v, other key %v; want true, true, false, true", ok1, ok2, ok3, other)
	}
	r1()
	r1()
	_, ok4 := c.Acquire("k", 2)
	_, ok5 := c.Acquire("k", 2)
	if !ok4 || ok5 {
		t.Errorf("after one release (twice): Acquire = %v, %v; want true, false", ok4, ok5)
	}
}

func TestRetrySeconds(t *testing.T) {
	for _, tc := range []struct {
		d    time.Duration
		want string
	}{{0, "1"}, {time.Millisecond, "1"}, {time.Second, "1"}, {1001 * time.Millisecond, "2"}, {90 * time.Second, "90"}} {
		if got := RetrySeconds(tc.d); got != tc.want {
			t.Errorf("RetrySeconds(%v) = %q; want %q", tc.d, got, tc.want)
		}
	}
}
