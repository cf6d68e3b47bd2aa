package server

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"mime"
	"net/http"
	"net/url"
	"path"
	"strconv"
	"strings"
	"syscall"
	"time"
	"unicode"

	"github.com/a-h/templ"

	"github.com/theoremdb/theoremdb/db"
	"github.com/theoremdb/theoremdb/identity"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/throttle"
	"github.com/theoremdb/theoremdb/ui"
	"github.com/theoremdb/theoremdb/viewer"
)

// sessionCookie is the browser session. The __Host- prefix makes the
// browser insist on Secure, Path=/ and no Domain.
const sessionCookie = "__Host-tdb_session"

type nonceKey struct{}

// securityHeaders gives every response a fresh CSP nonce: scripts run only
// from our origin with that nonce, nothing inline.
func securityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		nonce := newNonce()
		setSecurityHeaders(w.Header(), contentSecurityPolicy(nonce, "'self'", "'self'"))
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), nonceKey{}, nonce)))
	})
}

func newNonce() string {
	b := make([]byte, 18)
	_, _ = rand.Read(b)
	return base64.StdEncoding.EncodeToString(b)
}

// contentSecurityPolicy is the policy of a page whose scripts carry nonce:
// scripts only from our origin with that nonce, nothing inline; styles and
// fonts from the sources style and font name.
func contentSecurityPolicy(nonce, style, font string) string {
	return "default-src 'self'; script-src 'self' 'nonce-" + nonce + "'; style-src " + style + "; " +
		"img-src 'self' data:; font-src " + font + "; object-src 'none'; base-uri 'none'; " +
		"form-action 'self'; frame-ancestors 'none'"
}

func setSecurityHeaders(h http.Header, csp string) {
	h.Set("Content-Security-Policy", csp)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "same-origin")
}

// withSession puts the account of the session cookie in the context. A
// stale cookie is dropped.
func withSession(p *policy.Service, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := r.Cookie(sessionCookie)
		if err != nil || viewer.From(r.Context()) != nil {
			next.ServeHTTP(w, r)
			return
		}
		a, err := p.Identity().SessionAccount(r.Context(), c.Value)
		switch {
		case errors.Is(err, policy.ErrUnauthenticated):
			clearSession(w)
		case err != nil:
			throttle.SetRetryAfter(w, db.RetryAfter)
			http.Error(w, "sessions are unavailable; try again", http.StatusServiceUnavailable)
			return
		default:
			r = r.WithContext(viewer.With(r.Context(), a))
		}
		next.ServeHTTP(w, r)
	})
}

func setSession(w http.ResponseWriter, tok string) {
	http.SetCookie(w, &http.Cookie{Name: sessionCookie, Value: tok, Path: "/", Secure: true, HttpOnly: true,
		SameSite: http.SameSiteLaxMode, MaxAge: int(identity.SessionLifetime.Seconds())})
}

func clearSession(w http.ResponseWriter) {
	http.SetCookie(w, &http.Cookie{Name: sessionCookie, Value: "", Path: "/", Secure: true, HttpOnly: true,
		SameSite: http.SameSiteLaxMode, MaxAge: -1})
}

// flashCookie carries a one-time message across a redirect. It is a
// cookie, not a query parameter, so no link can put words in our mouth.
const flashCookie = "__Host-tdb_flash"

type flashKey struct{}

// redirectWith redirects after a successful form and shows msg once on the
// next page.
func redirectWith(w http.ResponseWriter, r *http.Request, to, msg string) {
	http.SetCookie(w, &http.Cookie{Name: flashCookie, Value: url.QueryEscape(msg), Path: "/", Secure: true,
		HttpOnly: true, SameSite: http.SameSiteLaxMode, MaxAge: 60})
	http.Redirect(w, r, to, http.StatusSeeOther)
}

// takeFlash puts the flash message of its cookie into the context. The
// cookie goes when a whole page shows the message (render), not when a
// script's request, such as the moderation queue's live refresh, happens to
// reach the server first.
func takeFlash(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if c, err := r.Cookie(flashCookie); err == nil {
			msg, err := url.QueryUnescape(c.Value)
			if err != nil || msg == "" {
				clearFlash(w)
			} else {
				r = r.WithContext(context.WithValue(r.Context(), flashKey{}, msg))
			}
		}
		next.ServeHTTP(w, r)
	})
}

