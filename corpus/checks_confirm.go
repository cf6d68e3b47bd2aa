package corpus

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/corpusconfirmation"
	"github.com/theoremdb/theoremdb/ent/corpusnode"
	"github.com/theoremdb/theoremdb/ent/corpusreference"
	"github.com/theoremdb/theoremdb/ent/corpustask"
	"github.com/theoremdb/theoremdb/policy"
)

// ErrStaleCheck is a confirmation of a revision the node has moved on from.
var ErrStaleCheck = errors.New("the node was revised since the check was read")

// maxContext bounds the nodes a packet shows beside its own.
const maxContext = 20

// PeopleCheck is one packet as its page shows it, with the evidence in
// one place: the node blind, the source at its locator or the formal
// binding, and the text of the statement a proof proves and of every node
// it uses. A reviewer reads the packets of nodes they did not write only.
func (s *Service) PeopleCheck(ctx context.Context, a *ent.Account, id string) (*Check, error) {
	if err := mayCheck(a); err != nil {
		return nil, err
	}
	f, pk, err := s.packetOf(ctx, s.client, a, id)
	if err != nil {
		return nil, err
	}
	c := f.check(pk, a.ID)
	n, err := s.BlindNode(ctx, f.n.ID)
	if err != nil {
		return nil, err
	}
	c.Node = *n
	if c.Context, err = s.CheckContext(ctx, f.n.ID); err != nil {
		return nil, err
	}
	c.Full = true
	return c, nil
}

// BlindNode is a node as a reviewer or an auditor reads it: nothing of who
// or what wrote it.
func (s *Service) BlindNode(ctx context.Context, id string) (*BlindNode, error) {
	v, err := s.Node(ctx, id)
	if err != nil {
		return nil, err
	}
	b := blindOf(v)
	return &b, nil
}

// CheckContext is the evidence a packet shows beside its node: the
// statement the node proves and the nodes it uses, each blind, with its
// text.
func (s *Service) CheckContext(ctx context.Context, id string) ([]BlindNode, error) {
	v, err := s.Node(ctx, id)
	if err != nil {
		return nil, err
	}
	var more []string
	if v.Proves != nil {
		more = append(more, v.Proves.ID)
	}
	for _, u := range v.Uses {
		more = append(more, u.ID)
	}
	more = distinct(more)
	out := []BlindNode{}
	for _, id := range more[:min(len(more), maxContext)] {
		u, err := s.BlindNode(ctx, id)
		if err != nil {
			return nil, err
		}
		out = append(out, *u)
	}
	return out, nil
}

// blindOf is a node with nothing of who or what wrote it.
func blindOf(v *NodeView) BlindNode {
	return BlindNode{ID: v.ID, Kind: v.Kind, Label: v.Label, Title: v.Title, Body: v.Body, Term: v.Term, Uses: v.Uses,
		UsedBy: v.UsedBy, Proves: v.Proves, ExampleOf: v.ExampleOf, References: v.References}
}

// packetOf reads the facts of a check's node and its packet: the node
// merged and live, not the reader's own, and the packet one it has.
func (s *Service) packetOf(ctx context.Context, c *ent.Client, a *ent.Account, id string) (*nodeFacts, checkRef, error) {
	node, kind, arg, err := parseCheckID(id)
	if err != nil {
		return nil, checkRef{}, err
	}
	n, err := c.CorpusNode.Query().Where(corpusnode.ID(node)).Only(ctx)
	if ent.IsNotFound(err) || err == nil && (n.Retired || n.CurrentRevisionID == nil || n.MergedByID == nil) {
		return nil, checkRef{}, fmt.Errorf("check %s: no merged, live node %s: %w", id, node, policy.ErrNotFound)
	}
	if err != nil {
		return nil, checkRef{}, fmt.Errorf("check %s: %w", id, err)
	}
	if n.Writer == a.ID {
		return nil, checkRef{}, fmt.Errorf("check %s: you wrote %s: %w", id, n.ID, ErrSelfConfirmation)
	}
	fs, err := s.factsOf(ctx, c, []*ent.CorpusNode{n})
	if err != nil {
		return nil, checkRef{}, err
	}
	f, pk := fs[n.ID], checkRef{kind, arg}
	if !slices.Contains(f.packets(), pk) {
		return nil, checkRef{}, fmt.Errorf("check %s: %s has no such check: %w", id, n.ID, policy.ErrNotFound)
	}
	return f, pk, nil
}

// CheckInput is a reviewer's confirmation of sections of one packet.
type CheckInput struct {
	Check string
	// Sections are the sections confirmed, each recorded on its own.
	Sections []string
	// Revision is the number of the revision the reviewer read; 0 for the
	// current one. A node revised since is refused: its packet changed.
	Revision int
	// Seconds is the time the sitting took, as the page or client measured it.
	Seconds int
}

