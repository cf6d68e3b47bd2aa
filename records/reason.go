package records

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"net/http"
	"syscall"
)

// errRedirect: a catalogue sent a request on to another host. The record plane follows
// redirects only on the host it asked, so that a catalogue (or whoever answers for it) cannot
// make it read an internal address and publish what it found there.
var errRedirect = errors.New("redirect to another host")

// maxRedirects bounds the redirects of one request on the catalogue's own host.
const maxRedirects = 5

// sameHostRedirects is the http.Client's CheckRedirect: on the first request's host only, over
// HTTP or HTTPS, at most maxRedirects times.
func sameHostRedirects(req *http.Request, via []*http.Request) error {
	first := via[0].URL
	switch {
	case req.URL.Host != first.Host || req.URL.Scheme != "https" && req.URL.Scheme != "http":
		return errRedirect
	case first.Scheme == "https" && req.URL.Scheme != "https":
		return errRedirect
	case len(via) > maxRedirects:
		return fmt.Errorf("more than %d redirects", maxRedirects)
	}
	return nil
}

// unreachableError is a request that got no definite answer, with the reason in words for
// people (what a source's confirmation reason shows); it is ErrUnreachable, and its cause (for
// the log and errors.Is) when there is one.
type unreachableError struct {
	reason string
	cause  error
}

func (e *unreachableError) Error() string { return ErrUnreachable.Error() + ": " + e.reason }
func (e *unreachableError) Unwrap() []error {
	if e.cause == nil {
		return []error{ErrUnreachable}
	}
	return []error{ErrUnreachable, e.cause}
}

// reasonOf is the reason of an error from get, in words for people.
func reasonOf(err error) string {
	var u *unreachableError
	if errors.As(err, &u) {
		return u.reason
	}
	return "the catalogue could not be asked"
}

// failureReason says, for people, why a request to the catalogue at host failed: never the Go
// error, which names resolvers, DNS servers and internal addresses.
func failureReason(host string, err error) string {
	var (
		dnsErr  *net.DNSError
		netErr  net.Error
		certErr *tls.CertificateVerificationError
		unknown x509.UnknownAuthorityError
		hostErr x509.HostnameError
	)
	switch {
	case errors.Is(err, errRedirect):
		return host + " sent the request on to another host, which the record plane does not follow"
	case errors.Is(err, errTooLarge):
		return host + " answered with more than the record plane reads"
	case errors.Is(err, context.Canceled):
		return "the request to " + host + " was cancelled"
	case errors.As(err, &dnsErr):
		return "the address of " + host + " could not be looked up"
	case errors.Is(err, syscall.ECONNREFUSED):
		return host + " refused the connection"
	case errors.Is(err, syscall.ECONNRESET):
		return host + " closed the connection"
	case errors.Is(err, context.DeadlineExceeded), errors.As(err, &netErr) && netErr.Timeout():
		return host + " did not answer in time"
	case errors.As(err, &certErr), errors.As(err, &unknown), errors.As(err, &hostErr):
		return "the secure connection to " + host + " could not be verified"
	}
	return "the connection to " + host + " failed"
}

// statusReason says, for people, what a failing HTTP status from host means.
func statusReason(host string, status int) string {
	switch {
	case status == http.StatusTooManyRequests:
		return fmt.Sprintf("%s asked the record plane to slow down (HTTP %d)", host, status)
	case status >= 500:
		return fmt.Sprintf("%s is failing or busy (HTTP %d)", host, status)
	}
	return fmt.Sprintf("%s gave an answer the record plane does not read (HTTP %d)", host, status)
}

// malformed is the result of an answer from the catalogue at rawURL that is not what it should
// be (what names it: "Crossref body"): pending, since a catalogue's bad moment passes, and said
// for people, without the parser's error.
func malformed(rawURL, what string) Result {
	return unreachable(hostOf(rawURL) + " answered with a " + what + " the record plane cannot read")
}
