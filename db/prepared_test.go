package db_test

import (
	"context"
	"testing"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"

	"github.com/theoremdb/theoremdb/db"
	"github.com/theoremdb/theoremdb/db/dbtest"
)

// TestPrepared: a query sent under db.Prepared answers as the same query
// sent plainly, is seen by the driver wrappers and the statement observer
// as one statement, and is prepared once on the pool, not per call. On
// PostgreSQL the server's own list of the session's prepared statements
// says so.
func TestPrepared(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		ctx := context.Background()
		d := dbtest.Open(t, dialectName)
		d.SetMaxOpenConns(1) // one connection, so its prepared statements are the pool's
		wrapped := dbtest.CountStatements(d)
		client := d.Ent()
		q := "SELECT 40 + ? + ?"
		if dialectName == dialect.Postgres {
			q = "SELECT 40 + $1::int + $2::int"
		}
		var observed int
		octx := db.ObserveStatements(ctx, func() { observed++ })
		for i := range 3 {
			for _, c := range []context.Context{octx, db.Prepared(octx)} {
				var rows entsql.Rows
				if err := client.Driver().Query(c, q, []any{1, i}, &rows); err != nil {
					t.Fatal(err)
				}
				var got int
				if !rows.Next() {
					t.Fatalf("Query(%q) returned no row", q)
				}
				if err := rows.Scan(&got); err != nil {
					t.Fatal(err)
				}
				rows.Close()
				if got != 41+i {
					t.Errorf("Query(%q, 1, %d) = %d; want %d", q, i, got, 41+i)
				}
			}
		}
		if observed != 6 || wrapped.Load() != 6 {
			t.Errorf("statements observed %d, counted by the wrapper %d; want 6 and 6", observed, wrapped.Load())
		}
		if dialectName == dialect.Postgres {
			var n int
			if err := d.QueryRowContext(ctx, `SELECT count(*) FROM pg_prepared_statements WHERE statement = $1`, q).Scan(&n); err != nil {
				t.Fatal(err)
			}
			if n != 1 {
				t.Errorf("%q is prepared %d times on the connection; want once", q, n)
			}
		}
	})
}
