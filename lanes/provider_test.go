package lanes_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/lanes"
)

// protocols are the two provider APIs with what their requests must look like.
var protocols = []struct {
	name     lanes.Provider
	path     string
	checkKey func(h http.Header) bool
	usage    lanes.Usage
	served   string
	id       string
}{
	{lanes.OpenAI, "/v1/chat/completions", func(h http.Header) bool { return h.Get("Authorization") == "Bearer "+testKey },
		lanes.Usage{InputTokens: 2931, OutputTokens: 412, CachedInputTokens: 1024}, "gpt-4.1-2025-04-14", "chatcmpl-B9MBs8CjcvOU2jLn4n570S5qMJKcT"},
	{lanes.Anthropic, "/v1/messages", func(h http.Header) bool {
		return h.Get("x-api-key") == testKey && h.Get("anthropic-version") == lanes.DefaultAnthropicVersion && h.Get("Authorization") == ""
	}, lanes.Usage{InputTokens: 2095 + 100 + 800, OutputTokens: 503, CachedInputTokens: 800}, "claude-sonnet-4-5-20250929", "msg_013Zva2CMHLNnXjNJJKqJ2EF"},
}

func TestReviewAnswers(t *testing.T) {
	t.Parallel()
	for _, pr := range protocols {
		t.Run(string(pr.name), func(t *testing.T) {
			t.Parallel()
			srv := newProvider(t, string(pr.name), step{file: "ok.json"})
			var w waits
			lane := newLane(t, laneConfig(pr.name, srv.URL), &w)
			req := mathRequest(t)
			res, err := lane.Review(context.Background(), req)
			if err != nil {
				t.Fatalf("Review = %v", err)
			}
			got := srv.requests()
			if len(got) != 1 {
				t.Fatalf("server got %d requests; want 1", len(got))
			}
			r := got[0]
			if r.path != pr.path {
				t.Errorf("path = %s; want %s", r.path, pr.path)
			}
			if !pr.checkKey(r.header) {
				t.Errorf("headers %v do not carry the key the protocol's way", r.header)
			}
			sum := sha256.Sum256(r.body)
			if res.RequestDigest != hex.EncodeToString(sum[:]) {
				t.Errorf("RequestDigest = %s; want the SHA-256 of the body sent", res.RequestDigest)
			}
			if res.Failure != "" || res.Answer == nil || res.Answer.Recommendation != lanes.Qualify || len(res.Answer.Checks) != 9 {
				t.Fatalf("Review = %+v; want a qualify answer with 9 checks", res)
			}
			for _, c := range res.Answer.Checks {
				if !c.Confirmed || c.Reason == "" {
					t.Errorf("check %+v; want confirmed with a reason", c)
				}
			}
			if diff := cmp.Diff(pr.usage, res.Usage); diff != "" {
				t.Errorf("Usage (-want +got):\n%s", diff)
			}
			if res.ServedModel != pr.served || res.ResponseID != pr.id || res.Attempts != 1 || res.Status != 0 {
				t.Errorf("served %q id %q attempts %d status %d", res.ServedModel, res.ResponseID, res.Attempts, res.Status)
			}
			if res.PromptDigest != req.Prompt().Digest || res.PromptVersion != "v1" || res.PacketDigest != samplePanelInput().Digest() ||
				res.Identity != "panel.math-"+string(pr.name) || res.Role != lanes.MathCritique || res.Baseline {
				t.Errorf("result identifies %+v", res)
			}
			if len(w.all()) != 0 {
				t.Errorf("waited %v; want no wait", w.all())
			}
			checkBody(t, pr.name, r.body, req)
		})
	}
}

