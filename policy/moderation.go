package policy

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"entgo.io/ent/dialect"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/flag"
	"github.com/theoremdb/theoremdb/ent/moderationcase"
	"github.com/theoremdb/theoremdb/ent/predicate"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/ent/reputationentry"
)

// Moderation event kinds and authority.
const (
	KindFlagRaised      = "flag.raised"
	KindCaseOpened      = "case.opened"
	KindCaseClaimed     = "case.claimed"
	KindCaseDismissed   = "case.dismissed"
	KindProblemRemoved  = "problem.removed"
	AuthorityCommunity  = "community"
	AuthorityModeration = "moderation"
	// FlaggerActor stands in for the flagger on public events: moderators
	// see who flagged, the public never does.
	FlaggerActor = "community"
)

// Limits on flags.
const (
	MaxExplanation    = 2000
	MinExplanation    = 10
	MaxModerationNote = 2000
	// FlagRateLimit is how many flags one account may raise per FlagRateWindow.
	FlagRateLimit  = 10
	FlagRateWindow = time.Hour
)

// FlagInput is one community flag as raised.
type FlagInput struct {
	ProblemID   string
	Reason      flag.Reason
	Explanation string
	DuplicateOf string
}

// FlagResult is the flag and the case it opened or joined.
type FlagResult struct {
	Flag   *ent.Flag
	Case   *ent.ModerationCase
	Opened bool
}

