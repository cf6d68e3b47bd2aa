package db

import (
	"errors"
	"net"
	"strings"
	"time"

	"github.com/lib/pq"
)

// RetryAfter is how long a client refused because the database is unavailable is asked to wait.
const RetryAfter = 5 * time.Second

// Unavailable reports whether err says the database refused or lost a connection rather than
// that a statement failed: too many clients (53300), a server starting or shutting down
// (57P03, 57P01), a server out of resources (class 53), a connection failure (class 08), or no
// server answering at all. Such a request may succeed a moment later, so a transport answers
// "try again" (503 with Retry-After), never an internal error.
func Unavailable(err error) bool {
	if err == nil {
		return false
	}
	var pqErr *pq.Error
	if errors.As(err, &pqErr) {
		code := string(pqErr.Code)
		return strings.HasPrefix(code, "53") || strings.HasPrefix(code, "08") || code == "57P03" || code == "57P01"
	}
	var opErr *net.OpError
	return errors.As(err, &opErr) && opErr.Op == "dial"
}
