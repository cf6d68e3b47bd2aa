package db

import (
	"context"
	"database/sql"
	"fmt"
	"sync"

	entsql "entgo.io/ent/dialect/sql"
)

// maxPrepared bounds the statements kept prepared; past it a statement
// sent under Prepared runs as any other. Only a few fixed statements ask.
const maxPrepared = 32

type preparedKey struct{}

// Prepared returns ctx under which a query that an ent client of Ent sends
// on the pool runs as a statement prepared once on each connection and
// kept: the database parses and plans it once, not on every call.
// PostgreSQL plans an unnamed statement each time it is sent, which for
// the packet statement (15 parts) costs more than running it. Only fixed
// statement texts should ask, since each is kept for the pool's life.
// Counting and observing wrappers still see the query.
func Prepared(ctx context.Context) context.Context {
	return context.WithValue(ctx, preparedKey{}, true)
}

// statements are the pool's prepared statements, by their text.
type statements struct {
	db *sql.DB
	mu sync.Mutex
	m  map[string]*sql.Stmt
}

func newStatements(db *sql.DB) *statements {
	return &statements{db: db, m: map[string]*sql.Stmt{}}
}

// get returns the statement of query, prepared on first use, or nil when
// the bound is reached.
func (s *statements) get(ctx context.Context, query string) (*sql.Stmt, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if st, ok := s.m[query]; ok {
		return st, nil
	}
	if len(s.m) >= maxPrepared {
		return nil, nil
	}
	st, err := s.db.PrepareContext(ctx, query)
	if err != nil {
		return nil, fmt.Errorf("prepare: %w", err)
	}
	s.m[query] = st
	return st, nil
}

func (s *statements) close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for q, st := range s.m {
		st.Close()
		delete(s.m, q)
	}
}

// preparingDriver is the pool's ent driver, running queries sent under
// Prepared through the pool's prepared statements.
type preparingDriver struct {
	*entsql.Driver
	stmts *statements
}

func (d preparingDriver) Query(ctx context.Context, query string, args, v any) error {
	if ok, _ := ctx.Value(preparedKey{}).(bool); !ok {
		return d.Driver.Query(ctx, query, args, v)
	}
	rows, ok := v.(*entsql.Rows)
	argv, ok2 := args.([]any)
	if !ok || !ok2 {
		return d.Driver.Query(ctx, query, args, v)
	}
	st, err := d.stmts.get(ctx, query)
	if err != nil {
		return err
	}
	if st == nil {
		return d.Driver.Query(ctx, query, args, v)
	}
	r, err := st.QueryContext(ctx, argv...)
	if err != nil {
		return err
	}
	*rows = entsql.Rows{ColumnScanner: r}
	return nil
}
