package lanes

import (
	"context"
	"encoding/json"
	"strconv"
)

// The formal round trip (K09 9.3.2) and the hypothesis check (K09 9.3.4): two model checks of
// a corpus node with their own prompts and answers, on the transport every lane uses.

// Roles the two checks' Results record; neither is a panel role.
const (
	RoundTripRole  Role = "ROUND_TRIP"
	HypothesesRole Role = "HYPOTHESES"
)

var (
	roundTripPrompts  = loadPromptDir(promptFiles, RoundTripRole, "round_trip")
	hypothesesPrompts = loadPromptDir(promptFiles, HypothesesRole, "hypotheses")
)

// MaxProseRunes bounds a round trip's translation.
const MaxProseRunes = 2000

// RoundTripInput is what the round trip reads: the node's prose and its formal statement.
type RoundTripInput struct {
	Node       string   `json:"node"`
	Informal   string   `json:"informal"`
	System     string   `json:"system"`
	Database   string   `json:"database"`
	Label      string   `json:"label"`
	Formal     string   `json:"formal"`
	Hypotheses []string `json:"hypotheses"`
}

// RoundTripAnswer is the translation and each difference from the prose.
type RoundTripAnswer struct {
	Result      *Result
	Prose       string
	Differences []string
}

// RoundTrip is a round-trip lane.
type RoundTrip struct{ a *asker }

// NewRoundTrip builds a round-trip lane from a lane's configuration and a round_trip prompt version.
func NewRoundTrip(cfg Config, opts ...Option) (*RoundTrip, error) {
	a, err := newAsker(RoundTripRole, roundTripPrompts, "round trip", cfg, opts)
	if err != nil {
		return nil, err
	}
	return &RoundTrip{a: a}, nil
}

// Config is the lane's configuration.
func (r *RoundTrip) Config() Config { return r.a.lane.cfg }

// Translate asks for the translation and the differences. A failed call or answer returns the
// error with the Result, and no differences: a failure is never a match.
func (r *RoundTrip) Translate(ctx context.Context, in RoundTripInput) (*RoundTripAnswer, error) {
	out := &RoundTripAnswer{}
	res, err := r.a.ask(ctx, in, digestOf(in), "binding", roundTripSchema(), nil, func(text string) error {
		raw, err := oneObject(text)
		if err != nil {
			return err
		}
		ms, err := readObject(raw, "")
		if err != nil {
			return err
		}
		seen := map[string]bool{}
		for _, m := range ms {
			seen[m.key] = true
			switch m.key {
			case "prose":
				if err := readString(m.value, "prose", &out.Prose); err != nil {
					return err
				}
				if err := boundedText(out.Prose, "prose", MaxProseRunes); err != nil {
					return err
				}
			case "differences":
				if out.Differences, err = readList(m.value, "differences"); err != nil {
					return err
				}
			default:
				return failAt(FailureUnknownField, m.key, "the round trip's answer has only prose and differences")
			}
		}
		for _, k := range []string{"prose", "differences"} {
			if !seen[k] {
				return failAt(FailureMissingField, k, "the answer has no %q", k)
			}
		}
		return nil
	})
	out.Result = res
	if err != nil {
		out.Prose, out.Differences = "", nil
	}
	return out, err
}

func roundTripSchema() map[string]any {
	return map[string]any{"type": "object", "properties": map[string]any{
		"prose":       map[string]any{"type": "string"},
		"differences": map[string]any{"type": "array", "items": map[string]any{"type": "string"}},
	}, "required": []string{"prose", "differences"}, "additionalProperties": false}
}

// HypothesesInput is what the hypothesis check reads: the statement and the nodes it uses.
type HypothesesInput struct {
	Node      string        `json:"node"`
	Title     string        `json:"title"`
	Statement string        `json:"statement"`
	Linked    []JudgeLinked `json:"linked"`
}

// Hypothesis is the check's word on one hypothesis.
type Hypothesis struct {
	Hypothesis string `json:"hypothesis"`
	Needed     bool   `json:"needed"`
	Evidence   string `json:"evidence"`
}

