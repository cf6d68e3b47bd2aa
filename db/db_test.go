package db_test

import (
	"context"
	"errors"
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
