package graph

import (
	"context"

	"github.com/99designs/gqlgen/graphql"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/policy"
)

// selects reports whether the selection of the field being resolved
// reaches path, such as edges → node → openRevisionRequests.
func selects(ctx context.Context, path ...string) bool {
	fc := graphql.GetFieldContext(ctx)
	if fc == nil || !graphql.HasOperationContext(ctx) {
		return false
	}
	oc := graphql.GetOperationContext(ctx)
	sel := fc.Field.Selections
	for _, name := range path {
		found := false
		for _, f := range graphql.CollectFields(oc, sel, nil) {
			if f.Name == name {
				sel, found = f.Selections, true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// primeProblems fills the loaders' caches with what a page of problems will
// ask for, in one query per kind, so that the page costs the same whatever
// its length instead of depending on how resolver goroutines and batch
// timers happen to line up.
func (r *Resolver) primeProblems(ctx context.Context, ps []*ent.Problem, path ...string) error {
	l := r.loaders(ctx)
	if selects(ctx, append(path, "openRevisionRequests")...) {
		var revs []string
		for _, p := range ps {
			if p.CurrentRevisionID != nil {
				revs = append(revs, *p.CurrentRevisionID)
			}
		}
		m, err := policy.OpenRevisionRequests(ctx, r.client, revs)
		if err != nil {
			return err
		}
		for _, id := range revs {
			l.requests.Prime(id, m[id])
		}
	}
	if selects(ctx, append(path, "stake", "account")...) {
		ids := make([]string, len(ps))
		for i, p := range ps {
			ids[i] = p.ProposerID
		}
		as, err := accountsByID(ctx, r.client, ids)
		if err != nil {
			return err
		}
		for id, a := range as {
			l.account.Prime(id, a)
		}
	}
	return nil
}
