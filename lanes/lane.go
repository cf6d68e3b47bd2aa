package lanes

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"time"
)

// Lane is one configured reviewer. Review always returns a Result — what was sent, how long it
// took, what it cost and, on success, the parsed answer — and, when the lane failed, an *Error
// whose Failure the Result also records, so that a failed call is stored as faithfully as a
// good one.
type Lane interface {
	Config() Config
	// CanPublish is false for the deterministic baseline: its recommendation is recorded but
	// never lets a problem publish.
	CanPublish() bool
	Review(ctx context.Context, req *Request) (*Result, error)
}

// Result is one review call as a LaneReview records it.
type Result struct {
	Identity string
	Role     Role
	Provider Provider
	// ProviderIdentity is Config.ProviderIdentity: the protocol and the host that served it.
	ProviderIdentity string
	Model            string
	ModelVersion     string
	PromptVersion    string
	PromptDigest     string
	// Baseline marks the deterministic local lane, which can never publish.
	Baseline bool

	// PacketDigest and InputDigest name what the lane read (Request.PacketDigest, InputDigest);
	// RequestDigest is the SHA-256 of the canonical request body sent ("" for the baseline and
	// for a call that failed before a body was built).
	PacketDigest  string
	InputDigest   string
	RequestDigest string

	// Answer is the parsed answer; nil when the review failed.
	Answer *Answer
	// Failure is "" on success.
	Failure Failure
	// Detail is one line about the failure for operators (no key, no model reasoning).
	Detail string

	StartedAt time.Time
	// Latency runs from the first attempt to the last byte of the final response, waits between
	// attempts included.
	Latency  time.Duration
	Attempts int
	// Status is the last HTTP status (0 when no response came).
	Status int
	Usage  Usage
	// ServedModel is the model the provider says answered; ResponseID its identifier.
	ServedModel string
	ResponseID  string
	// Output is the text the model returned, bounded by the response size, kept so that a
	// failed parse can be read again. It never holds a provider's separate reasoning field.
	Output string
}

// Usage is the token count of one review as the provider reports it.
type Usage struct {
	InputTokens  int
	OutputTokens int
	// CachedInputTokens is the part of the input read from the provider's prompt cache (OpenAI
	// prompt_tokens_details.cached_tokens; Anthropic cache_read_input_tokens). Anthropic's
	// cache writes are added to InputTokens.
	CachedInputTokens int
}

// Option changes how New builds a lane.
type Option func(*options)

type options struct {
	env    func(string) (string, bool)
	sleep  func(context.Context, time.Duration) error
	now    func() time.Time
	jitter func() float64
}

// WithEnv sets where keys are read (os.LookupEnv by default).
func WithEnv(lookup func(string) (string, bool)) Option { return func(o *options) { o.env = lookup } }

// WithSleep sets how the lane waits between attempts (a timer that stops with ctx by default).
func WithSleep(sleep func(context.Context, time.Duration) error) Option {
	return func(o *options) { o.sleep = sleep }
}

// WithClock sets the clock of StartedAt and Latency.
func WithClock(now func() time.Time) Option { return func(o *options) { o.now = now } }

// WithJitter sets the source of the backoff's jitter, a number in [0, 1).
func WithJitter(f func() float64) Option { return func(o *options) { o.jitter = f } }

// New builds the lane a configuration describes.
func New(cfg Config, opts ...Option) (Lane, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	o := defaultOptions(opts)
	cfg = cfg.withDefaults()
	if cfg.Provider == Baseline {
		return &baselineLane{cfg: cfg, now: o.now}, nil
	}
	return newHTTPLane(cfg, o)
}

// newHTTPLane builds the lane over HTTP for a validated configuration with its defaults.
func newHTTPLane(cfg Config, o options) (*httpLane, error) {
	endpoint, err := cfg.endpoint()
	if err != nil {
		return nil, err
	}
	// A lane never follows a redirect, which would send the key elsewhere.
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	var p protocol
	switch cfg.Provider {
	case OpenAI:
		p = chatCompletions{}
	case Anthropic:
		p = messagesAPI{}
	default:
		return nil, fmt.Errorf("lanes: provider %q", cfg.Provider)
	}
	return &httpLane{cfg: cfg, endpoint: endpoint, proto: p, client: client, opts: o}, nil
}

// defaultOptions are the options with opts applied.
func defaultOptions(opts []Option) options {
	o := options{env: os.LookupEnv, sleep: sleepCtx, now: time.Now, jitter: defaultJitter}
	for _, f := range opts {
		f(&o)
	}
	return o
}

func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// newResult starts a Result for req on the lane.
func newResult(cfg Config, req *Request, started time.Time) *Result {
	return &Result{Identity: cfg.Identity, Role: cfg.Role, Provider: cfg.Provider, ProviderIdentity: cfg.ProviderIdentity(),
		Model: cfg.Model, ModelVersion: cfg.ModelVersion, PromptVersion: req.prompt.Version, PromptDigest: req.prompt.Digest,
		Baseline: cfg.Provider == Baseline, PacketDigest: req.packetDigest, InputDigest: req.inputDigest,
		StartedAt: started}
}

// matches checks that the request was built for this lane's role and prompt version.
func matches(cfg Config, req *Request) error {
	switch {
	case req == nil:
		return fail(FailureInvalidConfig, "no request")
	case req.role != cfg.Role:
		return fail(FailureInvalidConfig, "a %s request sent to a %s lane", req.role, cfg.Role)
	case req.prompt.Version != cfg.PromptVersion:
		return fail(FailureInvalidConfig, "a request with prompt %s sent to a lane on prompt %s", req.prompt.Version, cfg.PromptVersion)
	}
	return nil
}

// record writes err into res and returns both.
func record(res *Result, err error) (*Result, error) {
	if err == nil {
		return res, nil
	}
	res.Failure = FailureOf(err)
	res.Detail = clip(err.Error(), 300)
	if e := (*Error)(nil); errors.As(err, &e) && e.Status != 0 {
		res.Status = e.Status
	}
	return res, err
}
