package corpus

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/sandbox"
	"github.com/theoremdb/theoremdb/sanity"
)

// GateSmallCases is merge gate 6 of POLICY.md section 5.
const GateSmallCases = "SMALL_CASES"

const (
	scCheckApplies = "small-cases.applies"
	scCheckProgram = "small-cases.program"
)

// smallCasesGate is merge gate 6: each draft's small-case program, run in
// the sandbox. A counterexample blocks the merge; a crash, a timeout or
// output in neither form of the protocol is UNKNOWN, never a pass.
var smallCasesGate = &mergeGate{
	name: GateSmallCases, position: 6, version: "1",
	checks: map[string]string{
		scCheckApplies:         "The small-case gate runs each draft's small-case program.",
		scCheckProgram:         "A small-case test names a language (PYTHON or GP), a program of at most 64 KiB and a bound that is not negative.",
		sanity.CheckSmallCases: "No instance the small-case program enumerates up to its bound contradicts the statement.",
		sanity.CheckSandbox:    "The small-case program keeps to the sandbox's rules and bounds.",
	},
	run: runSmallCases,
}

// smallRun is one draft's small-case run, made before the merge's
// transaction opens so that no transaction waits on a program.
type smallRun struct {
	out sanity.Outcome
	err error
}

// counterexample is a witness the gate found, which the failed request's
// processing turns into a computation node and a job for a person.
type counterexample struct {
	draft   int
	witness string
}

// smallCaseRun runs draft i's program, or returns the run made before the
// transaction.
func (st *state) smallCaseRun(ctx context.Context, i int) smallRun {
	if r, ok := st.pre.small[i]; ok {
		return r
	}
	sc := st.req.Drafts[i].SmallCases
	out, err := sanity.Check(ctx, sanity.SmallCases{Language: sanity.Language(sc.Language), Program: sc.Program, Bound: sc.Bound},
		st.s.smallLimits)
	return smallRun{out: out, err: err}
}

func runSmallCases(ctx context.Context, st *state) error {
	ran := false
	for i, d := range st.req.Drafts {
		if d.SmallCases == nil {
			continue
		}
		ran = true
		r := st.smallCaseRun(ctx, i)
		span := gates.Whole(draftField(i, "smallCases.program"), d.SmallCases.Program)
		switch {
		case r.err != nil && ctx.Err() != nil:
			return ctx.Err()
		case errors.Is(r.err, sandbox.ErrUnavailable):
			st.rep.unknown(sanity.CheckSmallCases, span,
				fmt.Sprintf("Draft %d's small-case program was not run: this server has no sandbox (%v).", i+1, r.err))
		case r.err != nil:
			st.rep.fail(scCheckProgram, span, CodeInvalid, fmt.Sprintf("Draft %d's small-case test cannot run: %v.", i+1, r.err),
				"Give the language (PYTHON or GP), a program of at most 64 KiB and a bound that is not negative.")
		default:
			for _, f := range r.out.Findings {
				f.Span.Field = draftField(i, f.Span.Field)
				f.Policy = PolicyVersion
				st.rep.findings = append(st.rep.findings, Finding{Finding: f})
			}
			if r.out.Counterexample() {
				st.counterexamples = append(st.counterexamples, counterexample{draft: i, witness: r.out.Witness})
			}
		}
	}
	if !ran {
		st.rep.pass(scCheckApplies, gates.Absent("nodes"), "No draft carries a small-case test.")
	}
	return nil
}

// computationDraft is the node that records a counterexample: the witness
// and the program that found it, so that a person can read both.
func computationDraft(crID string, d Draft, c counterexample) Draft {
	title := "A small-case counterexample to " + strings.TrimSpace(d.Title)
	if r := []rune(title); len(r) > MaxTitle {
		title = string(r[:MaxTitle-1]) + "…"
	}
	lang := strings.ToLower(d.SmallCases.Language)
	var b strings.Builder
	fmt.Fprintf(&b, "The small-case test of change request %s (draft %d, %q) found an instance that contradicts its statement:\n\n",
		crID, c.draft+1, d.Label)
	fmt.Fprintf(&b, "```\nCOUNTEREXAMPLE %s\n```\n\n", c.witness)
	fmt.Fprintf(&b, "The program, in %s with bound %d, ran in the sandbox:\n\n```%s\n%s\n```\n", d.SmallCases.Language, d.SmallCases.Bound,
		lang, strings.TrimRight(d.SmallCases.Program, "\n"))
	return Draft{Kind: Computation, Title: title, Body: b.String(),
		Label: "counterexample-" + labelPart(crID) + fmt.Sprintf("-%d", c.draft+1)}
}

// labelPart is s as lower-case letters, digits and hyphens.
func labelPart(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
		default:
			b.WriteByte('-')
		}
	}
	return b.String()
}
