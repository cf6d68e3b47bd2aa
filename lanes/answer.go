package lanes

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Answer is a lane's parsed answer: each required check confirmed or not with a short reason,
// the recommendation, and the blockers, concerns and unknowns. It is what a LaneReview stores;
// it holds no private model reasoning.
type Answer struct {
	// Checks are in the order the prompt lists them, one per required check.
	Checks         []CheckAnswer  `json:"checks"`
	Recommendation Recommendation `json:"recommendation"`
	Blockers       []string       `json:"blockers"`
	Concerns       []string       `json:"concerns"`
	Unknowns       []string       `json:"unknowns"`
}

// CheckAnswer is one required check as a lane answered it.
type CheckAnswer struct {
	ID        string `json:"id"`
	Confirmed bool   `json:"confirmed"`
	Reason    string `json:"reason"`
}

// Check returns the answer to check id.
func (a *Answer) Check(id string) (CheckAnswer, bool) {
	for _, c := range a.Checks {
		if c.ID == id {
			return c, true
		}
	}
	return CheckAnswer{}, false
}

// Bounds of an answer. The prompts ask for reasons of at most 300 characters; the parser allows
// twice that before calling the answer invalid.
const (
	MaxReasonRunes = 600
	MaxItemRunes   = 600
	MaxListItems   = 20
)

// The answer's fields, as the model writes them.
const (
	fieldChecks         = "checks"
	fieldRecommendation = "recommendation"
	fieldBlockers       = "blockers"
	fieldConcerns       = "concerns"
	fieldUnknowns       = "unknowns"
	fieldConfirmed      = "confirmed"
	fieldReason         = "reason"
)

var answerFields = []string{fieldChecks, fieldRecommendation, fieldBlockers, fieldConcerns, fieldUnknowns}

// ParseAnswer reads a model's output strictly against the required checks. The output must be
// exactly one JSON object (surrounding whitespace aside) with exactly the fields of the schema:
// prose or a code fence around it, malformed JSON, an unknown or duplicated field, a missing
// field or check, an unknown check, a wrong type and a value out of bounds are each a distinct
// *Error. Nothing is repaired or guessed.
func ParseAnswer(checks []string, output string) (*Answer, error) {
	raw, err := oneObject(output)
	if err != nil {
		return nil, err
	}
	members, err := readObject(raw, "")
	if err != nil {
		return nil, err
	}
	a := &Answer{}
	seen := map[string]bool{}
	for _, m := range members {
		seen[m.key] = true
		switch m.key {
		case fieldChecks:
			if a.Checks, err = readChecks(checks, m.value); err != nil {
				return nil, err
			}
		case fieldRecommendation:
			var s string
			if err := readString(m.value, fieldRecommendation, &s); err != nil {
				return nil, err
			}
			if a.Recommendation = Recommendation(s); !a.Recommendation.Valid() {
				return nil, failAt(FailureInvalidValue, fieldRecommendation,
					"%q is not qualify, keep_prospecting, archive or merge", clip(s, 40))
			}
		case fieldBlockers:
			if a.Blockers, err = readList(m.value, fieldBlockers); err != nil {
				return nil, err
			}
		case fieldConcerns:
			if a.Concerns, err = readList(m.value, fieldConcerns); err != nil {
				return nil, err
			}
		case fieldUnknowns:
			if a.Unknowns, err = readList(m.value, fieldUnknowns); err != nil {
				return nil, err
			}
		default:
			return nil, failAt(FailureUnknownField, m.key, "the schema has no field %q", clip(m.key, 40))
		}
	}
	for _, f := range answerFields {
		if !seen[f] {
			return nil, failAt(FailureMissingField, f, "the answer has no %q", f)
		}
	}
	return a, nil
}

func readChecks(required []string, raw json.RawMessage) ([]CheckAnswer, error) {
	members, err := readObject(raw, fieldChecks)
	if err != nil {
		return nil, err
	}
	got := map[string]CheckAnswer{}
	for _, m := range members {
		path := fieldChecks + "." + m.key
		if !slices.Contains(required, m.key) {
			return nil, failAt(FailureUnknownCheck, path, "the prompt requires no check %q", clip(m.key, 40))
		}
		fields, err := readObject(m.value, path)
		if err != nil {
			return nil, err
		}
		c := CheckAnswer{ID: m.key}
		var hasConfirmed, hasReason bool
		for _, f := range fields {
			switch f.key {
			case fieldConfirmed:
				hasConfirmed = true
				if err := readBool(f.value, path+"."+fieldConfirmed, &c.Confirmed); err != nil {
					return nil, err
				}
			case fieldReason:
				hasReason = true
				if err := readString(f.value, path+"."+fieldReason, &c.Reason); err != nil {
					return nil, err
				}
				if err := boundedText(c.Reason, path+"."+fieldReason, MaxReasonRunes); err != nil {
					return nil, err
				}
			default:
				return nil, failAt(FailureUnknownField, path+"."+f.key, "a check has only confirmed and reason")
			}
		}
		switch {
		case !hasConfirmed:
			return nil, failAt(FailureMissingField, path+"."+fieldConfirmed, "the check does not say whether it is confirmed")
		case !hasReason:
			return nil, failAt(FailureMissingField, path+"."+fieldReason, "the check gives no reason")
		}
		got[m.key] = c
	}
	out := make([]CheckAnswer, 0, len(required))
	for _, id := range required {
		c, ok := got[id]
		if !ok {
			return nil, failAt(FailureMissingCheck, fieldChecks+"."+id, "the answer does not report required check %s", id)
		}
		out = append(out, c)
	}
	return out, nil
}

