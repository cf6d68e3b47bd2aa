package graph

import (
	"context"
	"time"

	"github.com/vikstrous/dataloadgen"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/account"
	"github.com/theoremdb/theoremdb/policy"
)

// loaders batch the lookups that resolvers outside ent's eager loading make,
// so a list page costs a fixed number of statements whatever its length.
// One set lives for one operation.
type loaders struct {
	account    *dataloadgen.Loader[string, *ent.Account]
	reputation *dataloadgen.Loader[string, *policy.Reputation]
	requests   *dataloadgen.Loader[string, []policy.RevisionRequest]
}

type loadersKey struct{}

const batchWait = 2 * time.Millisecond

func newLoaders(c *ent.Client) *loaders {
	return &loaders{
		account: dataloadgen.NewMappedLoader(func(ctx context.Context, ids []string) (map[string]*ent.Account, error) {
			return accountsByID(ctx, c, ids)
		}, dataloadgen.WithWait(batchWait)),
		reputation: dataloadgen.NewMappedLoader(func(ctx context.Context, ids []string) (map[string]*policy.Reputation, error) {
			return policy.ReputationOf(ctx, c, ids)
		}, dataloadgen.WithWait(batchWait)),
		requests: dataloadgen.NewMappedLoader(func(ctx context.Context, ids []string) (map[string][]policy.RevisionRequest, error) {
			m, err := policy.OpenRevisionRequests(ctx, c, ids)
			if err != nil {
				return nil, err
			}
			for _, id := range ids {
				if _, ok := m[id]; !ok {
					m[id] = nil // no requests is an answer, not a missing key
				}
			}
			return m, nil
		}, dataloadgen.WithWait(batchWait)),
	}
}

// WithLoaders gives an operation its loaders.
func (r *Resolver) WithLoaders(ctx context.Context) context.Context {
	return context.WithValue(ctx, loadersKey{}, newLoaders(r.client))
}

func (r *Resolver) loaders(ctx context.Context) *loaders {
	if l, ok := ctx.Value(loadersKey{}).(*loaders); ok {
		return l
	}
	return newLoaders(r.client)
}

// accountsByID loads accounts in one query, for the loader and for priming it.
func accountsByID(ctx context.Context, c *ent.Client, ids []string) (map[string]*ent.Account, error) {
	as, err := c.Account.Query().Where(account.IDIn(ids...)).All(ctx)
	if err != nil {
		return nil, err
	}
	m := make(map[string]*ent.Account, len(as))
	for _, a := range as {
		m[a.ID] = a
	}
	return m, nil
}
