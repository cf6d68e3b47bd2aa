package policy

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/decision"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/ent/reputationentry"
	"github.com/theoremdb/theoremdb/packet"
)

// DecisionInput is one reviewer decision as requested.
type DecisionInput struct {
	ProblemID string
	// RevisionID is the revision the reviewer read; a decision on any other
	// than the current one is refused.
	RevisionID       string
	Action           decision.Action
	ReasonCode       *decision.ReasonCode
	Notes            packet.DecisionNotes
	RevisionRequests []string
	MergeInto        string
	IdempotencyKey   string
	// Confirmations answer, one by one, the findings of the revision's
	// gates that a machine could not certify; qualify needs every one of
	// them to hold.
	Confirmations []packet.FindingConfirmation
	// SecondReviewOf names the selected qualify decision this one reviews a
	// second time; Disagreement classes a second review that splits from it.
	SecondReviewOf string
	Disagreement   *decision.Disagreement
}

// MaxConfirmations bounds the confirmations of one decision.
const MaxConfirmations = 500

// RequiredFields lists, per action, the inputs the policy's evidence
// standard requires: the revision requests of keep-prospecting, the reason
// code of an archive, the survivor of a merge, and the note-template
// sections (notes.x) each action must state (NoteSections), in the order
// of DecisionFields, which it is read from. Forms show it; validate
// enforces it.
var RequiredFields = requiredFields()

func requiredFields() map[decision.Action][]string {
	out := map[decision.Action][]string{}
	for _, a := range Actions.Values() {
		out[decision.Action(a)] = nil
	}
	for _, f := range DecisionFields {
		for _, a := range f.Required {
			out[a] = append(out[a], f.Name)
		}
	}
	return out
}

func (in DecisionInput) validate() error {
	var v validator
	if f := decisionField("action"); !f.Choices.Has(string(in.Action)) {
		v.add(CodeInvalid, "action must be one of "+strings.Join(f.Choices.Values(), ", "), f.Name)
		return v.err()
	}
	v.line(in.IdempotencyKey, true, MaxIdempotencyKey, "idempotencyKey")
	v.line(in.RevisionID, true, MaxIdentifier, "revisionId")
	if len(in.Confirmations) > MaxConfirmations {
		v.add(CodeTooLong, fmt.Sprintf("has %d confirmations; the limit is %d", len(in.Confirmations), MaxConfirmations), "confirmations")
	}
	seenFinding := map[string]bool{}
	for i, c := range in.Confirmations {
		f := []string{"confirmations", strconv.Itoa(i)}
		if v.line(c.Finding, true, MaxIdentifier, append(f, "finding")...) && seenFinding[c.Finding] {
			v.add(CodeConflict, "answers the same finding twice", append(f, "finding")...)
		}
		seenFinding[c.Finding] = true
		v.text(c.Note, false, MaxRevisionRequest, append(f, "note")...)
	}
	required := map[string]bool{}
	for _, f := range RequiredFields[in.Action] {
		required[f] = true
	}
	for _, sec := range NoteSections {
		f := decisionField("notes." + sec.Key)
		val := *sec.Text(&in.Notes)
		if f.RequiredFor(in.Action) && strings.TrimSpace(val) == "" {
			v.add(CodeRequired, fmt.Sprintf(f.Missing, actionWord(in.Action)), "notes", sec.Key)
			continue
		}
		v.text(val, false, f.Max, "notes", sec.Key)
	}
	if f := decisionField("reasonCode"); f.RequiredFor(in.Action) {
		if in.ReasonCode == nil {
			v.add(CodeRequired, f.Missing, f.Name)
		} else if !f.Choices.Has(string(*in.ReasonCode)) {
			v.add(CodeInvalid, "unknown reason code", f.Name)
		}
	} else if in.ReasonCode != nil {
		v.add(CodeInvalid, f.Only, f.Name)
	}
	otherArchiveRefusal(in, &v)
	if f := decisionField("revisionRequests"); f.RequiredFor(in.Action) {
		if len(in.RevisionRequests) == 0 {
			v.add(CodeRequired, f.Missing, f.Name)
		}
		if len(in.RevisionRequests) > f.Max {
			v.add(CodeTooLong, fmt.Sprintf("has %d %s; the limit is %d", len(in.RevisionRequests), f.Count, f.Max), f.Name)
		}
		for i, r := range in.RevisionRequests {
			// One line each: the review form takes one request per line.
			v.line(r, true, f.ItemMax, f.Name, strconv.Itoa(i))
		}
	} else if len(in.RevisionRequests) > 0 {
		v.add(CodeInvalid, f.Only, f.Name)
	}
	if f := decisionField("mergeInto"); f.RequiredFor(in.Action) {
		if strings.TrimSpace(in.MergeInto) == "" {
			v.add(CodeRequired, f.Missing, f.Name)
		}
	} else if in.MergeInto != "" {
		v.add(CodeInvalid, f.Only, f.Name)
	}
	return v.err()
}

