package graph

import (
	"context"
	"fmt"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/viewer"
)

// CodeRemoved is the extensions.code of a read of something that is part of a removed problem.
const CodeRemoved = "REMOVED"

// readable answers a node's read with an error when the caller may not see it: content of a
// removed problem (policy.ContentWithheld, by the problem it belongs to; a source only removed
// problems cite) for everyone, and an account's reputation entries for anyone but the account
// and operators. A problem itself is always readable: removed, it is its tombstone.
func (r *Resolver) readable(ctx context.Context, id string, n ent.Noder) error {
	switch n.(type) {
	case *ent.Problem:
		return nil
	case *ent.ReputationEntry:
		owner, err := policy.LedgerOwner(ctx, r.client, id)
		if err != nil {
			return err
		}
		if !policy.CanReadLedger(viewer.From(ctx), owner) {
			return fmt.Errorf("%s is a line of another account's reputation ledger, which only that account and "+
				"operators may read: %w", id, policy.ErrForbidden)
		}
		return nil
	case *ent.Source:
		withheld, err := policy.WithheldSource(ctx, r.client, id)
		if err != nil {
			return err
		}
		if withheld {
			return policy.WithheldError(id, "a removed problem")
		}
		return nil
	}
	pid, err := policy.ContentProblem(ctx, r.client, id)
	if err != nil || pid == "" {
		return err
	}
	withheld, err := r.withheldProblem(ctx, pid)
	if err != nil {
		return err
	}
	if withheld {
		return policy.WithheldError(id, pid)
	}
	return nil
}

// withheldProblem reports whether the problem id names has its content withheld; false for ""
// and for an id of no problem.
func (r *Resolver) withheldProblem(ctx context.Context, id string) (bool, error) {
	if id == "" {
		return false, nil
	}
	return r.loaders(ctx).withheld.Load(ctx, id)
}
