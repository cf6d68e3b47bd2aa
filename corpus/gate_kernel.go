package corpus

import (
	"context"
	"errors"
	"fmt"

	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/kernel"
)

// GateKernel is merge gate 7 of POLICY.md section 5: the kernel check and,
// when a round-trip lane is configured, the formal round trip.
const GateKernel = "KERNEL_CHECK"

// The kernel gate's checks.
const (
	CheckKernelBinding  = "kernel.binding"
	CheckKernelMetamath = "kernel.metamath"
	CheckKernelSecond   = "kernel.second-checker"
	CheckKernelAgree    = "kernel.agreement"
	kernelCheckApplies  = "kernel.applies"
)

// kernelGate is merge gate 7: each draft with a formal binding has its
// proof checked by Debian's metamath in the sandbox and re-checked by the
// second checker. A proof either rejects blocks the merge when both reject
// it; when they disagree the node merges with the incident recorded, and
// the kernel track gives it nothing until a person looks.
var kernelGate = &mergeGate{
	name: GateKernel, position: 7, version: "2",
	checks: map[string]string{
		kernelCheckApplies:  "The kernel gate checks each draft that has a formal binding.",
		CheckKernelBinding:  "A formal binding names METAMATH, a database of the configured formal library by its file name, and a $p label in it.",
		CheckKernelMetamath: "Debian's metamath, run in the sandbox on the database, accepts the proof of the label.",
		CheckKernelSecond:   "The second checker, written from the Metamath specification and sharing no code with metamath, accepts the proof of the label.",
		CheckKernelAgree:    "The two checkers reach the same verdict on the proof.",
		rtCheckApplies:      "The round trip translates the formal statement of each draft a person or an agent bound to a formal library.",
		CheckRoundTrip:      "A model's translation of the formal statement back into prose states what the node's statement states.",
	},
	run: func(ctx context.Context, st *state) error {
		if err := runKernel(ctx, st); err != nil {
			return err
		}
		// The round trip reads only proofs the kernel did not reject, and only with a lane.
		if m := st.models(ctx); m.err != nil {
			return m.err
		}
		if st.models(ctx).roundTrip == nil || outcome(st.rep.findings) == gates.OutcomeFail {
			return nil
		}
		return runRoundTrip(ctx, st)
	},
}

// formalRun is both checkers' verdicts on one draft's binding.
type formalRun struct {
	bindErr  error // the binding names nothing checkable
	mm       kernel.Verdict
	mmErr    error // metamath could not run to a verdict
	second   kernel.Verdict
	database string
}

// Passed are the checkers that accepted the proof.
func (r formalRun) passed() []string {
	var out []string
	if r.mmErr == nil && r.mm.Status == kernel.Pass {
		out = append(out, CheckerMetamath)
	}
	if r.bindErr == nil && r.second.Status == kernel.Pass {
		out = append(out, CheckerSecond)
	}
	return out
}

// disagree says both checkers reached a verdict and not the same one.
func (r formalRun) disagree() bool {
	return r.bindErr == nil && r.mmErr == nil && (r.mm.Status == kernel.Pass) != (r.second.Status == kernel.Pass)
}

// formalRun checks draft i's binding, or returns the check made before the
// transaction.
func (st *state) formalRun(ctx context.Context, i int) formalRun {
	if r, ok := st.pre.formal[i]; ok {
		return r
	}
	return st.s.checkFormal(ctx, *st.req.Drafts[i].Formal)
}

// checkFormal runs both checkers on a binding.
func (s *Service) checkFormal(ctx context.Context, f Formal) formalRun {
	r := formalRun{database: f.Database}
	if f.System != FormalMetamath {
		r.bindErr = fmt.Errorf("the formal system %q is not METAMATH", f.System)
		return r
	}
	db, err := s.formal.open(f.Database)
	if err != nil {
		r.bindErr = err
		return r
	}
	if db.perr == nil {
		if _, err := db.parsed.Uses(f.Label); err != nil {
			r.bindErr = err
			return r
		}
	}
	if r.second, err = db.second(f.Label); err != nil {
		r.bindErr = err
		return r
	}
	r.mm, r.mmErr = s.formal.metamath(ctx, db, f.Label)
	return r
}

func runKernel(ctx context.Context, st *state) error {
	ran := false
	for i, d := range st.req.Drafts {
		if d.Formal == nil {
			continue
		}
		ran = true
		r := st.formalRun(ctx, i)
		span := gates.Whole(draftField(i, "formal.label"), d.Formal.Label)
		if r.bindErr != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			field := "formal.label"
			if errors.Is(r.bindErr, ErrFormalDatabase) {
				field = "formal.database"
			}
			st.rep.fail(CheckKernelBinding, gates.Whole(draftField(i, field), d.Formal.Database), CodeInvalid,
				fmt.Sprintf("Draft %d's formal binding cannot be checked: %v.", i+1, r.bindErr),
				"Name METAMATH, a database of the formal library by its file name (such as ql.mm) and a $p label in it.")
			continue
		}
		st.rep.pass(CheckKernelBinding, span, fmt.Sprintf("Draft %d is bound to $p %s of %s.", i+1, d.Formal.Label, d.Formal.Database))
		switch {
		case r.mmErr != nil && ctx.Err() != nil:
			return ctx.Err()
		case r.mmErr != nil:
			st.rep.unknown(CheckKernelMetamath, span, fmt.Sprintf("metamath did not reach a verdict on %s: %v.", d.Formal.Label, r.mmErr))
		case r.mm.Status == kernel.Pass:
			st.rep.pass(CheckKernelMetamath, span, fmt.Sprintf("metamath accepts the proof of %s in %s.", d.Formal.Label, d.Formal.Database))
		}
		if r.second.Status == kernel.Pass {
			st.rep.pass(CheckKernelSecond, span, fmt.Sprintf("The second checker accepts the proof of %s.", d.Formal.Label))
		}
		switch {
		case r.disagree():
			st.rep.needsHuman(CheckKernelAgree, span,
				fmt.Sprintf("The checkers disagree on %s: metamath says %s (%s), the second checker %s (%s).", d.Formal.Label,
					r.mm.Status, r.mm.Reason, r.second.Status, r.second.Reason),
				"A person must read the proof; the kernel raises no level until then.")
		case r.mmErr == nil && r.mm.Status != kernel.Pass:
			st.rep.fail(CheckKernelMetamath, span, "", fmt.Sprintf("Both checkers reject the proof of %s: metamath says %s; the second checker, at step %d, %s.",
				d.Formal.Label, r.mm.Reason, r.second.Step, r.second.Reason), "Bind the draft to a label whose proof checks, or correct the database.")
		case r.mmErr == nil:
			st.rep.pass(CheckKernelAgree, span, "Both checkers accept the proof.")
		}
	}
	if !ran {
		st.rep.pass(kernelCheckApplies, gates.Absent("nodes"), "No draft has a formal binding.")
	}
	return nil
}