func actionWord(a decision.Action) string {
	return strings.ReplaceAll(strings.ToLower(string(a)), "_", "-")
}

// digest identifies the request for idempotency: the same key with a
// different digest is a different request.
func (in DecisionInput) digest(actorID, problemID, mergeInto string) string {
	b, _ := json.Marshal([]any{actorID, problemID, in.Action, in.ReasonCode, in.Notes, in.RevisionRequests, mergeInto,
		in.RevisionID, in.Confirmations, in.SecondReviewOf, in.Disagreement})
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// DecisionResult is a recorded decision and the problem after it.
type DecisionResult struct {
	Decision *ent.Decision
	Problem  *ent.Problem
	// Replayed is true when the idempotency key had already recorded this
	// decision and nothing new was written.
	Replayed bool
}

// RecordDecision records a reviewer's decision and applies it: qualify
// accepts the problem early and returns the stake; keep-prospecting leaves
// the clock running with its revision requests open; archive and merge end
// the challenge and forfeit the stake. The idempotency key makes retries
// safe: the same key and input replays the stored result, the same key with
// other input is refused, and in both cases nothing is written. Keys belong
// to the deciding account: another reviewer's key, even the same string,
// is neither replayed nor refused, so no reviewer can take or probe for
// the key of another.
func (s *Service) RecordDecision(ctx context.Context, actor *ent.Account, in DecisionInput) (*DecisionResult, error) {
	if actor == nil {
		return nil, ErrUnauthenticated
	}
	if !CanReview(actor) {
		return nil, fmt.Errorf("recording a decision needs the reviewer or operator role: %w", ErrForbidden)
	}
	authority := decision.AuthorityREVIEWER
	if AuthorityOf(actor) == AuthorityStaff {
		authority = decision.AuthoritySTAFF
	}
	if err := in.validate(); err != nil {
		return nil, err
	}
	id, err := ResolveProblemID(ctx, s.client, in.ProblemID)
	if err != nil {
		if !errors.Is(err, ErrNotFound) {
			return nil, err
		}
		return nil, refuse(CodeNotFound, fmt.Sprintf("no problem %q", in.ProblemID), "problemId")
	}
	var mergeInto string
	if in.Action == decision.ActionMERGE {
		if mergeInto, err = ResolveProblemID(ctx, s.client, in.MergeInto); err != nil {
			if !errors.Is(err, ErrNotFound) {
				return nil, err
			}
			return nil, refuse(CodeNotFound, fmt.Sprintf("no problem %q to merge into", in.MergeInto), "mergeInto")
		}
	}
	dg := in.digest(actor.ID, id, mergeInto)

	var res *DecisionResult
	err = s.inTx(ctx, func(ctx context.Context, t *tx) error {
		p, err := t.lockProblem(ctx, id)
		if err != nil {
			return err
		}
		// With the problem row locked, a retry of this request sees the
		// first one's decision.
		if res, err = t.replay(ctx, actor.ID, in.IdempotencyKey, dg, p); res != nil || err != nil {
			return err
		}
		res, err = t.decide(ctx, actor, authority, in, p, mergeInto, dg)
		return err
	})
	if ent.IsConstraintError(err) {
		// The actor used the key concurrently on another problem: replay
		// if it is the same request, otherwise refuse.
		err = s.inTx(ctx, func(ctx context.Context, t *tx) error {
			p, err := t.Problem.Get(ctx, id)
			if err != nil {
				return err
			}
			if res, err = t.replay(ctx, actor.ID, in.IdempotencyKey, dg, p); res == nil && err == nil {
				err = fmt.Errorf("record decision: conflicting write, try again")
			}
			return err
		})
	}
	if err != nil {
		return nil, err
	}
	if res.Decision, err = s.client.Decision.Get(ctx, res.Decision.ID); err != nil {
		return nil, err
	}
	if res.Problem, _, err = s.reread(ctx, res.Problem, nil); err != nil {
		return nil, err
	}
	return res, nil
}

// replay returns the stored result of the actor's idempotency key, a
// mismatch error when the actor used the key for another request, or
// (nil, nil) when the actor has not used it. Only the actor's own decisions
// are looked at: keys are unique per reviewer (ent/schema/decision.go).
func (t *tx) replay(ctx context.Context, actorID, key, digest string, p *ent.Problem) (*DecisionResult, error) {
	d, err := t.Decision.Query().Where(decision.ReviewerID(actorID), decision.IdempotencyKey(key)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("idempotency key: %w", err)
	}
	if d.InputDigest != digest {
		return nil, refuse(CodeIdempotencyMismatch,
			"this idempotency key already recorded a different decision; use a new key for a new decision", "idempotencyKey")
	}
	if d.ProblemID != p.ID {
		if p, err = t.Problem.Get(ctx, d.ProblemID); err != nil {
			return nil, err
		}
	}
	return &DecisionResult{Decision: d, Problem: p, Replayed: true}, nil
}

func (t *tx) decide(ctx context.Context, actor *ent.Account, authority decision.Authority, in DecisionInput,
	p *ent.Problem, mergeInto, digest string) (*DecisionResult, error) {
	now := t.s.Now()
	if p.ProposerID == actor.ID {
		return nil, refuse(CodeSelfReview, "you submitted this problem; another reviewer decides it", "problemId")
	}
	if in.SecondReviewOf != "" {
		return t.decideSecond(ctx, actor, authority, in, p, digest)
	}
	if in.Disagreement != nil {
		return nil, refuse(CodeInvalid, "only a second review names a disagreement", "disagreement")
	}
	if rev, err := t.Revision.Get(ctx, in.RevisionID); err == nil && rev.AuthorID == actor.ID && rev.ProblemID == p.ID {
		return nil, refuse(CodeSelfReview, "you wrote this revision; another reviewer decides on it", "revisionId")
	}
	holds, err := t.openHolds(ctx, p.ID)
	if err != nil {
		return nil, err
	}
	settles := false
	if len(holds) > 0 && !CanStaff(actor) {
		if settles, err = t.reviewerSettles(ctx, p, holds, in, mergeInto); err != nil {
			return nil, err
		}
		if !settles {
			msg := fmt.Sprintf("%s is held for staff review (%s); only staff decide it now", p.ID, HoldReasons.Label(string(holds[0].Reason)))
			if _, ok := reviewerSettleable[holds[0].Reason]; ok && len(holds) == 1 {
				msg += fmt.Sprintf(", except an archive as %s or a merge into the problem the duplicate check names, which the finding supports",
					strings.ToLower(string(reviewerSettleable[holds[0].Reason])))
			}
			return nil, refuse(CodeHeldForStaff, msg, "problemId")
		}
	}
	if p.State == problem.StateACCEPTED && p.PendingRevisionID != nil && in.RevisionID == *p.PendingRevisionID {
		res, err := t.decidePending(ctx, actor, authority, in, p, digest)
		if err == nil && len(holds) > 0 {
			err = t.releaseHolds(ctx, res.Problem, holds, res.Decision.ID, actor.ID)
		}
		return res, err
	}
	switch {
	case len(holds) > 0:
		if !settles {
			authority = decision.AuthoritySTAFF // an operator who is also a reviewer decides a held problem as staff
		}
		// Staff settle a held problem even after its deadline, which passed while the hold
		// suspended the default acceptance; an accepted one is held after a second review
		// found an error in its qualification.
		if p.State == problem.StateACCEPTED {
			return t.decideHeldAccepted(ctx, actor, in, p, holds, mergeInto, digest)
		}
		if p.State != problem.StatePROSPECTING {
			return nil, decideRefusal(p, now)
		}
	default:
		if err := decideRefusal(p, now); err != nil {
			return nil, err
		}
	}
	if in.RevisionID != *p.CurrentRevisionID {
		return nil, t.staleRevision(ctx, p, in.RevisionID)
	}
	confirmations, err := t.checkConfirmations(ctx, in)
	if err != nil {
		return nil, err
	}
	if in.Action == decision.ActionMERGE {
		if err := t.mergeTargetRefusal(ctx, p, mergeInto); err != nil {
			return nil, err
		}
	}

	create := t.newDecision(actor, authority, in, p, digest, confirmations)
	if mergeInto != "" {
		create.SetMergeIntoID(mergeInto)
	}
	d, err := create.Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("record decision: %w", err)
	}
	if in.Action == decision.ActionQUALIFY {
		if err := t.selectSecondReview(ctx, d); err != nil {
			return nil, err
		}
	}

	upd := p.Update().SetUpdatedAt(now)
	payload := map[string]any{"decision": d.ID, "action": d.Action, "authority": d.Authority,
		"revision": d.RevisionID, "policyVersion": Version}
	var stake reputationentry.Kind
	switch in.Action {
	case decision.ActionQUALIFY:
		aa := problem.AcceptanceAuthorityREVIEWER
		if authority == decision.AuthoritySTAFF {
			aa = problem.AcceptanceAuthoritySTAFF
		}
		upd.SetState(problem.StateACCEPTED).SetAcceptedAt(now).SetAcceptanceAuthority(aa)
		stake = reputationentry.KindRETURN
	case decision.ActionARCHIVE:
		upd.SetState(problem.StateARCHIVED)
		stake = reputationentry.KindFORFEIT
		payload["reasonCode"] = *in.ReasonCode
	case decision.ActionMERGE:
		upd.SetState(problem.StateMERGED).SetMergedIntoID(mergeInto)
		stake = reputationentry.KindFORFEIT
		payload["mergeInto"] = mergeInto
	case decision.ActionKEEP_PROSPECTING:
		payload["revisionRequests"] = d.RevisionRequests
		if len(holds) > 0 && !now.Before(p.Deadline) {
			// Kept prospecting by staff after a hold outlived the deadline: the revision
			// requests get a challenge period of their own.
			deadline := now.Add(t.s.cfg.ChallengeWindow)
			upd.SetDeadline(deadline)
			payload["deadline"] = deadline
			if t.s.scheduler != nil {
				if err := t.s.scheduler.ScheduleAcceptance(ctx, t.sql, p.ID, deadline); err != nil {
					return nil, fmt.Errorf("schedule acceptance: %w", err)
				}
			}
		}
	}
	if p, err = upd.Save(ctx); err != nil {
		return nil, fmt.Errorf("apply decision: %w", err)
	}
	if stake != "" && p.StakeState != nil {
		if err := t.settleStake(ctx, p, stake, now); err != nil {
			return nil, err
		}
		payload["stake"] = stake
	}
	if p, err = t.Problem.Get(ctx, p.ID); err != nil {
		return nil, fmt.Errorf("apply decision: %w", err)
	}
	payload["state"] = p.State
	ea := AuthorityReviewer
	if authority == decision.AuthoritySTAFF {
		ea = AuthorityStaff
	}
	if _, err := t.appendEvent(ctx, eventInput{actor: actor.ID, authority: ea, kind: KindDecisionRecorded,
		subject: p.ID, payload: payload}); err != nil {
		return nil, err
	}
	if err := t.releaseHolds(ctx, p, holds, d.ID, actor.ID); err != nil {
		return nil, err
	}
	return &DecisionResult{Decision: d, Problem: p}, nil
}

