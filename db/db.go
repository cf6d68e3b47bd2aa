// Package db opens the database a DATABASE_URL names, PostgreSQL through
// lib/pq or an embedded SQLite file through the pure-Go driver, with the
// settings each needs, and gives the ent client bound to it. It owns
// connections only: schema changes live in migrations/.
package db

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"
	_ "github.com/lib/pq"  // PostgreSQL driver "postgres"
	_ "modernc.org/sqlite" // SQLite driver "sqlite"

	"github.com/theoremdb/theoremdb/ent"
)

// DefaultURL is the embedded database used when DATABASE_URL is unset.
const DefaultURL = "sqlite:data/theoremdb.db"

// StatementTimeout is PostgreSQL's statement_timeout on every connection,
// unless DATABASE_URL sets one.
const StatementTimeout = "30s"

// DB is an open database with its dialect.
type DB struct {
	*sql.DB
	// Dialect is dialect.Postgres or dialect.SQLite.
	Dialect string
	// URL is the DATABASE_URL it was opened from, without a password.
	URL string
	// DSN is the connection string used, for connections outside the pool
	// (the LISTEN connection of live updates). Empty for SQLite.
	DSN string
	// EntOptions are added to every ent client made on the pool.
	EntOptions []ent.Option
	// WrapDriver, when set, wraps the pool's ent driver of every client
	// made later; tests use it to count statements.
	WrapDriver func(dialect.Driver) dialect.Driver

	stmts *statements
}

// Open opens rawURL: "postgres://…" (or "postgresql://…") or "sqlite:PATH".
// A SQLite file's directory is created if missing.
func Open(ctx context.Context, rawURL string) (*DB, error) {
	if rawURL == "" {
		rawURL = DefaultURL
	}
	switch {
	case strings.HasPrefix(rawURL, "postgres://"), strings.HasPrefix(rawURL, "postgresql://"):
		return openPostgres(ctx, rawURL)
	case strings.HasPrefix(rawURL, "sqlite:"):
		return openSQLite(ctx, strings.TrimPrefix(strings.TrimPrefix(rawURL, "sqlite:"), "//"))
	default:
		return nil, fmt.Errorf("open database: DATABASE_URL %q must start with postgres:// or sqlite:", redact(rawURL))
	}
}

func openPostgres(ctx context.Context, rawURL string) (*DB, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, fmt.Errorf("open database: parse DATABASE_URL: %w", err)
	}
	q := u.Query()
	if q.Get("sslmode") == "" && (u.Hostname() == "127.0.0.1" || u.Hostname() == "localhost" || u.Hostname() == "") {
		q.Set("sslmode", "disable")
	}
	if q.Get("timezone") == "" {
		q.Set("timezone", "UTC")
	}
	// No statement may hold a connection of the pool for long, whoever
	// forgot a deadline; work that needs longer (migrations) says so with
	// SET LOCAL. Requests end sooner, at their own deadline.
	if q.Get("statement_timeout") == "" {
		q.Set("statement_timeout", StatementTimeout)
	}
	// The packet statement is large: on tables whose statistics lag
	// behind (a fresh import) the planner prices it high enough to JIT-
	// compile it, which costs a hundred milliseconds to save one.
	if q.Get("jit") == "" {
		q.Set("jit", "off")
	}
	if q.Get("idle_in_transaction_session_timeout") == "" {
		q.Set("idle_in_transaction_session_timeout", "60s")
	}
	u.RawQuery = q.Encode()
	sqldb, err := sql.Open("postgres", u.String())
	if err != nil {
		return nil, fmt.Errorf("open database: %w", err)
	}
	sqldb.SetMaxOpenConns(20)
	sqldb.SetMaxIdleConns(20)
	sqldb.SetConnMaxIdleTime(5 * time.Minute)
	if err := ping(ctx, sqldb); err != nil {
		sqldb.Close()
		return nil, fmt.Errorf("open database %s: %w", redact(rawURL), err)
	}
	return &DB{DB: sqldb, Dialect: dialect.Postgres, URL: redact(rawURL), DSN: u.String(), stmts: newStatements(sqldb)}, nil
}

func openSQLite(ctx context.Context, path string) (*DB, error) {
	if path == "" {
		return nil, fmt.Errorf("open database: sqlite: URL has no path")
	}
	if path != ":memory:" {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return nil, fmt.Errorf("open database: %w", err)
		}
	}
	// WAL lets readers run beside the writer; immediate transactions take
	// the write lock at BEGIN so two writers queue on busy_timeout instead
	// of failing when a read lock cannot be upgraded. Each connection keeps
	// up to 32 MiB of pages (SQLite's default is 2), and reads the file
	// through a memory map, as shared pages rather than a system call and a
	// copy for each page: a search reads pages all over a large index.
	dsn := "file:" + path + "?_pragma=foreign_keys(1)&_pragma=journal_mode(WAL)" +
		"&_pragma=busy_timeout(30000)&_pragma=synchronous(NORMAL)&_pragma=cache_size(-32768)&_pragma=mmap_size(1073741824)&_txlock=immediate"
	sqldb, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("open database: %w", err)
	}
	sqldb.SetMaxOpenConns(4)
	sqldb.SetMaxIdleConns(4)
	if err := ping(ctx, sqldb); err != nil {
		sqldb.Close()
		return nil, fmt.Errorf("open database sqlite:%s: %w", path, err)
	}
	return &DB{DB: sqldb, Dialect: dialect.SQLite, URL: "sqlite:" + path, stmts: newStatements(sqldb)}, nil
}

