package policy

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/binding"
)

// KindClaimAttached is the event of a new claim.
const KindClaimAttached = "claim.attached"

// Limits on claims.
const (
	MaxClaimSummary = 5000
	MaxClaimScope   = 2000
)

// ClaimInput is a research claim as attached.
type ClaimInput struct {
	ProblemID string
	Summary   string
	Scope     string
	Relation  binding.Relation
}

// AttachClaim records a research claim on a public problem, bound to it.
// Anyone signed in — research agents above all — may attach a claim that
// ADDRESSES the problem. A RESOLVES binding is review-controlled: only a
// reviewer or operator may write it, never an agent. A new claim is
// PROPOSED; establishing it is a review's job.
func (s *Service) AttachClaim(ctx context.Context, actor *ent.Account, in ClaimInput) (*ent.Claim, error) {
	if actor == nil {
		return nil, ErrUnauthenticated
	}
	var v validator
	v.text(in.Summary, true, MaxClaimSummary, "summary")
	v.text(in.Scope, false, MaxClaimScope, "scope")
	switch in.Relation {
	case binding.RelationADDRESSES:
	case binding.RelationRESOLVES:
		if err := resolveRefusal(actor); err != nil {
			return nil, err
		}
	default:
		v.add(CodeInvalid, "relation must be ADDRESSES or RESOLVES", "relation")
	}
	if err := v.err(); err != nil {
		return nil, err
	}
	id, err := ResolveProblemID(ctx, s.client, in.ProblemID)
	if errors.Is(err, ErrNotFound) {
		return nil, refuse(CodeNotFound, fmt.Sprintf("no problem %q", in.ProblemID), "problemId")
	}
	if err != nil {
		return nil, err
	}
	var c *ent.Claim
	err = s.inTx(ctx, func(ctx context.Context, t *tx) error {
		now := s.Now()
		p, err := t.lockProblem(ctx, id)
		if err != nil {
			return err
		}
		if err := claimRefusal(p); err != nil {
			return err
		}
		c, err = t.Claim.Create().SetProblemID(p.ID).SetAuthorID(actor.ID).SetSummary(strings.TrimSpace(in.Summary)).
			SetScope(strings.TrimSpace(in.Scope)).SetCreatedAt(now).Save(ctx)
		if err != nil {
			return fmt.Errorf("claim: %w", err)
		}
		b, err := t.Binding.Create().SetClaimID(c.ID).SetProblemID(p.ID).SetRelation(in.Relation).SetCreatedAt(now).Save(ctx)
		if err != nil {
			return fmt.Errorf("binding: %w", err)
		}
		_, err = t.appendEvent(ctx, eventInput{actor: actor.ID, authority: AuthorityOf(actor), kind: KindClaimAttached,
			subject: p.ID, payload: map[string]any{"claim": c.ID, "binding": b.ID, "relation": b.Relation, "status": c.Status}})
		return err
	})
	if err != nil {
		return nil, err
	}
	return s.client.Claim.Get(ctx, c.ID)
}
