package policy

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/reference"
	"github.com/theoremdb/theoremdb/ent/suggestion"
	"github.com/theoremdb/theoremdb/packet"
)

// Events of suggested edits.
const (
	KindSuggestionOpened   = "suggestion.opened"
	KindSuggestionAccepted = "suggestion.accepted"
	KindSuggestionDeclined = "suggestion.declined"
)

// Limits on a suggestion's note and on the reason for declining one.
const (
	MaxSuggestionNote = 2000
	MaxDeclineReason  = 2000
)

// SuggestEdit records an edit suggested by someone signed in who may not revise the problem: the
// whole content they propose, checked as a revision would be, on the current revision. The
// proposer (or, for an imported problem, an operator) accepts it as a new revision or declines it
// with a reason. Whoever may revise revises instead.
func (s *Service) SuggestEdit(ctx context.Context, actor *ent.Account, problemRef, note string, in ProblemInput) (*ent.Suggestion, error) {
	if actor == nil {
		return nil, ErrUnauthenticated
	}
	id, err := ResolveProblemID(ctx, s.client, problemRef)
	if errors.Is(err, ErrNotFound) {
		return nil, refuse(CodeNotFound, fmt.Sprintf("no problem %q", problemRef), "problemId")
	}
	if err != nil {
		return nil, err
	}
	var v validator
	v.text(note, true, MaxSuggestionNote, "note")
	_, err = in.validate(s.Now(), IsAgent(actor))
	if err := v.with(err); err != nil {
		return nil, err
	}
	var sg *ent.Suggestion
	err = s.inTx(ctx, func(ctx context.Context, t *tx) error {
		p, err := t.lockProblem(ctx, id)
		if err != nil {
			return err
		}
		if err := revisableRefusal(p); err != nil {
			return err
		}
		if reviseRefusal(actor, p) == nil {
			return refuse(CodeConflict, "you may revise this problem yourself; a suggestion is for those who may not", "problemId")
		}
		sg, err = t.Suggestion.Create().SetProblemID(p.ID).SetAuthorID(actor.ID).SetBaseRevisionID(*p.CurrentRevisionID).
			SetContent(ContentOf(in)).SetNote(strings.TrimSpace(note)).SetCreatedAt(s.Now()).Save(ctx)
		if err != nil {
			return fmt.Errorf("suggestion: %w", err)
		}
		_, err = t.appendEvent(ctx, eventInput{actor: actor.ID, authority: AuthorityOf(actor), kind: KindSuggestionOpened,
			subject: p.ID, payload: map[string]any{"suggestion": sg.ID, "revision": sg.BaseRevisionID}})
		return err
	})
	return sg, err
}

// AcceptSuggestion makes an open suggestion the problem's new revision, on the word of whoever may
// revise the problem; the revision note names the suggestion and its author. A suggestion made on
// a revision that is no longer current is refused (STALE_REVISION): the problem changed since.
func (s *Service) AcceptSuggestion(ctx context.Context, actor *ent.Account, suggestionID string) (*ent.Problem, error) {
	return s.settleSuggestion(ctx, actor, suggestionID, "")
}

// DeclineSuggestion closes an open suggestion with the reason, on the word of whoever may revise
// the problem.
func (s *Service) DeclineSuggestion(ctx context.Context, actor *ent.Account, suggestionID, reason string) (*ent.Problem, error) {
	var v validator
	v.text(reason, true, MaxDeclineReason, "reason")
	if err := v.err(); err != nil {
		return nil, err
	}
	return s.settleSuggestion(ctx, actor, suggestionID, reason)
}

