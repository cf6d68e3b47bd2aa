package graph

import (
	"context"

	"github.com/99designs/gqlgen/graphql"
)

// withoutSelection hides the GraphQL field being resolved, and so its selection, from what
// reads ctx: nothing under policy.PageProblems then eager-loads the edges the query selects
// (as ent's field collection would), when the packets already hold them. Every other value of ctx
// (the viewer, the read set, deadlines) passes through.
type withoutSelection struct{ context.Context }

func (c withoutSelection) Value(key any) any {
	v := c.Context.Value(key)
	if _, ok := v.(*graphql.FieldContext); ok {
		return nil
	}
	return v
}
