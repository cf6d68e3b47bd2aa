package policy

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/criterionchange"
	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/textdiff"
)

// Versioned criteria. An upheld appeal proposes a new version of a check's criterion
// (appeal.go); the owner of the criteria (an operator) adopts or declines the proposal, with a
// reason, as an event in the log. An adopted version is the criterion in force for the problems
// submitted after it: their findings on that check carry its text, while a problem submitted
// before keeps the criterion it was submitted under, however often its gates run again.

// Events of the owner's decision on a proposed criterion.
const (
	KindCriterionAdopted  = "criterion.adopted"
	KindCriterionDeclined = "criterion.declined"
)

// CriterionChangeView is one version of a check's criterion: what it replaced, what it says,
// what changed word by word, why, and the owner's decision on it.
type CriterionChangeView struct {
	ID, Check, Gate         string
	Version                 int
	Previous, Proposed, Why string
	// Changes is the word-level difference from Previous to Proposed.
	Changes         []TextChange
	AppealID, State string
	ProposedBy      string // "@handle"
	CreatedAt       time.Time
	// DecidedBy is "@handle" of the owner who adopted or declined it, "" while proposed.
	DecidedBy string
	// DecidedAt is when it was adopted or declined; an adopted version applies to the problems
	// submitted after it.
	DecidedAt      *time.Time
	DecisionReason string
}

// CriterionChanges are the versioned criteria, newest first (public: what changed and why).
func (s *Service) CriterionChanges(ctx context.Context, limit int) ([]CriterionChangeView, error) {
	cs, err := s.client.CriterionChange.Query().Order(ent.Desc(criterionchange.FieldCreatedAt), ent.Desc(criterionchange.FieldVersion)).
		Limit(limit).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("criteria: %w", err)
	}
	return s.criterionViews(ctx, cs)
}

// CriterionChange is one version by its ID.
func (s *Service) CriterionChange(ctx context.Context, id string) (CriterionChangeView, error) {
	c, err := s.client.CriterionChange.Query().Where(criterionchange.ID(strings.TrimSpace(id))).Only(ctx)
	if ent.IsNotFound(err) {
		return CriterionChangeView{}, refuse(CodeNotFound, "no such criterion version", "criterionChange")
	}
	if err != nil {
		return CriterionChangeView{}, fmt.Errorf("criterion: %w", err)
	}
	vs, err := s.criterionViews(ctx, []*ent.CriterionChange{c})
	if err != nil {
		return CriterionChangeView{}, err
	}
	return vs[0], nil
}

func (s *Service) criterionViews(ctx context.Context, cs []*ent.CriterionChange) ([]CriterionChangeView, error) {
	var ids []string
	for _, c := range cs {
		ids = append(ids, c.ProposedByID)
		if c.DecidedByID != nil {
			ids = append(ids, *c.DecidedByID)
		}
	}
	handles, err := s.handlesOf(ctx, ids)
	if err != nil {
		return nil, err
	}
	gateOf := map[string]string{}
	for _, g := range gates.All() {
		for _, c := range g.Checks {
			gateOf[c.ID] = string(g.Name)
		}
	}
	out := make([]CriterionChangeView, 0, len(cs))
	for _, c := range cs {
		v := CriterionChangeView{ID: c.ID, Check: c.Check, Gate: gateOf[c.Check], Version: c.Version, Previous: c.Previous,
			Proposed: c.Proposed, Changes: WordDiff(c.Previous, c.Proposed), Why: c.Why, State: string(c.State),
			ProposedBy: handles[c.ProposedByID], CreatedAt: c.CreatedAt, DecidedAt: c.DecidedAt, DecisionReason: c.DecisionReason}
		if c.AppealID != nil {
			v.AppealID = *c.AppealID
		}
		if c.DecidedByID != nil {
			v.DecidedBy = handles[*c.DecidedByID]
		}
		out = append(out, v)
	}
	return out, nil
}

// Bounds of the owner's reason for adopting or declining a criterion.
const (
	CriterionReasonMin = 10
	CriterionReasonMax = 2000
)

