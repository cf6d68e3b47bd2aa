package policy

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/ent/revision"
)

// Revise adds a revision to a problem. The proposer revises through the
// ordinary path; an operator may apply a revision for an imported problem
// whose proposer is gone, with a note that the stored revision keeps beside
// the operator's name. The permanent ID, credit, earlier revisions and
// decisions stay as they are, and the deadline does not move. A new title
// gives a new slug; the old one keeps resolving.
//
// Revise is the proposer's scoped path: an operator applying a revision for an absent proposer
// uses ReviseOnConsole, the administrator review console's path, and is refused here.
func (s *Service) Revise(ctx context.Context, actor *ent.Account, problemRef, note string, in ProblemInput) (*ent.Problem, *ent.Revision, error) {
	return s.revise(ctx, actor, problemRef, note, in, false)
}

// ReviseOnConsole is the administrator review console's path: an operator applies a validated
// revision for an imported problem whose source account is unavailable, and the stored note
// names the administrator. It serves nothing else.
func (s *Service) ReviseOnConsole(ctx context.Context, actor *ent.Account, problemRef, note string, in ProblemInput) (*ent.Problem, *ent.Revision, error) {
	return s.revise(ctx, actor, problemRef, note, in, true)
}

func (s *Service) revise(ctx context.Context, actor *ent.Account, problemRef, note string, in ProblemInput, console bool) (*ent.Problem, *ent.Revision, error) {
	if actor == nil {
		return nil, nil, ErrUnauthenticated
	}
	id, err := ResolveProblemID(ctx, s.client, problemRef)
	if errors.Is(err, ErrNotFound) {
		return nil, nil, refuse(CodeNotFound, fmt.Sprintf("no problem %q", problemRef), "problemId")
	}
	if err != nil {
		return nil, nil, err
	}
	var (
		p   *ent.Problem
		rev *ent.Revision
	)
	now := s.Now()
	var v validator
	v.text(note, false, MaxRevisionNote, "note")
	ok, err := in.validate(now, IsAgent(actor))
	if err := v.with(err); err != nil {
		return nil, nil, err
	}
	err = s.inTx(ctx, func(ctx context.Context, t *tx) error {
		p, err = t.lockProblem(ctx, id)
		if err != nil {
			return err
		}
		authority := AuthoritySubmitter
		storedNote := strings.TrimSpace(note)
		if err := reviseRefusal(actor, p); err != nil {
			return err
		}
		if len(in.References) > 0 {
			if err := t.sourcesRefusal(ctx, actor, in.Provenance.GeneratedBy); err != nil {
				return err
			}
		}
		switch {
		case p.ProposerID != actor.ID && !console:
			return refuse(CodeForbidden, "an operator applies a revision for an imported problem on the administrator review console "+
				"(/admin/revise/"+p.ID+"), whose stored note names the administrator; this path is the proposer's", "problemId")
		case p.ProposerID == actor.ID && console:
			return refuse(CodeForbidden, "the console applies revisions for an absent proposer; revise your own problem on its page", "problemId")
		}
		if p.ProposerID != actor.ID {
			if storedNote == "" {
				return refuse(CodeRequired, "an operator's revision says why it is applied for the proposer", "note")
			}
			authority = AuthorityOperator
			storedNote = fmt.Sprintf("Applied by operator @%s: %s", actor.Handle, storedNote)
		}
		if len([]rune(storedNote)) > MaxRevisionNote {
			return refuse(CodeTooLong, fmt.Sprintf("the limit is %d characters", MaxRevisionNote), "note")
		}
		p, err = t.addRevision(ctx, actor, p, storedNote, authority, ok)
		return err
	})
	if err != nil {
		return nil, nil, err
	}
	revID := *p.CurrentRevisionID
	if p.PendingRevisionID != nil {
		revID = *p.PendingRevisionID // proposed for an accepted problem
	}
	rev, err = s.client.Revision.Get(ctx, revID)
	if err != nil {
		return nil, nil, err
	}
	return s.reread(ctx, p, rev)
}

