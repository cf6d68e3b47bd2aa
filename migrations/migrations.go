// Package migrations holds the versioned SQL that builds the database, one
// directory per dialect, generated from ent/schema by `make generate`
// (go run ./migrations/gen), and applies it. Files are applied in name order,
// each in its own transaction, and recorded in theoremdb_migrations; the
// atlas.sum beside them guards against hand edits. River's own tables are
// migrated here too, with River's migrator, so one command prepares
// everything.
package migrations

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"embed"
	"fmt"
	"io/fs"
	"log/slog"
	"sort"
	"strings"
	"sync/atomic"
	"time"

	"ariga.io/atlas/sql/migrate"
	"entgo.io/ent/dialect"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivermigrate"
)

//go:generate go run ./gen

//go:embed postgres sqlite
var files embed.FS

// search holds the full-text search objects of each dialect, which ent
// does not describe: applied after the versioned files on every run, each
// statement idempotent.
//
//go:embed search
var search embed.FS

func dirName(dialectName string) string {
	if dialectName == dialect.Postgres {
		return "postgres"
	}
	return "sqlite"
}

// Dir returns the migration directory of a dialect.
func Dir(dialectName string) (fs.FS, error) {
	switch dialectName {
	case dialect.Postgres:
		return fs.Sub(files, "postgres")
	case dialect.SQLite:
		return fs.Sub(files, "sqlite")
	}
	return nil, fmt.Errorf("migrations: no directory for dialect %q", dialectName)
}

