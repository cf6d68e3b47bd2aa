package policy

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/moderationcase"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/ent/reference"
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
	// OpenFlags counts the community reports in open or claimed cases.
	OpenFlags int
	// SourceBacked: the current revision cites a PRIMARY source and has a
	// dated search. Generated: an agent submitted it or it names a generator.
	SourceBacked, Generated bool
	Checks                  CheckSummary
	Held                    bool
	// Pending is the number of a proposed revision of an accepted problem, or 0.
	Pending int
	// Stopped is the reason qualify is stopped for the candidate's batch, or "".
	Stopped string
	// MergeInto is the survivor a moderator proposed when handing a duplicate flag to merge, or "".
	MergeInto string
	Can       Permissions
}

// Counts of a review queue, for its heading.
type QueueCounts struct {
	Items, SourceBacked, Generated, Held, Failing int
}

// reviewQueueScan bounds how many problems the queue reads before ordering them.
const reviewQueueScan = 1000

// ReviewQueue lists up to limit problems in their challenge period, and accepted problems with
// a proposed revision, for a reviewer, read
// through the packets: source-backed candidates first, then source-poor ones, generated ones
// last (the policy's batch rule), each group by nearest deadline.
func (s *Service) ReviewQueue(ctx context.Context, viewer *ent.Account, limit int) ([]ReviewItem, error) {
	if !CanReview(viewer) {
		return nil, fmt.Errorf("the review queue needs the reviewer or operator role: %w", ErrForbidden)
	}
	now := s.Now()
	ids, err := s.client.Problem.Query().Where(problem.Or(
		problem.And(problem.StateEQ(problem.StatePROSPECTING), problem.DeadlineGT(now)),
		problem.And(problem.StateEQ(problem.StateACCEPTED), problem.PendingRevisionIDNotNil()))).
		Order(ent.Asc(problem.FieldDeadline), ent.Asc(problem.FieldNumber)).Limit(reviewQueueScan).IDs(ctx)
	if err != nil {
		return nil, fmt.Errorf("review queue: %w", err)
	}
	pks, err := s.ProblemPackets(ctx, ids)
	if err != nil {
		return nil, err
	}
	flags, err := s.openFlagCounts(ctx, ids)
	if err != nil {
		return nil, err
	}
	stops, err := s.OpenStops(ctx)
	if err != nil {
		return nil, err
	}
	handoffs, err := s.MergeHandoffs(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make([]ReviewItem, 0, len(ids))
	for _, id := range ids {
		pk := pks[id]
		if pk == nil {
			continue // removed between the two reads
		}
		p, rev := pk.Problem, pk.Rev()
		it := ReviewItem{ID: p.ID, Title: p.Title, Deadline: p.Deadline, SubmittedAt: p.SubmittedAt,
			Revision: rev.Number, OpenRequests: len(pk.Requests), Claims: len(p.Edges.Claims),
			Decisions: len(p.Edges.Decisions), OpenFlags: flags[p.ID], Checks: pk.Summary, Held: len(pk.Holds) > 0,
			Generated: rev.Provenance.GeneratedBy != "" || IsAgent(p.Edges.Proposer), Can: PermissionsOn(viewer, p, now)}
		if pr := p.Edges.PendingRevision; pr != nil {
			it.Pending = pr.Number
		}
		it.MergeInto = handoffs[p.ID].MergeInto
		if b := stops[BatchSource(p, rev)]; b != nil {
			it.Stopped = b.Source + ": " + b.Reason
		}
		if !rev.ReferenceSearch.CheckedOn.IsZero() {
			for _, f := range rev.Edges.References {
				if f.Role == reference.RolePRIMARY {
					it.SourceBacked = true
				}
			}
		}
		out = append(out, it)
	}
	// Blind gold: the reviewer's gold items of the day, among the others by deadline.
	golds, err := s.goldFor(ctx, viewer, now)
	if err != nil {
		return nil, err
	}
	for _, g := range golds {
		out = append(out, goldItemOf(g, now, Permissions{Review: true}))
	}
	slices.SortStableFunc(out, func(a, b ReviewItem) int { return a.Deadline.Compare(b.Deadline) })
	rank := func(it ReviewItem) int {
		switch {
		case it.SourceBacked:
			return 0
		case !it.Generated:
			return 1
		}
		return 2
	}
	slices.SortStableFunc(out, func(a, b ReviewItem) int { return rank(a) - rank(b) }) // deadline order within
	if len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

// CountQueue sums up a review queue.
func CountQueue(items []ReviewItem) QueueCounts {
	c := QueueCounts{Items: len(items)}
	for _, it := range items {
		if it.SourceBacked {
			c.SourceBacked++
		}
		if it.Generated {
			c.Generated++
		}
		if it.Held {
			c.Held++
		}
		if it.Checks.Failing > 0 {
			c.Failing++
		}
	}
	return c
}

// openFlagCounts counts the reports in open or claimed moderation cases of each problem.
func (s *Service) openFlagCounts(ctx context.Context, ids []string) (map[string]int, error) {
	out := map[string]int{}
	if len(ids) == 0 {
		return out, nil
	}
	cases, err := s.client.ModerationCase.Query().Where(moderationcase.ProblemIDIn(ids...),
		moderationcase.StateIn(moderationcase.StateOPEN, moderationcase.StateCLAIMED)).WithFlags().All(ctx)
	if err != nil {
		return nil, fmt.Errorf("open flags: %w", err)
	}
	for _, c := range cases {
		out[c.ProblemID] += len(c.Edges.Flags)
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

// DuplicateOf is the problem the case's flags name as the original, the first that names one.
func (c CaseItem) DuplicateOf() string {
	for _, f := range c.Flags {
		if f.DuplicateOf != "" {
			return f.DuplicateOf
		}
	}
	return ""
}
