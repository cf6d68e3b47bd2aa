package api

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/extension"
	"github.com/99designs/gqlgen/graphql/handler/transport"
	"github.com/gorilla/websocket"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/graph"
	"github.com/theoremdb/theoremdb/graph/generated"
	"github.com/theoremdb/theoremdb/live"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/throttle"
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

// Accounts finds the account a bearer token signs in, as identity.Service
// does: policy.ErrUnauthenticated (identity.ErrUnauthenticated) for a token that is not valid, any other
// error when the lookup itself failed.
type Accounts interface {
	Authenticate(ctx context.Context, bearer string) (*ent.Account, error)
}

// Config is what a Handler is built from.
type Config struct {
	// Policy is the service the resolvers call. The packet cache must hear
	// other instances' commits (live.Broker.OnEvent with
	// policy.Service.InvalidatePackets) for kept answers to stay fresh;
	// the site wires that.
	Policy *policy.Service
	// Live delivers events to subscriptions; its Run must be going.
	Live *live.Broker
	Log  *slog.Logger
	// Accounts resolves bearer tokens (the Authorization header, or
	// connection_init's authorization); nil means Policy's identity. A session cookie
	// is the site's to resolve: an account already in the request's
	// context (viewer.With) is the caller's.
	Accounts Accounts
	// Limits bound what one client may make the transport do; unset
	// fields keep their defaults.
	Limits throttle.Limits
	// Writes are the buckets of writes shared with the site's forms, so a
	// writer is bounded however it writes; nil for buckets of its own.
	Writes *throttle.Buckets
	// ResponseCacheBytes bounds the memory for kept answers; zero or less
	// means DefaultResponseCacheBytes.
	ResponseCacheBytes int
	// Resolver configures the GraphQL resolvers (the corpus service they call).
	Resolver []graph.ResolverOption
}

// Handler serves GraphQL at the path it is mounted on (/graphql): POST,
// GET, and websockets.
type Handler struct {
	h       http.Handler
	answers *responseCache
}

// ServeHTTP serves a GraphQL request or a websocket upgrade.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) { h.h.ServeHTTP(w, r) }

// New builds the transport: bearer tokens, websocket limits, the
// GraphQL-over-HTTP status rules, and gqlgen's executor behind the shape,
// complexity and write limits and the response cache.
func New(c Config) *Handler {
	if c.Accounts == nil {
		c.Accounts = c.Policy.Identity()
	}
	g := newGuard(c.Limits, c.Writes)
	answers := newResponseCache(c.Policy, c.ResponseCacheBytes)
	gql := bearer(c.Accounts, withSocketControl(g, specStatus(graphqlHandler(c.Policy, c.Live, c.Accounts, c.Log, g, answers, c.Resolver))))
	return &Handler{h: gql, answers: answers}
}

