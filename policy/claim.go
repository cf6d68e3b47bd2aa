package policy

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/binding"
	"github.com/theoremdb/theoremdb/ent/claim"
)

// KindClaimAttached is the event of a new claim.
const KindClaimAttached = "claim.attached"

// Limits on claims.
const (
	MaxClaimSummary = 5000
	MaxClaimScope   = 2000
	MaxClaimSource  = 500
)

// ClaimInput is a research claim as attached.
type ClaimInput struct {
	ProblemID string
	Summary   string
	Scope     string
	Relation  binding.Relation
	// ObjectType is what the claim is: a claim (the default), a lemma, a bound, an example or a
	// computation. Only a claim can be an answer to the problem.
	ObjectType claim.ObjectType
	// Supersedes, when set, is an earlier current claim on the same problem that this one
	// replaces: its author's, or any when a reviewer or operator attaches the new one.
	Supersedes string
	// Source is where the claim is stated or proved (a DOI, an arXiv identifier or a URL, with
	// the place in it), so that a reviewer can check it; optional.
	Source string
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
	v.text(in.Source, false, MaxClaimSource, "source")
	switch in.Relation {
	case binding.RelationADDRESSES:
	case binding.RelationRESOLVES:
		if err := resolveRefusal(actor); err != nil {
			return nil, err
		}
	default:
		v.add(CodeInvalid, "relation must be ADDRESSES or RESOLVES", "relation")
	}
	if in.ObjectType == "" {
		in.ObjectType = claim.ObjectTypeCLAIM
	}
	if claim.ObjectTypeValidator(in.ObjectType) != nil {
		v.add(CodeInvalid, "objectType must be CLAIM, LEMMA, BOUND, EXAMPLE or COMPUTATION", "objectType")
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
		old, err := t.supersededClaim(ctx, actor, p, in.Supersedes)
		if err != nil {
			return err
		}
		c, err = t.Claim.Create().SetProblemID(p.ID).SetAuthorID(actor.ID).SetObjectType(in.ObjectType).
			SetSummary(strings.TrimSpace(in.Summary)).SetScope(strings.TrimSpace(in.Scope)).SetSource(strings.TrimSpace(in.Source)).
			SetCreatedAt(now).Save(ctx)
		if err != nil {
			return fmt.Errorf("claim: %w", err)
		}
		payload := map[string]any{"claim": c.ID, "objectType": c.ObjectType, "status": c.Status}
		if c.Source != "" {
			payload["source"] = c.Source
		}
		if old != nil {
			if err := t.Claim.UpdateOne(old).SetSupersededByID(c.ID).Exec(ctx); err != nil {
				return fmt.Errorf("supersede claim: %w", err)
			}
			payload["supersedes"] = old.ID
		}
		b, err := t.Binding.Create().SetClaimID(c.ID).SetProblemID(p.ID).SetRelation(in.Relation).SetCreatedAt(now).Save(ctx)
		if err != nil {
			return fmt.Errorf("binding: %w", err)
		}
		_, err = t.appendEvent(ctx, eventInput{actor: actor.ID, authority: AuthorityOf(actor), kind: KindClaimAttached,
			subject: p.ID, payload: withBinding(payload, b)})
		return err
	})
	if err != nil {
		return nil, err
	}
	return s.client.Claim.Get(ctx, c.ID)
}

func withBinding(payload map[string]any, b *ent.Binding) map[string]any {
	payload["binding"], payload["relation"] = b.ID, b.Relation
	return payload
}

// supersededClaim is the claim a new one supersedes (nil when ref is empty): a current claim on
// the same problem, the actor's own unless the actor reviews.
func (t *tx) supersededClaim(ctx context.Context, actor *ent.Account, p *ent.Problem, ref string) (*ent.Claim, error) {
	if ref = strings.TrimSpace(ref); ref == "" {
		return nil, nil
	}
	old, err := t.Claim.Get(ctx, ref)
	switch {
	case ent.IsNotFound(err) || (err == nil && old.ProblemID != p.ID):
		return nil, refuse(CodeInvalid, fmt.Sprintf("%s is not a claim attached to %s", ref, p.ID), "supersedes")
	case err != nil:
		return nil, fmt.Errorf("superseded claim: %w", err)
	case old.SupersededByID != nil:
		return nil, refuse(CodeConflict, fmt.Sprintf("%s is already superseded by %s; supersede that one", old.ID, *old.SupersededByID), "supersedes")
	case (old.AuthorID == nil || *old.AuthorID != actor.ID) && !CanReview(actor):
		return nil, refuse(CodeForbidden, "only its author, a reviewer or staff may supersede a claim", "supersedes")
	}
	return old, nil
}
