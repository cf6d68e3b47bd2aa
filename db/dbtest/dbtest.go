// Package dbtest gives each test its own migrated database, on SQLite and on
// PostgreSQL, so storage and policy tests run on both through one table.
// PostgreSQL is found at THEOREMDB_TEST_POSTGRES (default the local server);
// when it is unreachable the PostgreSQL case is skipped with a message, or
// fails when CI=true.
package dbtest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"io"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"testing"
	"time"

	"entgo.io/ent/dialect"
	_ "github.com/lib/pq"

	"github.com/theoremdb/theoremdb/db"
	"github.com/theoremdb/theoremdb/migrations"
)

// Dialects are the databases every storage test runs on.
var Dialects = []string{dialect.SQLite, dialect.Postgres}

// ServerURL is the PostgreSQL server tests make their databases on.
func ServerURL() string {
	if u := os.Getenv("THEOREMDB_TEST_POSTGRES"); u != "" {
		return u
	}
	return "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"
}

// URL makes an empty database of the dialect and returns its DATABASE_URL;
// it is dropped when the test ends.
func URL(t testing.TB, dialectName string) string {
	t.Helper()
	switch dialectName {
	case dialect.SQLite:
		return "sqlite:" + filepath.Join(t.TempDir(), "test.db")
	case dialect.Postgres:
		return postgresURL(t)
	}
	t.Fatalf("dbtest: unknown dialect %q", dialectName)
	return ""
}

// Open makes, migrates and opens a fresh database of the dialect. In a
// package whose TestMain calls Main, a database is copied from one migrated
// once per test process (PostgreSQL from a template, SQLite as a file), which
// is faster than migrating each database; elsewhere each database is migrated
// on its own.
func Open(t testing.TB, dialectName string) *db.DB {
	t.Helper()
	if dialectName == dialect.SQLite && mainRunning() {
		// A copy of a migrated file is a hundred times faster than migrating, under -race above all.
		return OpenCopy(t, dialectName, "", nil)
	}
	ctx := context.Background()
	u, migrated := URL(t, dialectName), false
	if dialectName == dialect.Postgres {
		if tmpl := templateName(t); tmpl != "" {
			u, migrated = postgresURLFrom(t, tmpl), true
		}
	}
	d, err := db.Open(ctx, u)
	if err != nil {
		t.Fatalf("dbtest: open: %v", err)
	}
	t.Cleanup(func() { d.Close() })
	if migrated {
		return d
	}
	if err := migrations.Apply(ctx, d.DB, d.Dialect, slog.New(slog.NewTextHandler(io.Discard, nil))); err != nil {
		t.Fatalf("dbtest: migrate: %v", err)
	}
	return d
}

func postgresURL(t testing.TB) string {
	t.Helper()
	return postgresURLFrom(t, "")
}

// postgresURLFrom makes a database, a copy of template when it is named.
func postgresURLFrom(t testing.TB, template string) string {
	t.Helper()
	server := ServerURL()
	admin, err := sql.Open("postgres", server)
	if err == nil {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		err = admin.PingContext(ctx)
		cancel()
	}
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("dbtest: PostgreSQL at %s is required in CI: %v", server, err)
		}
		t.Skipf("dbtest: PostgreSQL at %s unreachable, skipping (set CI=true to fail instead): %v", server, err)
	}
	name := randomName("theoremdb_test_")
	create := "CREATE DATABASE " + name
	if template != "" {
		create += " TEMPLATE " + template
	}
	if _, err := admin.Exec(create); err != nil {
		t.Fatalf("dbtest: create database: %v", err)
	}
	t.Cleanup(func() {
		defer admin.Close()
		if _, err := admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)"); err != nil {
			t.Errorf("dbtest: drop database %s: %v", name, err)
		}
	})
	return withDatabase(t, server, name)
}

func withDatabase(t testing.TB, server, name string) string {
	t.Helper()
	u, err := url.Parse(server)
	if err != nil {
		t.Fatalf("dbtest: %v", err)
	}
	u.Path = "/" + name
	return u.String()
}

func randomName(prefix string) string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return prefix + hex.EncodeToString(b)
}

// Each runs f as a subtest on every dialect.
func Each(t *testing.T, f func(t *testing.T, dialectName string)) {
	t.Helper()
	for _, d := range Dialects {
		t.Run(d, func(t *testing.T) { f(t, d) })
	}
}
