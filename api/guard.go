package api

import (
	"encoding/json"
	"net/http"
	"time"

	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/theoremdb/theoremdb/throttle"
)

// guard holds the transport's limits and the state that enforces them.
type guard struct {
	throttle.Limits
	writes  *throttle.Buckets // by writer (throttle.Writer), shared with the site's forms
	sockets *throttle.Counter // open websockets by "addr:<ip>" and "account:<id>"
	// subscribes are subscriptions started, by client address.
	subscribes *throttle.Buckets
	// refusals are requests refused by a limit, by client address.
	refusals *throttle.Buckets
	// tarpit counts the penalized requests held back, by client address.
	tarpit *throttle.Counter
}

// The hold of a penalized request, and how many of one address are held
// at once (the rest are answered at once).
const (
	tarpitDelay      = time.Second
	tarpitPerAddress = 8
)

// newGuard enforces l; writes are the buckets of writes it shares, or nil
// for buckets of its own.
func newGuard(l throttle.Limits, writes *throttle.Buckets) *guard {
	l = l.WithDefaults()
	if writes == nil {
		writes = l.Writes()
	}
	return &guard{Limits: l,
		writes:     writes,
		sockets:    throttle.NewCounter(),
		subscribes: throttle.NewBuckets(l.SubscribesPerSecond, l.SubscribeBurst),
		refusals:   throttle.NewBuckets(l.RefusalsPerMinute/60, l.RefusalBurst),
		tarpit:     throttle.NewCounter(),
	}
}

// limitCodes are the error codes of requests refused by a limit.
var limitCodes = map[string]bool{codeDepthLimit: true, codeDocumentLimit: true, codeInputLimit: true,
	codeMutationLimit: true, codeComplexityLimit: true}

// penalized answers a request from an address that has used up its
// allowance of refused requests with 429, and reports whether it did.
//
// The answer is held back for a second (for a few requests of the address
// at a time), so that a client that ignores Retry-After and asks again at
// once is slowed to a few requests a second instead of costing the server
// thousands of answers.
func (g *guard) penalized(w http.ResponseWriter, r *http.Request, addr string) bool {
	out, wait := g.refusals.Empty("addr:" + addr)
	if !out {
		return false
	}
	if release, ok := g.tarpit.Acquire(addr, tarpitPerAddress); ok {
		t := time.NewTimer(min(wait, tarpitDelay))
		select {
		case <-t.C:
		case <-r.Context().Done():
		}
		t.Stop()
		release()
	}
	w.Header().Set("Connection", "close") // nothing more from this client on this connection
	throttle.SetRetryAfter(w, wait)
	writeErrors(w, http.StatusTooManyRequests, codedError(codeRateLimited,
		"too many requests from your address were refused by the API's limits; try again in %s s", throttle.RetrySeconds(wait)))
	return true
}

// refused counts a request refused by a limit against its address.
func (g *guard) refused(addr string) { g.refusals.Take("addr:"+addr, 1) }

// writeErrors answers a GraphQL request that is refused before gqlgen
// sees it, in the response format of a GraphQL error.
func writeErrors(w http.ResponseWriter, status int, errs ...*gqlerror.Error) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"errors": errs})
}
