package policy

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/binding"
	"github.com/theoremdb/theoremdb/ent/claim"
	"github.com/theoremdb/theoremdb/ent/decision"
	"github.com/theoremdb/theoremdb/ent/hold"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/ent/reference"
	"github.com/theoremdb/theoremdb/ent/revision"
	"github.com/theoremdb/theoremdb/ent/schema/gid"
)

// ErrWithheld: what was asked for is part of a removed problem, whose content is withheld
// (ContentWithheld); the problem's tombstone stays readable by its ID.
var ErrWithheld = errors.New("withheld")

// WithheldPayload is what an event about a removed problem shows in place of its payload, unless
// the event is part of the public moderation record (ModerationKinds), which stays readable.
const WithheldPayload = `{"withheld":"the problem was removed; its content is withheld"}`

// WithheldProblems says, for each of ids that names a problem, whether its content is withheld
// (ContentWithheld); ids of no problem are left out.
func WithheldProblems(ctx context.Context, c *ent.Client, ids []string) (map[string]bool, error) {
	ps, err := c.Problem.Query().Where(problem.IDIn(ids...)).Select(problem.FieldID, problem.FieldState).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("problem states: %w", err)
	}
	out := make(map[string]bool, len(ps))
	for _, p := range ps {
		out[p.ID] = ContentWithheld(p)
	}
	return out, nil
}

// ContentProblem names the problem whose content the entity id names is part of: a revision's,
// a reference's, a claim's, a binding's, a decision's, a hold's (read from the database, never
// from a partly loaded entity). It is "" for what belongs to no one problem (a problem itself, an
// account, a source, an event), which the caller judges by WithheldSource and EventPayload.
func ContentProblem(ctx context.Context, c *ent.Client, id string) (string, error) {
	prefix, _ := gid.Prefix(id)
	var (
		pid string
		err error
	)
	switch prefix {
	case gid.Revision:
		pid, err = c.Revision.Query().Where(revision.ID(id)).Select(revision.FieldProblemID).String(ctx)
	case gid.Reference:
		pid, err = c.Reference.Query().Where(reference.ID(id)).QueryRevision().Select(revision.FieldProblemID).String(ctx)
	case gid.Claim:
		pid, err = c.Claim.Query().Where(claim.ID(id)).Select(claim.FieldProblemID).String(ctx)
	case gid.Binding:
		pid, err = c.Binding.Query().Where(binding.ID(id)).Select(binding.FieldProblemID).String(ctx)
	case gid.Decision:
		pid, err = c.Decision.Query().Where(decision.ID(id)).Select(decision.FieldProblemID).String(ctx)
	case gid.Hold:
		pid, err = c.Hold.Query().Where(hold.ID(id)).Select(hold.FieldProblemID).String(ctx)
	default:
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("the problem %s is part of: %w", id, err)
	}
	return pid, nil
}

// WithheldSource reports whether a source is withheld: it is cited, and only by removed
// problems, so that its record is content of theirs alone. A source no one cites, or that any
// public problem cites, is not.
func WithheldSource(ctx context.Context, c *ent.Client, sourceID string) (bool, error) {
	cited, err := c.Reference.Query().Where(reference.SourceID(sourceID)).Exist(ctx)
	if err != nil || !cited {
		return false, err
	}
	public, err := c.Reference.Query().Where(reference.SourceID(sourceID),
		reference.HasRevisionWith(revision.HasProblemWith(problem.StateNEQ(problem.StateREMOVED)))).Exist(ctx)
	if err != nil {
		return false, fmt.Errorf("who cites source %s: %w", sourceID, err)
	}
	return !public, nil
}

// WithheldError is the error a read of n answers when n is part of a removed problem.
func WithheldError(id, problemID string) error {
	return fmt.Errorf("%s is part of %s, which was removed: its content is withheld (the problem's tombstone stays "+
		"readable by its ID): %w", id, problemID, ErrWithheld)
}

// EventPayload is the payload ev shows given whether the problem it is about is withheld: the
// moderation record stays public, the rest of a removed problem's events keep their place in
// the log (sequence, kind, hashes) but not what they said.
func EventPayload(ev *ent.Event, subjectWithheld bool) string {
	if subjectWithheld && !slices.Contains(ModerationKinds, ev.Kind) {
		return WithheldPayload
	}
	return ev.Payload
}

// EventProblem is the problem an event is about, or "" when its subject is no problem.
func EventProblem(ev *ent.Event) string {
	if strings.HasPrefix(ev.Subject, gid.ProblemPrefix) {
		return ev.Subject
	}
	return ""
}

// PublicCitations returns the references to a source that are not part of a removed problem,
// in ID order: what a source shows of who cites it.
func PublicCitations(ctx context.Context, c *ent.Client, sourceID string) ([]*ent.Reference, error) {
	refs, err := c.Reference.Query().Where(reference.SourceID(sourceID),
		reference.HasRevisionWith(revision.HasProblemWith(problem.StateNEQ(problem.StateREMOVED)))).
		Order(ent.Asc(reference.FieldID)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("references of source %s: %w", sourceID, err)
	}
	return refs, nil
}

// WholeEvent is ev with its subject and kind, read again when a partial read (a GraphQL node
// selects only the fields asked for) left them out: EventPayload needs both.
func WholeEvent(ctx context.Context, c *ent.Client, ev *ent.Event) (*ent.Event, error) {
	if ev.Subject != "" && ev.Kind != "" {
		return ev, nil
	}
	whole, err := c.Event.Get(ctx, ev.ID)
	if err != nil {
		return nil, fmt.Errorf("event %s: %w", ev.ID, err)
	}
	return whole, nil
}

// tombstone is a removed problem's view: its ID, number, state, dates and the public record of
// its removal, and its events without what they said; no title, slug or content.
func (v *ProblemView) tombstone(pk *Packet, events int) *ProblemView {
	v.Title, v.Slug = "", ""
	evs, _ := pk.EventsAfter(0, events)
	for _, e := range evs {
		v.Events = append(v.Events, EventView{Seq: e.Seq, Kind: e.Kind, Authority: e.Authority, At: e.At, Hash: e.Hash})
	}
	return v
}
