package lanes

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// protocol is what differs between the two provider APIs: the request body, the headers and
// the reading of a successful response.
type protocol interface {
	body(cfg Config, req *Request) any
	header(h http.Header, cfg Config, key string)
	// parse reads a 2xx response. It fills what it could read (usage, model, text) even when it
	// returns a failure, so that a refused or truncated answer is recorded with its cost.
	parse(body []byte) (reply, error)
}

// reply is what a provider's response says.
type reply struct {
	text  string
	usage Usage
	model string
	id    string
}

// httpLane is a lane over HTTP.
type httpLane struct {
	cfg      Config
	endpoint string
	proto    protocol
	client   *http.Client
	opts     options
}

func (l *httpLane) Config() Config   { return l.cfg }
func (l *httpLane) CanPublish() bool { return true }

// Review sends the request, with retries, and parses the answer strictly.
func (l *httpLane) Review(ctx context.Context, req *Request) (*Result, error) {
	started := l.opts.now()
	if err := matches(l.cfg, req); err != nil {
		return record(&Result{Identity: l.cfg.Identity, Role: l.cfg.Role, Provider: l.cfg.Provider, Model: l.cfg.Model,
			ModelVersion: l.cfg.ModelVersion, PromptVersion: l.cfg.PromptVersion, StartedAt: started}, err)
	}
	res := newResult(l.cfg, req, started)
	defer func() { res.Latency = l.opts.now().Sub(started) }()
	text, err := l.exchange(ctx, res, req)
	if err != nil {
		return record(res, err)
	}
	ans, err := ParseAnswer(req.prompt.Checks, text)
	if err != nil {
		return record(res, err)
	}
	res.Answer = ans
	return res, nil
}

// exchange sends req's body, with retries, and returns the text of the model's reply, filling
// res with what the call cost and what the provider said of itself. Review and the judges
// (judge.go) share it; each parses the text against its own schema.
func (l *httpLane) exchange(ctx context.Context, res *Result, req *Request) (string, error) {
	key, ok := l.opts.env(KeyEnvName(l.cfg.Identity))
	if key = strings.TrimSpace(key); !ok || key == "" {
		return "", fail(FailureMissingKey, "set %s to the lane's key", KeyEnvName(l.cfg.Identity))
	}
	body, err := canonicalJSON(l.proto.body(l.cfg, req))
	if err != nil {
		return "", &Error{Failure: FailureInvalidConfig, Detail: "the request body does not encode", Err: err}
	}
	res.RequestDigest = sha256Hex(body)
	raw, err := l.send(ctx, res, key, body)
	if err != nil {
		return "", err
	}
	rep, err := l.proto.parse(raw)
	res.Usage, res.ServedModel, res.ResponseID, res.Output = rep.usage, rep.model, rep.id, rep.text
	if err != nil {
		return "", err
	}
	return rep.text, nil
}

// send posts body until a 2xx response, a failure that is not worth repeating, or the last
// attempt. 429 and 5xx responses, per-attempt timeouts and connection failures are retried,
// after the provider's Retry-After when it gives one (up to MaxRetryAfter; a longer wait fails
// at once) and otherwise after an exponential backoff with jitter.
func (l *httpLane) send(ctx context.Context, res *Result, key string, body []byte) ([]byte, error) {
	for attempt := 1; ; attempt++ {
		res.Attempts = attempt
		raw, wait, waitGiven, err := l.attempt(ctx, key, body)
		if err == nil {
			return raw, nil
		}
		res.Status = err.Status
		if ctx.Err() != nil {
			if err.Failure == FailureTimeout || err.Failure == FailureCanceled {
				return nil, err
			}
			return nil, ctxFailure(ctx, err.Err)
		}
		if !retryable(err.Failure) || attempt >= l.cfg.MaxAttempts {
			if attempt > 1 {
				err.Detail = strings.TrimPrefix(err.Detail+"; ", "; ") + "gave up after " + strconv.Itoa(attempt) + " attempts"
			}
			return nil, err
		}
		d := l.backoff(attempt)
		if waitGiven {
			if wait > l.cfg.MaxRetryAfter {
				err.Detail = strings.TrimPrefix(err.Detail+"; ", "; ") + "the provider asks to wait " + wait.String() +
					", longer than the lane's " + l.cfg.MaxRetryAfter.String()
				return nil, err
			}
			d = wait
		}
		if serr := l.opts.sleep(ctx, d); serr != nil {
			return nil, ctxFailure(ctx, serr)
		}
	}
}

func retryable(f Failure) bool {
	switch f {
	case FailureTimeout, FailureUnreachable, FailureRateLimited, FailureServerError:
		return true
	}
	return false
}

// backoff is the wait before attempt+1 without a Retry-After: Backoff doubled per attempt up to
// MaxBackoff, with "equal jitter" (between half and all of it) so that workers spread out.
func (l *httpLane) backoff(attempt int) time.Duration {
	d := l.cfg.Backoff
	for i := 1; i < attempt && d < l.cfg.MaxBackoff; i++ {
		d *= 2
	}
	d = min(d, l.cfg.MaxBackoff)
	return d/2 + time.Duration(l.opts.jitter()*float64(d/2))
}

