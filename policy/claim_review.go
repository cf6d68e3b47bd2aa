package policy

import (
	"context"
	"fmt"
	"strings"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/binding"
	"github.com/theoremdb/theoremdb/ent/claim"
	"github.com/theoremdb/theoremdb/ent/hold"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/gates"
)

// KindClaimReviewed is the event of a review of a claim.
const KindClaimReviewed = "claim.reviewed"

// ClaimReviewInput is a reviewer's or staff's judgement of an attached claim.
type ClaimReviewInput struct {
	ClaimID  string
	Status   claim.Status // ESTABLISHED, REFUTED or WITHDRAWN
	Relation binding.Relation
	Note     string
}

// ReviewClaim records a review of a claim: its status becomes established, refuted or
// withdrawn only this way, and its binding to the problem may change relation (a new binding,
// which becomes the current one). RESOLVES comes from a review, never from an agent account.
// A review that establishes a RESOLVES binding, whatever the claim's object type, holds the
// problem for staff; every review runs the duplicate gate again on the current revision.
func (s *Service) ReviewClaim(ctx context.Context, actor *ent.Account, in ClaimReviewInput) (*ent.Claim, *ent.Problem, error) {
	if actor == nil {
		return nil, nil, ErrUnauthenticated
	}
	if !CanReview(actor) {
		return nil, nil, fmt.Errorf("reviewing a claim needs the reviewer or operator role: %w", ErrForbidden)
	}
	var v validator
	switch in.Status {
	case claim.StatusESTABLISHED, claim.StatusREFUTED, claim.StatusWITHDRAWN:
	default:
		v.add(CodeInvalid, "status must be ESTABLISHED, REFUTED or WITHDRAWN", "status")
	}
	if binding.RelationValidator(in.Relation) != nil {
		v.add(CodeInvalid, "relation must be ADDRESSES or RESOLVES", "relation")
	}
	v.text(in.Note, true, MaxClaimScope, "note")
	if err := v.err(); err != nil {
		return nil, nil, err
	}
	if in.Relation == binding.RelationRESOLVES {
		if err := resolveRefusal(actor); err != nil {
			return nil, nil, err
		}
	}
	c, err := s.client.Claim.Get(ctx, in.ClaimID)
	if ent.IsNotFound(err) {
		return nil, nil, refuse(CodeNotFound, fmt.Sprintf("no claim %q", in.ClaimID), "claimId")
	}
	if err != nil {
		return nil, nil, err
	}
	if c.AuthorID != nil && *c.AuthorID == actor.ID {
		return nil, nil, refuse(CodeSelfReview, "you attached this claim; another reviewer reviews it", "claimId")
	}
	authority := AuthorityOf(actor)
	if authority == AuthoritySubmitter {
		authority = AuthorityStaff
	}
	err = s.inTx(ctx, func(ctx context.Context, t *tx) error {
		p, err := t.lockProblem(ctx, c.ProblemID)
		if err != nil {
			return err
		}
		if err := claimRefusal(p); err != nil {
			return err
		}
		if p.ProposerID == actor.ID {
			return refuse(CodeSelfReview, "you submitted this problem; another reviewer reviews the claims on it", "claimId")
		}
		now := s.Now()
		if c, err = t.Claim.UpdateOneID(c.ID).SetStatus(in.Status).Save(ctx); err != nil {
			return fmt.Errorf("review claim: %w", err)
		}
		bs, err := t.Binding.Query().Where(binding.ClaimID(c.ID), binding.ProblemID(p.ID)).All(ctx)
		if err != nil {
			return fmt.Errorf("review claim: %w", err)
		}
		if cur := currentBinding(c, bs); cur == nil || cur.Relation != in.Relation {
			b, err := t.Binding.Create().SetClaimID(c.ID).SetProblemID(p.ID).SetRelation(in.Relation).SetCreatedAt(now).Save(ctx)
			if err != nil {
				return fmt.Errorf("review claim: %w", err)
			}
			bs = append(bs, b)
		}
		if _, err := t.appendEvent(ctx, eventInput{actor: actor.ID, authority: authority, kind: KindClaimReviewed,
			subject: p.ID, payload: map[string]any{"claim": c.ID, "status": c.Status, "relation": in.Relation,
				"note": strings.TrimSpace(in.Note), "policyVersion": Version}}); err != nil {
			return err
		}
		// What the duplicate gate read of the claims has changed: it runs again on the current
		// revision, and qualify waits for it.
		if p.State == problem.StatePROSPECTING && p.CurrentRevisionID != nil {
			if g, ok := gates.ByName(gates.Duplicate); ok {
				if err := t.rerunGates(ctx, *p.CurrentRevisionID, []*gates.Gate{g}); err != nil {
					return err
				}
			}
		}
		if EstablishedResolves(c, bs) && (p.State == problem.StatePROSPECTING || p.State == problem.StateACCEPTED) {
			_, err := t.openHold(ctx, p, holdInput{reason: hold.ReasonANSWER_CLAIM, authority: authority, claimID: c.ID,
				note: "An established " + strings.ToLower(string(c.ObjectType)) + " resolves the problem: " + OneLine(c.Summary, 200), actorID: actor.ID})
			return err
		}
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	c, err = s.client.Claim.Get(ctx, c.ID)
	if err != nil {
		return nil, nil, err
	}
	p, err := s.client.Problem.Get(ctx, c.ProblemID)
	return c, p, err
}

// currentBinding is the newest binding of a claim to its problem.
func currentBinding(c *ent.Claim, bs []*ent.Binding) *ent.Binding {
	var cur *ent.Binding
	for _, b := range bs {
		if b.ProblemID == c.ProblemID && (cur == nil || !b.CreatedAt.Before(cur.CreatedAt)) {
			cur = b
		}
	}
	return cur
}