// checkBody checks the request body: the prompt as the system message, the packet as the only
// user message, the schema as the output format.
func checkBody(t *testing.T, proto lanes.Provider, body []byte, req *lanes.Request) {
	t.Helper()
	var b struct {
		Model    string `json:"model"`
		System   string `json:"system"`
		Messages []struct {
			Role    string `json:"role"`
			Content string `json:"content"`
		} `json:"messages"`
		MaxTokens      int  `json:"max_tokens"`
		Stream         bool `json:"stream"`
		ResponseFormat struct {
			Type       string `json:"type"`
			JSONSchema struct {
				Name   string         `json:"name"`
				Strict bool           `json:"strict"`
				Schema map[string]any `json:"schema"`
			} `json:"json_schema"`
		} `json:"response_format"`
		OutputConfig struct {
			Format struct {
				Type   string         `json:"type"`
				Schema map[string]any `json:"schema"`
			} `json:"format"`
		} `json:"output_config"`
	}
	if err := json.Unmarshal(body, &b); err != nil {
		t.Fatalf("body: %v", err)
	}
	var schema map[string]any
	switch proto {
	case lanes.OpenAI:
		if len(b.Messages) != 2 || b.Messages[0].Role != "system" || b.Messages[0].Content != req.System() ||
			b.Messages[1].Role != "user" || b.Messages[1].Content != req.User() {
			t.Errorf("messages = %+v; want the prompt as system and the packet as user", b.Messages)
		}
		if b.ResponseFormat.Type != "json_schema" || !b.ResponseFormat.JSONSchema.Strict || b.ResponseFormat.JSONSchema.Name != "theoremdb_math_critique_answer" {
			t.Errorf("response_format = %+v", b.ResponseFormat)
		}
		schema = b.ResponseFormat.JSONSchema.Schema
	case lanes.Anthropic:
		if b.System != req.System() || len(b.Messages) != 1 || b.Messages[0].Role != "user" || b.Messages[0].Content != req.User() {
			t.Errorf("system and messages = %q, %+v; want the prompt as system and the packet as the user message", clipTest(b.System), b.Messages)
		}
		if b.OutputConfig.Format.Type != "json_schema" {
			t.Errorf("output_config = %+v", b.OutputConfig)
		}
		schema = b.OutputConfig.Format.Schema
	}
	if b.MaxTokens != lanes.DefaultMaxTokens || b.Stream || b.Model == "" {
		t.Errorf("model %q max_tokens %d stream %v", b.Model, b.MaxTokens, b.Stream)
	}
	want, _ := json.Marshal(lanes.AnswerSchema(req.Prompt().Checks))
	got, _ := json.Marshal(schema)
	if string(got) != string(want) {
		t.Errorf("schema sent = %s; want %s", got, want)
	}
	if !strings.Contains(req.User(), "BEGIN PACKET\n") || !strings.Contains(req.User(), "R(3,10)") {
		t.Errorf("user message does not hold the packet: %s", clipTest(req.User()))
	}
}

func clipTest(s string) string {
	if len(s) > 120 {
		return s[:120] + "…"
	}
	return s
}

