package records

import (
	"sync"
	"time"
)

// bucket is a token bucket: rate tokens a second up to burst. reserve takes a token and says how
// long the caller must wait before using it, so concurrent callers queue in order.
type bucket struct {
	mu     sync.Mutex
	rate   float64
	burst  float64
	tokens float64
	last   time.Time
}

func newBucket(rate float64, burst int, now time.Time) *bucket {
	return &bucket{rate: rate, burst: float64(burst), tokens: float64(burst), last: now}
}

func (b *bucket) reserve(now time.Time) time.Duration {
	b.mu.Lock()
	defer b.mu.Unlock()
	if now.After(b.last) {
		b.tokens = min(b.burst, b.tokens+now.Sub(b.last).Seconds()*b.rate)
		b.last = now
	}
	b.tokens--
	if b.tokens >= 0 {
		return 0
	}
	return time.Duration(-b.tokens / b.rate * float64(time.Second))
}

// limiter keeps one bucket per host.
type limiter struct {
	mu      sync.Mutex
	rate    float64
	rates   map[string]float64
	burst   int
	buckets map[string]*bucket
}

func (l *limiter) reserve(host string, now time.Time) time.Duration {
	l.mu.Lock()
	b, ok := l.buckets[host]
	if !ok {
		r := l.rate
		if hr, ok := l.rates[host]; ok && hr > 0 {
			r = hr
		}
		b = newBucket(r, l.burst, now)
		l.buckets[host] = b
	}
	l.mu.Unlock()
	return b.reserve(now)
}
