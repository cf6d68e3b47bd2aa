package api

import (
	"context"
	"encoding/json"

	"github.com/99designs/gqlgen/complexity"
	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/errcode"
	"github.com/99designs/gqlgen/graphql/handler/extension"
	"github.com/99designs/gqlgen/graphql/handler/lru"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

// complexityLimit refuses an operation whose complexity (graph.Complexity:
// lists priced by their size) is over the limit, as gqlgen's
// FixedComplexityLimit does, and remembers each document's complexity by
// its text, operation and variables, so that a query asked all day is
// priced once. Documents over maxCachedDoc are priced every time.
type complexityLimit struct {
	limit int
	known *lru.LRU[int]
	es    graphql.ExecutableSchema
}

var _ interface {
	graphql.HandlerExtension
	graphql.OperationContextMutator
} = (*complexityLimit)(nil)

func newComplexityLimit(limit, size int) *complexityLimit {
	return &complexityLimit{limit: limit, known: lru.New[int](size)}
}

func (*complexityLimit) ExtensionName() string { return "ComplexityLimit" }

func (c *complexityLimit) Validate(es graphql.ExecutableSchema) error {
	c.es = es
	return nil
}

func (c *complexityLimit) MutateOperationContext(ctx context.Context, rc *graphql.OperationContext) *gqlerror.Error {
	key := ""
	if len(rc.RawQuery) <= maxCachedDoc {
		if vars, err := json.Marshal(rc.Variables); err == nil {
			key = rc.OperationName + "\x00" + string(vars) + "\x00" + rc.RawQuery
		}
	}
	n, ok := 0, false
	if key != "" {
		n, ok = c.known.Get(ctx, key)
	}
	if !ok {
		n = complexity.Calculate(ctx, c.es, rc.Doc.Operations.ForName(rc.OperationName), rc.Variables)
		if key != "" {
			c.known.Add(ctx, key, n)
		}
	}
	rc.Stats.SetExtension("ComplexityLimit", &extension.ComplexityStats{Complexity: n, ComplexityLimit: c.limit})
	if n > c.limit {
		err := gqlerror.Errorf("operation has complexity %d, which exceeds the limit of %d", n, c.limit)
		errcode.Set(err, codeComplexityLimit)
		return err
	}
	return nil
}
