package lanes

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"
)

// A judge (K09 9.3.3) reads one corpus node, a statement or a proof, one step at a time and
// reports each step it cannot follow. It is given the node, its linked nodes and its sources,
// never the run that wrote it: JudgeInput has no place for a writer. Judges are not panel
// roles and are not in the lane register's roles; whether a judge may judge at all is decided
// above this package, by its measured rate on the labelled set of sanity.BuildJudgeSet.

// JudgeRole is the role a judge's Result records.
const JudgeRole Role = "JUDGE"

// MaxJudgeSteps bounds the steps of one node a judge is sent; a longer node fails with
// INPUT_TOO_LARGE and goes to a person.
const MaxJudgeSteps = 200

var judgePrompts = loadPromptDir(promptFiles, JudgeRole, "judge")

// loadPromptDir reads prompts/<dir>/<version>.md for a model check that is not a panel role
// (its answer has its own schema, so no required checks are read); a malformed one panics, as
// for the roles.
func loadPromptDir(fsys fs.FS, role Role, dir string) []Prompt {
	entries, err := fs.ReadDir(fsys, path.Join("prompts", dir))
	if err != nil {
		panic("lanes: " + dir + " prompts: " + err.Error())
	}
	var out []Prompt
	for _, e := range entries {
		version, ok := strings.CutSuffix(e.Name(), ".md")
		if e.IsDir() || !ok {
			continue
		}
		if !versionRE.MatchString(version) {
			panic("lanes: " + dir + " prompt " + e.Name() + ": a version is v1, v2, …")
		}
		b, err := fs.ReadFile(fsys, path.Join("prompts", dir, e.Name()))
		if err != nil {
			panic("lanes: " + dir + " prompt " + e.Name() + ": " + err.Error())
		}
		sum := sha256.Sum256(b)
		out = append(out, Prompt{Role: role, Version: version, Text: string(b), Digest: hex.EncodeToString(sum[:])})
	}
	if len(out) == 0 {
		panic("lanes: no " + dir + " prompt")
	}
	slices.SortFunc(out, func(a, b Prompt) int { return versionNumber(a.Version) - versionNumber(b.Version) })
	return out
}

func lookupIn(ps []Prompt, what, version string) (Prompt, error) {
	for _, p := range ps {
		if p.Version == version {
			return p, nil
		}
	}
	return Prompt{}, fmt.Errorf("lanes: the %s has no prompt version %q", what, version)
}

// LookupJudgePrompt returns the judge prompt of the given version.
func LookupJudgePrompt(version string) (Prompt, error) {
	return lookupIn(judgePrompts, "judge", version)
}

// LatestJudgePrompt is the newest judge prompt.
func LatestJudgePrompt() Prompt { return judgePrompts[len(judgePrompts)-1] }

// JudgeLinked is a node the judged node uses or proves, which the judge may take as given.
type JudgeLinked struct {
	Node      string `json:"node"`
	Kind      string `json:"kind"`
	Title     string `json:"title"`
	Statement string `json:"statement"`
}

// JudgeInput is everything a judge reads.
type JudgeInput struct {
	Node  string `json:"node"`
	Kind  string `json:"kind"`
	Title string `json:"title"`
	// Statement is, for a proof, the statement it proves; for a statement, itself.
	Statement string        `json:"statement"`
	Steps     []string      `json:"steps"`
	Linked    []JudgeLinked `json:"linked"`
	Sources   []string      `json:"sources"`
}

// Digest names the input: the SHA-256 of its canonical JSON.
func (in JudgeInput) Digest() string { return digestOf(in) }

// SplitSteps cuts a text into steps: its sentences, ending at a full stop, a question mark or
// a blank line outside formulas ($…$, $$…$$, \(…\), \[…\]). Empty steps are dropped.
func SplitSteps(text string) []string {
	var (
		out   []string
		start int
		math  int // >0 inside a formula
	)
	cut := func(end int) {
		if s := strings.TrimSpace(text[start:end]); s != "" {
			out = append(out, s)
		}
		start = end
	}
	for i := 0; i < len(text); i++ {
		switch c := text[i]; {
		case c == '\\' && i+1 < len(text):
			switch text[i+1] {
			case '(', '[':
				math++
			case ')', ']':
				math = max(0, math-1)
			}
			i++
		case c == '$':
			if i+1 < len(text) && text[i+1] == '$' {
				i++
			}
			if math > 0 {
				math--
			} else {
				math++
			}
		case math > 0:
		case (c == '.' || c == '?') && (i+1 == len(text) || text[i+1] == ' ' || text[i+1] == '\n'):
			cut(i + 1)
		case c == '\n' && i+1 < len(text) && text[i+1] == '\n':
			cut(i + 1)
		}
	}
	cut(len(text))
	return out
}

// StepVerdict is a judge's word on one step.
type StepVerdict struct {
	Step    int    `json:"step"`
	Follows bool   `json:"follows"`
	Reason  string `json:"reason"`
}

// JudgeVerdict is one judge's reading of one node: the call as a Result records it (model
// version, prompt digest, cost, failure) and, when the answer parsed, a verdict per step.
type JudgeVerdict struct {
	Result *Result
	Steps  []StepVerdict
}

// Rejected are the steps the judge could not follow.
func (v *JudgeVerdict) Rejected() []StepVerdict {
	var out []StepVerdict
	for _, s := range v.Steps {
		if !s.Follows {
			out = append(out, s)
		}
	}
	return out
}