// reread loads p and rev again through the service's own client: entities
// written in a transaction stay bound to it, and their edges could not be
// loaded once it has committed.
func (s *Service) reread(ctx context.Context, p *ent.Problem, rev *ent.Revision) (*ent.Problem, *ent.Revision, error) {
	p, err := s.client.Problem.Get(ctx, p.ID)
	if err != nil {
		return nil, nil, err
	}
	if rev != nil {
		if rev, err = s.client.Revision.Get(ctx, rev.ID); err != nil {
			return nil, nil, err
		}
	}
	return p, rev, nil
}

// KindRevisionProposed is the event of a proposed revision of an accepted problem.
const KindRevisionProposed = "problem.revision_proposed"

// addRevision writes the next revision of a locked problem and makes it current: title, kinds
// and tags follow it, a new title adds a slug (the old ones keep resolving), and the event
// records who applied it. On an accepted problem the revision is only proposed: its gates run,
// the accepted revision stays current and public, and a reviewer adopts or declines it.
func (t *tx) addRevision(ctx context.Context, actor *ent.Account, p *ent.Problem, note, authority string, ok *intake) (*ent.Problem, error) {
	now := t.s.Now()
	last, err := t.Revision.Query().Where(revision.ProblemID(p.ID)).Aggregate(ent.Max(revision.FieldNumber)).Int(ctx)
	if err != nil {
		return nil, fmt.Errorf("revision number: %w", err)
	}
	rev, err := t.writeRevision(ctx, p.ID, last+1, actor.ID, note, ok, now)
	if err != nil {
		return nil, err
	}
	if p.State == problem.StateACCEPTED {
		payload := map[string]any{"revision": rev.ID, "number": rev.Number, "title": rev.Title}
		if p.PendingRevisionID != nil {
			payload["replaces"] = *p.PendingRevisionID
		}
		if note != "" {
			payload["note"] = note
		}
		if p, err = p.Update().SetPendingRevisionID(rev.ID).SetUpdatedAt(now).Save(ctx); err != nil {
			return nil, fmt.Errorf("propose revision: %w", err)
		}
		_, err = t.appendEvent(ctx, eventInput{actor: actor.ID, authority: authority,
			kind: KindRevisionProposed, subject: p.ID, payload: payload})
		return p, err
	}
	return t.makeCurrent(ctx, actor.ID, authority, p, rev, note, KindProblemRevised, nil)
}

// makeCurrent makes rev the problem's current revision: title, kinds and tags follow it, a new
// title adds a slug (the old ones keep resolving), and the event of the given kind records who
// did it. extra is added to the event's payload.
func (t *tx) makeCurrent(ctx context.Context, actorID, authority string, p *ent.Problem, rev *ent.Revision, note, kind string,
	extra map[string]any) (*ent.Problem, error) {
	now := t.s.Now()
	tagIDs, err := t.tagIDs(ctx, rev.Tags)
	if err != nil {
		return nil, err
	}
	upd := p.Update().SetCurrentRevisionID(rev.ID).SetUpdatedAt(now).SetTitle(rev.Title).
		SetAcceptanceKind(problem.AcceptanceKind(rev.Acceptance.Kind)).
		SetProvenanceKind(problem.ProvenanceKind(rev.Provenance.Kind)).ClearTags().AddTagIDs(tagIDs...)
	payload := map[string]any{"revision": rev.ID, "number": rev.Number, "title": rev.Title}
	for k, v := range extra {
		payload[k] = v
	}
	sl, fresh, err := t.freeSlug(ctx, rev.Title, int64(p.Number), p.ID)
	if err != nil {
		return nil, err
	}
	if fresh {
		if err := t.Slug.Create().SetSlug(sl).SetProblemID(p.ID).SetCreatedAt(now).Exec(ctx); err != nil {
			return nil, fmt.Errorf("record slug: %w", err)
		}
	}
	if sl != p.Slug {
		upd.SetSlug(sl)
		payload["slug"] = sl
	}
	if note != "" {
		payload["note"] = note
	}
	if p, err = upd.Save(ctx); err != nil {
		return nil, fmt.Errorf("update problem: %w", err)
	}
	_, err = t.appendEvent(ctx, eventInput{actor: actorID, authority: authority,
		kind: kind, subject: p.ID, payload: payload})
	return p, err
}
