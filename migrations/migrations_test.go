package migrations_test

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"strings"
	"testing"

	"entgo.io/ent/dialect/sql/schema"

	"github.com/theoremdb/theoremdb/db"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/migrations"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// TestMigrationsMatchSchema applies the versioned migrations to an empty
// database and asks ent for the changes that would bring it to ent/schema:
// there must be none, on either database.
func TestMigrationsMatchSchema(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		ctx := context.Background()
		d, err := db.Open(ctx, dbtest.URL(t, dialectName))
		if err != nil {
			t.Fatal(err)
		}
		defer d.Close()
		if err := migrations.Apply(ctx, d.DB, d.Dialect, quiet); err != nil {
			t.Fatalf("Apply() = %v", err)
		}
		var plan bytes.Buffer
		if err := d.Ent().Schema.WriteTo(ctx, &plan, schema.WithDropColumn(true), schema.WithDropIndex(true)); err != nil {
			t.Fatalf("diff against ent/schema: %v", err)
		}
		if stmts := statements(plan.String()); len(stmts) > 0 {
			t.Errorf("migrated %s database differs from ent/schema; run make generate. Pending changes:\n%s",
				dialectName, strings.Join(stmts, "\n"))
		}
		// Applying again changes nothing and does not fail.
		if err := migrations.Apply(ctx, d.DB, d.Dialect, quiet); err != nil {
			t.Fatalf("second Apply() = %v", err)
		}
	})
}

// statements drops the transaction wrapper ent writes around a plan.
func statements(plan string) []string {
	var out []string
	for _, line := range strings.Split(plan, "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "", line == "BEGIN;", line == "COMMIT;", strings.HasPrefix(line, "--"):
			continue
		}
		out = append(out, line)
	}
	return out
}
