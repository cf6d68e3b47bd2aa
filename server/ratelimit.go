package server

import (
	"strings"
	"sync"
	"time"
)

// Sign-in limits: failed attempts allowed in a window, per handle and per
// client address.
const (
	limitWindow    = 15 * time.Minute
	limitPerHandle = 10
	limitPerIP     = 30
)

// limiter counts failed sign-ins in a sliding window, in memory. Behind
// several replicas each keeps its own count, which still bounds guessing.
type limiter struct {
	mu       sync.Mutex
	failures map[string][]time.Time
}

func newLimiter() *limiter { return &limiter{failures: map[string][]time.Time{}} }

func (l *limiter) keys(ip, handle string) []struct {
	key string
	max int
} {
	ks := []struct {
		key string
		max int
	}{{"ip:" + ip, limitPerIP}}
	if handle != "" {
		ks = append(ks, struct {
			key string
			max int
		}{"handle:" + strings.ToLower(strings.TrimSpace(handle)), limitPerHandle})
	}
	return ks
}

// allow reports whether another attempt may be made now.
func (l *limiter) allow(ip, handle string, now time.Time) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, k := range l.keys(ip, handle) {
		if len(l.recent(k.key, now)) >= k.max {
			return false
		}
	}
	return true
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
