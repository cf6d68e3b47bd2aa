package server

import (
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/throttle"
)

// TestLimiterSlowsTheGuesserNotTheOwner: wrong passwords for a handle from one address slow
// that address, with a wait that grows with each failure, and never refuse the owner signing
// in from another address; an address that guesses across many handles is slowed as well.
func TestLimiterSlowsTheGuesserNotTheOwner(t *testing.T) {
	t.Parallel()
	l := newLimiter(throttle.Limits{})
	freePerHandle, freePerAddress := l.freeHandle, l.freeAddress
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	guess := func(ip, handle string) time.Duration {
		t.Helper()
		ok, wait := l.allow(ip, handle, now)
		if !ok {
			return wait
		}
		l.fail(ip, handle, now)
		return 0
	}
	for i := range freePerHandle {
		if w := guess("10.0.0.1", "ada"); w != 0 {
			t.Fatalf("failure %d refused with a wait of %s; want %d free attempts", i+1, w, freePerHandle)
		}
	}
	// Past the free attempts, each further failure doubles the wait.
	var waits []time.Duration
	for range 6 {
		w := guess("10.0.0.1", "ada")
		if w == 0 {
			t.Fatalf("after %d failures an attempt went through at once", freePerHandle+len(waits))
		}
		waits = append(waits, w)
		now = now.Add(w) // the guesser waits as told, then fails again
		if ok, _ := l.allow("10.0.0.1", "ada", now); !ok {
			t.Fatalf("after waiting %s as told, the attempt is still refused", w)
		}
		l.fail("10.0.0.1", "ada", now)
	}
	for i := 1; i < len(waits); i++ {
		if waits[i] < 2*waits[i-1] && waits[i] < maxBackoff {
			t.Errorf("waits %v do not double", waits)
			break
		}
	}
	if waits[len(waits)-1] > maxBackoff {
		t.Errorf("wait %s is over the most, %s", waits[len(waits)-1], maxBackoff)
	}
	// The owner, from elsewhere, is never held back by the guesser's failures.
	if ok, wait := l.allow("192.0.2.7", "ADA ", now); !ok {
		t.Errorf("the owner from another address is refused for %s after another address's failures", wait)
	}
	// The guesser with a fresh handle is still slowed by its address's count across handles.
	for i := range freePerAddress {
		l.fail("10.0.0.9", "h"+string(rune('a'+i%26)), now)
	}
	if ok, _ := l.allow("10.0.0.9", "fresh", now); ok {
		t.Error("an address past its free failures across handles was let through at once with a fresh handle")
	}
	// Everything is forgotten after the window.
	if ok, _ := l.allow("10.0.0.1", "ada", now.Add(limitWindow+maxBackoff)); !ok {
		t.Error("the address is still slowed after the window")
	}
}
