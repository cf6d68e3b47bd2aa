package identity

import "errors"

// Sentinel errors, matched with errors.Is.
var (
	// ErrUnauthenticated: no live session or token; the operation needs a
	// signed-in account. policy.ErrUnauthenticated is this error.
	ErrUnauthenticated = errors.New("sign in required")
	// ErrBadCredentials is the one answer to a failed sign-in, whether the
	// handle or the password was wrong.
	ErrBadCredentials = errors.New("that handle and password do not match")
)
