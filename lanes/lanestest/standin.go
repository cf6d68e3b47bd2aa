// Package lanestest runs a stand-in model provider for tests: a local HTTP server that speaks
// the OpenAI-compatible chat-completions API and Anthropic's Messages API as the real services
// do (their envelopes, usage, error bodies and statuses), and answers each call with what a
// test's function decides from the system and user messages it received. No model is reachable
// where the tests run; this is the other end of a lane's real protocol.
package lanestest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Reply is what the stand-in answers to one call.
type Reply struct {
	// Status is the HTTP status; 0 is 200. A status of 400 and above is sent with the
	// provider's error body.
	Status int
	// Text is the model's output on a 200.
	Text string
	// Raw, when set, is sent as the whole body instead of an envelope (a broken provider).
	Raw string
	// Delay holds the answer back; Hang holds it until the client gives up.
	Delay time.Duration
	Hang  bool
	// Header is added to the response (Retry-After).
	Header map[string]string
}

// Call is one request the stand-in received.
type Call struct {
	Path   string
	Model  string
	System string
	User   string
}

// Server is a running stand-in.
type Server struct {
	*httptest.Server
	answer func(Call) Reply
	mu     sync.Mutex
	calls  []Call
	n      atomic.Int64
}

// New starts a stand-in that answers with answer; it is closed by the caller (t.Cleanup).
func New(answer func(Call) Reply) *Server {
	s := &Server{answer: answer}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	return s
}

// Calls are the requests received so far.
func (s *Server) Calls() []Call {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Call(nil), s.calls...)
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	var in struct {
		Model    string `json:"model"`
		System   string `json:"system"`
		Messages []struct {
			Role    string `json:"role"`
			Content string `json:"content"`
		} `json:"messages"`
	}
	anthropic := strings.HasSuffix(r.URL.Path, "/v1/messages")
	if err := json.Unmarshal(body, &in); err != nil || r.Method != http.MethodPost {
		writeError(w, anthropic, http.StatusBadRequest, "invalid_request_error", "the body is not a request")
		return
	}
	c := Call{Path: r.URL.Path, Model: in.Model, System: in.System}
	for _, m := range in.Messages {
		switch m.Role {
		case "system":
			c.System = m.Content
		case "user":
			c.User = m.Content
		}
	}
	s.mu.Lock()
	s.calls = append(s.calls, c)
	s.mu.Unlock()
	rep := s.answer(c)
	if rep.Hang {
		<-r.Context().Done()
		return
	}
	if rep.Delay > 0 {
		select {
		case <-time.After(rep.Delay):
		case <-r.Context().Done():
			return
		}
	}
	for k, v := range rep.Header {
		w.Header().Set(k, v)
	}
	w.Header().Set("Content-Type", "application/json")
	switch {
	case rep.Raw != "":
		w.WriteHeader(max(rep.Status, http.StatusOK))
		io.WriteString(w, rep.Raw)
	case rep.Status >= 400:
		kind := "api_error"
		if rep.Status == http.StatusTooManyRequests {
			kind = "rate_limit_error"
		}
		writeError(w, anthropic, rep.Status, kind, "the stand-in provider failed this call")
	default:
		id := s.n.Add(1)
		var env any
		if anthropic {
			env = map[string]any{"id": fmt.Sprintf("msg_%d", id), "type": "message", "role": "assistant", "model": in.Model,
				"content":     []map[string]any{{"type": "text", "text": rep.Text}},
				"stop_reason": "end_turn", "stop_sequence": nil,
				"usage": map[string]any{"input_tokens": len(c.System+c.User) / 4, "output_tokens": len(rep.Text) / 4}}
		} else {
			env = map[string]any{"id": fmt.Sprintf("chatcmpl-%d", id), "object": "chat.completion", "model": in.Model,
				"choices": []map[string]any{{"index": 0, "finish_reason": "stop",
					"message": map[string]any{"role": "assistant", "content": rep.Text, "refusal": nil}}},
				"usage": map[string]any{"prompt_tokens": len(c.System+c.User) / 4, "completion_tokens": len(rep.Text) / 4,
					"total_tokens": len(c.System+c.User+rep.Text) / 4}}
		}
		w.WriteHeader(http.StatusOK)
		json.NewEncoder(w).Encode(env)
	}
}

func writeError(w http.ResponseWriter, anthropic bool, status int, kind, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	if anthropic {
		json.NewEncoder(w).Encode(map[string]any{"type": "error", "error": map[string]any{"type": kind, "message": msg}})
		return
	}
	json.NewEncoder(w).Encode(map[string]any{"error": map[string]any{"type": kind, "message": msg, "code": nil}})
}

// Document is the JSON document a lane framed between its BEGIN and END lines in a user
// message, decoded into v.
func Document(user string, v any) error {
	start := strings.Index(user, "\nBEGIN ")
	if start < 0 {
		return fmt.Errorf("lanestest: no BEGIN line")
	}
	rest := user[start+1:]
	nl := strings.IndexByte(rest, '\n')
	end := strings.LastIndex(rest, "\nEND ")
	if nl < 0 || end < nl {
		return fmt.Errorf("lanestest: no END line")
	}
	return json.Unmarshal([]byte(rest[nl+1:end]), v)
}

// JudgeAnswer writes a judge's answer that follows every step but those in rejected.
func JudgeAnswer(steps int, rejected ...int) string {
	type sv struct {
		Step    int    `json:"step"`
		Follows bool   `json:"follows"`
		Reason  string `json:"reason"`
	}
	out := struct {
		Steps []sv `json:"steps"`
	}{Steps: []sv{}}
	for i := 1; i <= steps; i++ {
		v := sv{Step: i, Follows: true, Reason: "Follows from the steps before it."}
		for _, r := range rejected {
			if r == i {
				v = sv{Step: i, Follows: false, Reason: "This step does not follow from what precedes it."}
			}
		}
		out.Steps = append(out.Steps, v)
	}
	b, _ := json.Marshal(out)
	return string(b)
}
