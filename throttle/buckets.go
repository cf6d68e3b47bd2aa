package throttle

import (
	"math"
	"net/http"
	"strconv"
	"sync"
	"time"
)

// Buckets is a set of token buckets by key, in memory: each key earns
// rate tokens a second up to burst, and an action takes one. Behind
// several replicas each keeps its own, which still bounds a client.
type Buckets struct {
	mu    sync.Mutex
	rate  float64 // tokens a second
	burst float64
	keys  map[string]*bucket
	now   func() time.Time
}

type bucket struct {
	tokens float64
	at     time.Time
}

// NewBuckets makes buckets that earn perSecond tokens a second up to burst.
func NewBuckets(perSecond float64, burst int) *Buckets {
	return &Buckets{rate: perSecond, burst: float64(burst), keys: map[string]*bucket{}, now: time.Now}
}

// Take takes n tokens for key, or none and says how long until n are
// earned. n above the burst can never be taken.
func (b *Buckets) Take(key string, n int) (ok bool, wait time.Duration) {
	return b.use(key, float64(n))
}

// Empty says whether key has no token left, and how long until it has one.
func (b *Buckets) Empty(key string) (bool, time.Duration) {
	b.mu.Lock()
	defer b.mu.Unlock()
	k := b.keys[key]
	if k == nil {
		return false, 0
	}
	if t := b.fill(k, b.now()); t < 1 {
		return true, time.Duration(math.Ceil((1-t)/b.rate*1e3)) * time.Millisecond
	}
	return false, 0
}

// Refund gives back n tokens taken for an action that did not happen.
func (b *Buckets) Refund(key string, n int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if k := b.keys[key]; k != nil {
		k.tokens = min(b.burst, k.tokens+float64(n))
	}
}

func (b *Buckets) use(key string, n float64) (bool, time.Duration) {
	b.mu.Lock()
	defer b.mu.Unlock()
	now := b.now()
	k := b.keys[key]
	if k == nil {
		if len(b.keys) >= 100_000 { // bound memory under a flood: forget full buckets
			for key, k := range b.keys {
				if b.fill(k, now) >= b.burst {
					delete(b.keys, key)
				}
			}
		}
		k = &bucket{tokens: b.burst, at: now}
		b.keys[key] = k
	}
	t := b.fill(k, now)
	k.tokens, k.at = t, now
	if t >= n {
		k.tokens -= n
		return true, 0
	}
	return false, time.Duration(math.Ceil((n-t)/b.rate*1e3)) * time.Millisecond
}

func (b *Buckets) fill(k *bucket, now time.Time) float64 {
	return min(b.burst, k.tokens+now.Sub(k.at).Seconds()*b.rate)
}

// RetrySeconds is a wait as Retry-After says it: whole seconds, at least one.
func RetrySeconds(d time.Duration) string {
	return strconv.Itoa(max(1, int(math.Ceil(d.Seconds()))))
}

// SetRetryAfter sets the Retry-After header of a 429.
func SetRetryAfter(w http.ResponseWriter, d time.Duration) {
	w.Header().Set("Retry-After", RetrySeconds(d))
}
