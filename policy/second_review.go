package policy

import (
	"context"
	"fmt"
	"time"

	entsql "entgo.io/ent/dialect/sql"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/counter"
	"github.com/theoremdb/theoremdb/ent/decision"
	"github.com/theoremdb/theoremdb/ent/hold"
)

// Second reviews (review policy v5, batch rules): at least 10% of the qualified records of each
// UTC week, and at least one in every week that has any, get a second review by another
// reviewer. The selector is deterministic and on the record: the 1st, 11th, 21st, … qualify
// decision of each week (Monday 00:00 UTC) is selected as it is recorded, with an event saying
// which and why.
const (
	KindSecondReviewSelected = "second_review.selected"
	// SecondReviewEvery is the selector's step: one in this many qualify decisions.
	SecondReviewEvery = 10
)

// WeekOf is the start of the UTC week (Monday 00:00 UTC) that holds t.
func WeekOf(t time.Time) time.Time {
	t = t.UTC()
	day := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
	return day.AddDate(0, 0, -((int(day.Weekday()) + 6) % 7))
}

// selectSecondReview counts a qualify decision in its week and selects it when its ordinal is
// 1 modulo SecondReviewEvery. The week's counter row serialises concurrent qualifies.
func (t *tx) selectSecondReview(ctx context.Context, d *ent.Decision) error {
	week := WeekOf(d.CreatedAt)
	name := "qualify-week-" + week.Format("2006-01-02")
	if err := t.Counter.Create().SetID(name).SetValue(0).OnConflict(entsql.ConflictColumns(counter.FieldID)).
		Ignore().Exec(ctx); err != nil {
		return fmt.Errorf("second review: %w", err)
	}
	n, _, err := t.nextCounter(ctx, name)
	if err != nil {
		return err
	}
	if (n-1)%SecondReviewEvery != 0 {
		return nil
	}
	if err := t.Decision.UpdateOneID(d.ID).SetSecondReviewSelectedAt(d.CreatedAt).Exec(ctx); err != nil {
		return fmt.Errorf("second review: %w", err)
	}
	_, err = t.appendEvent(ctx, eventInput{actor: SystemActor, authority: AuthorityReviewer, kind: KindSecondReviewSelected,
		subject: d.ProblemID, payload: map[string]any{"decision": d.ID, "week": week.Format("2006-01-02"), "ordinal": n,
			"rule": fmt.Sprintf("qualify decision number %d of the UTC week from %s; every %dth from the first is reviewed again",
				n, week.Format("2006-01-02"), SecondReviewEvery), "policyVersion": Version}})
	return err
}

// decideSecond records a second review of a selected qualify decision: by another reviewer, on
// the revision the first read. Agreeing is a qualify; any other action splits from the first,
// and the split is kept with its class, not averaged: an ERROR holds the problem for staff
// before any adverse action, and nothing else changes its state.
func (t *tx) decideSecond(ctx context.Context, actor *ent.Account, authority decision.Authority, in DecisionInput,
	p *ent.Problem, digest string) (*DecisionResult, error) {
	first, err := t.Decision.Get(ctx, in.SecondReviewOf)
	if ent.IsNotFound(err) || err == nil && first.ProblemID != p.ID {
		return nil, refuse(CodeNotFound, fmt.Sprintf("%s has no decision %q", p.ID, in.SecondReviewOf), "secondReviewOf")
	}
	if err != nil {
		return nil, fmt.Errorf("second review: %w", err)
	}
	switch {
	case first.Action != decision.ActionQUALIFY || first.SecondReviewSelectedAt == nil:
		return nil, refuse(CodeInvalid, first.ID+" was not selected for a second review", "secondReviewOf")
	case first.ReviewerID == actor.ID:
		return nil, refuse(CodeSelfReview, "you recorded the first review; another reviewer makes the second", "secondReviewOf")
	case in.RevisionID != first.RevisionID:
		return nil, refuse(CodeStaleRevision, "a second review reads the revision the first review qualified", "revisionId")
	}
	done, err := t.Decision.Query().Where(decision.SecondReviewOfID(first.ID)).Exist(ctx)
	if err != nil {
		return nil, fmt.Errorf("second review: %w", err)
	}
	if done {
		return nil, refuse(CodeConflict, first.ID+" already has its second review", "secondReviewOf")
	}
	agrees := in.Action == decision.ActionQUALIFY
	switch {
	case agrees && in.Disagreement != nil:
		return nil, refuse(CodeInvalid, "a second review that qualifies agrees with the first; it names no disagreement", "disagreement")
	case !agrees && in.Disagreement == nil:
		return nil, refuse(CodeRequired, "a second review that splits from the first names the kind of split: instruction, error, expertise or legitimate split", "disagreement")
	case !agrees && decision.DisagreementValidator(*in.Disagreement) != nil:
		return nil, refuse(CodeInvalid, "unknown kind of disagreement", "disagreement")
	}
	d, err := t.newDecision(actor, authority, in, p, digest, nil).
		SetSecondReviewOfID(first.ID).SetNillableDisagreement(in.Disagreement).Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("record second review: %w", err)
	}
	payload := map[string]any{"decision": d.ID, "action": d.Action, "authority": d.Authority, "revision": d.RevisionID,
		"secondReviewOf": first.ID, "agrees": agrees, "policyVersion": Version}
	if in.Disagreement != nil {
		payload["disagreement"] = *in.Disagreement
	}
	if _, err := t.appendEvent(ctx, eventInput{actor: actor.ID, authority: AuthorityReviewer, kind: KindDecisionRecorded,
		subject: p.ID, payload: payload}); err != nil {
		return nil, err
	}
	if in.Disagreement != nil && *in.Disagreement == decision.DisagreementERROR && (p.State == "ACCEPTED" || p.State == "PROSPECTING") {
		if _, err := t.openHold(ctx, p, holdInput{reason: hold.ReasonDISAGREEMENT, authority: AuthorityReviewer,
			note: "A second review found an error in " + first.ID + ": " + OneLine(d.Notes.Reason, 200), actorID: actor.ID}); err != nil {
			return nil, err
		}
	}
	return &DecisionResult{Decision: d, Problem: p}, nil
}