// TestReviewFailures runs each recorded bad answer and each provider error through both
// protocols: every one is its own Failure, and none yields an answer.
func TestReviewFailures(t *testing.T) {
	t.Parallel()
	type tc struct {
		name     string
		steps    []step
		want     lanes.Failure
		attempts int
		status   int
		usage    bool // the provider's token count is still recorded
	}
	common := []tc{
		{"prose", []step{{file: "prose.json"}}, lanes.FailureProse, 1, 0, true},
		{"fenced", []step{{file: "fenced.json"}}, lanes.FailureProse, 1, 0, true},
		{"malformed", []step{{file: "malformed.json"}}, lanes.FailureMalformedJSON, 1, 0, true},
		{"unknown-field", []step{{file: "unknown_field.json"}}, lanes.FailureUnknownField, 1, 0, true},
		{"missing-check", []step{{file: "missing_check.json"}}, lanes.FailureMissingCheck, 1, 0, true},
		{"wrong-type", []step{{file: "wrong_type.json"}}, lanes.FailureWrongType, 1, 0, true},
		{"refusal", []step{{file: "refusal.json"}}, lanes.FailureRefusal, 1, 0, true},
		{"unauthorized", []step{{status: 401, file: "error_401.json"}}, lanes.FailureRejected, 1, 401, false},
		{"rate-limited-throughout", []step{{status: 429, file: "error_429.json"}}, lanes.FailureRateLimited, 3, 429, false},
		{"html-page", []step{{body: "<html><body>Bad gateway</body></html>", header: map[string]string{"Content-Type": "text/html"}}},
			lanes.FailureProtocol, 1, 0, false},
		{"not-found", []step{{status: 404, body: "404 page not found"}}, lanes.FailureRejected, 1, 404, false},
	}
	cases := map[lanes.Provider][]tc{
		lanes.OpenAI: append(common,
			tc{"content-filter", []step{{file: "content_filter.json"}}, lanes.FailureRefusal, 1, 0, true},
			tc{"length", []step{{file: "length.json"}}, lanes.FailureTruncated, 1, 0, true},
			tc{"server-error-throughout", []step{{status: 500, file: "error_500.json"}}, lanes.FailureServerError, 3, 500, false},
			tc{"wrong-object", []step{{body: `{"object":"list","data":[]}`}}, lanes.FailureProtocol, 1, 0, false},
		),
		lanes.Anthropic: append(common,
			tc{"max-tokens", []step{{file: "max_tokens.json"}}, lanes.FailureTruncated, 1, 0, true},
			tc{"overloaded-throughout", []step{{status: 529, file: "error_529.json"}}, lanes.FailureServerError, 3, 529, false},
			tc{"tool-use", []step{{body: `{"type":"message","role":"assistant","model":"m","content":[{"type":"tool_use","id":"t","name":"x","input":{}}],"stop_reason":"tool_use","usage":{"input_tokens":1,"output_tokens":1}}`}},
				lanes.FailureProtocol, 1, 0, true},
		),
	}
	for _, pr := range protocols {
		for _, c := range cases[pr.name] {
			t.Run(string(pr.name)+"-"+c.name, func(t *testing.T) {
				t.Parallel()
				srv := newProvider(t, string(pr.name), c.steps...)
				var w waits
				res, err := newLane(t, laneConfig(pr.name, srv.URL), &w).Review(context.Background(), mathRequest(t))
				if !errors.Is(err, c.want) {
					t.Fatalf("Review error = %v; want %s", err, c.want)
				}
				var le *lanes.Error
				if !errors.As(err, &le) || le.Failure != c.want {
					t.Errorf("error %T %v is not a *lanes.Error of %s", err, err, c.want)
				}
				if res == nil || res.Failure != c.want || res.Answer != nil || res.Detail == "" {
					t.Fatalf("Result = %+v; want failure %s, no answer, a detail", res, c.want)
				}
				if res.Attempts != c.attempts || res.Status != c.status || len(srv.requests()) != c.attempts {
					t.Errorf("attempts %d (server saw %d), status %d; want %d, %d", res.Attempts, len(srv.requests()), res.Status, c.attempts, c.status)
				}
				if c.usage != (res.Usage.OutputTokens > 0) {
					t.Errorf("Usage = %+v; recorded want %v", res.Usage, c.usage)
				}
				if res.RequestDigest == "" || res.Latency < 0 {
					t.Errorf("RequestDigest %q, latency %v", res.RequestDigest, res.Latency)
				}
			})
		}
	}
}

func TestReviewRetries(t *testing.T) {
	t.Parallel()
	for _, pr := range protocols {
		t.Run(string(pr.name)+"-429-retry-after", func(t *testing.T) {
			t.Parallel()
			srv := newProvider(t, string(pr.name), step{status: 429, file: "error_429.json", header: map[string]string{"Retry-After": "2"}},
				step{file: "ok.json"})
			var w waits
			res, err := newLane(t, laneConfig(pr.name, srv.URL), &w).Review(context.Background(), mathRequest(t))
			if err != nil || res.Answer == nil || res.Attempts != 2 {
				t.Fatalf("Review = %+v, %v; want an answer on the second attempt", res, err)
			}
			if diff := cmp.Diff([]time.Duration{2 * time.Second}, w.all()); diff != "" {
				t.Errorf("waits (-want +got):\n%s", diff)
			}
			reqs := srv.requests()
			if string(reqs[0].body) != string(reqs[1].body) {
				t.Errorf("the retry sent another body")
			}
		})
		t.Run(string(pr.name)+"-429-retry-after-date", func(t *testing.T) {
			t.Parallel()
			now := time.Date(2026, 12, 7, 10, 0, 0, 0, time.UTC)
			srv := newProvider(t, string(pr.name), step{status: 429, file: "error_429.json",
				header: map[string]string{"Retry-After": now.Add(5 * time.Second).Format(http.TimeFormat)}}, step{file: "ok.json"})
			var w waits
			res, err := newLane(t, laneConfig(pr.name, srv.URL), &w, lanes.WithClock(func() time.Time { return now })).
				Review(context.Background(), mathRequest(t))
			if err != nil || res.Attempts != 2 {
				t.Fatalf("Review = %+v, %v", res, err)
			}
			if diff := cmp.Diff([]time.Duration{5 * time.Second}, w.all()); diff != "" {
				t.Errorf("waits (-want +got):\n%s", diff)
			}
		})
		t.Run(string(pr.name)+"-5xx-then-success", func(t *testing.T) {
			t.Parallel()
			first := step{status: 500, body: `{"error":{"message":"internal"}}`}
			if pr.name == lanes.Anthropic {
				first = step{status: 529, file: "error_529.json"}
			}
			srv := newProvider(t, string(pr.name), first, first, step{file: "ok.json"})
			var w waits
			res, err := newLane(t, laneConfig(pr.name, srv.URL), &w).Review(context.Background(), mathRequest(t))
			if err != nil || res.Answer == nil || res.Attempts != 3 {
				t.Fatalf("Review = %+v, %v; want an answer on the third attempt", res, err)
			}
			// Backoff 100ms doubling, equal jitter at 0.5: 75ms, then 150ms.
			if diff := cmp.Diff([]time.Duration{75 * time.Millisecond, 150 * time.Millisecond}, w.all()); diff != "" {
				t.Errorf("waits (-want +got):\n%s", diff)
			}
		})
		t.Run(string(pr.name)+"-retry-after-too-long", func(t *testing.T) {
			t.Parallel()
			srv := newProvider(t, string(pr.name), step{status: 429, file: "error_429.json", header: map[string]string{"Retry-After": "3600"}},
				step{file: "ok.json"})
			var w waits
			res, err := newLane(t, laneConfig(pr.name, srv.URL), &w).Review(context.Background(), mathRequest(t))
			if !errors.Is(err, lanes.FailureRateLimited) || res.Attempts != 1 || len(w.all()) != 0 {
				t.Fatalf("Review = %+v, %v; want RATE_LIMITED at once", res, err)
			}
			if !strings.Contains(res.Detail, "longer than") {
				t.Errorf("Detail = %q; want it to say the wait is too long", res.Detail)
			}
		})
	}
}

