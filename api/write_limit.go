package api

import (
	"context"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/theoremdb/theoremdb/throttle"
)

// writeLimit takes a write token per mutation field of an operation from
// the caller's bucket, all of them or none, so that a request is refused
// whole (RATE_LIMITED, with Retry-After) rather than half done.
type writeLimit struct{ g *guard }

var _ interface {
	graphql.HandlerExtension
	graphql.OperationContextMutator
} = writeLimit{}

func (writeLimit) ExtensionName() string                   { return "WriteLimit" }
func (writeLimit) Validate(graphql.ExecutableSchema) error { return nil }

func (l writeLimit) MutateOperationContext(ctx context.Context, rc *graphql.OperationContext) *gqlerror.Error {
	if rc.Operation == nil || rc.Operation.Operation != ast.Mutation {
		return nil
	}
	info, _ := ctx.Value(requestKey{}).(*requestInfo)
	addr := ""
	if info != nil {
		addr = info.addr
	}
	n := len(graphql.CollectFields(rc, rc.Operation.SelectionSet, []string{"Mutation"}))
	ok, wait := l.g.writes.Take(throttle.Writer(ctx, addr), n)
	if ok {
		return nil
	}
	if info != nil {
		info.header.Set("Retry-After", throttle.RetrySeconds(wait))
	}
	return codedError(codeRateLimited, "too many writes: the limit is %g a minute with bursts of %d; try again in %s s",
		l.g.WritesPerMinute, l.g.WriteBurst, throttle.RetrySeconds(wait))
}