// SecondReviewItem is a qualify decision selected for a second review and not yet reviewed.
type SecondReviewItem struct {
	Decision         *ent.Decision
	ProblemID, Title string
	FirstReviewer    string // handle
	SelectedAt       time.Time
	CanReview        bool // the viewer is not the first reviewer
}

// SecondReviewQueue lists the selected qualify decisions still waiting for their second review,
// oldest first.
func (s *Service) SecondReviewQueue(ctx context.Context, viewer *ent.Account, limit int) ([]SecondReviewItem, error) {
	if !CanReview(viewer) {
		return nil, fmt.Errorf("second reviews need the reviewer or operator role: %w", ErrForbidden)
	}
	ds, err := s.client.Decision.Query().Where(decision.SecondReviewSelectedAtNotNil(), decision.Not(decision.HasSecondReviews())).
		Order(ent.Asc(decision.FieldSecondReviewSelectedAt)).Limit(limit).WithProblem().WithReviewer().All(ctx)
	if err != nil {
		return nil, fmt.Errorf("second review queue: %w", err)
	}
	out := make([]SecondReviewItem, 0, len(ds))
	for _, d := range ds {
		it := SecondReviewItem{Decision: d, ProblemID: d.ProblemID, SelectedAt: *d.SecondReviewSelectedAt,
			CanReview: d.ReviewerID != viewer.ID}
		if p := d.Edges.Problem; p != nil {
			it.Title = p.Title
		}
		if a := d.Edges.Reviewer; a != nil {
			it.FirstReviewer = a.Handle
		}
		out = append(out, it)
	}
	return out, nil
}

// DisagreementItem is one split between a first and a second review, for its class's queue.
type DisagreementItem struct {
	Class                         string
	ProblemID, Title              string
	FirstAction, FirstReviewer    string // the qualify decision and who recorded it
	SecondAction, SecondReviewer  string
	Reason                        string // the second review's reason, as its note states it
	At                            time.Time
	FirstDecision, SecondDecision string
}

// DisagreementQueue is the queue of one class of splits (every class when class is empty),
// newest first, with how many splits each class holds.
func (s *Service) DisagreementQueue(ctx context.Context, viewer *ent.Account, class decision.Disagreement, limit int) ([]DisagreementItem, map[string]int, error) {
	if !CanReview(viewer) {
		return nil, nil, fmt.Errorf("disagreements need the reviewer or operator role: %w", ErrForbidden)
	}
	if class != "" && decision.DisagreementValidator(class) != nil {
		return nil, nil, refuse(CodeInvalid, fmt.Sprintf("%q is not a class of disagreement", class), "class")
	}
	var counts []struct {
		Disagreement string `json:"disagreement"`
		Count        int    `json:"count"`
	}
	if err := s.client.Decision.Query().Where(decision.DisagreementNotNil()).GroupBy(decision.FieldDisagreement).
		Aggregate(ent.Count()).Scan(ctx, &counts); err != nil {
		return nil, nil, fmt.Errorf("disagreements: %w", err)
	}
	byClass := map[string]int{}
	for _, c := range counts {
		byClass[c.Disagreement] = c.Count
	}
	q := s.client.Decision.Query().Where(decision.DisagreementNotNil())
	if class != "" {
		q = q.Where(decision.DisagreementEQ(class))
	}
	ds, err := q.Order(ent.Desc(decision.FieldCreatedAt)).Limit(limit).WithProblem().WithReviewer().
		WithSecondReviewOf(func(q *ent.DecisionQuery) { q.WithReviewer() }).All(ctx)
	if err != nil {
		return nil, nil, fmt.Errorf("disagreements: %w", err)
	}
	out := make([]DisagreementItem, 0, len(ds))
	for _, d := range ds {
		it := DisagreementItem{Class: string(*d.Disagreement), ProblemID: d.ProblemID, SecondAction: string(d.Action),
			Reason: d.Notes.Reason, At: d.CreatedAt, SecondDecision: d.ID}
		if p := d.Edges.Problem; p != nil {
			it.Title = p.Title
		}
		if a := d.Edges.Reviewer; a != nil {
			it.SecondReviewer = a.Handle
		}
		if f := d.Edges.SecondReviewOf; f != nil {
			it.FirstAction, it.FirstDecision = string(f.Action), f.ID
			if a := f.Edges.Reviewer; a != nil {
				it.FirstReviewer = a.Handle
			}
		}
		out = append(out, it)
	}
	return out, byClass, nil
}

