package policy

import (
	"context"
	"time"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/revision"
	"github.com/theoremdb/theoremdb/ent/suggestion"
	"github.com/theoremdb/theoremdb/packet"
)

// SuggestionView is a suggested edit as its page shows it: the revision it edits and the
// revision it proposes, and whether the viewer may settle it.
type SuggestionView struct {
	ID, ProblemID, ProblemTitle string
	Author, Note, State         string
	CreatedAt                   time.Time
	DecidedAt                   *time.Time
	DeclineReason               string
	// Base is the revision the suggestion edits; Proposed is what it proposes, as a revision.
	Base, Proposed RevisionView
	// Current says the base is still the problem's current revision, so it can be accepted.
	Current bool
	// Revision is the number of the revision an accepted suggestion became.
	Revision int
	// CanSettle: the viewer may accept or decline it (whoever may revise the problem).
	CanSettle bool
}

// ViewSuggestion returns the view of a suggestion of the problem ref names, for viewer.
func (s *Service) ViewSuggestion(ctx context.Context, viewer *ent.Account, problemRef, id string) (*SuggestionView, error) {
	sg, err := s.Suggestion(ctx, id)
	if err != nil {
		return nil, err
	}
	pid, err := ResolveProblemID(ctx, s.client, problemRef)
	if err != nil || pid != sg.ProblemID {
		return nil, ErrNotFound
	}
	p := sg.Edges.Problem
	base, err := s.client.Revision.Query().Where(revision.ID(sg.BaseRevisionID)).WithAuthor().Only(ctx)
	if err != nil {
		return nil, err
	}
	v := &SuggestionView{ID: sg.ID, ProblemID: p.ID, ProblemTitle: p.Title, Note: sg.Note, State: string(sg.State),
		CreatedAt: sg.CreatedAt, DecidedAt: sg.DecidedAt, DeclineReason: sg.DeclineReason, Base: revisionView(base),
		Proposed: contentView(sg.Content), Current: p.CurrentRevisionID != nil && *p.CurrentRevisionID == sg.BaseRevisionID,
		CanSettle: sg.State == suggestion.StateOPEN && viewer != nil && reviseRefusal(viewer, p) == nil}
	if a := sg.Edges.Author; a != nil {
		v.Author = a.Handle
	}
	if sg.RevisionID != nil {
		if r, err := s.client.Revision.Get(ctx, *sg.RevisionID); err == nil {
			v.Revision = r.Number
		}
	}
	return v, nil
}

// contentView is proposed content as a revision view, for showing and comparing.
func contentView(c packet.Content) RevisionView {
	v := RevisionView{Title: c.Title, Statement: c.Statement, Exposition: c.Exposition, Tags: c.Tags,
		OpenStatus: c.OpenStatus, Hero: c.Hero, Computation: c.Computation}
	if c.Acceptance != nil {
		v.Acceptance = *c.Acceptance
	}
	if c.Provenance != nil {
		v.Provenance = *c.Provenance
	}
	if c.ReferenceSearch != nil {
		v.ReferenceSearch = *c.ReferenceSearch
	}
	return v
}

// SuggestionSummary is one suggested edit in a list.
type SuggestionSummary struct {
	ID, Author, State string
	CreatedAt         time.Time
}

// SuggestionsOf lists a problem's suggested edits, newest first.
func (s *Service) SuggestionsOf(ctx context.Context, problemID string) ([]SuggestionSummary, error) {
	sgs, err := s.Suggestions(ctx, problemID)
	if err != nil {
		return nil, err
	}
	out := make([]SuggestionSummary, len(sgs))
	for i, sg := range sgs {
		out[i] = SuggestionSummary{ID: sg.ID, State: string(sg.State), CreatedAt: sg.CreatedAt}
		if a := sg.Edges.Author; a != nil {
			out[i].Author = a.Handle
		}
	}
	return out, nil
}
