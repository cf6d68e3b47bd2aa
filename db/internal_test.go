package db

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	entsql "entgo.io/ent/dialect/sql"
)

func TestRedact(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"postgres://alice:s3cret@db.example:5432/tdb?sslmode=require": "postgres://alice:xxxxx@db.example:5432/tdb?sslmode=require",
		"postgres://alice@db.example/tdb":                             "postgres://alice@db.example/tdb",
		"postgres://db.example/tdb":                                   "postgres://db.example/tdb",
		"postgres://:only@db.example/tdb":                             "postgres://:xxxxx@db.example/tdb",
		"sqlite:data/x.db":                                            "sqlite:data/x.db",
		"postgres://a:b@host:port/x":                                  "postgres://a:b@host:port/x", // unparsable: as given
	} {
		if got := redact(in); got != want {
			t.Errorf("redact(%q) = %q; want %q", in, got, want)
		}
	}
}

// TestPreparedBound: the pool keeps at most maxPrepared statements, one per text; past the
// bound a statement is not prepared and still answers; a statement that does not prepare is
// an error; Close lets them all go.
func TestPreparedBound(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	d, err := Open(ctx, "sqlite:"+filepath.Join(t.TempDir(), "p.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	first, err := d.stmts.get(ctx, "SELECT 0")
	if err != nil || first == nil {
		t.Fatalf("get(SELECT 0) = %v, %v; want a statement", first, err)
	}
	if again, _ := d.stmts.get(ctx, "SELECT 0"); again != first {
		t.Error("get(SELECT 0) twice prepared it twice")
	}
	for k := 1; k < maxPrepared; k++ {
		if st, err := d.stmts.get(ctx, fmt.Sprintf("SELECT %d", k)); err != nil || st == nil {
			t.Fatalf("get(SELECT %d) = %v, %v; want a statement", k, st, err)
		}
	}
	if st, err := d.stmts.get(ctx, "SELECT 'past'"); st != nil || err != nil {
		t.Errorf("get past the bound = %v, %v; want nil, nil", st, err)
	}
	if got := len(d.stmts.m); got != maxPrepared {
		t.Errorf("%d statements kept; want %d", got, maxPrepared)
	}
	// Past the bound, a query under Prepared runs as any other and answers.
	var rows entsql.Rows
	if err := d.Ent().Driver().Query(Prepared(ctx), "SELECT 40 + ?", []any{2}, &rows); err != nil {
		t.Fatal(err)
	}
	var got int
	if !rows.Next() || rows.Scan(&got) != nil || got != 42 {
		t.Errorf("SELECT 40 + 2 past the bound = %d; want 42", got)
	}
	rows.Close()

	d2, err := Open(ctx, "sqlite:"+filepath.Join(t.TempDir(), "q.db"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d2.stmts.get(ctx, "SELEC nonsense"); err == nil || !strings.HasPrefix(err.Error(), "prepare: ") {
		t.Errorf("get(SELEC nonsense) = %v; want a prepare error", err)
	}
	if len(d2.stmts.m) != 0 {
		t.Errorf("a statement that did not prepare was kept")
	}
	var r2 entsql.Rows
	if err := d2.Ent().Driver().Query(Prepared(ctx), "SELEC nonsense", []any{}, &r2); err == nil {
		t.Error("Query(SELEC nonsense) under Prepared = nil; want the prepare error")
	}
	d2.stmts.get(ctx, "SELECT 1")
	if err := d2.Close(); err != nil {
		t.Fatal(err)
	}
	if len(d2.stmts.m) != 0 {
		t.Errorf("after Close %d statements are kept; want none", len(d2.stmts.m))
	}
}