func TestReviewTimeoutAndCancel(t *testing.T) {
	t.Parallel()
	for _, pr := range protocols {
		t.Run(string(pr.name)+"-timeout", func(t *testing.T) {
			t.Parallel()
			srv := newProvider(t, string(pr.name), step{block: true})
			cfg := laneConfig(pr.name, srv.URL)
			cfg.Timeout, cfg.MaxAttempts = 50*time.Millisecond, 2
			var w waits
			res, err := newLane(t, cfg, &w).Review(context.Background(), mathRequest(t))
			if !errors.Is(err, lanes.FailureTimeout) || res.Attempts != 2 || len(srv.requests()) != 2 {
				t.Fatalf("Review = %+v, %v; want TIMEOUT after 2 attempts", res, err)
			}
			if res.Latency < 100*time.Millisecond {
				t.Errorf("Latency = %v; want at least the two timeouts", res.Latency)
			}
		})
		t.Run(string(pr.name)+"-caller-deadline", func(t *testing.T) {
			t.Parallel()
			srv := newProvider(t, string(pr.name), step{block: true})
			var w waits
			ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
			defer cancel()
			res, err := newLane(t, laneConfig(pr.name, srv.URL), &w).Review(ctx, mathRequest(t))
			if !errors.Is(err, lanes.FailureTimeout) || res.Attempts != 1 {
				t.Fatalf("Review = %+v, %v; want TIMEOUT without a retry", res, err)
			}
		})
		t.Run(string(pr.name)+"-canceled", func(t *testing.T) {
			t.Parallel()
			srv := newProvider(t, string(pr.name), step{block: true})
			var w waits
			ctx, cancel := context.WithCancel(context.Background())
			go func() {
				<-srv.hit
				cancel()
			}()
			res, err := newLane(t, laneConfig(pr.name, srv.URL), &w).Review(ctx, mathRequest(t))
			if !errors.Is(err, lanes.FailureCanceled) || res.Attempts != 1 || len(w.all()) != 0 {
				t.Fatalf("Review = %+v, %v; want CANCELED without a retry", res, err)
			}
		})
	}
}

