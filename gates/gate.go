package gates

import (
	"context"
	"fmt"
	"runtime/debug"
	"slices"
	"time"
)

// PolicyNumber is the number of the review policy the gates implement, as pages say it
// ("policy v5"); PolicyVersion is the name a decision or a finding is stamped with. These are
// the one spelling of the policy's version: policy.Version is PolicyVersion.
const (
	PolicyNumber  = "v5"
	PolicyVersion = "review-quality-" + PolicyNumber
)

// Name names a gate. The values are the GraphQL enum values.
type Name string

// The gates, in the order the policy lists them.
const (
	Statement     Name = "STATEMENT"
	Acceptance    Name = "ACCEPTANCE"
	Provenance    Name = "PROVENANCE"
	OpenStatus    Name = "OPEN_STATUS"
	Duplicate     Name = "DUPLICATE"
	References    Name = "REFERENCES"
	Consistency   Name = "CONSISTENCY"
	Hero          Name = "HERO"
	Computational Name = "COMPUTATIONAL"
)

// Verdict is whether what a check observed satisfies its criterion.
type Verdict string

// Verdicts. A NEEDS_HUMAN verdict is a check a machine cannot certify; UNKNOWN is one that could
// not run.
const (
	Pass       Verdict = "PASS"
	Fail       Verdict = "FAIL"
	NeedsHuman Verdict = "NEEDS_HUMAN"
	Unknown    Verdict = "UNKNOWN"
)

// Outcome is a gate's result. PENDING is the outcome of a run not finished yet.
type Outcome string

// Outcomes.
const (
	OutcomePending    Outcome = "PENDING"
	OutcomePass       Outcome = "PASS"
	OutcomeFail       Outcome = "FAIL"
	OutcomeNeedsHuman Outcome = "NEEDS_HUMAN"
	OutcomeUnknown    Outcome = "UNKNOWN"
)

// Evidence is what the observed behaviour says about the criterion.
type Evidence string

// Evidence classes.
const (
	Supports     Evidence = "SUPPORTS"
	Contradicts  Evidence = "CONTRADICTS"
	Insufficient Evidence = "INSUFFICIENT"
)

// BlocksQualify is the consequence a gate with the authority for one attaches to a failing
// finding: the policy refuses qualify while a gate fails.
const BlocksQualify = "blocks qualify"

// Span is the place in the packet a finding looked at: a field path ("statement",
// "exposition[2].body", "references[1].locator"), byte offsets into that field's text and the
// quoted text. A finding about something absent names the field it is absent from, with empty
// offsets and quote.
type Span struct {
	Field string `json:"field"`
	Start int    `json:"start"`
	End   int    `json:"end"`
	Quote string `json:"quote"`
}

// Finding is one auditable unit: a check applied to a span.
type Finding struct {
	Check     string `json:"check"`
	Criterion string `json:"criterion"`
	Policy    string `json:"policy"`
	Span      Span   `json:"span"`
	// Behaviour is what was observed, one sentence.
	Behaviour string   `json:"behaviour"`
	Evidence  Evidence `json:"evidence"`
	Verdict   Verdict  `json:"verdict"`
	// Fix is a revision request a proposer can apply; empty on a pass.
	Fix string `json:"fix,omitempty"`
	// Consequence is set only where the gate has the authority for one.
	Consequence string `json:"consequence,omitempty"`
}

// Check is one criterion a gate applies.
type Check struct {
	// ID is stable across versions ("statement.variable-domain").
	ID string
	// Criterion is the policy's text the check applies.
	Criterion string
	// Certifies says whether the check can FAIL on its own authority; a check that can only
	// say PASS or NEEDS_HUMAN does not claim a FAIL (and calibration measures it as such).
	Certifies bool
}

// Gate is a named, versioned list of checks and the function that applies them.
type Gate struct {
	Name    Name
	Version string
	Checks  []Check
	run     func(ctx context.Context, r *Revision, env Env, out *Report)
}

// Check returns the gate's check with the given ID; it panics on an unknown ID, which is a
// programming error caught by the tests.
func (g *Gate) Check(id string) Check {
	for _, c := range g.Checks {
		if c.ID == id {
			return c
		}
	}
	panic("gates: " + string(g.Name) + " has no check " + id)
}

// Result is one gate's run on one revision.
type Result struct {
	Gate     Name
	Version  string
	Outcome  Outcome
	Reason   string // why the outcome is UNKNOWN without a finding saying so (panic, timeout)
	Findings []Finding
	Started  time.Time
	Finished time.Time
}