// settleSuggestion accepts the suggestion when reason is empty and declines it otherwise.
func (s *Service) settleSuggestion(ctx context.Context, actor *ent.Account, suggestionID, reason string) (*ent.Problem, error) {
	if actor == nil {
		return nil, ErrUnauthenticated
	}
	sg, err := s.client.Suggestion.Get(ctx, suggestionID)
	if ent.IsNotFound(err) {
		return nil, refuse(CodeNotFound, fmt.Sprintf("no suggestion %q", suggestionID), "suggestionId")
	}
	if err != nil {
		return nil, err
	}
	var p *ent.Problem
	err = s.inTx(ctx, func(ctx context.Context, t *tx) error {
		if p, err = t.lockProblem(ctx, sg.ProblemID); err != nil {
			return err
		}
		if err := reviseRefusal(actor, p); err != nil {
			return err
		}
		if sg, err = t.Suggestion.Get(ctx, sg.ID); err != nil {
			return err
		}
		if sg.State != suggestion.StateOPEN {
			return refuse(CodeConflict, fmt.Sprintf("%s was already %s", sg.ID, strings.ToLower(string(sg.State))), "suggestionId")
		}
		now := s.Now()
		upd := sg.Update().SetDecidedByID(actor.ID).SetDecidedAt(now)
		if reason != "" {
			if _, err := upd.SetState(suggestion.StateDECLINED).SetDeclineReason(strings.TrimSpace(reason)).Save(ctx); err != nil {
				return fmt.Errorf("decline suggestion: %w", err)
			}
			_, err := t.appendEvent(ctx, eventInput{actor: actor.ID, authority: AuthorityOf(actor), kind: KindSuggestionDeclined,
				subject: p.ID, payload: map[string]any{"suggestion": sg.ID, "reason": strings.TrimSpace(reason)}})
			return err
		}
		if *p.CurrentRevisionID != sg.BaseRevisionID {
			return refuse(CodeStaleRevision, "the problem was revised after this suggestion was made; decline it, or revise the problem with what it suggests", "suggestionId")
		}
		ok, err := InputOf(sg.Content).validate(now, false)
		if err != nil {
			return err
		}
		author, err := t.Account.Get(ctx, sg.AuthorID)
		if err != nil {
			return fmt.Errorf("suggestion author: %w", err)
		}
		note := fmt.Sprintf("Suggested by @%s (%s): %s", author.Handle, sg.ID, sg.Note)
		if len([]rune(note)) > MaxRevisionNote {
			note = string([]rune(note)[:MaxRevisionNote-1]) + "…"
		}
		authority := AuthoritySubmitter
		if p.ProposerID != actor.ID {
			authority = AuthorityOperator
		}
		if p, err = t.addRevision(ctx, actor, p, note, authority, ok); err != nil {
			return err
		}
		revID := *p.CurrentRevisionID
		if p.PendingRevisionID != nil {
			revID = *p.PendingRevisionID
		}
		if _, err := upd.SetState(suggestion.StateACCEPTED).SetRevisionID(revID).Save(ctx); err != nil {
			return fmt.Errorf("accept suggestion: %w", err)
		}
		_, err = t.appendEvent(ctx, eventInput{actor: actor.ID, authority: authority, kind: KindSuggestionAccepted,
			subject: p.ID, payload: map[string]any{"suggestion": sg.ID, "revision": revID}})
		return err
	})
	if err != nil {
		return nil, err
	}
	p, _, err = s.reread(ctx, p, nil)
	return p, err
}

// Suggestions lists a problem's suggested edits, newest first, each with its author.
func (s *Service) Suggestions(ctx context.Context, problemID string) ([]*ent.Suggestion, error) {
	out, err := s.client.Suggestion.Query().Where(suggestion.ProblemID(problemID)).WithAuthor().
		Order(ent.Desc(suggestion.FieldCreatedAt)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("suggestions: %w", err)
	}
	return out, nil
}

// Suggestion returns one suggested edit with its author and problem.
func (s *Service) Suggestion(ctx context.Context, id string) (*ent.Suggestion, error) {
	sg, err := s.client.Suggestion.Query().Where(suggestion.ID(id)).WithAuthor().WithProblem().Only(ctx)
	if ent.IsNotFound(err) {
		return nil, ErrNotFound
	}
	return sg, err
}

// ContentOf is in as stored content.
func ContentOf(in ProblemInput) packet.Content {
	c := packet.Content{Title: in.Title, Statement: in.Statement, Exposition: in.Exposition, Acceptance: in.Acceptance,
		Provenance: in.Provenance, ReferenceSearch: in.ReferenceSearch, Tags: in.Tags, Hero: in.Hero,
		OpenStatus: in.OpenStatus, Computation: in.Computation}
	for _, r := range in.References {
		c.References = append(c.References, packet.ReferenceEntry{Identifier: r.Identifier, Citation: r.Citation,
			Locator: r.Locator, Relevance: r.Relevance, Role: string(r.Role)})
	}
	return c
}

// InputOf is stored content as input, to be validated again.
func InputOf(c packet.Content) ProblemInput {
	in := ProblemInput{Title: c.Title, Statement: c.Statement, Exposition: c.Exposition, Acceptance: c.Acceptance,
		Provenance: c.Provenance, ReferenceSearch: c.ReferenceSearch, Tags: c.Tags, Hero: c.Hero,
		OpenStatus: c.OpenStatus, Computation: c.Computation}
	for _, r := range c.References {
		in.References = append(in.References, ReferenceInput{Identifier: r.Identifier, Citation: r.Citation,
			Locator: r.Locator, Relevance: r.Relevance, Role: reference.Role(r.Role)})
	}
	return in
}
