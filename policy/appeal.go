package policy

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/appeal"
	"github.com/theoremdb/theoremdb/ent/criterionchange"
	"github.com/theoremdb/theoremdb/ent/decision"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/gates"
)

// Appeals (AutoQA: "appeals that write back into the contract"). A proposer may appeal a
// decision on their problem once, with a reason. An appeal is human work: it waits in the
// appeals queue for an operator other than the decision's reviewer. An open appeal disputes the
// problem, so agent-assisted review leaves it to people (ReasonDisputed). An upheld appeal that
// shows a criterion was wrong proposes a new version of that criterion, which the owner of the
// criteria adopts or declines (criteria.go); the versioned criteria (CriterionChanges) show what
// changed and why.

// Events of appeals and criteria.
const (
	KindAppealOpened      = "appeal.opened"
	KindAppealResolved    = "appeal.resolved"
	KindCriterionProposed = "criterion.proposed"
)

// Bounds of an appeal's reason and a resolution.
const (
	AppealReasonMin = 10
	AppealReasonMax = 2000
)

// AppealView is one appeal as the queue and the API read it.
type AppealView struct {
	ID, DecisionID, ProblemID, Title string
	// DecisionAction is the appealed decision's action (ARCHIVE, MERGE, KEEP_PROSPECTING).
	DecisionAction string
	Proposer       string // "@handle"
	Reason, State  string
	CreatedAt      time.Time
	ResolvedBy     string // "@handle", or ""
	ResolvedAt     *time.Time
	Resolution     string
	// CriterionChangeID is the criterion version an upheld appeal proposed, or "".
	CriterionChangeID string
}

// AppealDecision records the proposer's appeal of a decision on their problem.
func (s *Service) AppealDecision(ctx context.Context, actor *ent.Account, decisionID, reason string) (AppealView, error) {
	if actor == nil {
		return AppealView{}, fmt.Errorf("appealing needs an account: %w", ErrForbidden)
	}
	reason = strings.TrimSpace(reason)
	switch n := utf8.RuneCountInString(reason); {
	case n < AppealReasonMin:
		return AppealView{}, refuse(CodeRequired, fmt.Sprintf("say why the decision is wrong, in at least %d characters", AppealReasonMin), "reason")
	case n > AppealReasonMax:
		return AppealView{}, refuse(CodeTooLong, fmt.Sprintf("the reason is at most %d characters", AppealReasonMax), "reason")
	}
	var id string
	err := s.inTx(ctx, func(ctx context.Context, t *tx) error {
		d, err := t.Decision.Query().Where(decision.ID(strings.TrimSpace(decisionID))).Only(ctx)
		if ent.IsNotFound(err) {
			return refuse(CodeNotFound, "no such decision", "decision")
		}
		if err != nil {
			return err
		}
		p, err := t.Problem.Get(ctx, d.ProblemID)
		if err != nil {
			return err
		}
		if p.ProposerID != actor.ID {
			return fmt.Errorf("only the problem's proposer appeals its decisions: %w", ErrForbidden)
		}
		if p.State == problem.StateREMOVED {
			return refuse(CodeInvalid, "the problem was removed by moderation; its decisions are not appealed here", "decision")
		}
		if d.Action == decision.ActionQUALIFY {
			return refuse(CodeInvalid, "a qualify decision accepted the problem: there is nothing to appeal", "decision")
		}
		taken, err := t.Appeal.Query().Where(appeal.DecisionID(d.ID)).Exist(ctx)
		if err != nil {
			return err
		}
		if taken {
			return refuse(CodeConflict, "this decision has been appealed already; a decision is appealed once", "decision")
		}
		a, err := t.Appeal.Create().SetDecisionID(d.ID).SetProblemID(p.ID).SetProposerID(actor.ID).SetReason(reason).
			SetCreatedAt(t.s.Now()).Save(ctx)
		if err != nil {
			return fmt.Errorf("appeal: %w", err)
		}
		id = a.ID
		_, err = t.appendEvent(ctx, eventInput{actor: actor.ID, authority: AuthoritySubmitter, kind: KindAppealOpened,
			subject: p.ID, payload: map[string]any{"appeal": a.ID, "decision": d.ID, "action": string(d.Action), "reason": reason}})
		return err
	})
	if err != nil {
		return AppealView{}, err
	}
	return s.appealView(ctx, id)
}

