package corpus

import (
	"context"
	"fmt"

	"github.com/theoremdb/theoremdb/gates"
)

// PolicyVersion is the corpus policy the merge gates implement; findings
// are stamped with it.
const PolicyVersion = "corpus-quality-k09"

// Merge gate names, the values of the GraphQL enum.
const (
	GateIntake       = "INTAKE"
	GateCopy         = "COPY_CHECK"
	GateSources      = "SOURCE_CONFIRMATION"
	GateNames        = "THEOREM_NAMES"
	GateStatement    = "STATEMENT_CHECKS"
	GateDependencies = "PROOF_DEPENDENCIES"
)

// mergeGate is one gate of POLICY.md section 5's order: its number there,
// its version, the criteria of its checks, and the function that applies
// them to a request.
type mergeGate struct {
	name     string
	position int
	version  string
	checks   map[string]string // check ID to criterion
	run      func(ctx context.Context, st *state) error
}

// Order is the merge gates in the fixed order of POLICY.md section 5, by
// their number there: small cases (6), the kernel check and the formal
// round trip (7), the independent model judges (8) and the hypothesis
// check (9) among them. The round trip, the judges and the hypothesis check
// call a model, and only when their lanes are configured (a judge only once
// it is qualified).
func Order() []string {
	out := make([]string, len(order))
	for i, g := range order {
		out[i] = g.name
	}
	return out
}

var order = []*mergeGate{intakeGate, copyGate, sourcesGate, namesGate, statementGate, smallCasesGate, kernelGate, judgesGate,
	hypothesesGate, dependenciesGate}

// report collects one gate's findings as its checks run.
type report struct {
	gate     *mergeGate
	findings []Finding
}

func (r *report) add(check string, sp gates.Span, v gates.Verdict, ev gates.Evidence, code, behaviour, fix string) {
	crit, ok := r.gate.checks[check]
	if !ok {
		panic("corpus: gate " + r.gate.name + " has no check " + check)
	}
	f := Finding{Finding: gates.Finding{Check: check, Criterion: crit, Policy: PolicyVersion, Span: sp,
		Behaviour: behaviour, Evidence: ev, Verdict: v}, Code: code}
	if v != gates.Pass {
		f.Fix = fix
	}
	if v == gates.Fail {
		f.Consequence = "blocks merge"
	}
	r.findings = append(r.findings, f)
}

func (r *report) pass(check string, sp gates.Span, behaviour string) {
	r.add(check, sp, gates.Pass, gates.Supports, "", behaviour, "")
}

func (r *report) fail(check string, sp gates.Span, code, behaviour, fix string) {
	r.add(check, sp, gates.Fail, gates.Contradicts, code, behaviour, fix)
}

func (r *report) needsHuman(check string, sp gates.Span, behaviour, fix string) {
	r.add(check, sp, gates.NeedsHuman, gates.Insufficient, "", behaviour, fix)
}

func (r *report) unknown(check string, sp gates.Span, behaviour string) {
	r.add(check, sp, gates.Unknown, gates.Insufficient, "", behaviour, "")
}

// outcome derives the gate's outcome from its findings as a problem gate's
// is derived.
func outcome(fs []Finding) gates.Outcome {
	plain := make([]gates.Finding, len(fs))
	for i, f := range fs {
		plain[i] = f.Finding
	}
	return gates.OutcomeOf(plain)
}

// runGates applies the merge gates to st in order and stops after the
// first that fails. It returns every gate that ran; the last one is the
// failure when the request failed.
func runGates(ctx context.Context, st *state) ([]GateResult, error) {
	var out []GateResult
	for _, g := range order {
		st.rep = &report{gate: g}
		if err := g.run(ctx, st); err != nil {
			return nil, fmt.Errorf("gate %s: %w", g.name, err)
		}
		res := GateResult{Gate: g.name, Position: g.position, Version: g.version, Outcome: outcome(st.rep.findings),
			Findings: st.rep.findings}
		out = append(out, res)
		if res.Outcome == gates.OutcomeFail {
			break
		}
	}
	return out, nil
}

// Failed reports whether a run of the gates stopped at a failure.
func Failed(rs []GateResult) bool {
	return len(rs) > 0 && rs[len(rs)-1].Outcome == gates.OutcomeFail
}

// field paths into the request's input.
func draftField(i int, name string) string { return fmt.Sprintf("nodes[%d].%s", i, name) }

func draftItem(i int, name string, j int) string { return fmt.Sprintf("nodes[%d].%s[%d]", i, name, j) }
