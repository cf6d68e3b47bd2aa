package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"

	"github.com/99designs/gqlgen/complexity"
	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/errcode"
	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/extension"
	"github.com/99designs/gqlgen/graphql/handler/lru"
	"github.com/99designs/gqlgen/graphql/handler/transport"
	"github.com/gorilla/websocket"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
	"github.com/vektah/gqlparser/v2/validator/core"
	"github.com/vektah/gqlparser/v2/validator/rules"

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

// Accounts finds the account a bearer token signs in, as policy.Service
// does: policy.ErrUnauthenticated for a token that is not valid, any other
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
	// connection_init's authorization); nil means Policy. A session cookie
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
		c.Accounts = c.Policy
	}
	g := newGuard(c.Limits, c.Writes)
	answers := newResponseCache(c.Policy, c.ResponseCacheBytes)
	gql := bearer(c.Accounts, withSocketControl(g, specStatus(graphqlHandler(c.Policy, c.Live, c.Accounts, c.Log, g, answers))))
	return &Handler{h: gql, answers: answers}
}

// graphqlHandler serves /graphql. Anonymous callers get a server that
// leaves "did you mean" suggestions out of its errors, so the schema cannot
// be mapped by probing; signed-in callers get the helpful one.
func graphqlHandler(p *policy.Service, b *live.Broker, accounts Accounts, log *slog.Logger, g *guard, answers *responseCache) http.Handler {
	r := graph.NewResolver(p, b)
	schema := generated.NewExecutableSchema(generated.Config{Resolvers: r, Complexity: graph.Complexity()})
	shape := newShapeLimits(MaxDepth)
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
		ctx := context.WithValue(req.Context(), requestKey{}, &requestInfo{addr: throttle.ClientIP(req), header: w.Header()})
		if !websocket.IsWebSocketUpgrade(req) {
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(ctx, g.RequestTimeout)
			defer cancel()
		}
		req = req.WithContext(ctx)
		if viewer.From(req.Context()) == nil {
			anonymous.ServeHTTP(w, req)
			return
		}
		signedIn.ServeHTTP(w, req)
	})
}

// rulesWithoutSuggestions are the standard validation rules with every
// rule that offers "did you mean" replaced by its plain form; gqlgen swaps
// the field and leaf rules itself.
func rulesWithoutSuggestions() *rules.Rules {
	rs := rules.NewDefaultRules()
	for _, r := range []core.Rule{rules.KnownArgumentNamesRuleWithoutSuggestions,
		rules.KnownTypeNamesRuleWithoutSuggestions, rules.ValuesOfCorrectTypeRuleWithoutSuggestions} {
		rs.RemoveRule(strings.TrimSuffix(r.Name, "WithoutSuggestions"))
		rs.AddRule(r.Name, r.RuleFunc)
	}
	return rs
}

// docCache keeps parsed and validated documents by the digest of their
// text. Documents over maxCachedDoc are parsed every time, so the cache
// holds at most its size times that much text, whatever clients send.
type docCache struct {
	docs *lru.LRU[*ast.QueryDocument]
}

const maxCachedDoc = 64 << 10

func newDocCache(size int) docCache { return docCache{docs: lru.New[*ast.QueryDocument](size)} }

func (c docCache) Get(ctx context.Context, query string) (*ast.QueryDocument, bool) {
	if len(query) > maxCachedDoc {
		return nil, false
	}
	return c.docs.Get(ctx, docKey(query))
}

func (c docCache) Add(ctx context.Context, query string, doc *ast.QueryDocument) {
	if len(query) <= maxCachedDoc {
		c.docs.Add(ctx, docKey(query), doc)
	}
}

// requestInfo is what extensions need of the HTTP request behind an
// operation.
type requestInfo struct {
	addr   string
	header http.Header // of the response, before it is written
}

type requestKey struct{}

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

// queryCache holds the documents of automatic persisted queries by their
// SHA-256, as the protocol names them. A document over MaxQueryBytes is
// not kept (it is refused anyway), so the cache holds at most its size
// times that much text.
type queryCache struct{ docs *lru.LRU[string] }

func newQueryCache(size int) queryCache { return queryCache{docs: lru.New[string](size)} }

func (c queryCache) Get(ctx context.Context, hash string) (string, bool) {
	return c.docs.Get(ctx, hash)
}

func (c queryCache) Add(ctx context.Context, hash, query string) {
	if len(query) <= MaxQueryBytes {
		c.docs.Add(ctx, hash, query)
	}
}

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
