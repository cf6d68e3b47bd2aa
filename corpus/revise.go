package corpus

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/changerequest"
	"github.com/theoremdb/theoremdb/ent/nodedraft"
	"github.com/theoremdb/theoremdb/policy"
)

// ErrNotOpen is a change request that is merged or withdrawn: it takes no
// revision and cannot be withdrawn again.
var ErrNotOpen = errors.New("the change request is no longer open")

// ErrNotWriter is someone else revising or withdrawing a writer's request.
var ErrNotWriter = errors.New("only the writer who opened a change request revises or withdraws it")

// Revise replaces the drafts of an open change request with the writer's
// revised ones and runs the merge gates on it again: the findings of the
// earlier run stay in its record, and a request that now passes merges.
func (s *Service) Revise(ctx context.Context, id string, req Request) (*Result, error) {
	if err := validWriter(req.Writer); err != nil {
		return nil, err
	}
	if slices.ContainsFunc(req.Drafts, func(d Draft) bool { return !slices.Contains(Kinds, d.Kind) }) {
		return s.Check(ctx, req) // a kind no node has cannot be stored: the dry run names it
	}
	labelled, err := s.withLabels(ctx, req.Drafts)
	if err != nil {
		return nil, err
	}
	req.Drafts = labelled
	err = s.pol.Write(ctx, func(ctx context.Context, w *policy.WriteTx) error {
		c := w.Client()
		cr, err := s.openRequest(ctx, w, id, req.Writer.ID)
		if err != nil {
			return err
		}
		if _, err := c.NodeDraft.Delete().Where(nodedraft.ChangeRequestID(id)).Exec(ctx); err != nil {
			return fmt.Errorf("revise %s: %w", id, err)
		}
		if err := s.writeDrafts(ctx, c, id, req.Drafts); err != nil {
			return err
		}
		upd := cr.Update().SetState(changerequest.StatePENDING).SetUpdatedAt(s.now())
		if req.Note != "" {
			upd.SetNote(req.Note)
		}
		if err := upd.Exec(ctx); err != nil {
			return fmt.Errorf("revise %s: %w", id, err)
		}
		if _, err = w.Append(ctx, req.Writer.ID, AuthorityWriter, KindRequestRevised, id, map[string]any{"drafts": len(req.Drafts)}); err != nil {
			return err
		}
		return s.enqueue(ctx, w.SQL(), id)
	})
	if err != nil {
		return nil, err
	}
	return s.settle(ctx, id)
}

// Withdraw closes an open change request at its writer's word; it stays in
// the record with its drafts and findings.
func (s *Service) Withdraw(ctx context.Context, id string, writer Writer) (*ChangeRequestView, error) {
	err := s.pol.Write(ctx, func(ctx context.Context, w *policy.WriteTx) error {
		cr, err := s.openRequest(ctx, w, id, writer.ID)
		if err != nil {
			return err
		}
		if err := cr.Update().SetState(changerequest.StateWITHDRAWN).SetUpdatedAt(s.now()).Exec(ctx); err != nil {
			return fmt.Errorf("withdraw %s: %w", id, err)
		}
		_, err = w.Append(ctx, writer.ID, AuthorityWriter, KindRequestWithdrawn, id, map[string]any{})
		return err
	})
	if err != nil {
		return nil, err
	}
	return s.ChangeRequest(ctx, id)
}

// openRequest reads and locks an open request of the writer.
func (s *Service) openRequest(ctx context.Context, w *policy.WriteTx, id, writer string) (*ent.ChangeRequest, error) {
	q := w.Client().ChangeRequest.Query().Where(changerequest.ID(id))
	if w.Postgres() {
		q = q.ForUpdate()
	}
	cr, err := q.Only(ctx)
	switch {
	case ent.IsNotFound(err):
		return nil, fmt.Errorf("change request %s: %w", id, policy.ErrNotFound)
	case err != nil:
		return nil, fmt.Errorf("change request %s: %w", id, err)
	case cr.Opener != writer:
		return nil, fmt.Errorf("change request %s: %w", id, ErrNotWriter)
	case cr.State == changerequest.StateMERGED || cr.State == changerequest.StateWITHDRAWN:
		return nil, fmt.Errorf("change request %s is %s: %w", id, cr.State, ErrNotOpen)
	}
	return cr, nil
}
