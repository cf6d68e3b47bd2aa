package db_test

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"entgo.io/ent/dialect"
	"github.com/lib/pq"

	"github.com/theoremdb/theoremdb/db"
	"github.com/theoremdb/theoremdb/db/dbtest"
)

// TestPostgresStatementsTimeOut: every connection of the pool ends a
// statement that runs past db.StatementTimeout, whoever forgot a deadline;
// DATABASE_URL may set its own.
func TestPostgresStatementsTimeOut(t *testing.T) {
	ctx := context.Background()
	url := dbtest.URL(t, dialect.Postgres)
	d, err := db.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	var got string
	if err := d.QueryRowContext(ctx, `SHOW statement_timeout`).Scan(&got); err != nil {
		t.Fatal(err)
	}
	if got != db.StatementTimeout {
		t.Errorf("statement_timeout = %q; want %q", got, db.StatementTimeout)
	}

	sep := "?"
	if strings.Contains(url, "?") {
		sep = "&"
	}
	short, err := db.Open(ctx, url+sep+"statement_timeout=100ms")
	if err != nil {
		t.Fatal(err)
	}
	defer short.Close()
	_, err = short.ExecContext(ctx, `SELECT pg_sleep(2)`)
	var pqErr *pq.Error
	if !errors.As(err, &pqErr) || pqErr.Code != "57014" {
		t.Errorf("a 2 s statement under a 100 ms timeout: %v; want query_canceled (57014)", err)
	}
}

// TestSQLiteSettings: every connection of the SQLite pool runs with the
// settings Open gives it, since each new connection starts from SQLite's
// defaults.
func TestSQLiteSettings(t *testing.T) {
	ctx := context.Background()
	d, err := db.Open(ctx, "sqlite:"+filepath.Join(t.TempDir(), "t.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	// Hold several connections at once, so that more than one is asked.
	var conns []*sql.Conn
	for range 3 {
		c, err := d.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
	}
	for i, c := range conns {
		for _, p := range []struct {
			pragma, want string
		}{
			{"foreign_keys", "1"},
			{"journal_mode", "wal"},
			{"synchronous", "1"},        // NORMAL
			{"cache_size", "-32768"},    // 32 MiB
			{"mmap_size", "1073741824"}, // reads from the mapped file, without a system call a page
		} {
			var got string
			if err := c.QueryRowContext(ctx, "PRAGMA "+p.pragma).Scan(&got); err != nil {
				t.Fatal(err)
			}
			if got != p.want {
				t.Errorf("connection %d: PRAGMA %s = %s, want %s", i, p.pragma, got, p.want)
			}
		}
		c.Close()
	}
}