// HypothesesAnswer is the check's answer.
type HypothesesAnswer struct {
	Result     *Result
	Hypotheses []Hypothesis
}

// Hypotheses is a hypothesis-check lane.
type Hypotheses struct{ a *asker }

// NewHypotheses builds a hypothesis-check lane from a lane's configuration and a hypotheses
// prompt version.
func NewHypotheses(cfg Config, opts ...Option) (*Hypotheses, error) {
	a, err := newAsker(HypothesesRole, hypothesesPrompts, "hypothesis check", cfg, opts)
	if err != nil {
		return nil, err
	}
	return &Hypotheses{a: a}, nil
}

// Config is the lane's configuration.
func (h *Hypotheses) Config() Config { return h.a.lane.cfg }

// Check asks about each hypothesis of the statement. A failed call or answer returns the error
// with the Result and no hypotheses.
func (h *Hypotheses) Check(ctx context.Context, in HypothesesInput) (*HypothesesAnswer, error) {
	out := &HypothesesAnswer{}
	res, err := h.a.ask(ctx, in, digestOf(in), "statement", hypothesesSchema(), nil, func(text string) error {
		raw, err := oneObject(text)
		if err != nil {
			return err
		}
		ms, err := readObject(raw, "")
		if err != nil {
			return err
		}
		if len(ms) != 1 || ms[0].key != "hypotheses" {
			return failAt(FailureUnknownField, "", "the answer has exactly one field, hypotheses")
		}
		if kindOf(ms[0].value) != '[' {
			return failAt(FailureWrongType, "hypotheses", "hypotheses is a JSON array, not %s", kindName(ms[0].value))
		}
		var items []json.RawMessage
		if err := json.Unmarshal(ms[0].value, &items); err != nil {
			return &Error{Failure: FailureMalformedJSON, Path: "hypotheses", Err: err}
		}
		if len(items) > MaxListItems {
			return failAt(FailureInvalidValue, "hypotheses", "at most %d hypotheses", MaxListItems)
		}
		for i, it := range items {
			p := "hypotheses[" + strconv.Itoa(i) + "]"
			fs, err := readObject(it, p)
			if err != nil {
				return err
			}
			var hy Hypothesis
			seen := map[string]bool{}
			for _, f := range fs {
				seen[f.key] = true
				switch f.key {
				case "hypothesis":
					err = readString(f.value, p+".hypothesis", &hy.Hypothesis)
				case "needed":
					err = readBool(f.value, p+".needed", &hy.Needed)
				case "evidence":
					err = readString(f.value, p+".evidence", &hy.Evidence)
				default:
					err = failAt(FailureUnknownField, p+"."+f.key, "a hypothesis has only hypothesis, needed and evidence")
				}
				if err != nil {
					return err
				}
			}
			for _, k := range []string{"hypothesis", "needed", "evidence"} {
				if !seen[k] {
					return failAt(FailureMissingField, p+"."+k, "the entry has no %q", k)
				}
			}
			for k, s := range map[string]string{"hypothesis": hy.Hypothesis, "evidence": hy.Evidence} {
				if err := boundedText(s, p+"."+k, MaxReasonRunes); err != nil {
					return err
				}
			}
			out.Hypotheses = append(out.Hypotheses, hy)
		}
		return nil
	})
	out.Result = res
	if err != nil {
		out.Hypotheses = nil
	}
	return out, err
}

func hypothesesSchema() map[string]any {
	return map[string]any{"type": "object", "properties": map[string]any{
		"hypotheses": map[string]any{"type": "array", "items": map[string]any{"type": "object", "properties": map[string]any{
			"hypothesis": map[string]any{"type": "string"}, "needed": map[string]any{"type": "boolean"},
			"evidence": map[string]any{"type": "string"}}, "required": []string{"hypothesis", "needed", "evidence"},
			"additionalProperties": false}},
	}, "required": []string{"hypotheses"}, "additionalProperties": false}
}