// Passed says the judge answered and followed every step. A failed call never passes.
func (v *JudgeVerdict) Passed() bool {
	return v != nil && v.Result != nil && v.Result.Failure == "" && len(v.Steps) > 0 && len(v.Rejected()) == 0
}

// Judge is one judge lane.
type Judge struct{ a *asker }

// NewJudge builds a judge from a lane's configuration: a provider that calls a model (never
// the baseline), a judge prompt version, and the call's limits. Role is set to JudgeRole.
func NewJudge(cfg Config, opts ...Option) (*Judge, error) {
	a, err := newAsker(JudgeRole, judgePrompts, "judge", cfg, opts)
	if err != nil {
		return nil, err
	}
	return &Judge{a: a}, nil
}

// Config is the judge's configuration.
func (j *Judge) Config() Config { return j.a.lane.cfg }

// Judge asks the judge to read in. It always returns the verdict with its Result; when the
// call or its answer failed, the error too, and the verdict passes nothing.
func (j *Judge) Judge(ctx context.Context, in JudgeInput) (*JudgeVerdict, error) {
	v := &JudgeVerdict{}
	var precheck error
	switch {
	case len(in.Steps) == 0:
		precheck = fail(FailureInvalidConfig, "the node has no step to judge")
	case len(in.Steps) > MaxJudgeSteps:
		precheck = fail(FailureInputTooLarge, "the node has %d steps, more than %d", len(in.Steps), MaxJudgeSteps)
	}
	res, err := j.a.ask(ctx, in, in.Digest(), "node", JudgeSchema(), precheck, func(text string) (err error) {
		v.Steps, err = ParseJudgeAnswer(len(in.Steps), text)
		return err
	})
	v.Result = res
	if err != nil {
		v.Steps = nil
	}
	return v, err
}

// JudgeSchema is the JSON Schema of a judge's answer.
func JudgeSchema() map[string]any {
	return map[string]any{
		"type": "object",
		"properties": map[string]any{
			"steps": map[string]any{"type": "array", "items": map[string]any{
				"type": "object",
				"properties": map[string]any{
					"step":    map[string]any{"type": "integer"},
					"follows": map[string]any{"type": "boolean"},
					"reason":  map[string]any{"type": "string", "description": "One sentence; for a step that does not follow, what is missing or wrong."},
				},
				"required":             []string{"step", "follows", "reason"},
				"additionalProperties": false,
			}},
		},
		"required":             []string{"steps"},
		"additionalProperties": false,
	}
}

// ParseJudgeAnswer reads a judge's output strictly: one JSON object with exactly "steps", one
// entry per step 1..n in order, each with exactly step, follows and reason. Anything else is a
// distinct *Error, never a verdict.
func ParseJudgeAnswer(n int, output string) ([]StepVerdict, error) {
	raw, err := oneObject(output)
	if err != nil {
		return nil, err
	}
	members, err := readObject(raw, "")
	if err != nil {
		return nil, err
	}
	var list json.RawMessage
	for _, m := range members {
		if m.key != "steps" {
			return nil, failAt(FailureUnknownField, m.key, "the judge's answer has only steps")
		}
		list = m.value
	}
	if list == nil {
		return nil, failAt(FailureMissingField, "steps", "the answer has no steps")
	}
	var items []json.RawMessage
	if kindOf(list) != '[' {
		return nil, failAt(FailureWrongType, "steps", "steps is a JSON array, not %s", kindName(list))
	}
	if err := json.Unmarshal(list, &items); err != nil {
		return nil, &Error{Failure: FailureMalformedJSON, Path: "steps", Err: err}
	}
	out := make([]StepVerdict, 0, n)
	for i, item := range items {
		p := "steps[" + strconv.Itoa(i) + "]"
		if i >= n {
			return nil, failAt(FailureUnknownCheck, p, "the node has %d steps; the answer judges more", n)
		}
		fields, err := readObject(item, p)
		if err != nil {
			return nil, err
		}
		var sv StepVerdict
		seen := map[string]bool{}
		for _, f := range fields {
			seen[f.key] = true
			switch f.key {
			case "step":
				if kindOf(f.value) == '"' || kindOf(f.value) == '{' || kindOf(f.value) == '[' || json.Unmarshal(f.value, &sv.Step) != nil {
					return nil, failAt(FailureWrongType, p+".step", "a step number is an integer, not %s", kindName(f.value))
				}
			case "follows":
				if err := readBool(f.value, p+".follows", &sv.Follows); err != nil {
					return nil, err
				}
			case "reason":
				if err := readString(f.value, p+".reason", &sv.Reason); err != nil {
					return nil, err
				}
				if err := boundedText(sv.Reason, p+".reason", MaxReasonRunes); err != nil {
					return nil, err
				}
			default:
				return nil, failAt(FailureUnknownField, p+"."+f.key, "a step has only step, follows and reason")
			}
		}
		for _, k := range []string{"step", "follows", "reason"} {
			if !seen[k] {
				return nil, failAt(FailureMissingField, p+"."+k, "the step's entry has no %q", k)
			}
		}
		if sv.Step != i+1 {
			return nil, failAt(FailureInvalidValue, p+".step", "entry %d judges step %d; the steps are answered in order", i+1, sv.Step)
		}
		out = append(out, sv)
	}
	if len(out) < n {
		return nil, failAt(FailureMissingCheck, "steps["+strconv.Itoa(len(out))+"]", "the answer judges %d of the node's %d steps", len(out), n)
	}
	return out, nil
}
