package api

import (
	"context"

	"github.com/99designs/gqlgen/graphql/handler/lru"
	"github.com/vektah/gqlparser/v2/ast"
)

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