// ConfirmCheck records a reviewer's confirmation of the sections of a
// packet, one row and one event per section, blind (the packet shows no
// earlier confirmation); a statement's confirmation against its source
// also confirms the reference's locator. The levels of the node and its
// dependants are computed again in the same transaction.
func (s *Service) ConfirmCheck(ctx context.Context, a *ent.Account, in CheckInput) (*Check, error) {
	if err := mayCheck(a); err != nil {
		return nil, err
	}
	secs := distinct(in.Sections)
	if len(secs) == 0 {
		return nil, fmt.Errorf("check %s: choose the sections you checked: %w", in.Check, ErrConfirmation)
	}
	err := s.pol.Write(ctx, func(ctx context.Context, w *policy.WriteTx) error {
		c := w.Client()
		f, pk, err := s.packetOf(ctx, c, a, in.Check)
		if err != nil {
			return err
		}
		if in.Revision != 0 && in.Revision != f.rev.Number {
			return fmt.Errorf("check %s: the node was revised (revision %d, you read %d); read it again: %w",
				in.Check, f.rev.Number, in.Revision, ErrStaleCheck)
		}
		shown := f.check(pk, a.ID)
		valid := map[string]bool{}
		for _, sc := range shown.Sections {
			valid[sc.ID] = !sc.Confirmed
		}
		added := 0
		for _, sec := range secs {
			fresh, ok := valid[sec]
			if !ok {
				return fmt.Errorf("check %s: %q is not one of its sections: %w", in.Check, sec, ErrConfirmation)
			}
			if !fresh {
				continue
			}
			if err := c.CorpusConfirmation.Create().SetNodeID(f.n.ID).SetRevisionID(f.rev.ID).SetKind(corpusconfirmation.Kind(pk.kind)).
				SetSection(sec).SetAccountID(a.ID).SetBlind(true).SetCreatedAt(s.now()).Exec(ctx); err != nil {
				return fmt.Errorf("check %s: %w", in.Check, err)
			}
			if _, err := w.Append(ctx, a.ID, AuthorityPerson, KindConfirmed, f.n.ID, map[string]any{
				"kind": pk.kind, "section": sec, "blind": true, "revision": f.rev.ID, "check": in.Check,
				"seconds": max(0, in.Seconds)}); err != nil {
				return err
			}
			added++
		}
		if added == 0 {
			return fmt.Errorf("check %s: you confirmed %s already: %w", in.Check, strings.Join(secs, ", "), ErrConfirmation)
		}
		if pk.kind == ConfirmStatement {
			pos, _ := strconv.Atoi(pk.arg)
			k, err := c.CorpusReference.Update().Where(corpusreference.RevisionID(f.rev.ID), corpusreference.Position(pos),
				corpusreference.LocatorConfirmed(false)).SetLocatorConfirmed(true).Save(ctx)
			if err != nil {
				return fmt.Errorf("check %s: locator: %w", in.Check, err)
			}
			if k > 0 {
				if _, err := w.Append(ctx, a.ID, AuthorityPerson, KindConfirmed, f.n.ID, map[string]any{
					"kind": "LOCATOR", "reference": pos, "revision": f.rev.ID, "check": in.Check}); err != nil {
					return err
				}
			}
		}
		return s.recompute(ctx, w, []string{f.n.ID})
	})
	if err != nil {
		return nil, err
	}
	return s.PeopleCheck(ctx, a, in.Check)
}

// TasksFor lists the open jobs of the queue for people to a reviewer, as
// Tasks does: a limit of 0 or less is an empty page.
func (s *Service) TasksFor(ctx context.Context, a *ent.Account, limit int) ([]Task, error) {
	if err := mayCheck(a); err != nil {
		return nil, err
	}
	return s.Tasks(ctx, limit)
}

// CloseTaskAs closes an open job for a reviewer, who says what they found.
func (s *Service) CloseTaskAs(ctx context.Context, a *ent.Account, id, note string) (*Task, error) {
	if err := mayCheck(a); err != nil {
		return nil, err
	}
	if strings.TrimSpace(note) == "" {
		return nil, fmt.Errorf("task %s: say what you found: %w", id, ErrConfirmation)
	}
	if err := s.CloseTask(ctx, id, a.ID, strings.TrimSpace(note)); err != nil {
		return nil, err
	}
	t, err := s.client.CorpusTask.Query().Where(corpustask.ID(id)).Only(ctx)
	if err != nil {
		return nil, fmt.Errorf("task %s: %w", id, err)
	}
	return &Task{ID: t.ID, Kind: string(t.Kind), Subject: t.Subject, Computation: t.Computation, Summary: t.Summary,
		State: string(t.State), CreatedAt: t.CreatedAt}, nil
}
