package policy

import "github.com/theoremdb/theoremdb/ent/decision"

// ArchivedBy is the decision that archived the problem, the newest archive among its
// decisions; nil when none did (a problem archived otherwise, or not archived).
func (v *ProblemView) ArchivedBy() *DecisionView {
	if v.State != StateArchived {
		return nil
	}
	for i := range v.Decisions { // newest first
		if v.Decisions[i].Action == string(decision.ActionARCHIVE) {
			return &v.Decisions[i]
		}
	}
	return nil
}
