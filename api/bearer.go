package api

import (
	"errors"
	"net/http"
	"strings"

	"github.com/theoremdb/theoremdb/db"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/throttle"
	"github.com/theoremdb/theoremdb/viewer"
)

// bearer puts the account of a bearer token in the request context. A
// request without credentials keeps the account its context has (the
// site's session cookie) or is anonymous; a request with a bad token is
// refused outright, so a typo never silently reads as anonymous.
func bearer(accounts Accounts, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := r.Header.Get("Authorization")
		if h == "" {
			next.ServeHTTP(w, r)
			return
		}
		scheme, tok, _ := strings.Cut(h, " ")
		if !strings.EqualFold(scheme, "Bearer") || tok == "" {
			unauthorized(w, "the Authorization header must be \"Bearer <token>\"")
			return
		}
		a, err := accounts.Authenticate(r.Context(), strings.TrimSpace(tok))
		switch {
		case errors.Is(err, policy.ErrUnauthenticated):
			unauthorized(w, "the bearer token is not valid")
			return
		case err != nil:
			throttle.SetRetryAfter(w, db.RetryAfter)
			http.Error(w, "authentication is unavailable; try again", http.StatusServiceUnavailable)
			return
		}
		next.ServeHTTP(w, r.WithContext(viewer.With(r.Context(), a)))
	})
}

func unauthorized(w http.ResponseWriter, msg string) {
	w.Header().Set("WWW-Authenticate", `Bearer realm="theoremdb"`)
	writeErrors(w, http.StatusUnauthorized, codedError("UNAUTHENTICATED", "%s", msg))
}