func TestReviewRefusesToCall(t *testing.T) {
	t.Parallel()
	for _, pr := range protocols {
		t.Run(string(pr.name)+"-missing-key", func(t *testing.T) {
			t.Parallel()
			srv := newProvider(t, string(pr.name), step{file: "ok.json"})
			var w waits
			lane := newLane(t, laneConfig(pr.name, srv.URL), &w, lanes.WithEnv(func(string) (string, bool) { return "  ", true }))
			res, err := lane.Review(context.Background(), mathRequest(t))
			if !errors.Is(err, lanes.FailureMissingKey) || res.Failure != lanes.FailureMissingKey || len(srv.requests()) != 0 {
				t.Fatalf("Review = %+v, %v; want MISSING_KEY and no call", res, err)
			}
			if lanes.FailureMissingKey.Class() != lanes.ClassConfig {
				t.Errorf("MISSING_KEY is %s; want a configuration failure", lanes.FailureMissingKey.Class())
			}
			if !strings.Contains(res.Detail, "THEOREMDB_LANE_KEY_PANEL_MATH_"+strings.ToUpper(string(pr.name))) {
				t.Errorf("Detail = %q; want the variable to set", res.Detail)
			}
		})
		t.Run(string(pr.name)+"-response-too-large", func(t *testing.T) {
			t.Parallel()
			srv := newProvider(t, string(pr.name), step{file: "ok.json"})
			cfg := laneConfig(pr.name, srv.URL)
			cfg.MaxResponseBytes = 1000
			var w waits
			res, err := newLane(t, cfg, &w).Review(context.Background(), mathRequest(t))
			if !errors.Is(err, lanes.FailureResponseTooLarge) || res.Attempts != 1 {
				t.Fatalf("Review = %+v, %v; want RESPONSE_TOO_LARGE", res, err)
			}
		})
		t.Run(string(pr.name)+"-redirect-not-followed", func(t *testing.T) {
			t.Parallel()
			elsewhere := newProvider(t, string(pr.name), step{file: "ok.json"})
			srv := newProvider(t, string(pr.name), step{status: 307, header: map[string]string{"Location": elsewhere.URL + pr.path}})
			var w waits
			res, err := newLane(t, laneConfig(pr.name, srv.URL), &w).Review(context.Background(), mathRequest(t))
			if !errors.Is(err, lanes.FailureProtocol) || len(elsewhere.requests()) != 0 {
				t.Fatalf("Review = %+v, %v; want PROTOCOL and the key kept from %s", res, err, elsewhere.URL)
			}
		})
		t.Run(string(pr.name)+"-wrong-role", func(t *testing.T) {
			t.Parallel()
			srv := newProvider(t, string(pr.name), step{file: "ok.json"})
			var w waits
			req, err := lanes.NewPanelRequest(lanes.PriorArt, "v1", samplePanelInput())
			if err != nil {
				t.Fatal(err)
			}
			res, err := newLane(t, laneConfig(pr.name, srv.URL), &w).Review(context.Background(), req)
			if !errors.Is(err, lanes.FailureInvalidConfig) || len(srv.requests()) != 0 || res.Failure != lanes.FailureInvalidConfig {
				t.Fatalf("Review = %+v, %v; want INVALID_CONFIG and no call", res, err)
			}
		})
	}
}

func TestAnthropicThinkingIsNotKept(t *testing.T) {
	t.Parallel()
	srv := newProvider(t, "anthropic", step{file: "thinking.json"})
	var w waits
	res, err := newLane(t, laneConfig(lanes.Anthropic, srv.URL), &w).Review(context.Background(), mathRequest(t))
	if err != nil || res.Answer == nil {
		t.Fatalf("Review = %+v, %v", res, err)
	}
	if strings.Contains(res.Output, "check the bounds") {
		t.Errorf("Output keeps the thinking block: %s", clipTest(res.Output))
	}
}

func TestAnthropicRefusalDetail(t *testing.T) {
	t.Parallel()
	srv := newProvider(t, "anthropic", step{file: "refusal.json"})
	var w waits
	res, _ := newLane(t, laneConfig(lanes.Anthropic, srv.URL), &w).Review(context.Background(), mathRequest(t))
	if res.Failure != lanes.FailureRefusal || !strings.Contains(res.Detail, "cyber") || res.Failure.Class() != lanes.ClassRefusal {
		t.Errorf("Result = %+v; want a refusal with its category", res)
	}
}

func TestOutputFormats(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		proto  lanes.Provider
		format lanes.OutputFormat
		want   string // what the body must hold
		absent string // what it must not
	}{
		{lanes.OpenAI, lanes.JSONObject, `"response_format":{"type":"json_object"}`, `"json_schema"`},
		{lanes.OpenAI, lanes.PromptOnly, `"messages"`, `"response_format"`},
		{lanes.Anthropic, lanes.PromptOnly, `"system"`, `"output_config"`},
	} {
		t.Run(string(c.proto)+"-"+string(c.format), func(t *testing.T) {
			t.Parallel()
			srv := newProvider(t, string(c.proto), step{file: "ok.json"})
			cfg := laneConfig(c.proto, srv.URL)
			cfg.OutputFormat = c.format
			var w waits
			if _, err := newLane(t, cfg, &w).Review(context.Background(), mathRequest(t)); err != nil {
				t.Fatalf("Review = %v", err)
			}
			body := string(srv.requests()[0].body)
			if !strings.Contains(body, c.want) || strings.Contains(body, c.absent) {
				t.Errorf("body holds %q: %v, %q: %v", c.want, strings.Contains(body, c.want), c.absent, strings.Contains(body, c.absent))
			}
		})
	}
}