// FlagProblem records a community flag. It opens a moderation case, or
// joins the open one for the same problem and reason. It never hides the
// problem and never pauses its clock. An account has one open flag per
// problem and a bounded rate; removed and merged problems take no flags.
func (s *Service) FlagProblem(ctx context.Context, actor *ent.Account, in FlagInput) (*FlagResult, error) {
	if actor == nil {
		return nil, ErrUnauthenticated
	}
	var v validator
	if flag.ReasonValidator(in.Reason) != nil {
		v.add(CodeInvalid, "reason must be one of "+strings.Join(FlagReasons.Values(), ", "), "reason")
	}
	fault := textFault(in.Explanation, multiLine)
	switch n := len([]rune(strings.TrimSpace(in.Explanation))); {
	case n == 0:
		v.add(CodeRequired, "explain what is wrong, so a moderator can check it", "explanation")
	case fault != "":
		v.add(CodeInvalid, fault, "explanation")
	case n < MinExplanation:
		v.add(CodeInvalid, fmt.Sprintf("say a little more: at least %d characters", MinExplanation), "explanation")
	case n > MaxExplanation:
		v.add(CodeTooLong, fmt.Sprintf("is %d characters; the limit is %d", n, MaxExplanation), "explanation")
	}
	if in.Reason == flag.ReasonDUPLICATE && strings.TrimSpace(in.DuplicateOf) == "" {
		v.add(CodeRequired, "a duplicate flag names the other problem", "duplicateOf")
	}
	if in.Reason != flag.ReasonDUPLICATE && in.DuplicateOf != "" {
		v.add(CodeInvalid, "only a duplicate flag names another problem", "duplicateOf")
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
	var dup *string
	if in.Reason == flag.ReasonDUPLICATE {
		d, err := ResolveProblemID(ctx, s.client, in.DuplicateOf)
		if errors.Is(err, ErrNotFound) {
			return nil, refuse(CodeNotFound, fmt.Sprintf("no problem %q", in.DuplicateOf), "duplicateOf")
		}
		if err != nil {
			return nil, err
		}
		if d == id {
			return nil, refuse(CodeInvalid, "a problem is not a duplicate of itself", "duplicateOf")
		}
		dup = &d
	}

	var res *FlagResult
	err = s.inTx(ctx, func(ctx context.Context, t *tx) error {
		now := s.Now()
		if err := t.lockAccount(ctx, actor.ID); err != nil {
			return err
		}
		p, err := t.lockProblem(ctx, id)
		if err != nil {
			return err
		}
		if err := flagRefusal(p); err != nil {
			return err
		}
		recent, err := t.Flag.Query().Where(flag.FlaggerID(actor.ID), flag.CreatedAtGT(now.Add(-FlagRateWindow))).Count(ctx)
		if err != nil {
			return err
		}
		if recent >= FlagRateLimit {
			return refuse(CodeConflict, fmt.Sprintf("you have raised %d flags in the last hour; the limit is %d, try again later", recent, FlagRateLimit))
		}
		open, err := t.Flag.Query().Where(flag.FlaggerID(actor.ID), flag.ProblemID(p.ID),
			flag.HasCaseWith(moderationcase.StateIn(moderationcase.StateOPEN, moderationcase.StateCLAIMED))).Exist(ctx)
		if err != nil {
			return err
		}
		if open {
			return refuse(CodeConflict, "you already have an open flag on this problem; a moderator will look at it")
		}
		c, err := t.ModerationCase.Query().Where(moderationcase.ProblemID(p.ID), moderationcase.ReasonEQ(moderationcase.Reason(in.Reason)),
			moderationcase.StateIn(moderationcase.StateOPEN, moderationcase.StateCLAIMED)).First(ctx)
		opened := false
		if ent.IsNotFound(err) {
			c, err = t.ModerationCase.Create().SetProblemID(p.ID).SetReason(moderationcase.Reason(in.Reason)).SetOpenedAt(now).Save(ctx)
			opened = true
		}
		if err != nil {
			return fmt.Errorf("moderation case: %w", err)
		}
		f, err := t.Flag.Create().SetProblemID(p.ID).SetFlaggerID(actor.ID).SetCaseID(c.ID).SetReason(in.Reason).
			SetExplanation(strings.TrimSpace(in.Explanation)).SetNillableDuplicateOfID(dup).SetCreatedAt(now).Save(ctx)
		if err != nil {
			return fmt.Errorf("flag: %w", err)
		}
		count, err := t.Flag.Query().Where(flag.ProblemID(p.ID), flag.HasCaseWith(
			moderationcase.StateIn(moderationcase.StateOPEN, moderationcase.StateCLAIMED))).Count(ctx)
		if err != nil {
			return err
		}
		if opened {
			if _, err := t.appendEvent(ctx, eventInput{actor: FlaggerActor, authority: AuthorityCommunity, kind: KindCaseOpened,
				subject: p.ID, payload: map[string]any{"case": c.ID, "reason": c.Reason}}); err != nil {
				return err
			}
		}
		if _, err := t.appendEvent(ctx, eventInput{actor: FlaggerActor, authority: AuthorityCommunity, kind: KindFlagRaised,
			subject: p.ID, payload: map[string]any{"flag": f.ID, "case": c.ID, "reason": f.Reason, "openFlags": count}}); err != nil {
			return err
		}
		res = &FlagResult{Flag: f, Case: c, Opened: opened}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if res.Flag, err = s.client.Flag.Get(ctx, res.Flag.ID); err != nil {
		return nil, err
	}
	res.Case, err = s.client.ModerationCase.Get(ctx, res.Case.ID)
	return res, err
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// Listed keeps the problems that lists and search show: a removed problem
// leaves them, and its page becomes a tombstone.
func Listed() predicate.Problem { return problem.StateNEQ(problem.StateREMOVED) }

// moderate runs a moderator's action on a locked case.
func (s *Service) moderate(ctx context.Context, actor *ent.Account, caseID string,
	fn func(ctx context.Context, t *tx, c *ent.ModerationCase, now time.Time) error) (*ent.ModerationCase, error) {
	if actor == nil {
		return nil, ErrUnauthenticated
	}
	if !CanModerate(actor) {
		return nil, fmt.Errorf("moderation needs the moderator role: %w", ErrForbidden)
	}
	if !storable(caseID) {
		return nil, refuse(CodeNotFound, fmt.Sprintf("no moderation case %q", caseID), "caseId")
	}
	err := s.inTx(ctx, func(ctx context.Context, t *tx) error {
		c, err := t.lockCase(ctx, caseID)
		if ent.IsNotFound(err) {
			return refuse(CodeNotFound, fmt.Sprintf("no moderation case %q", caseID), "caseId")
		}
		if err != nil {
			return err
		}
		proposer, err := t.Problem.Query().Where(problem.ID(c.ProblemID)).Select(problem.FieldProposerID).String(ctx)
		if err != nil {
			return fmt.Errorf("moderation case: %w", err)
		}
		if proposer == actor.ID {
			return refuse(CodeSelfReview, "you submitted this problem; another moderator settles the flags on it", "caseId")
		}
		return fn(ctx, t, c, s.Now())
	})
	if err != nil {
		return nil, err
	}
	return s.client.ModerationCase.Get(ctx, caseID)
}

// ClaimCase takes an open case, so two moderators do not work it at once.
func (s *Service) ClaimCase(ctx context.Context, actor *ent.Account, caseID string) (*ent.ModerationCase, error) {
	return s.moderate(ctx, actor, caseID, func(ctx context.Context, t *tx, c *ent.ModerationCase, now time.Time) error {
		switch {
		case c.State == moderationcase.StateCLAIMED && deref(c.ClaimedByID) == actor.ID:
			return nil // claiming again is harmless
		case c.State != moderationcase.StateOPEN:
			return refuse(CodeConflict, fmt.Sprintf("the case is %s", strings.ToLower(string(c.State))), "caseId")
		}
		if err := t.ModerationCase.UpdateOne(c).SetState(moderationcase.StateCLAIMED).SetClaimedByID(actor.ID).
			SetClaimedAt(now).Exec(ctx); err != nil {
			return err
		}
		_, err := t.appendEvent(ctx, eventInput{actor: actor.ID, authority: AuthorityModeration, kind: KindCaseClaimed,
			subject: c.ProblemID, payload: map[string]any{"case": c.ID, "moderator": actor.Handle}})
		return err
	})
}

// lockCase reads a moderation case and locks its row as lockProblem does.
func (t *tx) lockCase(ctx context.Context, id string) (*ent.ModerationCase, error) {
	q := t.ModerationCase.Query().Where(moderationcase.ID(id))
	if t.s.db.Dialect == dialect.Postgres {
		q = q.ForUpdate()
	}
	return q.Only(ctx)
}

// resolvable checks that actor holds the claim on c.
func resolvable(actor *ent.Account, c *ent.ModerationCase) error {
	switch {
	case c.State == moderationcase.StateOPEN:
		return refuse(CodeConflict, "claim the case before resolving it", "caseId")
	case c.State != moderationcase.StateCLAIMED:
		return refuse(CodeConflict, fmt.Sprintf("the case is already %s", strings.ToLower(string(c.State))), "caseId")
	case deref(c.ClaimedByID) != actor.ID:
		return refuse(CodeConflict, "another moderator holds this case", "caseId")
	}
	return nil
}

// DismissCase closes a claimed case with a note; the problem stays as it is.
func (s *Service) DismissCase(ctx context.Context, actor *ent.Account, caseID, note string) (*ent.ModerationCase, error) {
	var v validator
	v.text(note, true, MaxModerationNote, "note")
	if err := v.err(); err != nil {
		return nil, err
	}
	return s.moderate(ctx, actor, caseID, func(ctx context.Context, t *tx, c *ent.ModerationCase, now time.Time) error {
		if err := resolvable(actor, c); err != nil {
			return err
		}
		if err := t.ModerationCase.UpdateOne(c).SetState(moderationcase.StateDISMISSED).SetResolvedAt(now).
			SetResolution(strings.TrimSpace(note)).Exec(ctx); err != nil {
			return err
		}
		_, err := t.appendEvent(ctx, eventInput{actor: actor.ID, authority: AuthorityModeration, kind: KindCaseDismissed,
			subject: c.ProblemID, payload: map[string]any{"case": c.ID, "moderator": actor.Handle, "reason": c.Reason,
				"note": strings.TrimSpace(note)}})
		return err
	})
}

// RemoveProblem removes the problem of a claimed case, with a public
// reason: the page becomes a tombstone, the ID stays reserved, the problem
// leaves lists and search. A stake still in escrow is forfeited during the
// challenge period and returned after it (the challenge is over, and the
// acceptance job may simply not have run yet) unless the problem is held for
// staff, whose challenge goes on past the deadline; one already returned stays
// returned. Every other open case on the problem
// closes with it.
func (s *Service) RemoveProblem(ctx context.Context, actor *ent.Account, caseID, reason string) (*ent.ModerationCase, *ent.Problem, error) {
	var v validator
	v.text(reason, true, MaxModerationNote, "reason")
	if err := v.err(); err != nil {
		return nil, nil, err
	}
	var problemID string
	c, err := s.moderate(ctx, actor, caseID, func(ctx context.Context, t *tx, c *ent.ModerationCase, now time.Time) error {
		if err := resolvable(actor, c); err != nil {
			return err
		}
		p, err := t.lockProblem(ctx, c.ProblemID)
		if err != nil {
			return err
		}
		problemID = p.ID
		if p.State == problem.StateREMOVED {
			return refuse(CodeConflict, p.ID+" is already removed", "caseId")
		}
		reason := strings.TrimSpace(reason)
		payload := map[string]any{"case": c.ID, "moderator": actor.Handle, "reason": reason, "previousState": p.State}
		if p.State == problem.StatePROSPECTING && p.StakeState != nil && *p.StakeState == problem.StakeStateESCROWED {
			// A removal during the challenge forfeits the stake as an archive would; once the
			// challenge period is over the stake is returned, as acceptance would have returned it.
			// A problem held for staff is still in its challenge after the deadline (the hold
			// suspends default acceptance), so its removal forfeits as a staff archive does.
			kind := reputationentry.KindFORFEIT
			holds, err := t.openHolds(ctx, p.ID)
			if err != nil {
				return err
			}
			if !now.Before(p.Deadline) && len(holds) == 0 {
				kind = reputationentry.KindRETURN
			}
			if err := t.settleStake(ctx, p, kind, now); err != nil {
				return err
			}
			payload["stake"] = kind
		}
		if err := t.Problem.UpdateOneID(p.ID).SetState(problem.StateREMOVED).SetRemovedAt(now).SetRemovalReason(reason).
			SetUpdatedAt(now).Exec(ctx); err != nil {
			return err
		}
		if err := t.ModerationCase.Update().Where(moderationcase.ProblemID(p.ID),
			moderationcase.StateIn(moderationcase.StateOPEN, moderationcase.StateCLAIMED)).
			SetState(moderationcase.StateREMOVED).SetResolvedAt(now).SetResolution(reason).Exec(ctx); err != nil {
			return err
		}
		_, err = t.appendEvent(ctx, eventInput{actor: actor.ID, authority: AuthorityModeration, kind: KindProblemRemoved,
			subject: p.ID, payload: payload})
		return err
	})
	if err != nil {
		return nil, nil, err
	}
	p, err := s.client.Problem.Get(ctx, problemID)
	return c, p, err
}
