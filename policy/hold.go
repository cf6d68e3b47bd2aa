package policy

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/hold"
	"github.com/theoremdb/theoremdb/ent/problem"
)

// Events and refusals of the staff route (administrator_review).
const (
	KindHoldOpened   = "hold.opened"
	KindHoldReleased = "hold.released"
	// CodeHeldForStaff: the problem is held for staff, and only a staff decision may settle it.
	CodeHeldForStaff Code = "HELD_FOR_STAFF"
)

// MaxHoldNote bounds the note of a hold.
const MaxHoldNote = 2000

// holdInput is a hold to open.
type holdInput struct {
	reason    hold.Reason
	authority string
	note      string
	claimID   string
	actorID   string
}

// openHold holds a problem for staff, unless an open hold of the same reason (and claim) is
// already there. It writes the hold and its event in t; the problem stays prospecting, and its
// default acceptance waits until staff decide.
func (t *tx) openHold(ctx context.Context, p *ent.Problem, in holdInput) (*ent.Hold, error) {
	q := t.Hold.Query().Where(hold.ProblemID(p.ID), hold.ReleasedAtIsNil(), hold.ReasonEQ(in.reason))
	if in.claimID != "" {
		q = q.Where(hold.ClaimID(in.claimID))
	}
	if h, err := q.First(ctx); err == nil {
		return h, nil
	} else if !ent.IsNotFound(err) {
		return nil, fmt.Errorf("open hold: %w", err)
	}
	now := t.s.Now()
	create := t.Hold.Create().SetProblemID(p.ID).SetReason(in.reason).SetAuthority(in.authority).
		SetNote(strings.TrimSpace(in.note)).SetOpenedAt(now)
	if in.claimID != "" {
		create.SetClaimID(in.claimID)
	}
	actor := SystemActor
	if in.actorID != "" {
		create.SetOpenedByID(in.actorID)
		actor = in.actorID
	}
	h, err := create.Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("open hold: %w", err)
	}
	payload := map[string]any{"hold": h.ID, "reason": string(in.reason), "authority": in.authority, "policyVersion": Version}
	if in.claimID != "" {
		payload["claim"] = in.claimID
	}
	if in.note != "" {
		payload["note"] = h.Note
	}
	if _, err := t.appendEvent(ctx, eventInput{actor: actor, authority: in.authority, kind: KindHoldOpened,
		subject: p.ID, payload: payload}); err != nil {
		return nil, err
	}
	return h, nil
}

// openHolds returns the open holds of a problem, oldest first.
func (t *tx) openHolds(ctx context.Context, problemID string) ([]*ent.Hold, error) {
	hs, err := t.Hold.Query().Where(hold.ProblemID(problemID), hold.ReleasedAtIsNil()).
		Order(ent.Asc(hold.FieldOpenedAt)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("holds: %w", err)
	}
	return hs, nil
}

// releaseHolds closes a problem's open holds with the decision that settles them: staff's, or a
// reviewer's archive or merge that a duplicate or known-answer finding supports.
func (t *tx) releaseHolds(ctx context.Context, p *ent.Problem, holds []*ent.Hold, decisionID, actorID string) error {
	if len(holds) == 0 {
		return nil
	}
	ids := make([]string, len(holds))
	for i, h := range holds {
		ids[i] = h.ID
	}
	if err := t.Hold.Update().Where(hold.IDIn(ids...)).SetReleasedAt(t.s.Now()).SetReleaseDecisionID(decisionID).
		Exec(ctx); err != nil {
		return fmt.Errorf("release holds: %w", err)
	}
	authority := AuthorityStaff
	if a, err := t.Account.Get(ctx, actorID); err == nil && !CanStaff(a) {
		authority = AuthorityReviewer
	}
	_, err := t.appendEvent(ctx, eventInput{actor: actorID, authority: authority, kind: KindHoldReleased,
		subject: p.ID, payload: map[string]any{"holds": ids, "decision": decisionID}})
	return err
}

