package lanes

import (
	"encoding/json"
	"net/http"
	"strings"
)

// messagesAPI is Anthropic's Messages API: POST …/v1/messages with x-api-key and
// anthropic-version headers, the prompt as the system parameter and the packet as the one user
// message, and output_config.format json_schema where the lane asks for it.
type messagesAPI struct{}

type messagesRequest struct {
	Model        string             `json:"model"`
	MaxTokens    int                `json:"max_tokens"`
	System       string             `json:"system"`
	Messages     []anthropicMessage `json:"messages"`
	Temperature  *float64           `json:"temperature,omitempty"`
	OutputConfig *outputConfig      `json:"output_config,omitempty"`
}

type anthropicMessage struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

type outputConfig struct {
	Format outputFormat `json:"format"`
}

type outputFormat struct {
	Type   string         `json:"type"`
	Schema map[string]any `json:"schema"`
}

func (messagesAPI) body(cfg Config, req *Request) any {
	b := messagesRequest{Model: cfg.Model, MaxTokens: cfg.MaxTokens, System: req.System(), Temperature: cfg.Temperature,
		Messages: []anthropicMessage{{Role: "user", Content: req.User()}}}
	if cfg.OutputFormat == JSONSchema {
		_, schema := req.answerSchema()
		b.OutputConfig = &outputConfig{Format: outputFormat{Type: "json_schema", Schema: schema}}
	}
	return b
}

func (messagesAPI) header(h http.Header, cfg Config, key string) {
	h.Set("x-api-key", key)
	h.Set("anthropic-version", cfg.AnthropicVersion)
}

type messagesResponse struct {
	ID         string `json:"id"`
	Type       string `json:"type"`
	Role       string `json:"role"`
	Model      string `json:"model"`
	StopReason string `json:"stop_reason"`
	Content    []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	} `json:"content"`
	StopDetails *struct {
		Category    string `json:"category"`
		Explanation string `json:"explanation"`
	} `json:"stop_details"`
	Usage *struct {
		InputTokens              int `json:"input_tokens"`
		OutputTokens             int `json:"output_tokens"`
		CacheCreationInputTokens int `json:"cache_creation_input_tokens"`
		CacheReadInputTokens     int `json:"cache_read_input_tokens"`
	} `json:"usage"`
}

// parse reads a message. stop_reason refusal is a refusal and max_tokens (or a full context
// window) a truncation; only end_turn and stop_sequence end an answer. Text blocks are joined;
// thinking blocks are private model reasoning and are skipped, never stored; any other block
// (a tool call) is not an answer.
func (messagesAPI) parse(body []byte) (reply, error) {
	var r messagesResponse
	if err := json.Unmarshal(body, &r); err != nil {
		return reply{}, &Error{Failure: FailureProtocol, Detail: "the response is not a message: " + clip(strings.Join(strings.Fields(string(body)), " "), 80), Err: err}
	}
	rep := reply{model: r.Model, id: r.ID}
	if u := r.Usage; u != nil {
		rep.usage = Usage{InputTokens: u.InputTokens + u.CacheCreationInputTokens + u.CacheReadInputTokens,
			OutputTokens: u.OutputTokens, CachedInputTokens: u.CacheReadInputTokens}
	}
	if r.Type != "message" {
		if r.Type == "error" {
			return rep, fail(FailureProtocol, "the provider answered with an error: %s", providerMessage(body))
		}
		return rep, fail(FailureProtocol, "the response is a %q, not a message", clip(r.Type, 40))
	}
	var b strings.Builder
	for _, c := range r.Content {
		switch c.Type {
		case "text":
			b.WriteString(c.Text)
		case "thinking", "redacted_thinking":
		default:
			return rep, fail(FailureProtocol, "the message has a %q block", clip(c.Type, 40))
		}
	}
	rep.text = b.String()
	switch r.StopReason {
	case "end_turn", "stop_sequence":
		return rep, nil
	case "refusal":
		detail := "the model refused"
		if d := r.StopDetails; d != nil && (d.Category != "" || d.Explanation != "") {
			detail += " (" + clip(strings.TrimSpace(d.Category+": "+d.Explanation), 200) + ")"
		}
		return rep, fail(FailureRefusal, "%s", detail)
	case "max_tokens", "model_context_window_exceeded":
		return rep, fail(FailureTruncated, "the answer stopped at %s", r.StopReason)
	case "":
		return rep, fail(FailureProtocol, "the message has no stop_reason")
	}
	return rep, fail(FailureProtocol, "the answer stopped with %q, not end_turn", clip(r.StopReason, 40))
}
