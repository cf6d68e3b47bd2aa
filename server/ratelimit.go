package server

import (
	"net"
	"strings"
	"sync"
	"time"

	"github.com/theoremdb/theoremdb/throttle"
)

// Sign-in limits. Failed attempts are counted per client address and per
// address and handle together, never per handle alone: a handle's owner
// signing in from elsewhere with the right password is never held back by
// someone else's guesses. Past a few free failures each further failure
// doubles the wait before the next attempt from that address, up to
// maxBackoff; failures older than limitWindow are forgotten.
// How many failures pass without a wait is set by throttle.Limits
// (SignInFreeFailures per address, SignInFreeFailuresPerHandle per address
// and handle).
const (
	limitWindow = 15 * time.Minute
	// firstBackoff is the wait after the first failure past the free ones.
	firstBackoff = time.Second
	// maxBackoff bounds the wait.
	maxBackoff = 15 * time.Minute
)

// limiter counts failed sign-ins in a sliding window, in memory. Behind
// several replicas each keeps its own count, which still bounds guessing.
type limiter struct {
	mu       sync.Mutex
	failures map[string][]time.Time
	// freeAddress and freeHandle are the failures that pass without a wait,
	// per address and per address and handle.
	freeAddress, freeHandle int
}

func newLimiter(l throttle.Limits) *limiter {
	l = l.WithDefaults()
	return &limiter{failures: map[string][]time.Time{}, freeAddress: l.SignInFreeFailures,
		freeHandle: l.SignInFreeFailuresPerHandle}
}

type limitKey struct {
	key  string
	free int
}

// keys are what one attempt is counted under: the address (an IPv6
// address by its /64, which one client holds whole), and, for a handle,
// the address and the handle together.
func (l *limiter) keys(ip, handle string) []limitKey {
	addr := addressKey(ip)
	ks := []limitKey{{"ip:" + addr, l.freeAddress}}
	if h := strings.ToLower(strings.TrimSpace(handle)); h != "" {
		ks = append(ks, limitKey{"ip:" + addr + "|handle:" + h, l.freeHandle})
	}
	return ks
}

// addressKey is the part of a client address one client controls: the
// address itself for IPv4, its /64 for IPv6.
func addressKey(ip string) string {
	a := net.ParseIP(ip)
	if a == nil || a.To4() != nil {
		return ip
	}
	return a.Mask(net.CIDRMask(64, 128)).String() + "/64"
}

// allow reports whether another attempt may be made now, and if not, how
// long to wait.
func (l *limiter) allow(ip, handle string, now time.Time) (bool, time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	var wait time.Duration
	for _, k := range l.keys(ip, handle) {
		ts := l.recent(k.key, now)
		if len(ts) < k.free {
			continue
		}
		if w := ts[len(ts)-1].Add(backoff(len(ts) - k.free)).Sub(now); w > wait {
			wait = w
		}
	}
	return wait <= 0, wait
}

// backoff is the wait after n failures past the free ones: firstBackoff,
// doubling with each, at most maxBackoff.
func backoff(n int) time.Duration {
	if n >= 20 {
		return maxBackoff
	}
	return min(firstBackoff<<n, maxBackoff)
}

// fail records a failed attempt.
func (l *limiter) fail(ip, handle string, now time.Time) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, k := range l.keys(ip, handle) {
		l.failures[k.key] = append(l.recent(k.key, now), now)
	}
	if len(l.failures) > 100_000 { // bound memory under a flood
		for k := range l.failures {
			if len(l.recent(k, now)) == 0 {
				delete(l.failures, k)
			}
		}
	}
}

func (l *limiter) recent(key string, now time.Time) []time.Time {
	ts := l.failures[key]
	i := 0
	for i < len(ts) && now.Sub(ts[i]) > limitWindow {
		i++
	}
	ts = ts[i:]
	if len(ts) == 0 {
		delete(l.failures, key)
	} else {
		l.failures[key] = ts
	}
	return ts
}
