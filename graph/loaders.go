package graph

import (
	"context"
	"sync"
	"time"

	"github.com/vikstrous/dataloadgen"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/policy"
)

// loaders batch the lookups that resolvers outside the problem packet make,
// so a list costs a fixed number of statements whatever its length. One
// set lives for one operation.
type loaders struct {
	reputation *dataloadgen.Loader[string, *policy.Reputation]
	// withheld says whether a problem's content is withheld (false for an ID of no problem).
	withheld *dataloadgen.Loader[string, bool]
	// accounts are the accounts events' actors name (nil for the site's own actor and the community's).
	accounts *dataloadgen.Loader[string, *ent.Account]
}

type loadersKey struct{}

const batchWait = 2 * time.Millisecond

func newLoaders(c *ent.Client) *loaders {
	return &loaders{
		reputation: dataloadgen.NewMappedLoader(func(ctx context.Context, ids []string) (map[string]*policy.Reputation, error) {
			return policy.ReputationOf(ctx, c, ids)
		}, dataloadgen.WithWait(batchWait)),
		withheld: dataloadgen.NewMappedLoader(func(ctx context.Context, ids []string) (map[string]bool, error) {
			out, err := policy.WithheldProblems(ctx, c, ids)
			for _, id := range ids {
				if _, ok := out[id]; !ok && err == nil {
					out[id] = false
				}
			}
			return out, err
		}, dataloadgen.WithWait(batchWait)),
		accounts: dataloadgen.NewMappedLoader(func(ctx context.Context, ids []string) (map[string]*ent.Account, error) {
			out, err := policy.ActingAccounts(ctx, c, ids)
			for _, id := range ids {
				if _, ok := out[id]; !ok && err == nil {
					out[id] = nil
				}
			}
			return out, err
		}, dataloadgen.WithWait(batchWait)),
	}
}

// operationLoaders are an operation's loaders, made when a resolver first
// asks for one: most operations (a problem read from its packet) ask for
// none, and making them cost each operation about sixteen allocations.
type operationLoaders struct {
	once sync.Once
	c    *ent.Client
	l    *loaders
}

func (o *operationLoaders) get() *loaders {
	o.once.Do(func() { o.l = newLoaders(o.c) })
	return o.l
}

// WithLoaders gives an operation its loaders.
func (r *Resolver) WithLoaders(ctx context.Context) context.Context {
	return context.WithValue(ctx, loadersKey{}, &operationLoaders{c: r.client})
}

func (r *Resolver) loaders(ctx context.Context) *loaders {
	if o, ok := ctx.Value(loadersKey{}).(*operationLoaders); ok {
		return o.get()
	}
	return newLoaders(r.client)
}