func clearFlash(w http.ResponseWriter) {
	http.SetCookie(w, &http.Cookie{Name: flashCookie, Value: "", Path: "/", Secure: true, HttpOnly: true,
		SameSite: http.SameSiteLaxMode, MaxAge: -1})
}

// page is the frame data of a request.
func page(r *http.Request, title string) ui.Page {
	nonce, _ := r.Context().Value(nonceKey{}).(string)
	flash, _ := r.Context().Value(flashKey{}).(string)
	return ui.Page{Title: title, Nonce: nonce, Viewer: policy.ViewerOf(viewer.From(r.Context())), Flash: flash,
		Return: returnPath(r)}
}

// returnPath is where signing in or up from r's page leads back to: the
// page itself, or, from the sign-in and sign-up forms, the page they were
// opened for.
func returnPath(r *http.Request) string {
	switch r.URL.Path {
	case "/signin", "/signup":
		return safeNext(r.URL.Query().Get("next"))
	}
	if r.Method != http.MethodGet {
		return "/"
	}
	return safeNext(r.URL.RequestURI())
}

// render writes a whole page. It gives the page the configured challenge
// window, the one place the copy of every page learns it from.
func (s *Server) render(w http.ResponseWriter, r *http.Request, status int, p ui.Page, body templ.Component) {
	p.ChallengeWindow = s.policy.Config().ChallengeWindow
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	if p.Flash != "" {
		clearFlash(w)
	}
	w.WriteHeader(status)
	if err := ui.Layout(p, body).Render(r.Context(), w); err != nil && !gone(r, err) {
		s.log.ErrorContext(r.Context(), "render page", "path", r.URL.Path, "err", err)
	}
}

// fail renders the one error page, logging what the user is not shown.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, status int, msg string, err error) {
	if err != nil {
		s.log.ErrorContext(r.Context(), "page failed", "path", r.URL.Path, "err", err)
	}
	s.render(w, r, status, page(r, msg), ui.ErrorPage(status, msg))
}

// pageHandler is a page that may fail; failures become the error page.
type pageHandler func(w http.ResponseWriter, r *http.Request) error

// httpError is a failure with the status and message the user sees.
type httpError struct {
	status int
	msg    string
}

func (e httpError) Error() string { return e.msg }

func (s *Server) pageFunc(h pageHandler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), s.guard.RequestTimeout)
		defer cancel()
		r = r.WithContext(ctx)
		r.Body = http.MaxBytesReader(w, r.Body, maxFormBody)
		err := h(w, r)
		var (
			he     httpError
			tooBig *http.MaxBytesError
		)
		switch {
		case err == nil:
		case hungUp(r, err):
			// The client left: nothing to render, nothing went wrong here.
			s.log.DebugContext(ctx, "client went away", "path", r.URL.Path)
			w.WriteHeader(statusClientClosed)
		case errors.As(err, &tooBig):
			s.fail(w, r, http.StatusRequestEntityTooLarge,
				fmt.Sprintf("The form is larger than %d MiB and was not read.", maxFormBody>>20), nil)
		case errors.As(err, &he):
			s.fail(w, r, he.status, he.msg, nil)
		case errors.Is(err, policy.ErrNotFound):
			s.fail(w, r, http.StatusNotFound, "There is no such problem or page.", nil)
		case errors.Is(err, policy.ErrForbidden):
			s.fail(w, r, http.StatusForbidden, "Your account does not have the role this page needs.", nil)
		case errors.Is(ctx.Err(), context.DeadlineExceeded):
			s.fail(w, r, http.StatusServiceUnavailable, "The page took too long to prepare; try again.", err)
		case db.Unavailable(err):
			throttle.SetRetryAfter(w, db.RetryAfter)
			s.log.WarnContext(ctx, "page: the database is unavailable", "path", r.URL.Path, "err", err)
			s.fail(w, r, http.StatusServiceUnavailable, "The database is busy or restarting; try again in a few seconds.", nil)
		default:
			s.fail(w, r, http.StatusInternalServerError, "Something went wrong on our side; it has been logged.", err)
		}
	})
}

// statusClientClosed is recorded for a request whose client hung up before
// the answer (nginx's 499): it is not a server error.
const statusClientClosed = 499

