// Package viewer carries the signed-in account of a request through its
// context, from the transport that authenticated it (bearer token, session
// cookie) to the resolvers and handlers that pass it to policy/.
package viewer

import (
	"context"

	"github.com/theoremdb/theoremdb/ent"
)

type key struct{}

// With returns ctx carrying a; a nil a means anonymous.
func With(ctx context.Context, a *ent.Account) context.Context {
	return context.WithValue(ctx, key{}, a)
}

// From returns the account of ctx, or nil for an anonymous caller.
func From(ctx context.Context) *ent.Account {
	a, _ := ctx.Value(key{}).(*ent.Account)
	return a
}
