package policy

import (
	"context"
	"fmt"
	"time"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/moderationcase"
	"github.com/theoremdb/theoremdb/ent/problem"
)

// ReviewItem is a problem as the review queue lists it.
type ReviewItem struct {
	ID, Title   string
	Deadline    time.Time
	SubmittedAt time.Time
	// Revision is the current revision's number; OpenRequests counts the
	// revision requests it has not yet answered.
	Revision, OpenRequests int
	Claims, Decisions      int
	Can                    Permissions
}

// ReviewQueue lists up to limit problems in their challenge period for a
// reviewer, the nearest deadline first, read through the packets.
func (s *Service) ReviewQueue(ctx context.Context, viewer *ent.Account, limit int) ([]ReviewItem, error) {
	if !CanReview(viewer) {
		return nil, fmt.Errorf("the review queue needs the reviewer or operator role: %w", ErrForbidden)
	}
	now := s.Now()
	ids, err := s.client.Problem.Query().Where(problem.StateEQ(problem.StatePROSPECTING), problem.DeadlineGT(now)).
		Order(ent.Asc(problem.FieldDeadline), ent.Asc(problem.FieldNumber)).Limit(limit).IDs(ctx)
	if err != nil {
		return nil, fmt.Errorf("review queue: %w", err)
	}
	pks, err := s.ProblemPackets(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make([]ReviewItem, 0, len(ids))
	for _, id := range ids {
		pk := pks[id]
		if pk == nil {
			continue // removed between the two reads
		}
		p := pk.Problem
		out = append(out, ReviewItem{ID: p.ID, Title: p.Title, Deadline: p.Deadline, SubmittedAt: p.SubmittedAt,
			Revision: pk.Rev().Number, OpenRequests: len(pk.Requests), Claims: len(p.Edges.Claims),
			Decisions: len(p.Edges.Decisions), Can: PermissionsOn(viewer, p, now)})
	}
	return out, nil
}

// CaseItem is a moderation case as the moderation queue shows it.
type CaseItem struct {
	ID               string
	ProblemID, Title string
	Reason           string
	Open             bool
	OpenedAt         time.Time
	ClaimedBy        string // handle, when claimed
	Flags            []FlagItem
	// CanClaim: the case is open; CanResolve: the viewer holds its claim.
	CanClaim, CanResolve bool
}

// FlagItem is one report in a case. Flagger names the reporter for
// moderators only: the public log never does.
type FlagItem struct {
	Explanation string
	DuplicateOf string
	At          time.Time
	Flagger     string
	// FlaggerFlags is how many flags the flagger has raised in all, so a
	// report can be weighed by its flagger's history.
	FlaggerFlags int
}

// ModerationQueue returns the open and claimed cases, newest first, for a
// moderator, with what the moderator may do with each.
func (s *Service) ModerationQueue(ctx context.Context, viewer *ent.Account, limit int) ([]CaseItem, error) {
	cases, err := s.OpenCases(ctx, viewer, limit)
	if err != nil {
		return nil, err
	}
	var flaggers []string
	for _, c := range cases {
		for _, f := range c.Edges.Flags {
			flaggers = append(flaggers, f.FlaggerID)
		}
	}
	history, err := s.FlagCounts(ctx, flaggers)
	if err != nil {
		return nil, err
	}
	out := make([]CaseItem, len(cases))
	for i, c := range cases {
		p := c.Edges.Problem
		it := CaseItem{ID: c.ID, ProblemID: p.ID, Title: p.Title, Reason: string(c.Reason),
			Open: c.State == moderationcase.StateOPEN, OpenedAt: c.OpenedAt,
			CanClaim: c.State == moderationcase.StateOPEN, CanResolve: CanResolve(viewer, c)}
		if c.Edges.ClaimedBy != nil {
			it.ClaimedBy = c.Edges.ClaimedBy.Handle
		}
		for _, f := range c.Edges.Flags {
			fi := FlagItem{Explanation: f.Explanation, At: f.CreatedAt, FlaggerFlags: history[f.FlaggerID]}
			if f.Edges.Flagger != nil {
				fi.Flagger = f.Edges.Flagger.Handle
			}
			if f.DuplicateOfID != nil {
				fi.DuplicateOf = *f.DuplicateOfID
			}
			it.Flags = append(it.Flags, fi)
		}
		out[i] = it
	}
	return out, nil
}
