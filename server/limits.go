package server

import (
	"fmt"
	"net/http"

	"github.com/theoremdb/theoremdb/api"
	"github.com/theoremdb/theoremdb/throttle"
)

// maxFormBody is the largest form a page reads: a form carries what a
// GraphQL submission does.
const maxFormBody = api.MaxRequestBody

// Option configures a Server.
type Option func(*Server)

// WithLimits sets the server's limits; unset fields keep their defaults.
func WithLimits(l throttle.Limits) Option { return func(s *Server) { s.guard = newGuard(l) } }

// guard holds the site's limits and the buckets its forms draw on.
type guard struct {
	throttle.Limits
	writes  *throttle.Buckets // by writer (throttle.Writer); the GraphQL transport's mutations draw on it too
	signups *throttle.Buckets // by client address
}

func newGuard(l throttle.Limits) *guard {
	l = l.WithDefaults()
	return &guard{Limits: l, writes: l.Writes(), signups: throttle.NewBuckets(l.SignUpsPerHour/3600, l.SignUpBurst)}
}

// limitWrites refuses a form submission past the writer's rate with 429
// and Retry-After.
func (s *Server) limitWrites(next pageHandler) pageHandler {
	return func(w http.ResponseWriter, r *http.Request) error {
		if ok, wait := s.guard.writes.Take(throttle.Writer(r.Context(), throttle.ClientIP(r)), 1); !ok {
			throttle.SetRetryAfter(w, wait)
			return httpError{http.StatusTooManyRequests, fmt.Sprintf(
				"You are sending changes faster than %g a minute. Wait %s seconds and send the form again.",
				s.guard.WritesPerMinute, throttle.RetrySeconds(wait))}
		}
		return next(w, r)
	}
}