// Apply brings db up to date: every pending migration file, then River's
// tables, then the counter rows the policy and the corpus need. It is safe to run
// concurrently from several processes and to run again.
func Apply(ctx context.Context, db *sql.DB, dialectName string, log *slog.Logger) error {
	dir, err := Dir(dialectName)
	if err != nil {
		return err
	}
	if err := checkSum(dir); err != nil {
		return err
	}
	unlock, err := lock(ctx, db, dialectName)
	if err != nil {
		return err
	}
	defer unlock()

	if _, err := db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS theoremdb_migrations (
		version TEXT PRIMARY KEY, applied_at TEXT NOT NULL)`); err != nil {
		return fmt.Errorf("migrate: create version table: %w", err)
	}
	applied := map[string]bool{}
	rows, err := db.QueryContext(ctx, `SELECT version FROM theoremdb_migrations`)
	if err != nil {
		return fmt.Errorf("migrate: read versions: %w", err)
	}
	for rows.Next() {
		var v string
		if err := rows.Scan(&v); err != nil {
			rows.Close()
			return fmt.Errorf("migrate: read versions: %w", err)
		}
		applied[v] = true
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("migrate: read versions: %w", err)
	}

	names, err := fs.Glob(dir, "*.sql")
	if err != nil {
		return err
	}
	sort.Strings(names)
	for _, name := range names {
		version := strings.TrimSuffix(name, ".sql")
		if applied[version] {
			continue
		}
		body, err := fs.ReadFile(dir, name)
		if err != nil {
			return err
		}
		if err := applyFile(ctx, db, dialectName, version, string(body)); err != nil {
			return err
		}
		log.Info("migration applied", "version", version)
	}

	if err := migrateRiver(ctx, db, dialectName); err != nil {
		return err
	}
	body, err := fs.ReadFile(search, "search/"+dirName(dialectName)+".sql")
	if err != nil {
		return err
	}
	if err := applySearch(ctx, db, dialectName, string(body), log); err != nil {
		return fmt.Errorf("migrate: search: %w", err)
	}
	for _, c := range []string{"problem", "event", "node"} {
		if _, err := db.ExecContext(ctx,
			`INSERT INTO counters (id, value, head) VALUES ('`+c+`', 0, '') ON CONFLICT (id) DO NOTHING`); err != nil {
			return fmt.Errorf("migrate: counter %s: %w", c, err)
		}
	}
	return nil
}

func applyFile(ctx context.Context, db *sql.DB, dialectName, version, body string) error {
	stmts, err := migrate.NewLocalFile(version+".sql", []byte(body)).Stmts()
	if err != nil {
		return fmt.Errorf("migrate %s: %w", version, err)
	}
	// One connection: SQLite's foreign-key enforcement is set per connection and cannot change
	// inside a transaction, where a migration's own "PRAGMA foreign_keys = off" does nothing.
	conn, err := db.Conn(ctx)
	if err != nil {
		return fmt.Errorf("migrate %s: %w", version, err)
	}
	defer conn.Close()
	if dialectName == dialect.SQLite {
		// A migration that rebuilds a table drops the old one, which other tables' rows refer
		// to; with enforcement on, that drop fails on any database holding such rows. So, as
		// SQLite's procedure for altering a table says, enforcement is off around the
		// transaction, and the transaction commits only if no reference is left dangling.
		if _, err := conn.ExecContext(ctx, `PRAGMA foreign_keys = off`); err != nil {
			return fmt.Errorf("migrate %s: %w", version, err)
		}
		defer func() {
			if _, err := conn.ExecContext(context.Background(), `PRAGMA foreign_keys = on`); err != nil {
				_ = conn.Raw(func(any) error { return driver.ErrBadConn }) // never back to the pool without enforcement
			}
		}()
	}
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("migrate %s: %w", version, err)
	}
	defer tx.Rollback()
	if dialectName == dialect.Postgres {
		// A migration may take as long as the table it rewrites needs.
		stmts = append([]string{`SET LOCAL statement_timeout = 0`}, stmts...)
	}
	for _, s := range stmts {
		if _, err := tx.ExecContext(ctx, s); err != nil {
			return fmt.Errorf("migrate %s: %q: %w", version, s, err)
		}
	}
	if dialectName == dialect.SQLite {
		if err := danglingReferences(ctx, tx); err != nil {
			return fmt.Errorf("migrate %s: %w", version, err)
		}
	}
	q := `INSERT INTO theoremdb_migrations (version, applied_at) VALUES ($1, $2)`
	if dialectName == dialect.SQLite {
		q = `INSERT INTO theoremdb_migrations (version, applied_at) VALUES (?, ?)`
	}
	if _, err := tx.ExecContext(ctx, q, version, time.Now().UTC().Format(time.RFC3339)); err != nil {
		return fmt.Errorf("migrate %s: record version: %w", version, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("migrate %s: %w", version, err)
	}
	return nil
}

// danglingReferences fails when a row of the SQLite database refers by a foreign key to a row
// that is not there (PRAGMA foreign_key_check), naming the first.
func danglingReferences(ctx context.Context, tx *sql.Tx) error {
	rows, err := tx.QueryContext(ctx, `PRAGMA foreign_key_check`)
	if err != nil {
		return err
	}
	defer rows.Close()
	if rows.Next() {
		var (
			table, parent string
			rowid         sql.NullInt64
			fkid          int
		)
		if err := rows.Scan(&table, &rowid, &parent, &fkid); err != nil {
			return err
		}
		return fmt.Errorf("a row of %s (rowid %d) refers to a row of %s that is not there", table, rowid.Int64, parent)
	}
	return rows.Err()
}

// checks numbers the in-memory directories checkSum opens.
var checks atomic.Uint64

// checkSum verifies atlas.sum against the files, so a hand-edited migration
// is refused instead of silently diverging between databases.
func checkSum(dir fs.FS) error {
	sum, err := fs.ReadFile(dir, migrate.HashFileName)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	// OpenMemDir shares one directory among all who open the same name, so
	// each check opens its own: two databases migrated at once in one process
	// would otherwise write into one directory together.
	mem := migrate.OpenMemDir(fmt.Sprintf("check-%d", checks.Add(1)))
	defer mem.Close()
	names, _ := fs.Glob(dir, "*.sql")
	for _, n := range names {
		b, err := fs.ReadFile(dir, n)
		if err != nil {
			return err
		}
		if err := mem.WriteFile(n, b); err != nil {
			return err
		}
	}
	if err := mem.WriteFile(migrate.HashFileName, sum); err != nil {
		return err
	}
	if err := migrate.Validate(mem); err != nil {
		return fmt.Errorf("migrate: migration files do not match atlas.sum (regenerate with make generate): %w", err)
	}
	return nil
}

// lock serialises concurrent migrators. PostgreSQL uses a session advisory
// lock on one pinned connection; SQLite needs none because its immediate
// transactions already serialise writers.
func lock(ctx context.Context, db *sql.DB, dialectName string) (func(), error) {
	if dialectName != dialect.Postgres {
		return func() {}, nil
	}
	conn, err := db.Conn(ctx)
	if err != nil {
		return nil, fmt.Errorf("migrate: lock: %w", err)
	}
	const key = 7_341_227_001
	// Waiting for another instance's migrations is not a slow statement.
	if _, err := conn.ExecContext(ctx, `SET statement_timeout = 0`); err != nil {
		conn.Close()
		return nil, fmt.Errorf("migrate: lock: %w", err)
	}
	if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, key); err != nil {
		conn.Close()
		return nil, fmt.Errorf("migrate: lock: %w", err)
	}
	return func() {
		_, _ = conn.ExecContext(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, key)
		_, _ = conn.ExecContext(context.WithoutCancel(ctx), `RESET statement_timeout`) // back to the pool's
		conn.Close()
	}, nil
}

func migrateRiver(ctx context.Context, db *sql.DB, dialectName string) error {
	var err error
	switch dialectName {
	case dialect.Postgres:
		var m *rivermigrate.Migrator[*sql.Tx]
		m, err = rivermigrate.New(riverdatabasesql.New(db), nil)
		if err == nil {
			_, err = m.Migrate(ctx, rivermigrate.DirectionUp, nil)
		}
	case dialect.SQLite:
		var m *rivermigrate.Migrator[*sql.Tx]
		m, err = rivermigrate.New(riversqlite.New(db), nil)
		if err == nil {
			_, err = m.Migrate(ctx, rivermigrate.DirectionUp, nil)
		}
	}
	if err != nil {
		return fmt.Errorf("migrate: river: %w", err)
	}
	return nil
}
