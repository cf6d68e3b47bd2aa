package policy

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/claim"
	"github.com/theoremdb/theoremdb/ent/decision"
	"github.com/theoremdb/theoremdb/ent/finding"
	"github.com/theoremdb/theoremdb/ent/gaterun"
	"github.com/theoremdb/theoremdb/ent/revision"
	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/packet"
)

// staleRevision is the refusal of a decision on a revision that is not the problem's current one.
func (t *tx) staleRevision(ctx context.Context, p *ent.Problem, revisionID string) error {
	rev, err := t.Revision.Query().Where(revision.ID(revisionID), revision.ProblemID(p.ID)).Only(ctx)
	if ent.IsNotFound(err) {
		return refuse(CodeNotFound, fmt.Sprintf("%s has no revision %q", p.ID, revisionID), "revisionId")
	}
	if err != nil {
		return fmt.Errorf("revision: %w", err)
	}
	return refuse(CodeStaleRevision, fmt.Sprintf("you read revision %d of %s, and a newer revision has been submitted since: read the current revision and decide on it",
		rev.Number, p.ID), "revisionId")
}

// checkConfirmations checks the decision's answers to the reviewed revision's findings against
// its current gate runs, and returns them as recorded (with each finding's check). Qualify is
// refused while a gate is pending or failing, while a gate or check has not run or could not
// run (UNKNOWN: nobody can say it passes, so it blocks qualify as a failing one does, with
// GATE_NOT_RUN naming it), and until every NEEDS_HUMAN finding has been confirmed to hold; any
// decision may answer findings, and each answer must name one of the revision's open findings.
func (t *tx) checkConfirmations(ctx context.Context, in DecisionInput) ([]packet.FindingConfirmation, error) {
	runs, err := t.GateRun.Query().Where(gaterun.RevisionID(in.RevisionID)).
		WithFindings(func(q *ent.FindingQuery) {
			q.Where(finding.VerdictIn(finding.VerdictNEEDS_HUMAN, finding.VerdictUNKNOWN)).Order(ent.Asc(finding.FieldPosition))
		}).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("gate runs: %w", err)
	}
	runs = CurrentRuns(runs)
	open := map[string]*ent.Finding{}
	var order []*ent.Finding
	for _, r := range runs {
		for _, f := range r.Edges.Findings {
			open[f.ID] = f
			order = append(order, f)
		}
	}
	answered := map[string]packet.FindingConfirmation{}
	out := make([]packet.FindingConfirmation, 0, len(in.Confirmations))
	for i, c := range in.Confirmations {
		f, ok := open[c.Finding]
		if !ok {
			return nil, refuse(CodeInvalid, fmt.Sprintf("%q is not a finding of revision %s that a reviewer must answer", c.Finding, in.RevisionID),
				"confirmations", fmt.Sprint(i), "finding")
		}
		c.Check, c.Note = f.Check, strings.TrimSpace(c.Note)
		answered[c.Finding] = c
		out = append(out, c)
	}
	if in.Action != decision.ActionQUALIFY {
		return out, nil
	}
	rev, err := t.Revision.Query().Where(revision.ID(in.RevisionID)).WithProblem().Only(ctx)
	if err != nil {
		return nil, fmt.Errorf("revision: %w", err)
	}
	if err := t.batchRefusal(ctx, rev.Edges.Problem, rev); err != nil {
		return nil, err
	}
	if err := t.resolvesRefusal(ctx, rev.ProblemID); err != nil {
		return nil, err
	}
	var pending, failing, unrun, unknown []string
	have := map[gaterun.Gate]bool{}
	for _, r := range runs {
		have[r.Gate] = true
		switch {
		case r.Outcome == gaterun.OutcomePENDING:
			pending = append(pending, gateWord(r.Gate))
		case r.Outcome == gaterun.OutcomeFAIL:
			failing = append(failing, gateWord(r.Gate))
		case r.Outcome == gaterun.OutcomeUNKNOWN && len(r.Edges.Findings) == 0:
			// It could not run at all (a panic, a timeout, another version): nothing to answer.
			unrun = append(unrun, gateWord(r.Gate))
		}
		for _, f := range r.Edges.Findings {
			if f.Verdict == finding.VerdictUNKNOWN && !slices.Contains(unknown, f.Check) {
				unknown = append(unknown, f.Check)
			}
		}
	}
	for _, g := range gates.All() {
		if !have[gaterun.Gate(g.Name)] {
			unrun = append(unrun, gateWord(gaterun.Gate(g.Name)))
		}
	}
	switch {
	case len(runs) == 0:
		return nil, refuse(CodeConflict, "this revision has no gate runs yet; qualify waits for its checks", "action")
	case len(failing) > 0:
		return nil, refuse(CodeConflict, fmt.Sprintf("qualify requires every gate to pass; %s %s on this revision: record keep-prospecting with the fixes the findings give, or archive",
			strings.Join(failing, ", "), plural(len(failing), "fails", "fail")), "action")
	case len(pending) > 0:
		return nil, refuse(CodeConflict, fmt.Sprintf("the %s %s still running on this revision; qualify when %s finished",
			strings.Join(pending, ", "), plural(len(pending), "check is", "checks are"), plural(len(pending), "it has", "they have")), "action")
	case len(unrun) > 0:
		return nil, refuse(CodeGateNotRun, fmt.Sprintf("the %s %s not run on this revision; run %s again (theoremdb gates rerun) before qualifying",
			strings.Join(unrun, ", "), plural(len(unrun), "gate has", "gates have"), plural(len(unrun), "it", "them")), "action")
	case len(unknown) > 0:
		return nil, refuse(CodeGateNotRun, fmt.Sprintf("%s could not run on this revision (%s), so nobody can say %s: an operator makes %s run (for the copy check, build its index: theoremdb corpus build) and runs the gate again (theoremdb gates rerun) before qualifying; keep-prospecting, archive and merge need no gate",
			plural(len(unknown), "a check", "checks"), strings.Join(unknown, ", "), plural(len(unknown), "it passes", "they pass"),
			plural(len(unknown), "it", "them")), "action")
	}
	var missing []string
	for _, f := range order {
		c, ok := answered[f.ID]
		switch {
		case !ok:
			missing = append(missing, f.ID+" ("+f.Check+")")
		case !c.Holds:
			return nil, refuse(CodeConflict, fmt.Sprintf("you found that %s does not hold, so that gate fails: record keep-prospecting with a revision request, or archive", f.Check),
				"confirmations")
		}
	}
	if len(missing) > 0 {
		return nil, refuse(CodeRequired, fmt.Sprintf("qualify answers every finding a machine could not certify, one by one; not yet answered: %s",
			strings.Join(missing, ", ")), "confirmations")
	}
	return out, nil
}

// resolvesRefusal refuses qualify while an established RESOLVES binding, of any object type,
// ties a claim to the problem: the problem is answered until a review corrects the binding or
// the problem is archived.
func (t *tx) resolvesRefusal(ctx context.Context, problemID string) error {
	cs, err := t.Claim.Query().Where(claim.ProblemID(problemID), claim.StatusEQ(claim.StatusESTABLISHED)).WithBindings().All(ctx)
	if err != nil {
		return fmt.Errorf("claims: %w", err)
	}
	for _, c := range cs {
		if EstablishedResolves(c, c.Edges.Bindings) {
			return refuse(CodeConflict, fmt.Sprintf("the established %s %s resolves this problem, so it cannot be qualified as open: correct its binding (reviewClaim with ADDRESSES) if it does not cover the statement, or archive the problem as known_answer",
				strings.ToLower(string(c.ObjectType)), c.ID), "action")
		}
	}
	return nil
}

func gateWord(g gaterun.Gate) string { return strings.ReplaceAll(strings.ToLower(string(g)), "_", " ") }

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