// ResolveAppealInput is an operator's answer to an appeal. An upheld appeal may name the check
// whose criterion it showed wrong, with the text proposed in its place.
type ResolveAppealInput struct {
	AppealID   string
	Upheld     bool
	Resolution string
	Check      string
	Proposed   string
}

// ResolveAppeal answers an appeal (operators other than the decision's reviewer).
func (s *Service) ResolveAppeal(ctx context.Context, actor *ent.Account, in ResolveAppealInput) (AppealView, error) {
	if !CanStaff(actor) {
		return AppealView{}, fmt.Errorf("appeals are answered by operators: %w", ErrForbidden)
	}
	in.Resolution, in.Check, in.Proposed = strings.TrimSpace(in.Resolution), strings.TrimSpace(in.Check), strings.TrimSpace(in.Proposed)
	if utf8.RuneCountInString(in.Resolution) < AppealReasonMin {
		return AppealView{}, refuse(CodeRequired, fmt.Sprintf("say why, in at least %d characters: the proposer reads it", AppealReasonMin), "resolution")
	}
	var check gates.Check
	if in.Check != "" {
		c, ok := CheckNamed(in.Check)
		switch {
		case !in.Upheld:
			return AppealView{}, refuse(CodeInvalid, "only an upheld appeal proposes a new criterion", "check")
		case !ok:
			return AppealView{}, refuse(CodeInvalid, fmt.Sprintf("no check %q", in.Check), "check")
		case in.Proposed == "":
			return AppealView{}, refuse(CodeRequired, "write the criterion as it should read", "proposed")
		}
		check = c
	}
	err := s.inTx(ctx, func(ctx context.Context, t *tx) error {
		a, err := t.Appeal.Query().Where(appeal.ID(in.AppealID)).Only(ctx)
		if ent.IsNotFound(err) {
			return refuse(CodeNotFound, "no such appeal", "appeal")
		}
		if err != nil {
			return err
		}
		if a.State != appeal.StateOPEN {
			return refuse(CodeConflict, "the appeal has been answered", "appeal")
		}
		d, err := t.Decision.Get(ctx, a.DecisionID)
		if err != nil {
			return err
		}
		if d.ReviewerID == actor.ID {
			return refuse(CodeSelfReview, "you made the appealed decision; another operator answers the appeal", "appeal")
		}
		state := appeal.StateDISMISSED
		if in.Upheld {
			state = appeal.StateUPHELD
		}
		u := a.Update().SetState(state).SetResolution(in.Resolution).SetResolvedByID(actor.ID).SetResolvedAt(t.s.Now())
		payload := map[string]any{"appeal": a.ID, "decision": a.DecisionID, "state": string(state), "resolution": in.Resolution}
		if check.ID != "" {
			cc, err := t.proposeCriterion(ctx, actor, check, in.Proposed, in.Resolution, a.ID)
			if err != nil {
				return err
			}
			u.SetCriterionChangeID(cc.ID)
			payload["criterionChange"] = cc.ID
		}
		if err := u.Exec(ctx); err != nil {
			return fmt.Errorf("resolve appeal: %w", err)
		}
		_, err = t.appendEvent(ctx, eventInput{actor: actor.ID, authority: AuthorityStaff, kind: KindAppealResolved,
			subject: a.ProblemID, payload: payload})
		return err
	})
	if err != nil {
		return AppealView{}, err
	}
	return s.appealView(ctx, in.AppealID)
}

// CheckNamed finds a gate's check by its ID.
func CheckNamed(id string) (gates.Check, bool) {
	for _, g := range gates.All() {
		for _, c := range g.Checks {
			if c.ID == id {
				return c, true
			}
		}
	}
	return gates.Check{}, false
}

// proposeCriterion writes the next version of a check's criterion: the text it replaces is the
// criterion in force now (the newest adopted version's, or the code's own, version 1).
func (t *tx) proposeCriterion(ctx context.Context, actor *ent.Account, c gates.Check, proposed, why, appealID string) (*ent.CriterionChange, error) {
	version := 2
	last, err := t.CriterionChange.Query().Where(criterionchange.Check(c.ID)).Order(ent.Desc(criterionchange.FieldVersion)).First(ctx)
	switch {
	case err == nil:
		version = last.Version + 1
	case !ent.IsNotFound(err):
		return nil, fmt.Errorf("criterion: %w", err)
	}
	inForce, err := t.criteriaAt(ctx, t.s.Now())
	if err != nil {
		return nil, err
	}
	prev := c.Criterion
	if v, ok := inForce[c.ID]; ok {
		prev = v.Proposed
	}
	q := t.CriterionChange.Create().SetCheck(c.ID).SetVersion(version).SetPrevious(prev).SetProposed(proposed).SetWhy(why).
		SetProposedByID(actor.ID).SetCreatedAt(t.s.Now())
	if appealID != "" {
		q.SetAppealID(appealID)
	}
	cc, err := q.Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("criterion: %w", err)
	}
	_, err = t.appendEvent(ctx, eventInput{actor: actor.ID, authority: AuthorityStaff, kind: KindCriterionProposed,
		subject: "criterion:" + c.ID, payload: map[string]any{"check": c.ID, "version": version, "previous": prev,
			"proposed": proposed, "why": why, "appeal": appealID}})
	return cc, err
}