// decideHeldAccepted is the staff decision on an accepted problem held for staff (a second review
// found an error, an answer claim was established, its source now says it is solved): qualify
// confirms the acceptance, archive or merge reverses it (the stake was settled at acceptance and
// stays so); either releases the hold.
func (t *tx) decideHeldAccepted(ctx context.Context, actor *ent.Account, in DecisionInput, p *ent.Problem,
	holds []*ent.Hold, mergeInto, digest string) (*DecisionResult, error) {
	if in.Action == decision.ActionKEEP_PROSPECTING {
		return nil, refuse(CodeInvalid, "an accepted problem does not return to prospecting; confirm it (qualify), archive or merge it", "action")
	}
	if in.RevisionID != *p.CurrentRevisionID {
		return nil, t.staleRevision(ctx, p, in.RevisionID)
	}
	now := t.s.Now()
	create := t.newDecision(actor, decision.AuthoritySTAFF, in, p, digest, nil)
	if mergeInto != "" {
		if err := t.mergeTargetRefusal(ctx, p, mergeInto); err != nil {
			return nil, err
		}
		create.SetMergeIntoID(mergeInto)
	}
	d, err := create.Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("record decision: %w", err)
	}
	upd := p.Update().SetUpdatedAt(now)
	switch in.Action {
	case decision.ActionARCHIVE:
		upd.SetState("ARCHIVED")
	case decision.ActionMERGE:
		upd.SetState("MERGED").SetMergedIntoID(mergeInto)
	}
	if p, err = upd.Save(ctx); err != nil {
		return nil, fmt.Errorf("apply decision: %w", err)
	}
	if _, err := t.appendEvent(ctx, eventInput{actor: actor.ID, authority: AuthorityStaff, kind: KindDecisionRecorded,
		subject: p.ID, payload: map[string]any{"decision": d.ID, "action": d.Action, "authority": d.Authority,
			"revision": d.RevisionID, "state": p.State, "policyVersion": Version}}); err != nil {
		return nil, err
	}
	if err := t.releaseHolds(ctx, p, holds, d.ID, actor.ID); err != nil {
		return nil, err
	}
	return &DecisionResult{Decision: d, Problem: p}, nil
}

// SecondReviewView is what the second-review page shows beside its form: the selected qualify
// decision, its reviewer and its notes section by section, and the revision it qualified, which
// the second review must read and name.
type SecondReviewView struct {
	DecisionID    string
	FirstReviewer string // handle
	At            time.Time
	RevisionID    string
	RevisionNo    int
	// Notes are the first review's note sections that say something, in the template's order.
	Notes []NoteText
}

// NoteText is one section of a decision's note.
type NoteText struct{ Label, Text string }

// SecondReviewOf returns the view of decision id of problem problemID for a second review by
// viewer: refused unless the decision was selected, has no second review yet, and was recorded
// by someone else.
func (s *Service) SecondReviewOf(ctx context.Context, viewer *ent.Account, problemID, id string) (*SecondReviewView, error) {
	if !CanReview(viewer) {
		return nil, fmt.Errorf("second reviews need the reviewer or operator role: %w", ErrForbidden)
	}
	d, err := s.client.Decision.Query().Where(decision.ID(id), decision.ProblemID(problemID)).
		WithReviewer().WithRevision().WithSecondReviews().Only(ctx)
	if ent.IsNotFound(err) {
		return nil, refuse(CodeNotFound, fmt.Sprintf("%s has no decision %q", problemID, id), "secondReviewOf")
	}
	if err != nil {
		return nil, fmt.Errorf("second review: %w", err)
	}
	switch {
	case d.Action != decision.ActionQUALIFY || d.SecondReviewSelectedAt == nil:
		return nil, refuse(CodeInvalid, d.ID+" was not selected for a second review", "secondReviewOf")
	case len(d.Edges.SecondReviews) > 0:
		return nil, refuse(CodeConflict, d.ID+" already has its second review", "secondReviewOf")
	case d.ReviewerID == viewer.ID:
		return nil, refuse(CodeSelfReview, "you recorded the first review; another reviewer makes the second", "secondReviewOf")
	}
	v := &SecondReviewView{DecisionID: d.ID, At: d.CreatedAt, RevisionID: d.RevisionID}
	if a := d.Edges.Reviewer; a != nil {
		v.FirstReviewer = a.Handle
	}
	if rv := d.Edges.Revision; rv != nil {
		v.RevisionNo = rv.Number
	}
	for _, sec := range NoteSections {
		if t := *sec.Text(&d.Notes); t != "" {
			v.Notes = append(v.Notes, NoteText{Label: sec.Label, Text: t})
		}
	}
	return v, nil
}
