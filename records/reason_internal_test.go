package records

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"strings"
	"syscall"
	"testing"
)

func request(t *testing.T, raw string) *http.Request {
	t.Helper()
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	return &http.Request{URL: u}
}

// TestSameHostRedirects: a redirect is followed on the first request's host, over HTTP or
// HTTPS, never from HTTPS down to HTTP, never to another host or scheme, and at most
// maxRedirects times.
func TestSameHostRedirects(t *testing.T) {
	for _, tt := range []struct {
		first, next string
		hops        int
		want        error
	}{
		{"https://api.crossref.org/works/a", "https://api.crossref.org/works/b", 1, nil},
		{"http://api.crossref.org/works/a", "https://api.crossref.org/works/b", 1, nil},
		{"http://api.crossref.org/works/a", "http://api.crossref.org/works/b", 1, nil},
		{"https://api.crossref.org/works/a", "http://api.crossref.org/works/b", 1, errRedirect},
		{"https://api.crossref.org/works/a", "https://169.254.169.254/latest", 1, errRedirect},
		{"https://api.crossref.org/works/a", "https://api.crossref.org:8443/works/b", 1, errRedirect},
		{"https://api.crossref.org/works/a", "ftp://api.crossref.org/works/b", 1, errRedirect},
		{"https://api.crossref.org/works/a", "file://api.crossref.org/etc/passwd", 1, errRedirect},
	} {
		via := make([]*http.Request, tt.hops)
		for i := range via {
			via[i] = request(t, tt.first)
		}
		if err := sameHostRedirects(request(t, tt.next), via); !errors.Is(err, tt.want) || (tt.want == nil) != (err == nil) {
			t.Errorf("redirect %s → %s = %v; want %v", tt.first, tt.next, err, tt.want)
		}
	}
	via := []*http.Request{request(t, "https://api.crossref.org/a")}
	for range maxRedirects - 1 {
		via = append(via, request(t, "https://api.crossref.org/a"))
	}
	if err := sameHostRedirects(request(t, "https://api.crossref.org/b"), via); err != nil {
		t.Errorf("redirect %d of %d = %v; want it followed", len(via), maxRedirects, err)
	}
	via = append(via, request(t, "https://api.crossref.org/a"))
	err := sameHostRedirects(request(t, "https://api.crossref.org/b"), via)
	if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("more than %d redirects", maxRedirects)) {
		t.Errorf("redirect %d = %v; want a refusal naming the bound", len(via), err)
	}
}

// timeoutError is a net.Error that timed out, as a dial or read deadline reports one.
type timeoutError struct{}

func (timeoutError) Error() string   { return "read tcp 10.0.0.5:443: i/o timeout" }
func (timeoutError) Timeout() bool   { return true }
func (timeoutError) Temporary() bool { return true }

// TestFailureReasonEachKind: each way a request fails gets its own reason, naming the host and
// nothing of the Go error (addresses, system calls).
func TestFailureReasonEachKind(t *testing.T) {
	const host = "zbmath.org"
	opErr := func(err error) error {
		return &url.Error{Op: "Get", URL: "https://zbmath.org/x", Err: &net.OpError{Op: "dial", Net: "tcp",
			Addr: &net.TCPAddr{IP: net.IPv4(10, 0, 0, 5), Port: 443}, Err: os.NewSyscallError("connect", err)}}
	}
	for _, tt := range []struct {
		name string
		err  error
		want string
	}{
		{"a redirect away", fmt.Errorf("Get: %w", errRedirect), "zbmath.org sent the request on to another host, which the record plane does not follow"},
		{"a body too large", fmt.Errorf("%w: more than 10 bytes", errTooLarge), "zbmath.org answered with more than the record plane reads"},
		{"a cancelled request", fmt.Errorf("Get: %w", context.Canceled), "the request to zbmath.org was cancelled"},
		{"a refused connection", opErr(syscall.ECONNREFUSED), "zbmath.org refused the connection"},
		{"a reset connection", opErr(syscall.ECONNRESET), "zbmath.org closed the connection"},
		{"a deadline", fmt.Errorf("Get: %w", context.DeadlineExceeded), "zbmath.org did not answer in time"},
		{"a network timeout", &url.Error{Op: "Get", URL: "https://zbmath.org", Err: timeoutError{}}, "zbmath.org did not answer in time"},
		{"an unknown authority", &url.Error{Op: "Get", URL: "https://zbmath.org", Err: x509.UnknownAuthorityError{}},
			"the secure connection to zbmath.org could not be verified"},
		{"another host's certificate", x509.HostnameError{Certificate: &x509.Certificate{}, Host: "10.0.0.5"},
			"the secure connection to zbmath.org could not be verified"},
		{"a failed verification", &tls.CertificateVerificationError{Err: errors.New("expired")},
			"the secure connection to zbmath.org could not be verified"},
		{"anything else", errors.New("unexpected EOF from 10.0.0.5"), "the connection to zbmath.org failed"},
	} {
		got := failureReason(host, tt.err)
		if got != tt.want {
			t.Errorf("failureReason(%s) = %q; want %q", tt.name, got, tt.want)
		}
		for _, raw := range []string{"10.0.0.5", "connect:", "dial", "tcp", "x509", "EOF"} {
			if strings.Contains(got, raw) {
				t.Errorf("failureReason(%s) = %q; holds %q of the Go error", tt.name, got, raw)
			}
		}
	}
}

func TestReasonOf(t *testing.T) {
	u := &unreachableError{reason: "zbmath.org refused the connection", cause: syscall.ECONNREFUSED}
	if got := reasonOf(fmt.Errorf("resolve: %w", u)); got != u.reason {
		t.Errorf("reasonOf(wrapped) = %q; want %q", got, u.reason)
	}
	if got := reasonOf(errors.New("dial tcp 10.0.0.5:443")); got != "the catalogue could not be asked" {
		t.Errorf("reasonOf(another error) = %q; want the general reason, without the Go error", got)
	}
	if !errors.Is(u, ErrUnreachable) || !errors.Is(u, syscall.ECONNREFUSED) {
		t.Error("an unreachable error with a cause is not both ErrUnreachable and its cause")
	}
	if u.Error() != ErrUnreachable.Error()+": zbmath.org refused the connection" {
		t.Errorf("Error() = %q", u.Error())
	}
	bare := &unreachableError{reason: "no answer"}
	if !errors.Is(bare, ErrUnreachable) || errors.Is(bare, syscall.ECONNREFUSED) {
		t.Error("an unreachable error without a cause is not only ErrUnreachable")
	}
}

func TestHostOf(t *testing.T) {
	for raw, want := range map[string]string{
		"https://api.crossref.org/works/10.1/x": "api.crossref.org",
		"http://127.0.0.1:8080/path":            "127.0.0.1:8080",
		"api.crossref.org/works":                "the catalogue",
		"":                                      "the catalogue",
		"://broken":                             "the catalogue",
	} {
		if got := hostOf(raw); got != want {
			t.Errorf("hostOf(%q) = %q; want %q", raw, got, want)
		}
	}
}
