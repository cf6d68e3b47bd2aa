package policy

import (
	"context"
	"fmt"
	"regexp"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/decision"
	"github.com/theoremdb/theoremdb/ent/finding"
	"github.com/theoremdb/theoremdb/ent/gaterun"
	"github.com/theoremdb/theoremdb/ent/hold"
	"github.com/theoremdb/theoremdb/ent/problem"
)

// A hold opened by a failing duplicate or known-answer check keeps the problem from default
// acceptance and from qualify without staff, but a reviewer's archive or merge that the finding
// supports settles it (POLICY.md section 1, December 2026): the obvious duplicate needs no staff.
// An answer claim's hold is always staff work.

// reviewerSettleable maps a gate hold a reviewer may settle to the archive reason code its
// finding supports.
var reviewerSettleable = map[hold.Reason]decision.ReasonCode{
	hold.ReasonDUPLICATE:    decision.ReasonCodeDIRECT_DUPLICATE,
	hold.ReasonKNOWN_ANSWER: decision.ReasonCodeKNOWN_ANSWER,
}

// mergeIntoRe reads the problem a failing near-duplicate finding names in its fix.
var mergeIntoRe = regexp.MustCompile(`^Merge into (\S+) or `)

// reviewerSettles reports whether a reviewer's decision in settles every open hold of p: each
// hold was opened by the duplicate gate for a duplicate or a known answer, and the decision is an
// archive with the reason code that finding supports, or a merge into a problem a failing
// near-duplicate finding of the current revision names.
func (t *tx) reviewerSettles(ctx context.Context, p *ent.Problem, holds []*ent.Hold, in DecisionInput, mergeInto string) (bool, error) {
	if len(holds) == 0 || p.State != problem.StatePROSPECTING || (in.Action != decision.ActionARCHIVE && in.Action != decision.ActionMERGE) {
		return false, nil
	}
	var targets []string
	if in.Action == decision.ActionMERGE && p.CurrentRevisionID != nil {
		runs, err := t.GateRun.Query().Where(gaterun.RevisionID(*p.CurrentRevisionID), gaterun.GateEQ(gaterun.GateDUPLICATE)).
			WithFindings(func(q *ent.FindingQuery) {
				q.Where(finding.Check("duplicate.near-duplicate"), finding.VerdictEQ(finding.VerdictFAIL))
			}).All(ctx)
		if err != nil {
			return false, fmt.Errorf("duplicate findings: %w", err)
		}
		for _, r := range CurrentRuns(runs) {
			for _, f := range r.Edges.Findings {
				if m := mergeIntoRe.FindStringSubmatch(f.Fix); m != nil {
					targets = append(targets, m[1])
				}
			}
		}
	}
	for _, h := range holds {
		code, ok := reviewerSettleable[h.Reason]
		if !ok || h.Authority != AuthorityGate {
			return false, nil
		}
		switch in.Action {
		case decision.ActionARCHIVE:
			if in.ReasonCode == nil || *in.ReasonCode != code {
				return false, nil
			}
		case decision.ActionMERGE:
			if h.Reason != hold.ReasonDUPLICATE || !containsID(targets, mergeInto) {
				return false, nil
			}
		}
	}
	return true, nil
}

func containsID(ids []string, id string) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}
