package api

import (
	"container/list"
	"context"
	"encoding/json"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"

	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/viewer"
)

// DefaultResponseCacheBytes bounds the GraphQL answers kept in memory.
const DefaultResponseCacheBytes = 64 << 20

// responseTTL bounds how long an answer is kept whatever else holds: what
// a viewer may do can turn on time as well as on events.
const responseTTL = time.Minute

// responseCache keeps the encoded answers of GraphQL queries that were
// read from the packet and page caches alone, by query text, operation,
// variables and viewer (or, for a POST, by the body as sent and viewer),
// each with the ReadSet it was read under. An
// answer is served again only while policy.Current says that every packet
// and page behind it is still the cached one, so it is as fresh as the
// packets are: invalidated by the same events, on this instance at once
// and on others through the live broker. Anything else a query reads
// (an account's reputation, a search snippet, a queue) leaves its answer
// out. Answers with errors are never kept.
type responseCache struct {
	p   *policy.Service
	max int

	mu      sync.Mutex
	size    int
	order   *list.List // of *responseEntry, most recent first
	entries map[string]*list.Element

	hits, misses, stale atomic.Int64
}

type responseEntry struct {
	key     string
	data    json.RawMessage
	reads   *policy.ReadSet
	expires time.Time
	size    int
}

func newResponseCache(p *policy.Service, max int) *responseCache {
	if max <= 0 {
		max = DefaultResponseCacheBytes
	}
	return &responseCache{p: p, max: max, order: list.New(), entries: map[string]*list.Element{}}
}

// ResponseCacheStats are the response cache's counters and contents.
type ResponseCacheStats struct {
	Hits, Misses, Stale int64
	Answers, Bytes      int
}

func (c *responseCache) stats() ResponseCacheStats {
	c.mu.Lock()
	defer c.mu.Unlock()
	return ResponseCacheStats{Hits: c.hits.Load(), Misses: c.misses.Load(), Stale: c.stale.Load(),
		Answers: len(c.entries), Bytes: c.size}
}

// responseKey identifies a query's answer, or is "" when it is not one to
// keep: only queries, and only documents small enough for the document
// cache.
func responseKey(ctx context.Context, rc *graphql.OperationContext) string {
	if rc.Operation == nil || rc.Operation.Operation != ast.Query || len(rc.RawQuery) > maxCachedDoc {
		return ""
	}
	vars, err := json.Marshal(rc.Variables) // map keys sorted
	if err != nil {
		return ""
	}
	return joinKey(viewerKey(ctx), "op", rc.OperationName, string(vars), rc.RawQuery)
}

// bodyKey identifies the answer to a POST body as sent, by its viewer, or
// is "" for a body too large to keep. The same bytes from the same viewer
// ask the same operation with the same variables, so an answer kept under
// it is served before the body is decoded, parsed or checked: it passed
// every check when it was read. Whether the body is a query at all is
// known only then, so only a query's answer is ever kept under it.
func bodyKey(ctx context.Context, body []byte) string {
	if len(body) > maxCachedDoc {
		return ""
	}
	return joinKey(viewerKey(ctx), "body", string(body))
}

// viewerKey is who asks, as far as an answer can tell: what an account
// may see and do follows its roles, so an account whose roles change asks
// under another key.
func viewerKey(ctx context.Context) string {
	a := viewer.From(ctx)
	if a == nil {
		return "-"
	}
	who := a.ID + "/" + a.Handle
	for _, r := range a.Roles {
		who += "/" + string(r)
	}
	return who
}

func joinKey(parts ...string) string {
	n := len(parts)
	for _, p := range parts {
		n += len(p)
	}
	var b strings.Builder
	b.Grow(n)
	for i, p := range parts {
		if i > 0 {
			b.WriteByte(0)
		}
		b.WriteString(p)
	}
	return b.String()
}

type bodyKeyCtx struct{}

// withBodyKey tells around to keep the answer under a POST body's key
// (which the transport has looked up already) instead of the operation's.
func withBodyKey(ctx context.Context, key string) context.Context {
	return context.WithValue(ctx, bodyKeyCtx{}, key)
}

// get returns the answer kept under key, if it is still current.
func (c *responseCache) get(key string) (json.RawMessage, bool) {
	c.mu.Lock()
	el, ok := c.entries[key]
	if !ok {
		c.mu.Unlock()
		c.misses.Add(1)
		return nil, false
	}
	e := el.Value.(*responseEntry)
	c.order.MoveToFront(el)
	c.mu.Unlock()
	if time.Now().After(e.expires) || !c.p.Current(e.reads) {
		c.mu.Lock()
		if c.entries[key] == el {
			c.remove(el)
		}
		c.mu.Unlock()
		c.stale.Add(1)
		return nil, false
	}
	c.hits.Add(1)
	return e.data, true
}

// put keeps an answer read under reads, if it was read from the caches
// alone and is still current.
func (c *responseCache) put(key string, data json.RawMessage, reads *policy.ReadSet) {
	if !reads.Cacheable() || !c.p.Current(reads) {
		return
	}
	e := &responseEntry{key: key, data: data, reads: reads, expires: time.Now().Add(responseTTL)}
	e.size = len(key) + len(data) + reads.Size() + 128
	if e.size > c.max/16 {
		return // one answer may not crowd out the rest
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.entries[key]; ok {
		c.remove(el)
	}
	c.entries[key] = c.order.PushFront(e)
	c.size += e.size
	for c.size > c.max {
		c.remove(c.order.Back())
	}
}

func (c *responseCache) remove(el *list.Element) {
	e := c.order.Remove(el).(*responseEntry)
	delete(c.entries, e.key)
	c.size -= e.size
}

// around serves a query's answer from the cache, or reads it with its
// reads tracked and keeps it. Mutations and subscriptions pass through.
func (c *responseCache) around(ctx context.Context, next graphql.OperationHandler) graphql.ResponseHandler {
	key := responseKey(ctx, graphql.GetOperationContext(ctx))
	if key == "" {
		return next(ctx)
	}
	if body, ok := ctx.Value(bodyKeyCtx{}).(string); ok {
		key = body // looked up before the body was decoded
	} else if data, ok := c.get(key); ok {
		return graphql.OneShot(&graphql.Response{Data: data})
	}
	ctx, reads := policy.TrackReads(ctx)
	h := next(ctx)
	done := false
	return func(ctx context.Context) *graphql.Response {
		resp := h(ctx)
		if !done && resp != nil && len(resp.Errors) == 0 && len(resp.Extensions) == 0 && resp.HasNext == nil {
			c.put(key, resp.Data, reads)
		}
		done = true
		return resp
	}
}
