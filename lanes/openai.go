package lanes

import (
	"encoding/json"
	"net/http"
	"strings"
)

// chatCompletions is the OpenAI-compatible chat-completions API: POST …/chat/completions with a
// bearer key, a system and a user message, and response_format json_schema where the lane asks
// for it (OpenAI, vLLM, llama.cpp's server and Ollama accept it).
type chatCompletions struct{}

type chatRequest struct {
	Model               string          `json:"model"`
	Messages            []chatMessage   `json:"messages"`
	MaxTokens           int             `json:"max_tokens,omitempty"`
	MaxCompletionTokens int             `json:"max_completion_tokens,omitempty"`
	Temperature         *float64        `json:"temperature,omitempty"`
	Stream              bool            `json:"stream"`
	ResponseFormat      *responseFormat `json:"response_format,omitempty"`
}

type chatMessage struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

type responseFormat struct {
	Type       string            `json:"type"`
	JSONSchema *jsonSchemaFormat `json:"json_schema,omitempty"`
}

type jsonSchemaFormat struct {
	Name   string         `json:"name"`
	Strict bool           `json:"strict"`
	Schema map[string]any `json:"schema"`
}

// schemaName names the answer schema; the API allows [a-zA-Z0-9_-]{1,64}.
func schemaName(role Role) string { return "theoremdb_" + role.dir() + "_answer" }

func (chatCompletions) body(cfg Config, req *Request) any {
	b := chatRequest{Model: cfg.Model, Temperature: cfg.Temperature,
		Messages: []chatMessage{{Role: "system", Content: req.System()}, {Role: "user", Content: req.User()}}}
	if cfg.MaxCompletionTokens {
		b.MaxCompletionTokens = cfg.MaxTokens
	} else {
		b.MaxTokens = cfg.MaxTokens
	}
	switch cfg.OutputFormat {
	case JSONSchema:
		name, schema := req.answerSchema()
		b.ResponseFormat = &responseFormat{Type: "json_schema", JSONSchema: &jsonSchemaFormat{Name: name, Strict: true, Schema: schema}}
	case JSONObject:
		b.ResponseFormat = &responseFormat{Type: "json_object"}
	}
	return b
}

func (chatCompletions) header(h http.Header, _ Config, key string) {
	h.Set("Authorization", "Bearer "+key)
}

type chatResponse struct {
	ID      string `json:"id"`
	Object  string `json:"object"`
	Model   string `json:"model"`
	Choices []struct {
		Message *struct {
			Role    string          `json:"role"`
			Content json.RawMessage `json:"content"`
			Refusal *string         `json:"refusal"`
		} `json:"message"`
		FinishReason *string `json:"finish_reason"`
	} `json:"choices"`
	Usage *struct {
		PromptTokens        int `json:"prompt_tokens"`
		CompletionTokens    int `json:"completion_tokens"`
		PromptTokensDetails *struct {
			CachedTokens int `json:"cached_tokens"`
		} `json:"prompt_tokens_details"`
	} `json:"usage"`
	Error json.RawMessage `json:"error"`
}

// parse reads a chat completion. A refusal (the message's refusal field, or finish_reason
// content_filter) and a truncation (finish_reason length) are failures of their own; any other
// finish but stop is not an answer. Fields the API may add are ignored; the answer itself is
// parsed strictly elsewhere. A separate reasoning field some servers add (reasoning_content) is
// never read.
func (chatCompletions) parse(body []byte) (reply, error) {
	var r chatResponse
	if err := json.Unmarshal(body, &r); err != nil {
		return reply{}, &Error{Failure: FailureProtocol, Detail: "the response is not a chat completion: " + clip(strings.Join(strings.Fields(string(body)), " "), 80), Err: err}
	}
	rep := reply{model: r.Model, id: r.ID}
	if u := r.Usage; u != nil {
		rep.usage = Usage{InputTokens: u.PromptTokens, OutputTokens: u.CompletionTokens}
		if u.PromptTokensDetails != nil {
			rep.usage.CachedInputTokens = u.PromptTokensDetails.CachedTokens
		}
	}
	switch {
	case len(r.Error) > 0 && string(r.Error) != "null":
		return rep, fail(FailureProtocol, "the provider answered with an error: %s", providerMessage(body))
	case r.Object != "" && r.Object != "chat.completion":
		return rep, fail(FailureProtocol, "the response is a %q, not a chat.completion", clip(r.Object, 40))
	case len(r.Choices) == 0 || r.Choices[0].Message == nil:
		return rep, fail(FailureProtocol, "the response has no message")
	}
	c := r.Choices[0]
	text, err := chatContent(c.Message.Content)
	rep.text = text
	if err != nil {
		return rep, err
	}
	if c.Message.Refusal != nil && strings.TrimSpace(*c.Message.Refusal) != "" {
		return rep, fail(FailureRefusal, "the model refused: %s", clip(*c.Message.Refusal, 200))
	}
	finish := ""
	if c.FinishReason != nil {
		finish = *c.FinishReason
	}
	switch finish {
	case "stop", "eos":
		return rep, nil
	case "content_filter":
		return rep, fail(FailureRefusal, "the provider's content filter stopped the answer")
	case "length":
		return rep, fail(FailureTruncated, "the answer reached the token limit")
	case "":
		return rep, fail(FailureProtocol, "the choice has no finish_reason")
	}
	return rep, fail(FailureProtocol, "the answer finished with %q, not stop", clip(finish, 40))
}

// chatContent reads a message's content: a string, null, or an array of text parts.
func chatContent(raw json.RawMessage) (string, error) {
	switch kindOf(raw) {
	case 0, 'n':
		return "", nil
	case '"':
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return "", &Error{Failure: FailureProtocol, Err: err}
		}
		return s, nil
	case '[':
		var parts []struct {
			Type string `json:"type"`
			Text string `json:"text"`
		}
		if err := json.Unmarshal(raw, &parts); err != nil {
			return "", &Error{Failure: FailureProtocol, Err: err}
		}
		var b strings.Builder
		for _, p := range parts {
			if p.Type != "text" {
				return "", fail(FailureProtocol, "the message has a %q part", clip(p.Type, 40))
			}
			b.WriteString(p.Text)
		}
		return b.String(), nil
	}
	return "", fail(FailureProtocol, "the message content is %s", kindName(raw))
}
