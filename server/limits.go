package server

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/vektah/gqlparser/v2/gqlerror"

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
	// SubscribesPerSecond and SubscribeBurst bound how fast one client
	// address starts subscriptions, each of which reads the database once
	// to begin, however often it reconnects.
	SubscribesPerSecond float64
	SubscribeBurst      int
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
	// RefusalsPerMinute and RefusalBurst bound the requests of one client
	// address that a limit refuses (a document, input, mutation, depth or
	// complexity limit; a websocket limit). Past them every GraphQL request
	// from the address is answered 429 at once, before its body is read,
	// until the allowance is earned back: refusing costs little, but a
	// client sending nothing else costs the others their share.
	RefusalsPerMinute float64
	RefusalBurst      int
}

// DefaultLimits are the limits of a server given none.
func DefaultLimits() Limits {
	return Limits{
		RequestTimeout:             15 * time.Second,
		SubscriptionsPerConnection: 50,
		SubscribesPerSecond:        10,
		SubscribeBurst:             100,
		ConnectionsPerAddress:      20,
		ConnectionsPerAccount:      10,
		WritesPerMinute:            30,
		WriteBurst:                 20,
		SignUpsPerHour:             5,
		SignUpBurst:                3,
		RefusalsPerMinute:          30,
		RefusalBurst:               20,
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
	if l.SubscribesPerSecond <= 0 {
		l.SubscribesPerSecond = d.SubscribesPerSecond
	}
	if l.SubscribeBurst <= 0 {
		l.SubscribeBurst = d.SubscribeBurst
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
	if l.RefusalsPerMinute <= 0 {
		l.RefusalsPerMinute = d.RefusalsPerMinute
	}
	if l.RefusalBurst <= 0 {
		l.RefusalBurst = d.RefusalBurst
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

// empty says whether key has no token left, and how long until it has one.
func (b *buckets) empty(key string) (bool, time.Duration) {
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
	// subscribes are subscriptions started, by client address.
	subscribes *buckets
	// refusals are requests refused by a limit, by client address.
	refusals *buckets
	// tarpit counts the penalized requests held back, by client address.
	tarpit *counter
}

// The hold of a penalized request, and how many of one address are held
// at once (the rest are answered at once).
const (
	tarpitDelay      = time.Second
	tarpitPerAddress = 8
)

func newGuard(l Limits) *guard {
	l = l.withDefaults()
	return &guard{Limits: l,
		writes:     newBuckets(l.WritesPerMinute/60, l.WriteBurst),
		signups:    newBuckets(l.SignUpsPerHour/3600, l.SignUpBurst),
		sockets:    newCounter(),
		subscribes: newBuckets(l.SubscribesPerSecond, l.SubscribeBurst),
		refusals:   newBuckets(l.RefusalsPerMinute/60, l.RefusalBurst),
		tarpit:     newCounter(),
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

// limitCodes are the error codes of requests refused by a limit.
var limitCodes = map[string]bool{codeDepthLimit: true, codeDocumentLimit: true, codeInputLimit: true,
	codeMutationLimit: true, "COMPLEXITY_LIMIT_EXCEEDED": true}

// penalized answers a request from an address that has used up its
// allowance of refused requests with 429, and reports whether it did.
//
// The answer is held back for a second (for a few requests of the address
// at a time), so that a client that ignores Retry-After and asks again at
// once is slowed to a few requests a second instead of costing the server
// thousands of answers.
func (g *guard) penalized(w http.ResponseWriter, r *http.Request, addr string) bool {
	out, wait := g.refusals.empty("addr:" + addr)
	if !out {
		return false
	}
	if release, ok := g.tarpit.acquire(addr, tarpitPerAddress); ok {
		t := time.NewTimer(min(wait, tarpitDelay))
		select {
		case <-t.C:
		case <-r.Context().Done():
		}
		t.Stop()
		release()
	}
	w.Header().Set("Connection", "close") // nothing more from this client on this connection
	setRetryAfter(w, wait)
	writeErrors(w, http.StatusTooManyRequests, codedError(codeRateLimited,
		"too many requests from your address were refused by the API's limits; try again in %s s", retrySeconds(wait)))
	return true
}

// refused counts a request refused by a limit against its address.
func (g *guard) refused(addr string) { g.refusals.take("addr:"+addr, 1) }

// writeErrors answers a GraphQL request that is refused before gqlgen
// sees it, in the response format of a GraphQL error.
func writeErrors(w http.ResponseWriter, status int, errs ...*gqlerror.Error) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"errors": errs})
}