// Appeals is the appeals queue (operators): the open appeals oldest first, then the answered
// ones newest first, at most limit.
func (s *Service) Appeals(ctx context.Context, actor *ent.Account, limit int) ([]AppealView, error) {
	if !CanStaff(actor) {
		return nil, fmt.Errorf("the appeals queue is for operators: %w", ErrForbidden)
	}
	open, err := s.client.Appeal.Query().Where(appeal.StateEQ(appeal.StateOPEN)).Order(ent.Asc(appeal.FieldCreatedAt)).Limit(limit).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("appeals: %w", err)
	}
	done, err := s.client.Appeal.Query().Where(appeal.StateNEQ(appeal.StateOPEN)).Order(ent.Desc(appeal.FieldCreatedAt)).Limit(limit).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("appeals: %w", err)
	}
	return s.appealViews(ctx, append(open, done...))
}

func (s *Service) appealView(ctx context.Context, id string) (AppealView, error) {
	a, err := s.client.Appeal.Get(ctx, id)
	if err != nil {
		return AppealView{}, fmt.Errorf("appeal: %w", err)
	}
	vs, err := s.appealViews(ctx, []*ent.Appeal{a})
	if err != nil {
		return AppealView{}, err
	}
	return vs[0], nil
}

func (s *Service) appealViews(ctx context.Context, as []*ent.Appeal) ([]AppealView, error) {
	var ids, pids, dids []string
	for _, a := range as {
		ids = append(ids, a.ProposerID)
		if a.ResolvedByID != nil {
			ids = append(ids, *a.ResolvedByID)
		}
		pids, dids = append(pids, a.ProblemID), append(dids, a.DecisionID)
	}
	handles, err := s.handlesOf(ctx, ids)
	if err != nil {
		return nil, err
	}
	ps, err := s.client.Problem.Query().Where(problem.IDIn(pids...)).Select(problem.FieldID, problem.FieldTitle).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("appeals: %w", err)
	}
	titles := map[string]string{}
	for _, p := range ps {
		titles[p.ID] = p.Title
	}
	ds, err := s.client.Decision.Query().Where(decision.IDIn(dids...)).Select(decision.FieldID, decision.FieldAction).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("appeals: %w", err)
	}
	actions := map[string]string{}
	for _, d := range ds {
		actions[d.ID] = string(d.Action)
	}
	out := make([]AppealView, 0, len(as))
	for _, a := range as {
		v := AppealView{ID: a.ID, DecisionID: a.DecisionID, ProblemID: a.ProblemID, Title: titles[a.ProblemID],
			DecisionAction: actions[a.DecisionID], Proposer: handles[a.ProposerID], Reason: a.Reason, State: string(a.State),
			CreatedAt: a.CreatedAt, ResolvedAt: a.ResolvedAt, Resolution: a.Resolution}
		if a.ResolvedByID != nil {
			v.ResolvedBy = handles[*a.ResolvedByID]
		}
		if a.CriterionChangeID != nil {
			v.CriterionChangeID = *a.CriterionChangeID
		}
		out = append(out, v)
	}
	return out, nil
}

// openAppeal reports whether an appeal of a decision on the problem is open.
func (s *Service) openAppeal(ctx context.Context, problemID string) (bool, error) {
	return s.client.Appeal.Query().Where(appeal.ProblemID(problemID), appeal.StateEQ(appeal.StateOPEN)).Exist(ctx)
}

// CheckIDs are every gate's check IDs, in the gates' order.
func CheckIDs() []string {
	var out []string
	for _, g := range gates.All() {
		for _, c := range g.Checks {
			out = append(out, c.ID)
		}
	}
	return out
}
