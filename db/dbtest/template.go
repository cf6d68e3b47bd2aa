package dbtest

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"sync"
	"testing"

	"github.com/theoremdb/theoremdb/db"
	"github.com/theoremdb/theoremdb/migrations"
)

// template is the migrated PostgreSQL database of this test process that
// Open copies; it exists only while Main runs the package's tests.
var template struct {
	sync.Mutex
	enabled bool   // Main is running
	name    string // made on first use
	err     error  // why it could not be made
}

// Main runs a package's tests with a PostgreSQL template: the first
// PostgreSQL database Open makes is migrated once as a template, every later
// one is a copy of it, and the template is dropped when the tests end. Call it
// from TestMain: func TestMain(m *testing.M) { dbtest.Main(m) }.
func Main(m *testing.M) {
	template.Lock()
	template.enabled = true
	template.Unlock()
	code := m.Run()
	if err := errors.Join(dropOriginals(), dropTemplate()); err != nil {
		fmt.Fprintf(os.Stderr, "dbtest: %v\n", err)
		if code == 0 {
			code = 1
		}
	}
	os.Exit(code)
}

// templateName returns the template to copy, making it on first use, or ""
// when the package runs without Main (each database is then migrated).
func templateName(t testing.TB) string {
	t.Helper()
	template.Lock()
	defer template.Unlock()
	if !template.enabled {
		return ""
	}
	if template.name == "" && template.err == nil {
		template.name, template.err = makeTemplate(t)
	}
	if template.err != nil {
		t.Fatalf("dbtest: template: %v", template.err)
	}
	return template.name
}

// makeTemplate creates and migrates the template. It is not dropped with the
// test that asked first: it lives until Main ends.
func makeTemplate(t testing.TB) (string, error) {
	ctx := context.Background()
	admin, err := sql.Open("postgres", ServerURL())
	if err != nil {
		return "", err
	}
	defer admin.Close()
	if err := admin.PingContext(ctx); err != nil {
		if os.Getenv("CI") == "true" {
			return "", fmt.Errorf("PostgreSQL at %s is required in CI: %w", ServerURL(), err)
		}
		t.Skipf("dbtest: PostgreSQL at %s unreachable, skipping (set CI=true to fail instead): %v", ServerURL(), err)
	}
	name := randomName("theoremdb_template_")
	if _, err := admin.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
		return "", fmt.Errorf("create: %w", err)
	}
	migrate := func() error {
		d, err := db.Open(ctx, withDatabase(t, ServerURL(), name))
		if err != nil {
			return err
		}
		// A template must have no open connection when it is copied.
		defer d.Close()
		return migrations.Apply(ctx, d.DB, d.Dialect, slog.New(slog.NewTextHandler(io.Discard, nil)))
	}
	if err := migrate(); err != nil {
		_, dropErr := admin.ExecContext(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
		return "", errors.Join(fmt.Errorf("migrate: %w", err), dropErr)
	}
	return name, nil
}

func dropTemplate() error {
	template.Lock()
	defer template.Unlock()
	template.enabled = false
	if template.name == "" {
		return nil
	}
	admin, err := sql.Open("postgres", ServerURL())
	if err != nil {
		return err
	}
	defer admin.Close()
	if _, err := admin.Exec("DROP DATABASE IF EXISTS " + template.name + " WITH (FORCE)"); err != nil {
		return fmt.Errorf("drop template %s: %w", template.name, err)
	}
	template.name = ""
	return nil
}
