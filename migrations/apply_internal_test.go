package migrations

import (
	"context"
	"database/sql"
	"path/filepath"
	"strings"
	"testing"

	"entgo.io/ent/dialect"
	_ "modernc.org/sqlite"
)

// rebuildParent is a migration as the generator writes one for SQLite when a column of a table
// changes: a new table, the rows copied, the old table dropped and the new one renamed, between
// pragmas that do nothing inside the transaction the migration runs in.
const rebuildParent = "PRAGMA foreign_keys = off;\n" +
	"CREATE TABLE `new_parents` (`id` text NOT NULL, `name` text NOT NULL, `extra` integer NOT NULL DEFAULT (0), PRIMARY KEY (`id`));\n" +
	"INSERT INTO `new_parents` (`id`, `name`) SELECT `id`, `name` FROM `parents`;\n" +
	"DROP TABLE `parents`;\n" +
	"ALTER TABLE `new_parents` RENAME TO `parents`;\n" +
	"PRAGMA foreign_keys = on;\n"

// TestRebuildKeepsReferences: on SQLite a migration that rebuilds a table other tables' rows
// refer to applies to a database holding such rows (it failed on DROP TABLE with "FOREIGN KEY
// constraint failed" on any database with data, and only a fresh one passed), keeps them, and
// leaves foreign keys enforced; one that would leave a reference dangling is refused whole.
func TestRebuildKeepsReferences(t *testing.T) {
	ctx := context.Background()
	d, err := sql.Open("sqlite", "file:"+filepath.Join(t.TempDir(), "t.db")+"?_pragma=foreign_keys(1)")
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	d.SetMaxOpenConns(1) // the pragma must come back on the one connection there is
	for _, s := range []string{
		"CREATE TABLE theoremdb_migrations (version TEXT PRIMARY KEY, applied_at TEXT NOT NULL)",
		"CREATE TABLE parents (id text NOT NULL PRIMARY KEY, name text NOT NULL)",
		"CREATE TABLE children (id text NOT NULL PRIMARY KEY, parent_id text NOT NULL REFERENCES parents (id))",
		"INSERT INTO parents VALUES ('p1', 'one'), ('p2', 'two')",
		"INSERT INTO children VALUES ('c1', 'p1'), ('c2', 'p2')",
	} {
		if _, err := d.ExecContext(ctx, s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}

	if err := applyFile(ctx, d, dialect.SQLite, "1_rebuild", rebuildParent); err != nil {
		t.Fatalf("rebuilding a table other rows refer to: %v", err)
	}
	var n int
	if err := d.QueryRowContext(ctx, "SELECT count(*) FROM children c JOIN parents p ON p.id = c.parent_id").Scan(&n); err != nil || n != 2 {
		t.Errorf("after the rebuild %d children find their parent (%v); want 2", n, err)
	}
	if _, err := d.ExecContext(ctx, "INSERT INTO children VALUES ('c3', 'nobody')"); err == nil {
		t.Error("after the migration a child of no parent is accepted: foreign keys are not enforced again")
	}

	dangling := rebuildParent + "DELETE FROM parents WHERE id = 'p2';\n"
	err = applyFile(ctx, d, dialect.SQLite, "2_dangling", dangling)
	if err == nil || !strings.Contains(err.Error(), "children") {
		t.Fatalf("a migration leaving a child without its parent = %v; want a refusal naming children", err)
	}
	if err := d.QueryRowContext(ctx, "SELECT count(*) FROM parents").Scan(&n); err != nil || n != 2 {
		t.Errorf("after the refused migration %d parents (%v); want both, the migration rolled back", n, err)
	}
	if err := d.QueryRowContext(ctx, "SELECT count(*) FROM theoremdb_migrations").Scan(&n); err != nil || n != 1 {
		t.Errorf("%d migrations recorded (%v); want only the one applied", n, err)
	}
}
