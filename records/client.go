package records

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strconv"
	"time"
)

// Client makes the record plane's HTTP requests: each request has a timeout; 429 and 5xx answers
// and network errors are retried with exponential backoff and full jitter, honouring
// Retry-After, within MaxAttempts and MaxTotal; each host has a token bucket; bodies are limited
// to MaxBody bytes. Now, Sleep and Jitter are the clock, so tests need not wait.
type Client struct {
	HTTP   *http.Client
	Config Config
	Now    func() time.Time
	Sleep  func(ctx context.Context, d time.Duration) error
	Jitter func() float64 // in [0, 1)

	limits *limiter
}

// NewClient makes a client for cfg (defaults filled in) on the real clock.
func NewClient(cfg Config) *Client {
	cfg = cfg.withDefaults()
	return &Client{
		HTTP:   &http.Client{Timeout: cfg.Timeout, CheckRedirect: sameHostRedirects},
		Config: cfg,
		Now:    time.Now,
		Sleep:  sleepCtx,
		Jitter: rand.Float64,
		limits: &limiter{rate: cfg.Rate, rates: cfg.HostRates, burst: cfg.Burst, buckets: map[string]*bucket{}},
	}
}

func sleepCtx(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// response is a final answer from a server: any status but 429 and 5xx, or one of those after
// the retries ran out (then Get returns an error instead).
type response struct {
	Status       int
	Body         []byte
	ETag         string
	LastModified string
}

// ErrUnreachable wraps every failure to get a definite answer from a server.
var ErrUnreachable = errors.New("record plane unreachable")

// get fetches rawURL, conditionally when cached has validators, following redirects. It returns
// an error wrapping ErrUnreachable when no definite answer came.
func (c *Client) get(ctx context.Context, rawURL, accept string, cached *Record) (response, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return response{}, &unreachableError{"the catalogue's address is not a URL", err}
	}
	start := c.Now()
	cfg := c.Config
	var last string
	for attempt := 0; attempt < cfg.MaxAttempts; attempt++ {
		if wait := c.limits.reserve(u.Host, c.Now()); wait > 0 {
			if err := c.Sleep(ctx, wait); err != nil {
				return response{}, &unreachableError{failureReason(u.Host, err), err}
			}
		}
		resp, retryAfter, err := c.once(ctx, rawURL, accept, cached)
		switch {
		case err != nil && ctx.Err() != nil:
			return response{}, &unreachableError{failureReason(u.Host, ctx.Err()), ctx.Err()}
		case err != nil:
			last = failureReason(u.Host, err)
		case resp.Status == http.StatusTooManyRequests || resp.Status >= 500:
			last = statusReason(u.Host, resp.Status)
		default:
			return resp, nil
		}
		if errors.Is(err, errTooLarge) || errors.Is(err, errRedirect) {
			break // asking again gets the same answer
		}
		if attempt == cfg.MaxAttempts-1 {
			break
		}
		delay := retryAfter
		if delay < 0 {
			backoff := min(cfg.MaxDelay, cfg.BaseDelay<<attempt)
			delay = time.Duration(c.Jitter() * float64(backoff))
		}
		if c.Now().Sub(start)+delay > cfg.MaxTotal {
			last += fmt.Sprintf("; next try in %s would pass the %s budget", delay, cfg.MaxTotal)
			break
		}
		if err := c.Sleep(ctx, delay); err != nil {
			return response{}, &unreachableError{failureReason(u.Host, err), err}
		}
	}
	return response{}, &unreachableError{last, nil}
}

var errTooLarge = errors.New("response body too large")

// once makes one request. retryAfter is negative when the answer gave none.
func (c *Client) once(ctx context.Context, rawURL, accept string, cached *Record) (response, time.Duration, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, rawURL, nil)
	if err != nil {
		return response{}, -1, err
	}
	req.Header.Set("User-Agent", c.Config.UserAgent())
	req.Header.Set("Accept", accept)
	if cached != nil {
		if cached.ETag != "" {
			req.Header.Set("If-None-Match", cached.ETag)
		}
		if cached.LastModified != "" {
			req.Header.Set("If-Modified-Since", cached.LastModified)
		}
	}
	hr, err := c.HTTP.Do(req)
	if err != nil {
		return response{}, -1, err
	}
	defer hr.Body.Close()
	body, err := io.ReadAll(io.LimitReader(hr.Body, c.Config.MaxBody+1))
	if err != nil {
		return response{}, -1, fmt.Errorf("read body: %w", err)
	}
	if int64(len(body)) > c.Config.MaxBody {
		return response{}, -1, fmt.Errorf("%w: more than %d bytes", errTooLarge, c.Config.MaxBody)
	}
	return response{
		Status:       hr.StatusCode,
		Body:         body,
		ETag:         hr.Header.Get("ETag"),
		LastModified: hr.Header.Get("Last-Modified"),
	}, retryAfter(hr.Header.Get("Retry-After"), c.Now()), nil
}

// retryAfter reads a Retry-After header: delay-seconds or an HTTP date (RFC 9110 section 10.2.3).
func retryAfter(v string, now time.Time) time.Duration {
	if v == "" {
		return -1
	}
	if s, err := strconv.Atoi(v); err == nil && s >= 0 {
		return time.Duration(s) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(0, t.Sub(now))
	}
	return -1
}

// fetch is get for the resolvers: it maps the answer to a Result when it is not a success, so
// that a resolver only parses 200 bodies. ok is false when res is final.
func (c *Client) fetch(ctx context.Context, rawURL, accept string, cached *Record) (resp response, res Result, ok bool) {
	resp, err := c.get(ctx, rawURL, accept, cached)
	switch {
	case err != nil:
		return resp, unreachable(reasonOf(err)), false
	case resp.Status == http.StatusNotModified && cached != nil:
		r := *cached
		r.FetchedAt = c.Now()
		return resp, found(r), false
	case resp.Status == http.StatusNotFound || resp.Status == http.StatusGone:
		return resp, notFound(fmt.Sprintf("%s has no such record (HTTP %d)", hostOf(rawURL), resp.Status)), false
	case resp.Status != http.StatusOK:
		return resp, unreachable(statusReason(hostOf(rawURL), resp.Status)), false
	}
	return resp, Result{}, true
}

// stamp sets the provenance fields of a record parsed from resp.
func (c *Client) stamp(r Record, resolver string, resp response) Record {
	r.Resolver = resolver
	r.FetchedAt = c.Now()
	r.ETag = resp.ETag
	r.LastModified = resp.LastModified
	return r
}

// hostOf is the host of a catalogue URL, how reasons name the catalogue.
func hostOf(rawURL string) string {
	if u, err := url.Parse(rawURL); err == nil && u.Host != "" {
		return u.Host
	}
	return "the catalogue"
}