// newDecision starts the decision row every path records: the request as asked, on the
// revision read, with its authority, notes, trimmed revision requests and the answers to open
// findings.
func (t *tx) newDecision(actor *ent.Account, authority decision.Authority, in DecisionInput, p *ent.Problem,
	digest string, confirmations []packet.FindingConfirmation) *ent.DecisionCreate {
	create := t.Decision.Create().SetProblemID(p.ID).SetRevisionID(in.RevisionID).SetReviewerID(actor.ID).
		SetAction(in.Action).SetNillableReasonCode(in.ReasonCode).SetNotes(trimNotes(in.Notes)).
		SetAuthority(authority).SetPolicyVersion(Version).SetIdempotencyKey(in.IdempotencyKey).
		SetInputDigest(digest).SetCreatedAt(t.s.Now())
	if len(confirmations) > 0 {
		create.SetConfirmations(confirmations)
	}
	if len(in.RevisionRequests) > 0 {
		reqs := make([]string, len(in.RevisionRequests))
		for i, r := range in.RevisionRequests {
			reqs[i] = strings.TrimSpace(r)
		}
		create.SetRevisionRequests(reqs)
	}
	return create
}

// mergeTargetRefusal says why p may not be merged into mergeInto, or nil: not into itself, and
// only into a problem that survives.
func (t *tx) mergeTargetRefusal(ctx context.Context, p *ent.Problem, mergeInto string) error {
	if mergeInto == p.ID {
		return refuse(CodeInvalid, "a problem cannot be merged into itself", "mergeInto")
	}
	target, err := t.Problem.Get(ctx, mergeInto)
	if err != nil {
		return fmt.Errorf("merge target: %w", err)
	}
	switch target.State {
	case problem.StateMERGED, problem.StateREMOVED, problem.StateARCHIVED:
		return refuse(CodeInvalid, fmt.Sprintf("%s is %s and cannot be a survivor; merge into the problem that survives",
			target.ID, strings.ToLower(string(target.State))), "mergeInto")
	}
	return nil
}

func trimNotes(n packet.DecisionNotes) packet.DecisionNotes {
	for _, sec := range NoteSections {
		p := sec.Text(&n)
		*p = strings.TrimSpace(*p)
	}
	return n
}