// SendToStaff holds a problem for staff on a reviewer's word: the fifth button of the review
// page, not a fifth decision. The note says why.
func (s *Service) SendToStaff(ctx context.Context, actor *ent.Account, problemRef, note string) (*ent.Hold, error) {
	if actor == nil {
		return nil, ErrUnauthenticated
	}
	if !CanReview(actor) {
		return nil, fmt.Errorf("sending a problem to staff needs the reviewer or operator role: %w", ErrForbidden)
	}
	var v validator
	v.text(note, true, MaxHoldNote, "note")
	if err := v.err(); err != nil {
		return nil, err
	}
	id, err := ResolveProblemID(ctx, s.client, problemRef)
	if err != nil {
		return nil, refuse(CodeNotFound, fmt.Sprintf("no problem %q", problemRef), "problemId")
	}
	var h *ent.Hold
	err = s.inTx(ctx, func(ctx context.Context, t *tx) error {
		p, err := t.lockProblem(ctx, id)
		if err != nil {
			return err
		}
		if p.ProposerID == actor.ID {
			return refuse(CodeSelfReview, "you submitted this problem; another reviewer sends it to staff if it needs them", "problemId")
		}
		if p.State != problem.StatePROSPECTING {
			return refuse(CodeConflict, fmt.Sprintf("%s is %s; only a prospecting problem can be held for staff",
				p.ID, strings.ToLower(string(p.State))), "problemId")
		}
		if err := decideRefusal(p, s.Now()); err != nil {
			return err // after the deadline the challenge is over, as for any decision
		}
		h, err = t.openHold(ctx, p, holdInput{reason: hold.ReasonREVIEWER, authority: AuthorityReviewer, note: note, actorID: actor.ID})
		return err
	})
	return h, err
}

// HeldProblem is a problem held for staff, for the staff console.
type HeldProblem struct {
	Problem *ent.Problem
	Holds   []*ent.Hold // open, oldest first
}

// HeldProblems lists the problems held for staff, the oldest hold first.
func (s *Service) HeldProblems(ctx context.Context, actor *ent.Account, limit int) ([]HeldProblem, error) {
	if !CanStaff(actor) {
		return nil, fmt.Errorf("the staff console needs the operator role: %w", ErrForbidden)
	}
	hs, err := s.client.Hold.Query().Where(hold.ReleasedAtIsNil()).Order(ent.Asc(hold.FieldOpenedAt)).
		WithProblem().All(ctx)
	if err != nil {
		return nil, fmt.Errorf("held problems: %w", err)
	}
	var out []HeldProblem
	at := map[string]int{}
	for _, h := range hs {
		i, ok := at[h.ProblemID]
		if !ok {
			if len(out) == limit {
				continue
			}
			at[h.ProblemID] = len(out)
			out = append(out, HeldProblem{Problem: h.Edges.Problem})
			i = len(out) - 1
		}
		out[i].Holds = append(out[i].Holds, h)
	}
	return out, nil
}

// HeldItem is one row of the staff console.
type HeldItem struct {
	ID, Title string
	HeldSince time.Time
	Holds     []HoldView
	Checks    CheckSummary
}

// StaffQueue is the staff console's list: the held problems, oldest hold first, each with why
// it is held and how its checks stand.
func (s *Service) StaffQueue(ctx context.Context, actor *ent.Account, limit int) ([]HeldItem, error) {
	held, err := s.HeldProblems(ctx, actor, limit)
	if err != nil {
		return nil, err
	}
	ids := make([]string, len(held))
	for i, h := range held {
		ids[i] = h.Problem.ID
	}
	pks, err := s.ProblemPackets(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make([]HeldItem, 0, len(held))
	for _, h := range held {
		it := HeldItem{ID: h.Problem.ID, Title: h.Problem.Title, HeldSince: h.Holds[0].OpenedAt}
		for _, x := range h.Holds {
			it.Holds = append(it.Holds, holdView(x))
		}
		if pk := pks[h.Problem.ID]; pk != nil {
			it.Checks = pk.Summary
		}
		out = append(out, it)
	}
	return out, nil
}
