package policy

import (
	"fmt"
	"slices"
	"strings"

	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/lanes"
)

// The review gate reads every one of the nine deterministic gates. A FAIL stops the
// recommendation; a check that could not run stops it too (GATE_NOT_RUN); and a NEEDS_HUMAN
// finding stops it unless it is a judgement one panel role makes by reading the packet, and that
// role's review confirmed it. The panel's roles are exactly the reading the policy asks for:
// mathematical critique reads the statement alone, prior art searches equivalent formulations
// and the open status, formal readiness reads the acceptance test. A finding that needs a person
// to look at something the panel does not see (a source at its locator, a record in the record
// plane, bespoke art) stays with people.

// GateCheckFinding is one finding of a gate's run as the review gate reads it.
type GateCheckFinding struct {
	Check   string
	Verdict gates.Verdict
}

// GateRunInput is one gate's current run on the reviewed revision.
type GateRunInput struct {
	Gate    gates.Name
	Outcome gates.Outcome
	// Reason says why the run is UNKNOWN with no finding (a panic, a timeout, another version).
	Reason   string
	Findings []GateCheckFinding
}

// RoleConfirmation names the panel role that may confirm a gate check a machine cannot certify,
// and the checks of that role's answer that must all be confirmed for it.
type RoleConfirmation struct {
	Role   lanes.Role
	Checks []string
}

// roleConfirmable is, per gate check, the role that may confirm its NEEDS_HUMAN finding. A check
// not listed here can be confirmed only by a person.
var roleConfirmable = map[string]RoleConfirmation{
	"statement.explicit-objects":        {lanes.MathCritique, []string{"explicit_target", "textbook_quality"}},
	"duplicate.equivalent-formulations": {lanes.PriorArt, []string{"nearby_formulations", "no_duplicate"}},
	"open-status.target-absent":         {lanes.PriorArt, []string{"target_absent"}},
	"open-status.uncertainty":           {lanes.PriorArt, []string{"uncertainty_narrow"}},
	"consistency.incumbent":             {lanes.MathCritique, []string{"baseline_not_sufficient"}},
	"consistency.computation-object":    {lanes.MathCritique, []string{"internal_consistency"}},
	"acceptance.independent-check":      {lanes.FormalReadiness, []string{"independently_checkable"}},
}

// ConfirmingRole says which panel role may confirm a NEEDS_HUMAN finding of check, and by which
// of its own checks; false when only a person may.
func ConfirmingRole(check string) (RoleConfirmation, bool) {
	c, ok := roleConfirmable[check]
	return c, ok
}

// RoleConfirmableChecks lists the gate checks a panel role may confirm, sorted.
func RoleConfirmableChecks() []string {
	out := make([]string, 0, len(roleConfirmable))
	for k := range roleConfirmable {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// roleConfirmed reports whether the panel's review of c.Role confirmed every check c names.
func (g *reviewGate) roleConfirmed(c RoleConfirmation) bool {
	var review *GateReview
	n := 0
	for i, r := range g.in.Panel {
		if r.Role == c.Role {
			review, n = &g.in.Panel[i], n+1
		}
	}
	if n != 1 || review.Failure != "" || review.Answer == nil || review.Answer.Recommendation != lanes.Qualify {
		return false
	}
	for _, id := range c.Checks {
		if a, ok := review.Answer.Check(id); !ok || !a.Confirmed {
			return false
		}
	}
	return true
}

// gateCode is the reason code of a gate that does not pass for a reason other than not running:
// the statement and hero gates keep their own (the problem-display standard), the others say
// whether a check failed or waits for a person.
func gateCode(g gates.Name, failed bool) ReviewReasonCode {
	switch {
	case g == gates.Statement:
		return ReasonStatementGate
	case g == gates.Hero:
		return ReasonHeroGate
	case failed:
		return ReasonGateFailed
	}
	return ReasonGateNeedsPerson
}

// gateRuns checks the nine gates' current runs on the reviewed revision.
func (g *reviewGate) gateRuns() {
	byGate := map[gates.Name]GateRunInput{}
	for _, r := range g.in.Gates {
		byGate[r.Gate] = r
	}
	for _, gt := range gates.All() {
		r, ok := byGate[gt.Name]
		word := gateNameWord(gt.Name)
		switch {
		case !ok || r.Outcome == "" || r.Outcome == gates.OutcomePending:
			g.add(ReasonGateNotRun, "", "the %s gate has not run on this revision", word)
			continue
		case r.Outcome == gates.OutcomeUnknown && len(r.Findings) == 0:
			g.add(ReasonGateNotRun, "", "the %s gate could not run: %s", word, OneLine(r.Reason, 160))
			continue
		}
		var failed, unrun, person []string
		unconfirmed := map[lanes.Role][]string{}
		for _, f := range r.Findings {
			switch f.Verdict {
			case gates.Pass:
			case gates.Fail:
				failed = append(failed, f.Check)
			case gates.NeedsHuman:
				c, ok := ConfirmingRole(f.Check)
				switch {
				case !ok:
					person = append(person, f.Check)
				case !g.roleConfirmed(c):
					unconfirmed[c.Role] = append(unconfirmed[c.Role], fmt.Sprintf("%s (by its %s)", f.Check, strings.Join(c.Checks, ", ")))
				}
			default:
				unrun = append(unrun, f.Check)
			}
		}
		if len(unrun) > 0 {
			g.add(ReasonGateNotRun, "", "%s could not run: %s", plural(len(unrun), "a check", "checks"), strings.Join(dedupe(unrun), ", "))
		}
		if len(failed) > 0 {
			g.add(gateCode(gt.Name, true), "", "the %s gate fails: %s", word, strings.Join(dedupe(failed), ", "))
		}
		if len(person) > 0 {
			g.add(gateCode(gt.Name, false), "", "the %s gate needs a person for %s; no panel role may confirm %s", word,
				strings.Join(dedupe(person), ", "), plural(len(dedupe(person)), "it", "them"))
		}
		for _, role := range lanes.PanelRoles {
			if u := unconfirmed[role]; len(u) > 0 {
				g.add(gateCode(gt.Name, false), role, "the %s gate needs the %s review to confirm %s", word, role, strings.Join(dedupe(u), "; "))
			}
		}
	}
}

func gateNameWord(g gates.Name) string {
	return strings.ReplaceAll(strings.ToLower(string(g)), "_", " ")
}

func dedupe(xs []string) []string {
	var out []string
	for _, x := range xs {
		if !slices.Contains(out, x) {
			out = append(out, x)
		}
	}
	return out
}