func defaultJitter() float64 { return rand.Float64() }

// ctxFailure is the failure when the caller's context ended: its deadline (TIMEOUT) or a
// cancellation (CANCELED). Neither is retried.
func ctxFailure(ctx context.Context, cause error) *Error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return &Error{Failure: FailureTimeout, Detail: "the caller's deadline passed", Err: cause}
	}
	return &Error{Failure: FailureCanceled, Detail: "the caller canceled the review", Err: cause}
}

// errorBodyLimit bounds what is read of an error response.
const errorBodyLimit = 8 << 10

// attempt makes one POST within the per-attempt timeout. It returns the Retry-After wait when
// the response gave one.
func (l *httpLane) attempt(ctx context.Context, key string, body []byte) ([]byte, time.Duration, bool, *Error) {
	actx, cancel := context.WithTimeout(ctx, l.cfg.Timeout)
	defer cancel()
	hreq, err := http.NewRequestWithContext(actx, http.MethodPost, l.endpoint, bytes.NewReader(body))
	if err != nil {
		return nil, 0, false, &Error{Failure: FailureInvalidConfig, Err: err}
	}
	hreq.Header.Set("Content-Type", "application/json")
	hreq.Header.Set("Accept", "application/json")
	hreq.Header.Set("User-Agent", "theoremdb-lanes/1")
	l.proto.header(hreq.Header, l.cfg, key)
	resp, err := l.client.Do(hreq)
	if err != nil {
		return nil, 0, false, transportFailure(ctx, actx, err)
	}
	defer resp.Body.Close()
	status := resp.StatusCode
	if status >= 200 && status < 300 {
		limit := l.cfg.MaxResponseBytes
		if resp.ContentLength > limit {
			return nil, 0, false, &Error{Failure: FailureResponseTooLarge, Status: status,
				Detail: "the response is " + strconv.FormatInt(resp.ContentLength, 10) + " bytes, more than " + strconv.FormatInt(limit, 10)}
		}
		b, err := io.ReadAll(io.LimitReader(resp.Body, limit+1))
		if err != nil {
			e := transportFailure(ctx, actx, err)
			e.Status = status
			return nil, 0, false, e
		}
		if int64(len(b)) > limit {
			return nil, 0, false, &Error{Failure: FailureResponseTooLarge, Status: status,
				Detail: "the response is more than " + strconv.FormatInt(limit, 10) + " bytes"}
		}
		return b, 0, false, nil
	}
	b, _ := io.ReadAll(io.LimitReader(resp.Body, errorBodyLimit))
	e := &Error{Status: status, Detail: providerMessage(b)}
	wait, given := retryAfter(resp.Header, l.opts.now())
	switch {
	case status == http.StatusTooManyRequests:
		e.Failure = FailureRateLimited
	case status >= 500:
		e.Failure = FailureServerError
	case status >= 300 && status < 400:
		e.Failure = FailureProtocol
		e.Detail = "the provider redirects to " + clip(resp.Header.Get("Location"), 120) + "; a lane never follows a redirect"
	default:
		e.Failure = FailureRejected
	}
	return nil, wait, given, e
}

// transportFailure classifies a failed round trip: the caller's context, the attempt's own
// timeout (retried), or the connection (retried).
func transportFailure(ctx, actx context.Context, err error) *Error {
	switch {
	case ctx.Err() != nil:
		return ctxFailure(ctx, err)
	case errors.Is(actx.Err(), context.DeadlineExceeded):
		return &Error{Failure: FailureTimeout, Detail: "no answer within the lane's timeout", Err: err}
	}
	return &Error{Failure: FailureUnreachable, Err: err}
}

// retryAfter reads the provider's requested wait: Retry-After in seconds or as an HTTP date, or
// retry-after-ms, which some OpenAI-compatible servers send.
func retryAfter(h http.Header, now time.Time) (time.Duration, bool) {
	if ms := strings.TrimSpace(h.Get("Retry-After-Ms")); ms != "" {
		if f, err := strconv.ParseFloat(ms, 64); err == nil && f >= 0 {
			return time.Duration(f * float64(time.Millisecond)), true
		}
	}
	v := strings.TrimSpace(h.Get("Retry-After"))
	if v == "" {
		return 0, false
	}
	if n, err := strconv.ParseInt(v, 10, 64); err == nil && n >= 0 {
		return time.Duration(n) * time.Second, true
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(t.Sub(now), 0), true
	}
	return 0, false
}

// providerMessage is the message of an error body in either API's shape
// ({"error": {"message": …}}), or the start of the body.
func providerMessage(b []byte) string {
	var env struct {
		Error json.RawMessage `json:"error"`
	}
	if json.Unmarshal(b, &env) == nil && len(env.Error) > 0 {
		var e struct {
			Type    string `json:"type"`
			Message string `json:"message"`
		}
		if json.Unmarshal(env.Error, &e) == nil && e.Message != "" {
			return clip(strings.TrimSpace(e.Type+" "+e.Message), 200)
		}
		var s string
		if json.Unmarshal(env.Error, &s) == nil && s != "" {
			return clip(s, 200)
		}
	}
	return clip(strings.Join(strings.Fields(string(b)), " "), 200)
}
