package policy

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/ent/moderationcase"
	"github.com/theoremdb/theoremdb/ent/problem"
)

// KindCaseHandedToMerge: a moderator handed a duplicate case to the reviewers, to merge the
// problem into the one the flags name.
const KindCaseHandedToMerge = "case.handed_to_merge"

// HandToMerge settles a claimed duplicate case by handing it to the reviewers: a merge is a
// reviewer's decision (POLICY.md section 1), recorded through RecordDecision like any other,
// so the moderator proposes the survivor and the review queue and review page carry the
// proposal with the merge preselected. The problem must be one a reviewer can still merge
// (prospecting, in its challenge period) into a problem that survives; the case leaves the
// moderation queue, and the problem stays as it is until a reviewer decides. It returns the
// case and the problem handed.
func (s *Service) HandToMerge(ctx context.Context, actor *ent.Account, caseID, mergeInto, note string) (*ent.ModerationCase, string, error) {
	var v validator
	v.text(note, true, MaxModerationNote, "note")
	if strings.TrimSpace(mergeInto) == "" {
		v.add(CodeRequired, "name the problem it duplicates, which survives the merge", "mergeInto")
	}
	if err := v.err(); err != nil {
		return nil, "", err
	}
	into, err := ResolveProblemID(ctx, s.client, mergeInto)
	if errors.Is(err, ErrNotFound) {
		return nil, "", refuse(CodeNotFound, fmt.Sprintf("no problem %q to merge into", mergeInto), "mergeInto")
	}
	if err != nil {
		return nil, "", err
	}
	var problemID string
	c, err := s.moderate(ctx, actor, caseID, func(ctx context.Context, t *tx, c *ent.ModerationCase, now time.Time) error {
		if err := resolvable(actor, c); err != nil {
			return err
		}
		if c.Reason != moderationcase.ReasonDUPLICATE {
			return refuse(CodeInvalid, "only a duplicate case is handed to merge; dismiss this one or remove the problem", "caseId")
		}
		p, err := t.lockProblem(ctx, c.ProblemID)
		if err != nil {
			return err
		}
		problemID = p.ID
		if p.State != problem.StatePROSPECTING {
			return refuse(CodeConflict, fmt.Sprintf("%s is %s; reviewers merge only a problem in its challenge period",
				p.ID, strings.ToLower(string(p.State))), "caseId")
		}
		if err := decideRefusal(p, now); err != nil {
			return err
		}
		if err := t.mergeTargetRefusal(ctx, p, into); err != nil {
			return err
		}
		note := strings.TrimSpace(note)
		if err := t.ModerationCase.UpdateOne(c).SetState(moderationcase.StateHANDED_TO_MERGE).SetResolvedAt(now).
			SetResolution(note).Exec(ctx); err != nil {
			return err
		}
		_, err = t.appendEvent(ctx, eventInput{actor: actor.ID, authority: AuthorityModeration, kind: KindCaseHandedToMerge,
			subject: p.ID, payload: map[string]any{"case": c.ID, "moderator": actor.Handle, "mergeInto": into, "note": note}})
		return err
	})
	if err != nil {
		return nil, "", err
	}
	return c, problemID, nil
}

// MergeHandoff is a moderator's proposal that reviewers merge a problem into another.
type MergeHandoff struct {
	Case, MergeInto, Moderator, Note string
	At                               time.Time
}

// MergeHandoffs are the newest handed-to-merge proposal of each of ids that is still
// prospecting and that no decision has answered since: the review queue shows them, and the
// review page preselects the merge.
func (s *Service) MergeHandoffs(ctx context.Context, ids []string) (map[string]MergeHandoff, error) {
	out := map[string]MergeHandoff{}
	if len(ids) == 0 {
		return out, nil
	}
	open, err := s.client.Problem.Query().Where(problem.IDIn(ids...), problem.StateEQ(problem.StatePROSPECTING)).IDs(ctx)
	if err != nil || len(open) == 0 {
		return out, err
	}
	evs, err := s.client.Event.Query().Where(event.KindIn(KindCaseHandedToMerge, KindDecisionRecorded), event.SubjectIn(open...)).
		Order(ent.Asc(event.FieldSeq)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("merge handoffs: %w", err)
	}
	for _, ev := range evs {
		if ev.Kind == KindDecisionRecorded {
			delete(out, ev.Subject) // a reviewer has answered it
			continue
		}
		var p struct{ Case, Moderator, MergeInto, Note string }
		if err := json.Unmarshal([]byte(ev.Payload), &p); err != nil {
			return nil, fmt.Errorf("merge handoffs: event %d: %w", ev.Seq, err)
		}
		out[ev.Subject] = MergeHandoff{Case: p.Case, MergeInto: p.MergeInto, Moderator: p.Moderator, Note: p.Note, At: ev.At}
	}
	return out, nil
}

// MergeHandoff is the moderator's open merge proposal for one problem, and whether it has one.
func (s *Service) MergeHandoff(ctx context.Context, id string) (MergeHandoff, bool, error) {
	hs, err := s.MergeHandoffs(ctx, []string{id})
	h, ok := hs[id]
	return h, ok, err
}