// Report collects a gate's findings as its checks run.
type Report struct {
	gate     *Gate
	findings []Finding
}

func (rp *Report) add(id string, sp Span, v Verdict, ev Evidence, behaviour, fix string) {
	c := rp.gate.Check(id)
	f := Finding{Check: id, Criterion: c.Criterion, Policy: PolicyVersion, Span: sp, Behaviour: behaviour,
		Evidence: ev, Verdict: v}
	if v != Pass {
		f.Fix = fix
	}
	if v == Fail {
		f.Consequence = BlocksQualify
	}
	rp.findings = append(rp.findings, f)
}

// Pass records that the check holds at sp.
func (rp *Report) Pass(id string, sp Span, behaviour string) {
	rp.add(id, sp, Pass, Supports, behaviour, "")
}

// Fail records that the check fails at sp, with the revision request that fixes it.
func (rp *Report) Fail(id string, sp Span, behaviour, fix string) {
	rp.add(id, sp, Fail, Contradicts, behaviour, fix)
}

// NeedsHuman records that a person must read sp to decide the check.
func (rp *Report) NeedsHuman(id string, sp Span, behaviour, fix string) {
	rp.add(id, sp, NeedsHuman, Insufficient, behaviour, fix)
}

// Unknown records that the check could not run.
func (rp *Report) Unknown(id string, sp Span, behaviour string) {
	rp.add(id, sp, Unknown, Insufficient, behaviour, "")
}

// has reports whether the check id has a finding yet.
func (rp *Report) has(id string) bool {
	return slices.ContainsFunc(rp.findings, func(f Finding) bool { return f.Check == id })
}

// OutcomeOf derives a gate's outcome from its findings: FAIL if any check fails, else UNKNOWN if
// any could not run, else NEEDS_HUMAN if any needs a person, else PASS.
func OutcomeOf(fs []Finding) Outcome {
	out := OutcomePass
	for _, f := range fs {
		switch {
		case f.Verdict == Fail:
			return OutcomeFail
		case f.Verdict == Unknown:
			out = OutcomeUnknown
		case f.Verdict == NeedsHuman && out == OutcomePass:
			out = OutcomeNeedsHuman
		}
	}
	return out
}

// DefaultTimeout bounds one gate's run.
const DefaultTimeout = 10 * time.Second

// RunGate runs one gate on r within timeout. A panic or an overrun is UNKNOWN with the reason; a
// check the gate forgot to report is UNKNOWN too, so that a gate never passes by omission.
func RunGate(ctx context.Context, g *Gate, r *Revision, env Env, timeout time.Duration) Result {
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	now := env.now()
	res := Result{Gate: g.Name, Version: g.Version, Started: now}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	done := make(chan Result, 1)
	go func() {
		rp := &Report{gate: g}
		defer func() {
			if p := recover(); p != nil {
				done <- Result{Outcome: OutcomeUnknown, Reason: fmt.Sprintf("the gate stopped with an internal error: %v\n%s", p, debug.Stack())}
			}
		}()
		g.run(ctx, r, env, rp)
		for _, c := range g.Checks {
			if !rp.has(c.ID) {
				rp.Unknown(c.ID, Span{}, "the check reported nothing, so it is counted as not run")
			}
		}
		done <- Result{Outcome: OutcomeOf(rp.findings), Findings: rp.findings}
	}()
	select {
	case got := <-done:
		res.Outcome, res.Reason, res.Findings = got.Outcome, got.Reason, got.Findings
	case <-ctx.Done():
		res.Outcome = OutcomeUnknown
		res.Reason = fmt.Sprintf("the gate did not finish within %s", timeout)
	}
	res.Finished = env.now()
	return res
}

// All is every gate, in the policy's order. The computational gate applies to bounded
// computational problems only; on others it passes with one finding saying so.
func All() []*Gate {
	return []*Gate{statementGate, acceptanceGate, provenanceGate, openStatusGate, duplicateGate,
		referencesGate, consistencyGate, heroGate, computationalGate}
}

// ByName returns the gate with the given name.
func ByName(n Name) (*Gate, bool) {
	for _, g := range All() {
		if g.Name == n {
			return g, true
		}
	}
	return nil, false
}

// Run runs every gate on r, each isolated from the others.
func Run(ctx context.Context, r *Revision, env Env) []Result {
	gs := All()
	out := make([]Result, len(gs))
	for i, g := range gs {
		out[i] = RunGate(ctx, g, r, env, 0)
	}
	return out
}
