package policy

import (
	"context"
	"fmt"
	"time"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/ent/flag"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/ent/token"
)

// Sizes of the account page's lists.
const (
	AccountProblems = 50
	AccountFlags    = 50
	AccountInbox    = 20
)

// MyProblem is one of an account's problems as its account page lists it.
type MyProblem struct {
	ID, Title, State string
	Deadline         time.Time
	// RevisionRequests are the open requests of reviewers who kept the
	// problem prospecting on its current revision (OpenRevisionRequests):
	// what the proposer has yet to do.
	RevisionRequests []string
}

// MyFlag is a flag an account raised and what came of it.
type MyFlag struct {
	ProblemID, ProblemTitle string
	Reason                  string
	At                      time.Time
	// Outcome is the state of the flag's moderation case: OPEN, CLAIMED
	// (a moderator is on it), DISMISSED or REMOVED (the problem).
	Outcome    string
	Resolution string // the dismissal note or the public removal reason
	ResolvedAt *time.Time
}

// InboxItem is a public event on one of an account's problems or flagged
// problems, made by someone else.
type InboxItem struct {
	Seq       int64
	At        time.Time
	Kind      string
	ProblemID string
	Actor     string // the actor's handle, or "" when ActorShown names none
	Authority string
	Payload   map[string]any
	// Checks, on a gate run, sums up every gate run of its revision in the inbox.
	Checks *ChecksSummary
}

// AccountOverview is what an account's page shows of its activity.
type AccountOverview struct {
	Problems []MyProblem
	Flags    []MyFlag
	Inbox    []InboxItem
}

// Overview reads an account's problems with their open revision requests,
// its flags with their outcomes, and the newest public events on either that
// others caused.
func (s *Service) Overview(ctx context.Context, a *ent.Account) (AccountOverview, error) {
	var out AccountOverview
	ps, err := s.client.Problem.Query().Where(problem.ProposerID(a.ID)).
		Order(ent.Desc(problem.FieldNumber)).Limit(AccountProblems).All(ctx)
	if err != nil {
		return out, fmt.Errorf("account problems: %w", err)
	}
	subjects := make([]string, 0, len(ps))
	var current []string
	for _, p := range ps {
		subjects = append(subjects, p.ID)
		if p.CurrentRevisionID != nil {
			current = append(current, *p.CurrentRevisionID)
		}
	}
	open, err := OpenRevisionRequests(ctx, s.client, current)
	if err != nil {
		return out, fmt.Errorf("account problems: %w", err)
	}
	for _, p := range ps {
		mp := MyProblem{ID: p.ID, Title: p.Title, State: string(p.State), Deadline: p.Deadline}
		if p.CurrentRevisionID != nil && p.State == problem.StatePROSPECTING {
			for _, rq := range open[*p.CurrentRevisionID] {
				mp.RevisionRequests = append(mp.RevisionRequests, rq.Request)
			}
		}
		out.Problems = append(out.Problems, mp)
	}
	fs, err := s.client.Flag.Query().Where(flag.FlaggerID(a.ID)).WithCase().WithProblem().
		Order(ent.Desc(flag.FieldCreatedAt), ent.Desc(flag.FieldID)).Limit(AccountFlags).All(ctx)
	if err != nil {
		return out, fmt.Errorf("account flags: %w", err)
	}
	for _, f := range fs {
		mf := MyFlag{ProblemID: f.ProblemID, Reason: string(f.Reason), At: f.CreatedAt}
		if p := f.Edges.Problem; p != nil {
			mf.ProblemTitle = p.Title
		}
		if c := f.Edges.Case; c != nil {
			mf.Outcome, mf.Resolution, mf.ResolvedAt = string(c.State), c.Resolution, c.ResolvedAt
		}
		out.Flags = append(out.Flags, mf)
		subjects = append(subjects, f.ProblemID)
	}
	if len(subjects) == 0 {
		return out, nil
	}
	evs, err := s.client.Event.Query().
		Where(event.SubjectIn(subjects...), event.Public(true), event.ActorNEQ(a.ID)).
		Order(ent.Desc(event.FieldSeq)).Limit(AccountInbox * inboxFold).All(ctx)
	if err != nil {
		return out, fmt.Errorf("account inbox: %w", err)
	}
	var ids []string
	for _, ev := range evs {
		ids = append(ids, ev.Actor)
	}
	actors, err := ActingAccounts(ctx, s.client, ids)
	if err != nil {
		return out, fmt.Errorf("account inbox actors: %w", err)
	}
	foldChecks(evs, func(ev *ent.Event, payload map[string]any, checks *ChecksSummary) {
		if len(out.Inbox) < AccountInbox {
			out.Inbox = append(out.Inbox, InboxItem{Seq: ev.Seq, At: ev.At, Kind: ev.Kind, ProblemID: ev.Subject,
				Actor: ActorShown(a, ev.Authority, actors[ev.Actor]), Authority: ev.Authority, Payload: payload, Checks: checks})
		}
	})
	return out, nil
}

// inboxFold is how many events the inbox reads per line it shows: a
// revision's gate runs fold into one line.
const inboxFold = 10

// CreateOwnToken makes a named bearer token for the signed-in account
// (IssueToken), from its account page: the name is required there, since it
// is how the account tells its tokens apart.
func (s *Service) CreateOwnToken(ctx context.Context, a *ent.Account, name string) (string, *ent.Token, error) {
	var v validator
	v.line(name, true, MaxTokenLabel, "name")
	if err := v.err(); err != nil {
		return "", nil, err
	}
	return s.IssueToken(ctx, a, name)
}

// RevokeOwnToken revokes one of the account's own tokens (RevokeToken). A
// token of another account is ErrNotFound, as if it did not exist.
func (s *Service) RevokeOwnToken(ctx context.Context, a *ent.Account, id string) (*ent.Token, error) {
	n, err := s.client.Token.Query().Where(token.ID(id), token.AccountID(a.ID)).Count(ctx)
	if err != nil {
		return nil, fmt.Errorf("revoke token: %w", err)
	}
	if n == 0 {
		return nil, fmt.Errorf("token %q: %w", id, ErrNotFound)
	}
	return s.RevokeToken(ctx, id)
}
