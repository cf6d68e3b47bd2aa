package policy

import (
	"context"
	"fmt"
	"time"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/predicate"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/ent/revision"
	"github.com/theoremdb/theoremdb/ent/tag"
)

// FeedEntry is one problem of a feed: what an Atom entry says of it. Statement and Tags are
// its current revision's; Updated is the time the feed orders and dates it by.
type FeedEntry struct {
	ID, Title   string
	State       string
	SubmittedAt time.Time
	Deadline    time.Time
	Updated     time.Time
	// HasRevision says the problem has a current revision, whose Statement and Tags follow.
	HasRevision bool
	Statement   string
	Tags        []string
}

// ProblemFeedView is the feed of one problem's public events, newest first.
type ProblemFeedView struct {
	ID, Title string
	// Withheld says the problem was removed: its feed has ended (ContentWithheld).
	Withheld bool
	Events   []EventView
}

// FeedNew is the newest listed problems (merged ones lead elsewhere), dated by submission.
func (s *Service) FeedNew(ctx context.Context, limit int) ([]FeedEntry, error) {
	ps, err := s.client.Problem.Query().Where(Listed(), problem.StateNEQ(problem.StateMERGED)).
		Order(ent.Desc(problem.FieldSubmittedAt), ent.Desc(problem.FieldNumber)).Limit(limit).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("feed of new problems: %w", err)
	}
	return s.feedEntries(ctx, ps, func(p *ent.Problem) time.Time { return p.SubmittedAt })
}

// FeedAccepted is the problems accepted most recently, dated by acceptance.
func (s *Service) FeedAccepted(ctx context.Context, limit int) ([]FeedEntry, error) {
	ps, err := s.client.Problem.Query().Where(problem.StateEQ(problem.StateACCEPTED)).
		Order(ent.Desc(problem.FieldAcceptedAt), ent.Desc(problem.FieldNumber)).Limit(limit).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("feed of accepted problems: %w", err)
	}
	return s.feedEntries(ctx, ps, func(p *ent.Problem) time.Time { return *p.AcceptedAt })
}

// FeedClosing is the problems whose challenge period ends within the given time from now,
// the nearest deadline first.
func (s *Service) FeedClosing(ctx context.Context, within time.Duration, limit int) ([]FeedEntry, error) {
	now := s.Now()
	ps, err := s.client.Problem.Query().Where(problem.StateEQ(problem.StatePROSPECTING), problem.DeadlineGT(now),
		problem.DeadlineLTE(now.Add(within))).
		Order(ent.Asc(problem.FieldDeadline)).Limit(limit).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("feed of closing challenge periods: %w", err)
	}
	return s.feedEntries(ctx, ps, updatedAt)
}

// FeedTag is the newest listed problems with a tag. A tag no problem has is ErrNotFound.
func (s *Service) FeedTag(ctx context.Context, name string, limit int) ([]FeedEntry, error) {
	exists, err := s.client.Tag.Query().Where(tag.Name(name)).Exist(ctx)
	if err != nil {
		return nil, fmt.Errorf("feed of tag %q: %w", name, err)
	}
	if !exists {
		return nil, fmt.Errorf("no tag %q: %w", name, ErrNotFound)
	}
	ps, err := s.client.Problem.Query().Where(feedTagged(name)...).
		Order(ent.Desc(problem.FieldSubmittedAt), ent.Desc(problem.FieldNumber)).Limit(limit).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("feed of tag %q: %w", name, err)
	}
	return s.feedEntries(ctx, ps, updatedAt)
}

func feedTagged(name string) []predicate.Problem {
	return []predicate.Problem{Listed(), problem.StateNEQ(problem.StateMERGED), problem.HasTagsWith(tag.Name(name))}
}

func updatedAt(p *ent.Problem) time.Time { return p.UpdatedAt }

// feedEntries are the entries of ps with their current revisions, read in one query.
func (s *Service) feedEntries(ctx context.Context, ps []*ent.Problem, updated func(*ent.Problem) time.Time) ([]FeedEntry, error) {
	ids := make([]string, 0, len(ps))
	for _, p := range ps {
		if p.CurrentRevisionID != nil {
			ids = append(ids, *p.CurrentRevisionID)
		}
	}
	revs, err := s.client.Revision.Query().Where(revision.IDIn(ids...)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("feed revisions: %w", err)
	}
	byID := make(map[string]*ent.Revision, len(revs))
	for _, rv := range revs {
		byID[rv.ID] = rv
	}
	out := make([]FeedEntry, 0, len(ps))
	for _, p := range ps {
		e := FeedEntry{ID: p.ID, Title: p.Title, State: string(p.State), SubmittedAt: p.SubmittedAt,
			Deadline: p.Deadline, Updated: updated(p)}
		if p.CurrentRevisionID != nil {
			if rv := byID[*p.CurrentRevisionID]; rv != nil {
				e.HasRevision, e.Statement, e.Tags = true, rv.Statement, rv.Tags
			}
		}
		out = append(out, e)
	}
	return out, nil
}

// ProblemFeed is the feed of the problem a reference names: up to limit of its public events,
// newest first.
func (s *Service) ProblemFeed(ctx context.Context, ref string, limit int) (*ProblemFeedView, error) {
	pk, err := s.ProblemPacket(ctx, ref)
	if err != nil {
		return nil, err
	}
	p := pk.Problem
	v := &ProblemFeedView{ID: p.ID, Title: p.Title, Withheld: ContentWithheld(p)}
	if v.Withheld {
		v.Title = ""
		return v, nil
	}
	newest := make([]*ent.Event, 0, len(pk.Events))
	for i := len(pk.Events) - 1; i >= 0; i-- {
		newest = append(newest, pk.Events[i])
	}
	foldChecks(newest, func(e *ent.Event, _ map[string]any, checks *ChecksSummary) {
		if len(v.Events) < limit {
			v.Events = append(v.Events, EventView{Seq: e.Seq, Kind: e.Kind, Authority: e.Authority, At: e.At, Hash: e.Hash, Checks: checks})
		}
	})
	return v, nil
}