// gone reports whether writing the answer failed because the client had
// closed the connection.
func gone(r *http.Request, err error) bool {
	return hungUp(r, err) || errors.Is(err, syscall.EPIPE) || errors.Is(err, syscall.ECONNRESET)
}

// hungUp reports whether the request failed because its client went away:
// its context is cancelled, whichever error the driver made of that.
func hungUp(r *http.Request, err error) bool {
	return err != nil && errors.Is(r.Context().Err(), context.Canceled)
}

// requireSignIn sends an anonymous visitor to the sign-in page, and back.
func requireSignIn(w http.ResponseWriter, r *http.Request) bool {
	if viewer.From(r.Context()) != nil {
		return true
	}
	http.Redirect(w, r, "/signin?next="+safeNext(r.URL.RequestURI()), http.StatusSeeOther)
	return false
}

// safeNext keeps a redirect target on this site: it must parse as a path
// with no scheme or host, and is rebuilt from its parsed path and query, so
// no spelling of "//other.example" (tabs and newlines that browsers drop,
// backslashes they read as slashes, percent-encodings) survives.
func safeNext(next string) string {
	for _, c := range next {
		if c < 0x20 || c == 0x7f || c == '\\' || unicode.IsSpace(c) {
			return "/"
		}
	}
	u, err := url.Parse(next)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil || u.Opaque != "" ||
		!strings.HasPrefix(u.Path, "/") || strings.HasPrefix(u.Path, "//") {
		return "/"
	}
	out := u.EscapedPath()
	if strings.HasPrefix(out, "//") || strings.Contains(out, "\\") {
		return "/"
	}
	if u.RawQuery != "" {
		out += "?" + u.RawQuery
	}
	return out
}

// staticHandler serves the embedded assets (staticFile); a directory is
// not a page, so it answers 404 rather than listing its files.
func staticHandler() http.Handler {
	return http.StripPrefix("/static/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		staticFile(w, r, r.URL.Path)
	}))
}

// Cache lifetimes of static files: one whose URL carries its content hash
// (ui.Asset) never changes, so it is cached for a year without asking
// again; a plain URL is cached for an hour.
const (
	cacheHashed = "public, max-age=31536000, immutable"
	cachePlain  = "public, max-age=3600"
)

// staticFile answers with the file under ui/static a name (plain or
// hashed) finds, compressed with gzip when the client accepts it and that
// makes it smaller.
func staticFile(w http.ResponseWriter, r *http.Request, name string) {
	f, hashed := ui.LookupStatic(name)
	if f == nil {
		http.NotFound(w, r)
		return
	}
	h := w.Header()
	h.Set("Cache-Control", cachePlain)
	if hashed {
		h.Set("Cache-Control", cacheHashed)
	}
	ctype := mime.TypeByExtension(path.Ext(f.Name))
	if ctype == "" {
		ctype = http.DetectContentType(f.Body)
	}
	h.Set("Content-Type", ctype)
	body, etag := f.Body, `"`+f.Hash+`"`
	if gz := f.Gzipped(); gz != nil {
		h.Add("Vary", "Accept-Encoding")
		if acceptsGzip(r.Header.Get("Accept-Encoding")) {
			body, etag = gz, `"`+f.Hash+`-gzip"`
			h.Set("Content-Encoding", "gzip")
		}
	}
	h.Set("ETag", etag)
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(body))
}

// acceptsGzip reports whether an Accept-Encoding header admits gzip: named
// (or *) without q=0.
func acceptsGzip(header string) bool {
	star := false
	for _, part := range strings.Split(header, ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		q := 1.0
		for _, p := range strings.Split(params, ";") {
			if k, v, ok := strings.Cut(strings.TrimSpace(p), "="); ok && strings.EqualFold(k, "q") {
				if f, err := strconv.ParseFloat(v, 64); err == nil {
					q = f
				}
			}
		}
		switch strings.ToLower(strings.TrimSpace(coding)) {
		case "gzip", "x-gzip":
			return q > 0
		case "*":
			star = q > 0
		}
	}
	return star
}

// parseForm reads a posted form; a body over maxFormBody is reported as
// such, anything else that does not parse as a bad request.
func parseForm(r *http.Request) error {
	err := r.ParseForm()
	var tooBig *http.MaxBytesError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &tooBig), hungUp(r, err):
		return err
	}
	return httpError{http.StatusBadRequest, "The form could not be read."}
}