// DecideCriterion is the owner of the criteria adopting (adopt) or declining a proposed version,
// with a reason published beside it. Adopting a version puts it in force for the problems
// submitted from now on; a proposal is decided once.
func (s *Service) DecideCriterion(ctx context.Context, actor *ent.Account, id string, adopt bool, reason string) (CriterionChangeView, error) {
	if !CanStaff(actor) {
		return CriterionChangeView{}, fmt.Errorf("the owner of the criteria (an operator) decides on a proposed criterion: %w", ErrForbidden)
	}
	reason = strings.TrimSpace(reason)
	switch n := utf8.RuneCountInString(reason); {
	case n < CriterionReasonMin:
		return CriterionChangeView{}, refuse(CodeRequired, fmt.Sprintf("say why, in at least %d characters: the reason is published with the criterion", CriterionReasonMin), "reason")
	case n > CriterionReasonMax:
		return CriterionChangeView{}, refuse(CodeTooLong, fmt.Sprintf("the reason is at most %d characters", CriterionReasonMax), "reason")
	}
	id = strings.TrimSpace(id)
	err := s.inTx(ctx, func(ctx context.Context, t *tx) error {
		c, err := t.CriterionChange.Query().Where(criterionchange.ID(id)).Only(ctx)
		if ent.IsNotFound(err) {
			return refuse(CodeNotFound, "no such criterion version", "criterionChange")
		}
		if err != nil {
			return fmt.Errorf("criterion: %w", err)
		}
		if c.State != criterionchange.StatePROPOSED {
			return refuse(CodeConflict, "this version was "+strings.ToLower(string(c.State))+" already; a proposal is decided once", "criterionChange")
		}
		now := t.s.Now()
		inForce, err := t.criteriaAt(ctx, now)
		if err != nil {
			return err
		}
		prev := ""
		if chk, ok := CheckNamed(c.Check); ok {
			prev = chk.Criterion
		}
		if v, ok := inForce[c.Check]; ok {
			prev = v.Proposed
		}
		state, kind, applies := criterionchange.StateDECLINED, KindCriterionDeclined, "nothing: the criterion in force stays"
		if adopt {
			state, kind, applies = criterionchange.StateADOPTED, KindCriterionAdopted, "problems submitted after this event"
		}
		payload := map[string]any{"change": c.ID, "check": c.Check, "version": c.Version, "reason": reason,
			"previous": prev, "proposed": c.Proposed, "appliesTo": applies}
		if err := c.Update().SetState(state).SetDecidedByID(actor.ID).SetDecidedAt(now).SetDecisionReason(reason).Exec(ctx); err != nil {
			return fmt.Errorf("criterion: %w", err)
		}
		_, err = t.appendEvent(ctx, eventInput{actor: actor.ID, authority: AuthorityOperator, kind: kind,
			subject: "criterion:" + c.Check, payload: payload})
		return err
	})
	if err != nil {
		return CriterionChangeView{}, err
	}
	return s.CriterionChange(ctx, id)
}

// criteriaAt is the newest adopted version of each check's criterion decided at or before at:
// the criteria a problem submitted at that moment is held to. A check with none keeps the
// criterion its code states.
func (t *tx) criteriaAt(ctx context.Context, at time.Time) (map[string]*ent.CriterionChange, error) {
	cs, err := t.CriterionChange.Query().Where(criterionchange.StateEQ(criterionchange.StateADOPTED), criterionchange.DecidedAtLTE(at)).
		Order(ent.Asc(criterionchange.FieldDecidedAt), ent.Asc(criterionchange.FieldVersion)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("criteria in force: %w", err)
	}
	out := map[string]*ent.CriterionChange{}
	for _, c := range cs {
		out[c.Check] = c // the later adoption wins
	}
	return out, nil
}

// withCriteriaAt gives each finding the text of the criterion in force when its problem was
// submitted: an adopted version's for a problem submitted after the adoption.
func (t *tx) withCriteriaAt(ctx context.Context, res gates.Result, submitted time.Time) (gates.Result, error) {
	inForce, err := t.criteriaAt(ctx, submitted)
	if err != nil || len(inForce) == 0 {
		return res, err
	}
	fs := make([]gates.Finding, len(res.Findings))
	copy(fs, res.Findings)
	for i := range fs {
		if c, ok := inForce[fs[i].Check]; ok {
			fs[i].Criterion = c.Proposed
		}
	}
	res.Findings = fs
	return res, nil
}

// TextChange is one run of words of a difference between two texts: kept (SAME), taken out
// (REMOVED) or put in (ADDED).
type TextChange struct {
	Op   string
	Text string
}

// The operations of a TextChange.
const (
	TextSame    = "SAME"
	TextRemoved = "REMOVED"
	TextAdded   = "ADDED"
)

// maxDiffCells bounds the table WordDiff fills (two criteria of about 500 words each).
const maxDiffCells = 250_000

// textOps are the operations of a TextChange by textdiff's.
var textOps = [...]string{textdiff.Same: TextSame, textdiff.Removed: TextRemoved, textdiff.Added: TextAdded}

// WordDiff is the difference from a to b word by word (a longest common subsequence of their
// words), runs of one operation joined with single spaces. Past maxDiffCells the words after
// the shared leading ones are not aligned: all of a's out, then all of b's in.
func WordDiff(a, b string) []TextChange {
	var out []TextChange
	for _, e := range textdiff.Diff(strings.Fields(a), strings.Fields(b), textdiff.Options{MaxCells: maxDiffCells}) {
		op := textOps[e.Op]
		if n := len(out); n > 0 && out[n-1].Op == op {
			out[n-1].Text += " " + e.Text
			continue
		}
		out = append(out, TextChange{Op: op, Text: e.Text})
	}
	return out
}
