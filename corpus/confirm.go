package corpus

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/corpusbinding"
	"github.com/theoremdb/theoremdb/ent/corpusconfirmation"
	"github.com/theoremdb/theoremdb/ent/corpusreference"
	"github.com/theoremdb/theoremdb/policy"
)

// ErrConfirmation is a confirmation the record cannot take.
var ErrConfirmation = errors.New("invalid confirmation")

// ErrSelfConfirmation is a person confirming a node they wrote.
var ErrSelfConfirmation = errors.New("no one confirms their own node")

// ConfirmAs records the confirmation of a signed-in account: only a
// reviewer confirms a node, and never one they wrote.
func (s *Service) ConfirmAs(ctx context.Context, a *ent.Account, ref string, in ConfirmInput) error {
	switch {
	case a == nil:
		return policy.ErrUnauthenticated
	case !policy.CanReview(a):
		return fmt.Errorf("confirm %s: only a reviewer confirms a corpus node: %w", ref, policy.ErrForbidden)
	}
	in.Account = a.ID
	return s.Confirm(ctx, ref, in)
}

// Confirmation inputs: who confirmed what of which node's current revision.
type ConfirmInput struct {
	Account string
	Kind    string // ConfirmStatement, ConfirmProof or ConfirmBinding
	// Section names the part confirmed; for a binding, the binding's ID.
	Section string
	// Blind is true when the person could not see an earlier confirmation.
	Blind bool
}

// Confirm records one person's confirmation of one section of a node's
// current revision (K9.6: per section, never per session), then
// recomputes the node's levels and its dependants'.
func (s *Service) Confirm(ctx context.Context, ref string, in ConfirmInput) error {
	if in.Account == "" || !slices.Contains([]string{ConfirmStatement, ConfirmProof, ConfirmBinding}, in.Kind) {
		return fmt.Errorf("confirm %s: an account and a kind (STATEMENT_SOURCE, PROOF_STEPS or BINDING) are needed: %w", ref, ErrConfirmation)
	}
	return s.pol.Write(ctx, func(ctx context.Context, w *policy.WriteTx) error {
		n, err := baseOf(ctx, w.Client(), ref)
		if err != nil {
			return err
		}
		if n == nil || n.CurrentRevisionID == nil {
			return fmt.Errorf("corpus node %q: %w", ref, policy.ErrNotFound)
		}
		if n.Writer == in.Account {
			return fmt.Errorf("confirm %s: %s wrote it: %w", n.ID, in.Account, ErrSelfConfirmation)
		}
		if in.Kind == ConfirmBinding {
			ok, err := w.Client().CorpusBinding.Query().Where(corpusbinding.ID(in.Section), corpusbinding.NodeID(n.ID)).Exist(ctx)
			if err != nil {
				return fmt.Errorf("confirm %s: %w", n.ID, err)
			}
			if !ok {
				return fmt.Errorf("confirm %s: %q is not one of its bindings: %w", n.ID, in.Section, ErrConfirmation)
			}
		}
		if err := w.Client().CorpusConfirmation.Create().SetNodeID(n.ID).SetRevisionID(*n.CurrentRevisionID).
			SetKind(corpusconfirmation.Kind(in.Kind)).SetSection(in.Section).SetAccountID(in.Account).SetBlind(in.Blind).
			SetCreatedAt(s.now()).Exec(ctx); err != nil {
			return fmt.Errorf("confirm %s: %w", n.ID, err)
		}
		if _, err := w.Append(ctx, in.Account, AuthorityPerson, KindConfirmed, n.ID, map[string]any{
			"kind": in.Kind, "section": in.Section, "blind": in.Blind, "revision": *n.CurrentRevisionID}); err != nil {
			return err
		}
		return s.recompute(ctx, w, []string{n.ID})
	})
}

