package lanes

import (
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"time"
)

// Provider is the protocol a lane speaks.
type Provider string

// Providers. OpenAI is the OpenAI-compatible chat-completions API that OpenAI, vLLM,
// llama.cpp's server, Ollama and most gateways speak; Anthropic is Anthropic's Messages API;
// Baseline is the deterministic local lane, which calls nothing.
const (
	OpenAI    Provider = "openai"
	Anthropic Provider = "anthropic"
	Baseline  Provider = "baseline"
)

// Providers are the closed set, in the order the lane form offers them.
var Providers = []Provider{OpenAI, Anthropic, Baseline}

// Valid reports whether p is a known provider.
func (p Provider) Valid() bool { return slices.Contains(Providers, p) }

// OneOf spells a closed set in a sentence: "a, b or c".
func OneOf[T ~string](values []T) string {
	var b strings.Builder
	for i, v := range values {
		switch {
		case i == 0:
		case i == len(values)-1:
			b.WriteString(" or ")
		default:
			b.WriteString(", ")
		}
		b.WriteString(string(v))
	}
	return b.String()
}

// OutputFormat is how a lane asks the provider to constrain its output.
type OutputFormat string

// Output formats. JSONSchema (the default) sends the answer's schema (response_format
// json_schema on the chat-completions API, output_config.format on the Messages API);
// JSONObject asks only for a JSON object (chat-completions json_object, for servers without
// schema support); PromptOnly sends no format and relies on the prompt. The answer is parsed
// equally strictly in every case.
const (
	JSONSchema OutputFormat = "json_schema"
	JSONObject OutputFormat = "json_object"
	PromptOnly OutputFormat = "none"
)

// Defaults of a lane's call.
const (
	DefaultTimeout          = 120 * time.Second
	DefaultMaxAttempts      = 4
	DefaultMaxRetryAfter    = 60 * time.Second
	DefaultBackoff          = time.Second
	DefaultMaxBackoff       = 30 * time.Second
	DefaultMaxResponseBytes = 1 << 20
	DefaultMaxTokens        = 4096
	DefaultAnthropicVersion = "2023-06-01"
)

// Config is one lane as an operator registers it.
type Config struct {
	// Identity is the distinct reviewer identity; it also names the key's environment variable.
	Identity string
	Role     Role
	Provider Provider
	// BaseURL is the provider's base: for OpenAI-compatible servers the base the OpenAI SDKs
	// take ("https://api.openai.com/v1", "http://localhost:8000/v1"; a base without a path gets
	// /v1), for Anthropic "https://api.anthropic.com". A URL that already ends in
	// /chat/completions or /v1/messages is used as it is.
	BaseURL string
	// Model is the model name sent; ModelVersion is the pinned version the operator approved
	// (often the same string). A response that reports serving another model is recorded.
	Model         string
	ModelVersion  string
	PromptVersion string

	OutputFormat OutputFormat // JSONSchema when empty
	MaxTokens    int          // DefaultMaxTokens when zero
	// MaxCompletionTokens sends max_completion_tokens instead of max_tokens on the
	// chat-completions API (OpenAI's reasoning models refuse max_tokens).
	MaxCompletionTokens bool
	// Temperature is sent when set.
	Temperature *float64

	Timeout          time.Duration // per attempt; DefaultTimeout when zero
	MaxAttempts      int           // DefaultMaxAttempts when zero
	MaxRetryAfter    time.Duration // the longest Retry-After honoured; DefaultMaxRetryAfter when zero
	Backoff          time.Duration // first wait without Retry-After; DefaultBackoff when zero
	MaxBackoff       time.Duration // DefaultMaxBackoff when zero
	MaxResponseBytes int64         // DefaultMaxResponseBytes when zero
	AnthropicVersion string        // DefaultAnthropicVersion when empty
}