// graphqlHandler serves /graphql. Anonymous callers get a server that
// leaves "did you mean" suggestions out of its errors, so the schema cannot
// be mapped by probing; signed-in callers get the helpful one.
func graphqlHandler(p *policy.Service, b *live.Broker, accounts Accounts, log *slog.Logger, g *guard, answers *responseCache,
	opts []graph.ResolverOption) http.Handler {
	r := graph.NewResolver(p, b, opts...)
	schema := generated.NewExecutableSchema(generated.Config{Resolvers: r, Complexity: graph.Complexity()})
	shape := newShapeLimits(MaxDepth, schema.Schema())
	persisted := newQueryCache(10000)
	costs := newComplexityLimit(MaxComplexity, 10000) // shared: a document's cost is the same on both servers
	build := func(suggest bool) *handler.Server {
		srv := handler.New(schema)
		srv.AddTransport(websocketTransport(p, accounts, g))
		srv.AddTransport(transport.Options{})
		srv.AddTransport(transport.GET{})
		srv.AddTransport(postTransport{})
		srv.SetQueryCache(newDocCache(1000))
		srv.Use(extension.Introspection{})
		srv.Use(extension.AutomaticPersistedQuery{Cache: persisted}) // fills in the query the shape check reads
		srv.Use(shape)                                               // before anything that expands fragments
		srv.Use(costs)
		srv.Use(writeLimit{g})
		srv.SetParserTokenLimit(MaxTokens)
		srv.SetDisableSuggestion(!suggest)
		if !suggest {
			srv.SetValidationRulesFn(rulesWithoutSuggestions)
		}
		srv.SetErrorPresenter(graph.ErrorPresenter(log))
		srv.SetRecoverFunc(func(ctx context.Context, v any) error {
			log.ErrorContext(ctx, "graphql panic", "panic", v)
			return fmt.Errorf("internal error")
		})
		srv.AroundResponses(func(ctx context.Context, next graphql.ResponseHandler) *graphql.Response {
			resp := next(ctx)
			if info, ok := ctx.Value(requestKey{}).(*requestInfo); ok && resp != nil {
				for _, e := range resp.Errors {
					if code, _ := e.Extensions["code"].(string); limitCodes[code] {
						g.refused(info.addr)
						break
					}
				}
				info.unavailable(resp.Errors)
			}
			return resp
		})
		srv.AroundOperations(func(ctx context.Context, next graphql.OperationHandler) graphql.ResponseHandler {
			return answers.around(r.WithLoaders(ctx), next) // the websocket transport counts subscriptions itself
		})
		return srv
	}
	anonymous, signedIn := build(false), build(true)
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		if g.penalized(w, req, throttle.ClientIP(req)) {
			return
		}
		if req.ContentLength > MaxRequestBody {
			http.Error(w, fmt.Sprintf("request body is %d bytes; the limit is %d", req.ContentLength, MaxRequestBody),
				http.StatusRequestEntityTooLarge)
			return
		}
		req.Body = http.MaxBytesReader(w, req.Body, MaxRequestBody)
		if req.Method == http.MethodPost {
			// Read the body whole (at most the limit; a chunked one has no
			// length to check up front), and measure it before gqlgen
			// decodes it.
			b, err := io.ReadAll(req.Body)
			var tooBig *http.MaxBytesError
			switch {
			case errors.As(err, &tooBig):
				http.Error(w, fmt.Sprintf("request body is over the limit of %d bytes", MaxRequestBody),
					http.StatusRequestEntityTooLarge)
				return
			case err != nil:
				http.Error(w, "the request body could not be read", http.StatusBadRequest)
				return
			}
			if gerr := checkBody(b); gerr != nil {
				g.refused(throttle.ClientIP(req))
				writeErrors(w, http.StatusUnprocessableEntity, gerr) // specStatus answers 200 to legacy clients
				return
			}
			req.Body = io.NopCloser(bytes.NewReader(b))
			if key := bodyKey(req.Context(), b); key != "" && (postTransport{}).Supports(req) {
				if data, ok := answers.get(key); ok {
					w.Header().Set("Content-Type", responseContentType(req))
					writeGraphQL(w, &graphql.Response{Data: data})
					return
				}
				req = req.WithContext(withBodyKey(req.Context(), key))
			}
		}
		info := &requestInfo{addr: throttle.ClientIP(req), header: w.Header()}
		ctx := context.WithValue(req.Context(), requestKey{}, info)
		if !websocket.IsWebSocketUpgrade(req) {
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(ctx, g.RequestTimeout)
			defer cancel()
			w = &statusWriter{ResponseWriter: w, info: info}
		}
		req = req.WithContext(ctx)
		if viewer.From(req.Context()) == nil {
			anonymous.ServeHTTP(w, req)
			return
		}
		signedIn.ServeHTTP(w, req)
	})
}

// requestInfo is what extensions need of the HTTP request behind an
// operation.
type requestInfo struct {
	addr   string
	header http.Header // of the response, before it is written
	// status replaces a 200 answer's status when set (503 when the database is unavailable).
	status int
}

type requestKey struct{}