func ping(ctx context.Context, db *sql.DB) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	return db.PingContext(ctx)
}

// Close closes the prepared statements and the pool.
func (d *DB) Close() error {
	if d.stmts != nil {
		d.stmts.close()
	}
	return d.DB.Close()
}

// Ent returns an ent client that uses the pool.
func (d *DB) Ent(opts ...ent.Option) *ent.Client {
	var drv dialect.Driver = entsql.OpenDB(d.Dialect, d.DB)
	if d.stmts != nil {
		drv = preparingDriver{drv.(*entsql.Driver), d.stmts}
	}
	if d.WrapDriver != nil {
		drv = d.WrapDriver(drv)
	}
	all := append([]ent.Option{ent.Driver(observedDriver{drv})}, d.EntOptions...)
	return ent.NewClient(append(all, opts...)...)
}

type observerKey struct{}

// ObserveStatements returns ctx under which f is called before every
// statement sent by an ent client of Ent, and by code that calls
// Statement; nil stops an observer set further out. Callers use it to
// learn whether an answer was read from the database or from memory.
func ObserveStatements(ctx context.Context, f func()) context.Context {
	return context.WithValue(ctx, observerKey{}, f)
}

// Statement tells ctx's observer, if any, that a statement is being sent
// outside ent (database/sql, a transaction of the pool).
func Statement(ctx context.Context) {
	if f, _ := ctx.Value(observerKey{}).(func()); f != nil {
		f()
	}
}

// observedDriver tells the context's observer of every statement and
// transaction.
type observedDriver struct{ dialect.Driver }

func (d observedDriver) Exec(ctx context.Context, q string, args, v any) error {
	Statement(ctx)
	return d.Driver.Exec(ctx, q, args, v)
}

func (d observedDriver) Query(ctx context.Context, q string, args, v any) error {
	Statement(ctx)
	return d.Driver.Query(ctx, q, args, v)
}

func (d observedDriver) Tx(ctx context.Context) (dialect.Tx, error) {
	Statement(ctx)
	return d.Driver.Tx(ctx)
}

// ExecContext, QueryContext and BeginTx pass through what ent's client
// offers on a driver of the pool (Client.ExecContext and the others).
func (d observedDriver) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	Statement(ctx)
	ex, ok := d.Driver.(interface {
		ExecContext(context.Context, string, ...any) (sql.Result, error)
	})
	if !ok {
		return nil, fmt.Errorf("Driver.ExecContext is not supported")
	}
	return ex.ExecContext(ctx, query, args...)
}

func (d observedDriver) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	Statement(ctx)
	q, ok := d.Driver.(interface {
		QueryContext(context.Context, string, ...any) (*sql.Rows, error)
	})
	if !ok {
		return nil, fmt.Errorf("Driver.QueryContext is not supported")
	}
	return q.QueryContext(ctx, query, args...)
}

func (d observedDriver) BeginTx(ctx context.Context, opts *sql.TxOptions) (dialect.Tx, error) {
	Statement(ctx)
	b, ok := d.Driver.(interface {
		BeginTx(context.Context, *sql.TxOptions) (dialect.Tx, error)
	})
	if !ok {
		return nil, fmt.Errorf("Driver.BeginTx is not supported")
	}
	return b.BeginTx(ctx, opts)
}

// EntTx returns an ent client bound to tx, so that ent writes and other
// writers given the same tx (River's InsertTx) commit or roll back together.
func (d *DB) EntTx(tx *sql.Tx) *ent.Client {
	return ent.NewClient(ent.Driver(txDriver{entsql.NewDriver(d.Dialect, entsql.Conn{ExecQuerier: tx})}))
}

// txDriver runs ent on a transaction that is already open: the nested
// transactions ent asks for (multi-statement updates) join it.
type txDriver struct{ dialect.Driver }

func (d txDriver) Tx(context.Context) (dialect.Tx, error) { return dialect.NopTx(d.Driver), nil }

func redact(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.User == nil {
		return raw
	}
	if _, ok := u.User.Password(); ok {
		u.User = url.UserPassword(u.User.Username(), "xxxxx")
	}
	return u.String()
}
