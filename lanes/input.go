package lanes

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"

	"github.com/theoremdb/theoremdb/gates"
)

// PanelInput is everything a panel role may see: the packet of the revision under review, the
// outcomes of the deterministic gates on it, the claims attached to the problem and the
// evidence the submitter had. It has no field that could hold a lane's answer, and its parts
// are concrete types all the way down (no interface, no raw JSON), so a role's request cannot
// carry another role's answer; a test walks the type to keep it so.
type PanelInput struct {
	Packet   gates.Revision `json:"packet"`
	Gates    []GateOutcome  `json:"gates"`
	Claims   []Claim        `json:"claims"`
	Evidence []Evidence     `json:"evidence"`
}

// GateOutcome is one deterministic gate's outcome on the revision, with the findings that did
// not pass (a passing finding adds nothing a reviewer must read).
type GateOutcome struct {
	Gate     gates.Name    `json:"gate"`
	Version  string        `json:"version"`
	Outcome  gates.Outcome `json:"outcome"`
	Findings []GateFinding `json:"findings"`
}

// GateFinding is a finding as a lane reads it: the check, what it looked at, what it saw, its
// verdict and the revision it asks for.
type GateFinding struct {
	Check     string        `json:"check"`
	Verdict   gates.Verdict `json:"verdict"`
	Field     string        `json:"field"`
	Quote     string        `json:"quote,omitempty"`
	Behaviour string        `json:"behaviour"`
	Fix       string        `json:"fix,omitempty"`
}

// GateOutcomeOf turns a gate's result into what a lane reads of it.
func GateOutcomeOf(r gates.Result) GateOutcome {
	out := GateOutcome{Gate: r.Gate, Version: r.Version, Outcome: r.Outcome, Findings: []GateFinding{}}
	for _, f := range r.Findings {
		if f.Verdict == gates.Pass {
			continue
		}
		out.Findings = append(out.Findings, GateFinding{Check: f.Check, Verdict: f.Verdict, Field: f.Span.Field,
			Quote: f.Span.Quote, Behaviour: f.Behaviour, Fix: f.Fix})
	}
	if r.Reason != "" {
		out.Findings = append(out.Findings, GateFinding{Check: string(r.Gate), Verdict: gates.Unknown, Behaviour: r.Reason})
	}
	return out
}

// Claim is a research claim attached to the problem, as the packet shows it.
type Claim struct {
	ID     string `json:"id"`
	Type   string `json:"type"`   // claim, lemma, bound, example, …
	Status string `json:"status"` // proposed, established, refuted, withdrawn
	// Relation is the current binding to the problem: addresses or resolves.
	Relation   string `json:"relation"`
	Summary    string `json:"summary"`
	Scope      string `json:"scope,omitempty"`
	Superseded bool   `json:"superseded"`
}

// Evidence is one piece of material the submitter had: a source excerpt, a search note, a
// candidate record the duplicate or known-answer search found, a computation's output.
type Evidence struct {
	Kind    string `json:"kind"`
	Label   string `json:"label"`
	Locator string `json:"locator,omitempty"`
	Text    string `json:"text"`
}

// AuditInput is what the audit lane sees: the same packet and evidence as the panel, and the
// panel's answers, whose consistency it checks.
type AuditInput struct {
	PanelInput
	Panel []PanelAnswer `json:"panel"`
}

// PanelAnswer is one panel role's parsed answer as the audit lane reads it. It names the role,
// not the lane: the audit judges answers, not the models behind them.
type PanelAnswer struct {
	Role   Role   `json:"role"`
	Answer Answer `json:"answer"`
}

// Digest is the SHA-256 of the input's canonical JSON. Every review of the same packet and
// evidence has the same digest, which the review gate compares with the current revision's.
func (in PanelInput) Digest() string { return digestOf(in.normalized()) }

// Digest is the SHA-256 of the audit input's canonical JSON.
func (in AuditInput) Digest() string { return digestOf(in.normalized()) }

// normalized writes absent lists as empty ones, so that a nil and an empty list read and digest
// the same.
func (in PanelInput) normalized() PanelInput {
	if in.Gates == nil {
		in.Gates = []GateOutcome{}
	}
	if in.Claims == nil {
		in.Claims = []Claim{}
	}
	if in.Evidence == nil {
		in.Evidence = []Evidence{}
	}
	return in
}

func (in AuditInput) normalized() AuditInput {
	in.PanelInput = in.PanelInput.normalized()
	if in.Panel == nil {
		in.Panel = []PanelAnswer{}
	}
	return in
}

func digestOf(v any) string {
	b, err := canonicalJSON(v)
	if err != nil { // every field marshals; a failure is a programming error
		panic("lanes: digest: " + err.Error())
	}
	return sha256Hex(b)
}

func sha256Hex(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// canonicalJSON encodes v as canonical JSON: object keys sorted, no insignificant whitespace,
// numbers as written, no HTML escaping. The request digest is the SHA-256 of exactly these
// bytes, which are also the bytes sent.
func canonicalJSON(v any) ([]byte, error) {
	var first bytes.Buffer
	enc := json.NewEncoder(&first)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	dec := json.NewDecoder(&first)
	dec.UseNumber()
	var generic any
	if err := dec.Decode(&generic); err != nil {
		return nil, err
	}
	var out bytes.Buffer
	enc = json.NewEncoder(&out)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(generic); err != nil {
		return nil, err
	}
	return bytes.TrimRight(out.Bytes(), "\n"), nil
}
