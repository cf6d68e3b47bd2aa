package server

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/extension"
	"github.com/99designs/gqlgen/graphql/handler/lru"
	"github.com/99designs/gqlgen/graphql/handler/transport"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/theoremdb/theoremdb/graph"
	"github.com/theoremdb/theoremdb/graph/generated"
	"github.com/theoremdb/theoremdb/live"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/viewer"
)

// GraphQL limits. List fields are priced by their size (graph.Complexity):
// a full problem packet costs about 1,300, a page of 100 problems with
// their revision, references and sources about 10,000; nesting lists that
// grow with the site is refused.
const (
	MaxComplexity  = 25000
	MaxDepth       = 10
	MaxTokens      = 15000
	MaxRequestBody = 2 << 20 // 2 MiB: the largest submission with room to spare
)

// graphqlHandler serves /graphql. Anonymous callers get a server that
// leaves "did you mean" suggestions out of its errors, so the schema cannot
// be mapped by probing; signed-in callers get the helpful one.
func graphqlHandler(p *policy.Service, b *live.Broker, log *slog.Logger) http.Handler {
	r := graph.NewResolver(p, b)
	schema := generated.NewExecutableSchema(generated.Config{Resolvers: r, Complexity: graph.Complexity()})
	build := func(suggest bool) *handler.Server {
		srv := handler.New(schema)
		srv.AddTransport(websocketTransport(p))
		srv.AddTransport(transport.Options{})
		srv.AddTransport(transport.GET{})
		srv.AddTransport(transport.POST{})
		srv.SetQueryCache(lru.New[*ast.QueryDocument](1000))
		srv.Use(extension.Introspection{})
		srv.Use(extension.FixedComplexityLimit(MaxComplexity))
		srv.Use(depthLimit{max: MaxDepth})
		srv.SetParserTokenLimit(MaxTokens)
		srv.SetDisableSuggestion(!suggest)
		srv.SetErrorPresenter(graph.ErrorPresenter(log))
		srv.SetRecoverFunc(func(ctx context.Context, v any) error {
			log.ErrorContext(ctx, "graphql panic", "panic", v)
			return fmt.Errorf("internal error")
		})
		srv.AroundOperations(func(ctx context.Context, next graphql.OperationHandler) graphql.ResponseHandler {
			return next(r.WithLoaders(ctx))
		})
		return srv
	}
	anonymous, signedIn := build(false), build(true)
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		if req.ContentLength > MaxRequestBody {
			http.Error(w, fmt.Sprintf("request body is %d bytes; the limit is %d", req.ContentLength, MaxRequestBody),
				http.StatusRequestEntityTooLarge)
			return
		}
		req.Body = http.MaxBytesReader(w, req.Body, MaxRequestBody)
		if viewer.From(req.Context()) == nil {
			anonymous.ServeHTTP(w, req)
			return
		}
		signedIn.ServeHTTP(w, req)
	})
}

// depthLimit refuses operations nested deeper than max, before any
// resolver runs.
type depthLimit struct{ max int }

var _ interface {
	graphql.HandlerExtension
	graphql.OperationContextMutator
} = depthLimit{}

func (depthLimit) ExtensionName() string                   { return "DepthLimit" }
func (depthLimit) Validate(graphql.ExecutableSchema) error { return nil }

func (d depthLimit) MutateOperationContext(_ context.Context, rc *graphql.OperationContext) *gqlerror.Error {
	if rc.Operation == nil {
		return nil
	}
	if depth := selectionDepth(rc.Operation.SelectionSet, 0, d.max+1); depth > d.max {
		err := gqlerror.Errorf("operation is nested %d levels deep; the limit is %d", depth, d.max)
		err.Extensions = map[string]any{"code": "DEPTH_LIMIT_EXCEEDED"}
		return err
	}
	return nil
}

// selectionDepth is the depth of the deepest field under set, counting
// through fragments, and stops counting at stop so cyclic or huge documents
// cost little.
func selectionDepth(set ast.SelectionSet, depth, stop int) int {
	if depth >= stop {
		return depth
	}
	deepest := depth
	for _, sel := range set {
		var d int
		switch s := sel.(type) {
		case *ast.Field:
			d = selectionDepth(s.SelectionSet, depth+1, stop)
		case *ast.InlineFragment:
			d = selectionDepth(s.SelectionSet, depth, stop)
		case *ast.FragmentSpread:
			if s.Definition != nil {
				d = selectionDepth(s.Definition.SelectionSet, depth, stop)
			}
		}
		deepest = max(deepest, d)
	}
	return deepest
}