var identityRE = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$`)

// KeyEnvPrefix starts the name of every lane key's environment variable.
const KeyEnvPrefix = "THEOREMDB_LANE_KEY_"

// KeyEnvName is the environment variable that holds the key of the lane with this identity:
// THEOREMDB_LANE_KEY_ and the identity upper-cased, every character other than A-Z and 0-9
// replaced by an underscore ("panel.prior-art-1" → THEOREMDB_LANE_KEY_PANEL_PRIOR_ART_1).
// Two identities with the same name here are the same reviewer (SameIdentity).
func KeyEnvName(identity string) string {
	return KeyEnvPrefix + normalIdentity(identity)
}

func normalIdentity(identity string) string {
	b := []byte(strings.ToUpper(identity))
	for i, c := range b {
		if (c < 'A' || c > 'Z') && (c < '0' || c > '9') {
			b[i] = '_'
		}
	}
	return string(b)
}

// SameIdentity reports whether two reviewer identities are the same reviewer: equal once
// upper-cased with separators folded, which is also when they would read the same key.
func SameIdentity(a, b string) bool { return normalIdentity(a) == normalIdentity(b) }

// ValidateIdentity checks a reviewer identity: 1 to 64 letters, digits, '.', '_' or '-',
// starting with a letter or digit.
func ValidateIdentity(id string) error {
	if !identityRE.MatchString(id) {
		return fmt.Errorf("lanes: identity %q: use 1 to 64 letters, digits, '.', '_' or '-', starting with a letter or digit", id)
	}
	return nil
}

// Validate checks a lane's configuration; every field it names is wrong as written.
func (c Config) Validate() error {
	if err := ValidateIdentity(c.Identity); err != nil {
		return err
	}
	if !slices.Contains(LaneRoles, c.Role) {
		return fmt.Errorf("lanes: role %q is not %s", c.Role, OneOf(LaneRoles))
	}
	if c.Role.Check() && c.Provider == Baseline {
		return fmt.Errorf("lanes: the baseline cannot serve %s: it reads nothing", c.Role)
	}
	if _, err := LookupPrompt(c.Role, c.PromptVersion); err != nil {
		return err
	}
	return c.validateCall()
}

// validateCall checks what every lane's call needs whatever it is asked: the provider, the
// model, the endpoint, the output format and the limits.
func (c Config) validateCall() error {
	switch {
	case !c.Provider.Valid():
		return fmt.Errorf("lanes: provider %q is not %s", c.Provider, OneOf(Providers))
	case c.Provider == Baseline:
		return nil
	}
	if strings.TrimSpace(c.Model) == "" || strings.TrimSpace(c.ModelVersion) == "" {
		return fmt.Errorf("lanes: a %s lane names its model and its model version", c.Provider)
	}
	if _, err := c.endpoint(); err != nil {
		return err
	}
	switch c.OutputFormat {
	case "", JSONSchema, PromptOnly:
	case JSONObject:
		if c.Provider != OpenAI {
			return fmt.Errorf("lanes: output format json_object is a chat-completions setting")
		}
	default:
		return fmt.Errorf("lanes: output format %q is not json_schema, json_object or none", c.OutputFormat)
	}
	switch {
	case c.MaxTokens < 0, c.MaxAttempts < 0, c.Timeout < 0, c.MaxRetryAfter < 0, c.Backoff < 0, c.MaxBackoff < 0,
		c.MaxResponseBytes < 0:
		return fmt.Errorf("lanes: limits are positive (or zero for the default)")
	}
	return nil
}

// ProviderIdentity names who serves the lane: its protocol and the host of its base URL
// ("openai@api.openai.com", "openai@vllm.internal:8000"), or "baseline". The review gate
// requires the audit lane's to differ from every panel lane's.
func (c Config) ProviderIdentity() string {
	if c.Provider == Baseline {
		return string(Baseline)
	}
	host := ""
	if u, err := url.Parse(strings.TrimSpace(c.BaseURL)); err == nil {
		host = strings.ToLower(u.Host)
	}
	return string(c.Provider) + "@" + host
}

// endpoint is the URL the lane posts to.
func (c Config) endpoint() (string, error) {
	u, err := url.Parse(strings.TrimSpace(c.BaseURL))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", fmt.Errorf("lanes: base URL %q is not an http or https URL", c.BaseURL)
	}
	if u.User != nil {
		return "", fmt.Errorf("lanes: base URL %q holds credentials; keys come from %s", u.Redacted(), KeyEnvName(c.Identity))
	}
	if u.RawQuery != "" || u.Fragment != "" {
		return "", fmt.Errorf("lanes: base URL %q has a query or fragment", c.BaseURL)
	}
	p := strings.TrimRight(u.Path, "/")
	switch c.Provider {
	case OpenAI:
		switch {
		case strings.HasSuffix(p, "/chat/completions"):
		case p == "":
			p = "/v1/chat/completions"
		default:
			p += "/chat/completions"
		}
	case Anthropic:
		switch {
		case strings.HasSuffix(p, "/v1/messages"):
		case strings.HasSuffix(p, "/v1"):
			p += "/messages"
		default:
			p += "/v1/messages"
		}
	}
	u.Path = p
	return u.String(), nil
}

func (c Config) withDefaults() Config {
	if c.OutputFormat == "" {
		c.OutputFormat = JSONSchema
	}
	if c.MaxTokens == 0 {
		c.MaxTokens = DefaultMaxTokens
	}
	if c.Timeout == 0 {
		c.Timeout = DefaultTimeout
	}
	if c.MaxAttempts == 0 {
		c.MaxAttempts = DefaultMaxAttempts
	}
	if c.MaxRetryAfter == 0 {
		c.MaxRetryAfter = DefaultMaxRetryAfter
	}
	if c.Backoff == 0 {
		c.Backoff = DefaultBackoff
	}
	if c.MaxBackoff == 0 {
		c.MaxBackoff = DefaultMaxBackoff
	}
	if c.MaxResponseBytes == 0 {
		c.MaxResponseBytes = DefaultMaxResponseBytes
	}
	if c.AnthropicVersion == "" {
		c.AnthropicVersion = DefaultAnthropicVersion
	}
	return c
}
