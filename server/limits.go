package server

import (
	"fmt"
	"math"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/theoremdb/theoremdb/viewer"
)

// Limits bound what one client can make the server do. The defaults suit
// a public site; operators change them with THEOREMDB_* variables (see
// cmd/theoremdb). A zero field takes its default.
type Limits struct {
	// RequestTimeout ends a GraphQL query or mutation and a page, and with
	// it every SQL statement the request runs, so no request holds a
	// database connection longer.
	RequestTimeout time.Duration
	// SubscriptionsPerConnection is how many subscriptions one websocket
	// may hold open.
	SubscriptionsPerConnection int
	// ConnectionsPerAddress and ConnectionsPerAccount bound the websockets
	// open at once from one client address and for one account.
	ConnectionsPerAddress int
	ConnectionsPerAccount int
	// WritesPerMinute is the sustained rate of mutations and form
	// submissions of one account (or, signed out, one address); WriteBurst
	// is how many may come at once.
	WritesPerMinute float64
	WriteBurst      int
	// SignUpsPerHour and SignUpBurst bound the accounts created from one
	// client address.
	SignUpsPerHour float64
	SignUpBurst    int
}

// DefaultLimits are the limits of a server given none.
func DefaultLimits() Limits {
	return Limits{
		RequestTimeout:             15 * time.Second,
		SubscriptionsPerConnection: 50,
		ConnectionsPerAddress:      20,
		ConnectionsPerAccount:      10,
		WritesPerMinute:            30,
		WriteBurst:                 20,
		SignUpsPerHour:             5,
		SignUpBurst:                3,
	}
}

func (l Limits) withDefaults() Limits {
	d := DefaultLimits()
	if l.RequestTimeout <= 0 {
		l.RequestTimeout = d.RequestTimeout
	}
	if l.SubscriptionsPerConnection <= 0 {
		l.SubscriptionsPerConnection = d.SubscriptionsPerConnection
	}
	if l.ConnectionsPerAddress <= 0 {
		l.ConnectionsPerAddress = d.ConnectionsPerAddress
	}
	if l.ConnectionsPerAccount <= 0 {
		l.ConnectionsPerAccount = d.ConnectionsPerAccount
	}
	if l.WritesPerMinute <= 0 {
		l.WritesPerMinute = d.WritesPerMinute
	}
	if l.WriteBurst <= 0 {
		l.WriteBurst = d.WriteBurst
	}
	if l.SignUpsPerHour <= 0 {
		l.SignUpsPerHour = d.SignUpsPerHour
	}
	if l.SignUpBurst <= 0 {
		l.SignUpBurst = d.SignUpBurst
	}
	return l
}

// Option configures a Server.
type Option func(*Server)

// WithLimits sets the server's limits; unset fields keep their defaults.
func WithLimits(l Limits) Option { return func(s *Server) { s.guard = newGuard(l) } }

// buckets is a set of token buckets by key, in memory: each key earns
// rate tokens a second up to burst, and an action takes one. Behind
// several replicas each keeps its own, which still bounds a client.
type buckets struct {
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

func newBuckets(perSecond float64, burst int) *buckets {
	return &buckets{rate: perSecond, burst: float64(burst), keys: map[string]*bucket{}, now: time.Now}
}

// take takes n tokens for key, or none and says how long until n are
// earned. n above the burst can never be taken.
func (b *buckets) take(key string, n int) (ok bool, wait time.Duration) {
	return b.use(key, float64(n))
}

// refund gives back n tokens taken for an action that did not happen.
func (b *buckets) refund(key string, n int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if k := b.keys[key]; k != nil {
		k.tokens = min(b.burst, k.tokens+float64(n))
	}
}

func (b *buckets) use(key string, n float64) (bool, time.Duration) {
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

func (b *buckets) fill(k *bucket, now time.Time) float64 {
	return min(b.burst, k.tokens+now.Sub(k.at).Seconds()*b.rate)
}

// RateLimitedError is a refused action with the time after which it may be
// tried again.
type RateLimitedError struct {
	What  string
	Retry time.Duration
}

func (e *RateLimitedError) Error() string {
	return fmt.Sprintf("too many %s; try again in %s s", e.What, retrySeconds(e.Retry))
}

func retrySeconds(d time.Duration) string {
	return strconv.Itoa(max(1, int(math.Ceil(d.Seconds()))))
}

// setRetryAfter sets the Retry-After header of a 429.
func setRetryAfter(w http.ResponseWriter, d time.Duration) {
	w.Header().Set("Retry-After", retrySeconds(d))
}

// counter counts open things by key against a maximum.
type counter struct {
	mu sync.Mutex
	n  map[string]int
}

func newCounter() *counter { return &counter{n: map[string]int{}} }

// acquire counts one more for key unless max are open; release undoes it.
func (c *counter) acquire(key string, max int) (release func(), ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n[key] >= max {
		return nil, false
	}
	c.n[key]++
	var once sync.Once
	return func() {
		once.Do(func() {
			c.mu.Lock()
			defer c.mu.Unlock()
			if c.n[key]--; c.n[key] <= 0 {
				delete(c.n, key)
			}
		})
	}, true
}

// guard holds a server's limits and the state that enforces them.
type guard struct {
	Limits
	writes  *buckets // by writer: "account:<id>" or "addr:<ip>"
	signups *buckets // by client address
	sockets *counter // open websockets by "addr:<ip>" and "account:<id>"
}

func newGuard(l Limits) *guard {
	l = l.withDefaults()
	return &guard{Limits: l,
		writes:  newBuckets(l.WritesPerMinute/60, l.WriteBurst),
		signups: newBuckets(l.SignUpsPerHour/3600, l.SignUpBurst),
		sockets: newCounter(),
	}
}

// writer is the key writes are counted under: the account, or the client
// address of a request without one.
func writer(r *http.Request) string {
	if a := viewer.From(r.Context()); a != nil {
		return "account:" + a.ID
	}
	return "addr:" + clientIP(r)
}

// limitWrites refuses a form submission past the writer's rate with 429
// and Retry-After.
func (s *Server) limitWrites(next pageHandler) pageHandler {
	return func(w http.ResponseWriter, r *http.Request) error {
		if ok, wait := s.guard.writes.take(writer(r), 1); !ok {
			setRetryAfter(w, wait)
			return httpError{http.StatusTooManyRequests, fmt.Sprintf(
				"You are sending changes faster than %g a minute. Wait %s seconds and send the form again.",
				s.guard.WritesPerMinute, retrySeconds(wait))}
		}
		return next(w, r)
	}
}
