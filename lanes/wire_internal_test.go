package lanes

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestChatContent reads every shape of a chat message's content the OpenAI-compatible APIs send,
// and refuses the others with a protocol failure.
func TestChatContent(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		raw  string
		want string
		fail Failure // "" when it reads
		msg  string  // part of the failure's message
	}{
		{name: "string", raw: `"{\"checks\":{}}"`, want: `{"checks":{}}`},
		{name: "empty string", raw: `""`, want: ""},
		{name: "null", raw: `null`, want: ""},
		{name: "absent", raw: ``, want: ""},
		{name: "space around", raw: " \n\"a\" ", want: "a"},
		{name: "text parts joined", raw: `[{"type":"text","text":"{\"a\":"},{"type":"text","text":"1}"}]`, want: `{"a":1}`},
		{name: "no parts", raw: `[]`, want: ""},
		{name: "image part", raw: `[{"type":"text","text":"x"},{"type":"image_url","image_url":{}}]`, fail: FailureProtocol, msg: `"image_url" part`},
		{name: "object", raw: `{"text":"x"}`, fail: FailureProtocol, msg: "content is an object"},
		{name: "number", raw: `42`, fail: FailureProtocol, msg: "content is a number"},
		{name: "boolean", raw: `true`, fail: FailureProtocol, msg: "content is a boolean"},
		{name: "broken string", raw: `"abc`, fail: FailureProtocol},
		{name: "parts of the wrong shape", raw: `[1,2]`, fail: FailureProtocol},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := chatContent(json.RawMessage(tt.raw))
			if tt.fail == "" {
				if err != nil || got != tt.want {
					t.Errorf("chatContent(%s) = %q, %v; want %q, nil", tt.raw, got, err, tt.want)
				}
				return
			}
			if !errors.Is(err, tt.fail) || got != "" {
				t.Fatalf("chatContent(%s) = %q, %v; want a %s failure", tt.raw, got, err, tt.fail)
			}
			if !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("chatContent(%s) fails with %q; want it to say %q", tt.raw, err, tt.msg)
			}
		})
	}
}

// TestRetryAfter reads the wait a provider asks for in each of its spellings, never a negative
// one, and ignores what it cannot read.
func TestRetryAfter(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name   string
		header map[string]string
		want   time.Duration
		ok     bool
	}{
		{name: "none", header: nil},
		{name: "seconds", header: map[string]string{"Retry-After": "7"}, want: 7 * time.Second, ok: true},
		{name: "zero seconds", header: map[string]string{"Retry-After": "0"}, want: 0, ok: true},
		{name: "seconds with space", header: map[string]string{"Retry-After": " 3 "}, want: 3 * time.Second, ok: true},
		{name: "HTTP date", header: map[string]string{"Retry-After": now.Add(90 * time.Second).Format(http.TimeFormat)}, want: 90 * time.Second, ok: true},
		{name: "HTTP date past", header: map[string]string{"Retry-After": now.Add(-time.Hour).Format(http.TimeFormat)}, want: 0, ok: true},
		{name: "milliseconds first", header: map[string]string{"Retry-After-Ms": "1500", "Retry-After": "9"}, want: 1500 * time.Millisecond, ok: true},
		{name: "fractional milliseconds", header: map[string]string{"Retry-After-Ms": "2.5"}, want: 2500 * time.Microsecond, ok: true},
		{name: "bad milliseconds fall back", header: map[string]string{"Retry-After-Ms": "soon", "Retry-After": "2"}, want: 2 * time.Second, ok: true},
		{name: "negative milliseconds fall back", header: map[string]string{"Retry-After-Ms": "-5"}},
		{name: "negative seconds", header: map[string]string{"Retry-After": "-1"}},
		{name: "words", header: map[string]string{"Retry-After": "in a while"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := http.Header{}
			for k, v := range tt.header {
				h.Set(k, v)
			}
			got, ok := retryAfter(h, now)
			if got != tt.want || ok != tt.ok {
				t.Errorf("retryAfter(%v) = %v, %v; want %v, %v", tt.header, got, ok, tt.want, tt.ok)
			}
		})
	}
}

// TestProviderMessage takes the message out of either API's error body, and otherwise the start
// of the body on one line.
func TestProviderMessage(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("x", 300)
	tests := []struct {
		name, body, want string
	}{
		{name: "OpenAI shape", body: `{"error":{"message":"Rate limit reached","type":"requests","code":"rate_limit"}}`, want: "requests Rate limit reached"},
		{name: "Messages shape", body: `{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`, want: "overloaded_error Overloaded"},
		{name: "message without type", body: `{"error":{"message":"bad key"}}`, want: "bad key"},
		{name: "error as a string", body: `{"error":"model not found"}`, want: "model not found"},
		{name: "empty message", body: `{"error":{"message":""}}`, want: `{"error":{"message":""}}`},
		{name: "not JSON", body: "<html>\n  <body>Bad   gateway</body>\n</html>", want: "<html> <body>Bad gateway</body> </html>"},
		{name: "empty", body: "", want: ""},
		{name: "long body clipped", body: long, want: long[:200] + "…"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := providerMessage([]byte(tt.body)); got != tt.want {
				t.Errorf("providerMessage(%q) = %q; want %q", tt.body, got, tt.want)
			}
		})
	}
}

// TestFailureOf classifies a lane's own errors, wrapped or not, by their code and every other
// error as unclassified.
func TestFailureOf(t *testing.T) {
	t.Parallel()
	cause := io.ErrUnexpectedEOF
	laneErr := &Error{Failure: FailureUnreachable, Err: cause}
	tests := []struct {
		name string
		err  error
		want Failure
	}{
		{name: "nil", err: nil, want: ""},
		{name: "lane error", err: laneErr, want: FailureUnreachable},
		{name: "wrapped lane error", err: fmt.Errorf("review: %w", laneErr), want: FailureUnreachable},
		{name: "bare code", err: FailureRefusal, want: FailureRefusal},
		{name: "wrapped code", err: fmt.Errorf("review: %w", FailureTruncated), want: FailureTruncated},
		{name: "other error", err: errors.New("disk full"), want: FailureUnclassified},
		{name: "cause alone", err: cause, want: FailureUnclassified},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := FailureOf(tt.err); got != tt.want {
				t.Errorf("FailureOf(%v) = %q; want %q", tt.err, got, tt.want)
			}
		})
	}
	if !errors.Is(laneErr, cause) || !errors.Is(laneErr, FailureUnreachable) || errors.Is(laneErr, FailureTimeout) {
		t.Errorf("errors.Is on %v: want its cause and its own code only", laneErr)
	}
}

// TestErrorMessage says the code, the path, the status, the detail and the cause, each only when
// there is one.
func TestErrorMessage(t *testing.T) {
	t.Parallel()
	tests := []struct {
		err  *Error
		want string
	}{
		{&Error{Failure: FailureTimeout}, "lanes: TIMEOUT"},
		{&Error{Failure: FailureWrongType, Path: "checks.dated_search.pass", Detail: "want a boolean"}, "lanes: WRONG_TYPE at checks.dated_search.pass: want a boolean"},
		{&Error{Failure: FailureServerError, Status: 503, Detail: "Overloaded"}, "lanes: SERVER_ERROR (HTTP 503): Overloaded"},
		{&Error{Failure: FailureUnreachable, Err: io.ErrUnexpectedEOF}, "lanes: UNREACHABLE: unexpected EOF"},
	}
	for _, tt := range tests {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("Error() = %q; want %q", got, tt.want)
		}
	}
}
