package policy

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/ent/flag"
	"github.com/theoremdb/theoremdb/ent/moderationcase"
)

// LogEntry is one line of the public moderation log.
type LogEntry struct {
	Seq       int64
	At        time.Time
	Removed   bool
	MergeInto string // the survivor a duplicate case was handed to the reviewers to merge into
	Moderator string
	ProblemID string
	Reason    string
}

// ModerationLog returns dismissals, removals and duplicates handed to merge, newest first, before the
// given sequence number (0 for the newest). It is read from the event log,
// and names moderators, never flaggers.
func (s *Service) ModerationLog(ctx context.Context, limit int, before int64) ([]LogEntry, error) {
	q := s.client.Event.Query().Where(event.KindIn(KindCaseDismissed, KindProblemRemoved, KindCaseHandedToMerge), event.Public(true))
	if before > 0 {
		q = q.Where(event.SeqLT(before))
	}
	evs, err := q.Order(ent.Desc(event.FieldSeq)).Limit(limit).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("moderation log: %w", err)
	}
	out := make([]LogEntry, 0, len(evs))
	for _, ev := range evs {
		var p struct{ Moderator, Reason, Note, MergeInto string }
		if err := json.Unmarshal([]byte(ev.Payload), &p); err != nil {
			return nil, fmt.Errorf("moderation log: event %d: %w", ev.Seq, err)
		}
		e := LogEntry{Seq: ev.Seq, At: ev.At, Moderator: p.Moderator, ProblemID: ev.Subject, Reason: p.Reason}
		switch ev.Kind {
		case KindProblemRemoved:
			e.Removed = true
		case KindCaseHandedToMerge:
			e.MergeInto, e.Reason = p.MergeInto, p.Note
		default:
			e.Reason = p.Note
		}
		out = append(out, e)
	}
	return out, nil
}

// OpenCases returns the open and claimed cases, newest first, with their
// problem and flags (and each flag's flagger, for moderators only).
func (s *Service) OpenCases(ctx context.Context, actor *ent.Account, limit int) ([]*ent.ModerationCase, error) {
	if !CanModerate(actor) {
		return nil, fmt.Errorf("the moderation queue needs the moderator role: %w", ErrForbidden)
	}
	return s.client.ModerationCase.Query().
		Where(moderationcase.StateIn(moderationcase.StateOPEN, moderationcase.StateCLAIMED)).
		WithProblem().WithClaimedBy().
		WithFlags(func(q *ent.FlagQuery) { q.WithFlagger().Order(ent.Asc("created_at")) }).
		Order(ent.Desc(moderationcase.FieldOpenedAt)).Limit(limit).All(ctx)
}

// ModerationKinds are the kinds of event that are about a moderation case.
var ModerationKinds = []string{KindCaseOpened, KindFlagRaised, KindCaseClaimed, KindCaseDismissed, KindProblemRemoved, KindCaseHandedToMerge}

// CaseOfEvent returns the moderation case a moderation event is about, or
// ErrNotFound for other events.
func CaseOfEvent(ev *ent.Event) (string, error) {
	if !slices.Contains(ModerationKinds, ev.Kind) {
		return "", ErrNotFound
	}
	var p struct{ Case string }
	if err := json.Unmarshal([]byte(ev.Payload), &p); err != nil || p.Case == "" {
		return "", ErrNotFound
	}
	return p.Case, nil
}

// FlagCounts says how many flags each account has raised in all, so a
// moderator can weigh a report by its flagger's history.
func (s *Service) FlagCounts(ctx context.Context, accountIDs []string) (map[string]int, error) {
	var rows []struct {
		FlaggerID string `json:"flagger_id"`
		Count     int    `json:"count"`
	}
	if len(accountIDs) > 0 {
		if err := s.client.Flag.Query().Where(flag.FlaggerIDIn(accountIDs...)).GroupBy(flag.FieldFlaggerID).
			Aggregate(ent.Count()).Scan(ctx, &rows); err != nil {
			return nil, fmt.Errorf("flag counts: %w", err)
		}
	}
	out := make(map[string]int, len(rows))
	for _, r := range rows {
		out[r.FlaggerID] = r.Count
	}
	return out, nil
}