// ConfirmLocator records that the locator of the reference at position of
// a node's current revision was found in its source, by a person or the
// record plane, and recomputes the levels.
func (s *Service) ConfirmLocator(ctx context.Context, ref string, position int, actor string) error {
	return s.pol.Write(ctx, func(ctx context.Context, w *policy.WriteTx) error {
		n, err := baseOf(ctx, w.Client(), ref)
		if err != nil {
			return err
		}
		if n == nil || n.CurrentRevisionID == nil {
			return fmt.Errorf("corpus node %q: %w", ref, policy.ErrNotFound)
		}
		k, err := w.Client().CorpusReference.Update().Where(corpusreference.RevisionID(*n.CurrentRevisionID),
			corpusreference.Position(position)).SetLocatorConfirmed(true).Save(ctx)
		if err != nil {
			return fmt.Errorf("confirm locator of %s: %w", n.ID, err)
		}
		if k == 0 {
			return fmt.Errorf("%s has no reference %d: %w", n.ID, position, policy.ErrNotFound)
		}
		if _, err := w.Append(ctx, actor, AuthorityPerson, KindConfirmed, n.ID, map[string]any{
			"kind": "LOCATOR", "reference": position, "revision": *n.CurrentRevisionID}); err != nil {
			return err
		}
		return s.recompute(ctx, w, []string{n.ID})
	})
}

// BindingInput is a formal binding and what machines found of it.
type BindingInput struct {
	System    string
	Label     string
	Formal    bool
	RoundTrip bool
	Checkers  []string
}

// RecordBinding records a node's formal binding with its round trip and
// the proof checkers that accepted it, and recomputes the levels. It
// returns the binding's ID.
func (s *Service) RecordBinding(ctx context.Context, ref string, in BindingInput, actor string) (string, error) {
	var id string
	err := s.pol.Write(ctx, func(ctx context.Context, w *policy.WriteTx) error {
		n, err := baseOf(ctx, w.Client(), ref)
		if err != nil {
			return err
		}
		if n == nil {
			return fmt.Errorf("corpus node %q: %w", ref, policy.ErrNotFound)
		}
		var b *ent.CorpusBinding
		if b, err = w.Client().CorpusBinding.Create().SetNodeID(n.ID).SetSystem(in.System).SetLabel(in.Label).
			SetFormal(in.Formal).SetRoundTripPassed(in.RoundTrip).SetCheckersPassed(distinct(in.Checkers)).
			SetCreatedAt(s.now()).Save(ctx); err != nil {
			return fmt.Errorf("binding of %s: %w", n.ID, err)
		}
		id = b.ID
		if _, err := w.Append(ctx, actor, AuthorityRecord, "corpus.node.bound", n.ID, map[string]any{
			"binding": b.ID, "system": in.System, "label": in.Label, "formal": in.Formal, "roundTrip": in.RoundTrip,
			"checkers": distinct(in.Checkers)}); err != nil {
			return err
		}
		return s.recompute(ctx, w, []string{n.ID})
	})
	return id, err
}

// Retire retires a node, naming its successor when it has one; it keeps
// its ID and history, reads as its tombstone, and every node resting on
// it is recomputed as resting on nothing confirmed.
func (s *Service) Retire(ctx context.Context, ref, successor, actor string) error {
	return s.pol.Write(ctx, func(ctx context.Context, w *policy.WriteTx) error {
		n, err := baseOf(ctx, w.Client(), ref)
		if err != nil {
			return err
		}
		if n == nil {
			return fmt.Errorf("corpus node %q: %w", ref, policy.ErrNotFound)
		}
		if err := s.retire(ctx, w, n, successor, actor); err != nil {
			return err
		}
		return s.release(ctx, w, []string{n.ID}, actor, s.now())
	})
}

// retire retires n within w: the node keeps its ID and history and reads
// as its tombstone (or its successor), and its dependants are recomputed.
func (s *Service) retire(ctx context.Context, w *policy.WriteTx, n *ent.CorpusNode, successor, actor string) error {
	upd := w.Client().CorpusNode.UpdateOneID(n.ID).SetRetired(true).SetUpdatedAt(s.now())
	if successor != "" {
		sn, err := baseOf(ctx, w.Client(), successor)
		if err != nil {
			return err
		}
		if sn == nil || sn.Retired || sn.ID == n.ID {
			return fmt.Errorf("successor %q of %s is not a live node: %w", successor, n.ID, policy.ErrNotFound)
		}
		upd.SetSuccessorID(sn.ID)
	}
	if err := upd.Exec(ctx); err != nil {
		return fmt.Errorf("retire %s: %w", n.ID, err)
	}
	if _, err := w.Append(ctx, actor, AuthorityPerson, KindNodeRetired, n.ID, map[string]any{"successor": successor}); err != nil {
		return err
	}
	return s.recompute(ctx, w, []string{n.ID})
}
