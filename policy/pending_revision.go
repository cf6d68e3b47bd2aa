package policy

import (
	"context"
	"fmt"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/decision"
)

// KindRevisionDeclined is the event of a proposed revision a reviewer declined.
const KindRevisionDeclined = "problem.revision_declined"

// decidePending decides on the proposed revision of an accepted problem: qualify adopts it, once
// its gates pass and its open findings are answered, and it becomes the current, public
// revision; keep-prospecting declines it with the revision requests as the reasons, and the
// accepted revision stays. The problem stays accepted either way, and no stake moves.
func (t *tx) decidePending(ctx context.Context, actor *ent.Account, authority decision.Authority, in DecisionInput,
	p *ent.Problem, digest string) (*DecisionResult, error) {
	switch in.Action {
	case decision.ActionQUALIFY, decision.ActionKEEP_PROSPECTING:
	default:
		return nil, refuse(CodeInvalid, "a proposed revision of an accepted problem is adopted (qualify) or declined (keep-prospecting, with the reasons as revision requests)", "action")
	}
	confirmations, err := t.checkConfirmations(ctx, in)
	if err != nil {
		return nil, err
	}
	d, err := t.newDecision(actor, authority, in, p, digest, confirmations).Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("record decision: %w", err)
	}
	if in.Action == decision.ActionQUALIFY {
		if err := t.selectSecondReview(ctx, d); err != nil {
			return nil, err
		}
	}
	ea := AuthorityReviewer
	if authority == decision.AuthoritySTAFF {
		ea = AuthorityStaff
	}
	payload := map[string]any{"decision": d.ID, "action": d.Action, "authority": d.Authority, "revision": d.RevisionID,
		"pending": true, "policyVersion": Version}
	if _, err := t.appendEvent(ctx, eventInput{actor: actor.ID, authority: ea, kind: KindDecisionRecorded,
		subject: p.ID, payload: payload}); err != nil {
		return nil, err
	}
	rev, err := t.Revision.Get(ctx, in.RevisionID)
	if err != nil {
		return nil, fmt.Errorf("proposed revision: %w", err)
	}
	if p, err = p.Update().ClearPendingRevisionID().Save(ctx); err != nil {
		return nil, fmt.Errorf("settle proposed revision: %w", err)
	}
	if in.Action == decision.ActionQUALIFY {
		if p, err = t.makeCurrent(ctx, actor.ID, ea, p, rev, "", KindProblemRevised, map[string]any{"adoptedBy": d.ID}); err != nil {
			return nil, err
		}
	} else if _, err := t.appendEvent(ctx, eventInput{actor: actor.ID, authority: ea, kind: KindRevisionDeclined,
		subject: p.ID, payload: map[string]any{"revision": rev.ID, "decision": d.ID, "reasons": d.RevisionRequests}}); err != nil {
		return nil, err
	}
	return &DecisionResult{Decision: d, Problem: p}, nil
}