func TestEndpoints(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		proto lanes.Provider
		base  string
		path  string
	}{
		{lanes.OpenAI, "", "/v1/chat/completions"},
		{lanes.OpenAI, "/", "/v1/chat/completions"},
		{lanes.OpenAI, "/v1", "/v1/chat/completions"},
		{lanes.OpenAI, "/v1/", "/v1/chat/completions"},
		{lanes.OpenAI, "/chat/completions", "/chat/completions"},
		{lanes.OpenAI, "/api/openai/v1", "/api/openai/v1/chat/completions"},
		{lanes.Anthropic, "", "/v1/messages"},
		{lanes.Anthropic, "/v1", "/v1/messages"},
		{lanes.Anthropic, "/v1/messages", "/v1/messages"},
		{lanes.Anthropic, "/gateway", "/gateway/v1/messages"},
	} {
		t.Run(string(c.proto)+strings.ReplaceAll(c.base, "/", "_"), func(t *testing.T) {
			t.Parallel()
			srv := newProvider(t, string(c.proto), step{file: "ok.json"})
			var w waits
			if _, err := newLane(t, laneConfig(c.proto, srv.URL+c.base), &w).Review(context.Background(), mathRequest(t)); err != nil {
				t.Fatalf("Review = %v", err)
			}
			if got := srv.requests()[0].path; got != c.path {
				t.Errorf("base %q posts to %s; want %s", c.base, got, c.path)
			}
		})
	}
}

func TestConfigValidate(t *testing.T) {
	t.Parallel()
	good := laneConfig(lanes.OpenAI, "https://api.openai.com/v1")
	for name, mut := range map[string]func(*lanes.Config){
		"identity":           func(c *lanes.Config) { c.Identity = "-bad" },
		"identity-space":     func(c *lanes.Config) { c.Identity = "a b" },
		"role":               func(c *lanes.Config) { c.Role = "CRITIC" },
		"prompt":             func(c *lanes.Config) { c.PromptVersion = "v99" },
		"provider":           func(c *lanes.Config) { c.Provider = "gemini" },
		"model":              func(c *lanes.Config) { c.Model = " " },
		"model-version":      func(c *lanes.Config) { c.ModelVersion = "" },
		"base-scheme":        func(c *lanes.Config) { c.BaseURL = "ftp://x" },
		"base-credentials":   func(c *lanes.Config) { c.BaseURL = "https://user:sk-secret@api.openai.com/v1" },
		"base-query":         func(c *lanes.Config) { c.BaseURL = "https://api.openai.com/v1?key=x" },
		"format":             func(c *lanes.Config) { c.OutputFormat = "xml" },
		"format-json-object": func(c *lanes.Config) { c.Provider = lanes.Anthropic; c.OutputFormat = lanes.JSONObject },
		"negative":           func(c *lanes.Config) { c.MaxAttempts = -1 },
	} {
		t.Run(name, func(t *testing.T) {
			c := good
			mut(&c)
			err := c.Validate()
			if err == nil {
				t.Fatalf("Validate(%s) = nil; want an error", name)
			}
			if strings.Contains(err.Error(), "sk-secret") {
				t.Errorf("the error shows the credential: %v", err)
			}
		})
	}
	if err := good.Validate(); err != nil {
		t.Errorf("Validate(good) = %v", err)
	}
}

func TestKeyEnvName(t *testing.T) {
	t.Parallel()
	for id, want := range map[string]string{
		"panel.prior-art-1": "THEOREMDB_LANE_KEY_PANEL_PRIOR_ART_1",
		"Audit_Claude":      "THEOREMDB_LANE_KEY_AUDIT_CLAUDE",
		"gpt4o":             "THEOREMDB_LANE_KEY_GPT4O",
	} {
		if got := lanes.KeyEnvName(id); got != want {
			t.Errorf("KeyEnvName(%q) = %s; want %s", id, got, want)
		}
	}
	if !lanes.SameIdentity("panel.a", "PANEL-A") || lanes.SameIdentity("panel.a", "panel.b") {
		t.Errorf("SameIdentity folds case and separators, and nothing else")
	}
}