func readList(raw json.RawMessage, path string) ([]string, error) {
	if kindOf(raw) != '[' {
		return nil, failAt(FailureWrongType, path, "a list of sentences is a JSON array, not %s", kindName(raw))
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if _, err := dec.Token(); err != nil { // [
		return nil, &Error{Failure: FailureMalformedJSON, Path: path, Err: err}
	}
	out := []string{}
	for i := 0; dec.More(); i++ {
		var item json.RawMessage
		if err := dec.Decode(&item); err != nil {
			return nil, &Error{Failure: FailureMalformedJSON, Path: path, Err: err}
		}
		p := path + "[" + strconv.Itoa(i) + "]"
		if i >= MaxListItems {
			return nil, failAt(FailureInvalidValue, p, "a list has at most %d items", MaxListItems)
		}
		var s string
		if err := readString(item, p, &s); err != nil {
			return nil, err
		}
		if err := boundedText(s, p, MaxItemRunes); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

func readString(raw json.RawMessage, path string, s *string) error {
	if kindOf(raw) != '"' {
		return failAt(FailureWrongType, path, "expected a string, not %s", kindName(raw))
	}
	if err := json.Unmarshal(raw, s); err != nil {
		return &Error{Failure: FailureMalformedJSON, Path: path, Err: err}
	}
	return nil
}

func readBool(raw json.RawMessage, path string, b *bool) error {
	if k := kindOf(raw); k != 't' && k != 'f' {
		return failAt(FailureWrongType, path, "expected true or false, not %s", kindName(raw))
	}
	if err := json.Unmarshal(raw, b); err != nil {
		return &Error{Failure: FailureMalformedJSON, Path: path, Err: err}
	}
	return nil
}

func boundedText(s, path string, max int) error {
	switch {
	case strings.TrimSpace(s) == "":
		return failAt(FailureInvalidValue, path, "the text is empty")
	case utf8.RuneCountInString(s) > max:
		return failAt(FailureInvalidValue, path, "the text is longer than %d characters", max)
	}
	return nil
}

type member struct {
	key   string
	value json.RawMessage
}

// readObject reads a JSON object's members in order, refusing a duplicated key (which a plain
// decoder would silently resolve to the last one).
func readObject(raw json.RawMessage, path string) ([]member, error) {
	if kindOf(raw) != '{' {
		where := path
		if where == "" {
			where = "the answer"
		}
		return nil, failAt(FailureWrongType, path, "%s is a JSON object, not %s", where, kindName(raw))
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if _, err := dec.Token(); err != nil { // {
		return nil, &Error{Failure: FailureMalformedJSON, Path: path, Err: err}
	}
	var out []member
	seen := map[string]bool{}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, &Error{Failure: FailureMalformedJSON, Path: path, Err: err}
		}
		key, _ := t.(string)
		p := key
		if path != "" {
			p = path + "." + key
		}
		if seen[key] {
			return nil, failAt(FailureDuplicateField, p, "the field appears twice")
		}
		seen[key] = true
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, &Error{Failure: FailureMalformedJSON, Path: p, Err: err}
		}
		out = append(out, member{key, v})
	}
	if _, err := dec.Token(); err != nil && !errors.Is(err, io.EOF) { // }
		return nil, &Error{Failure: FailureMalformedJSON, Path: path, Err: err}
	}
	return out, nil
}

// oneObject reads output as exactly one JSON object, surrounding whitespace aside: no prose or
// code fence around it, nothing after it, valid UTF-8.
func oneObject(output string) (json.RawMessage, error) {
	if !utf8.ValidString(output) {
		return nil, fail(FailureNotJSON, "the output is not valid UTF-8")
	}
	text := strings.TrimSpace(output)
	if text == "" {
		return nil, fail(FailureEmptyOutput, "the model returned no text")
	}
	if text[0] != '{' {
		if strings.Contains(text, "{") {
			return nil, fail(FailureProse, "text before the JSON object: %q", clip(text, 60))
		}
		return nil, fail(FailureNotJSON, "the output is not a JSON object: %q", clip(text, 60))
	}
	dec := json.NewDecoder(strings.NewReader(text))
	var raw json.RawMessage
	if err := dec.Decode(&raw); err != nil {
		return nil, &Error{Failure: FailureMalformedJSON, Detail: "the JSON object does not parse", Err: err}
	}
	if rest := strings.TrimSpace(text[dec.InputOffset():]); rest != "" {
		return nil, fail(FailureProse, "text after the JSON object: %q", clip(rest, 60))
	}
	return raw, nil
}

// kindOf is the first byte of a JSON value: '{', '[', '"', 't', 'f', 'n' or a digit or '-'.
func kindOf(raw json.RawMessage) byte {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return 0
	}
	return raw[0]
}

func kindName(raw json.RawMessage) string {
	switch kindOf(raw) {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case '"':
		return "a string"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	case 0:
		return "nothing"
	}
	return "a number"
}

// clip shortens s to at most n runes for a log line.
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n]) + "…"
}
