package db_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"entgo.io/ent/dialect"
	"github.com/lib/pq"

	"github.com/theoremdb/theoremdb/db"
	"github.com/theoremdb/theoremdb/db/dbtest"
)

// TestOpenRefuses: a DATABASE_URL Open cannot use is refused with a message that names it,
// its password hidden.
func TestOpenRefuses(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	tests := []struct {
		name, url string
		want      string // in the error
	}{
		{"unknown scheme", "mysql://root:hunter2@localhost/x", `DATABASE_URL "mysql://root:xxxxx@localhost/x" must start with postgres:// or sqlite:`},
		{"unknown scheme without a password", "file.db", `DATABASE_URL "file.db" must start with`},
		{"sqlite without a path", "sqlite:", "sqlite: URL has no path"},
		{"sqlite with only slashes", "sqlite://", "sqlite: URL has no path"},
		{"postgres URL that does not parse", "postgres://u:p@host:port/x", "parse DATABASE_URL"},
		{"postgres server that does not answer", "postgres://alice:s3cret@127.0.0.1:1/x", "open database postgres://alice:xxxxx@127.0.0.1:1/x"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d, err := db.Open(ctx, tt.url)
			if err == nil {
				d.Close()
				t.Fatalf("Open(%q) succeeded; want an error", tt.url)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Open(%q) = %q; want it to contain %q", tt.url, err, tt.want)
			}
			if strings.Contains(err.Error(), "hunter2") || strings.Contains(err.Error(), "s3cret") {
				t.Errorf("Open(%q) = %q; the password shows", tt.url, err)
			}
		})
	}
}

// TestOpenUnreachableIsUnavailable: a server that does not answer is unavailable, so that a
// transport asks the client to try again rather than failing.
func TestOpenUnreachableIsUnavailable(t *testing.T) {
	t.Parallel()
	_, err := db.Open(context.Background(), "postgres://u@127.0.0.1:1/x")
	if err == nil || !db.Unavailable(err) {
		t.Errorf("Open(an unreachable server) = %v; want an error Unavailable reports", err)
	}
}

// TestOpenSQLite: a SQLite URL opens the file it names, making its directory, with or without
// the slashes after the scheme; the DB says its dialect and URL and has no DSN.
func TestOpenSQLite(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	for _, tt := range []struct {
		url, path string
	}{
		{"sqlite:" + filepath.Join(dir, "a", "b", "one.db"), filepath.Join(dir, "a", "b", "one.db")},
		{"sqlite://" + filepath.Join(dir, "two.db"), filepath.Join(dir, "two.db")},
	} {
		d, err := db.Open(ctx, tt.url)
		if err != nil {
			t.Fatalf("Open(%q) = %v", tt.url, err)
		}
		if _, err := d.ExecContext(ctx, "CREATE TABLE t (x INTEGER)"); err != nil {
			t.Fatal(err)
		}
		if d.Dialect != dialect.SQLite || d.URL != "sqlite:"+tt.path || d.DSN != "" {
			t.Errorf("Open(%q) = dialect %q, URL %q, DSN %q; want sqlite, sqlite:%s, no DSN", tt.url, d.Dialect, d.URL, d.DSN, tt.path)
		}
		if err := d.Close(); err != nil {
			t.Errorf("Close() = %v", err)
		}
		if _, err := os.Stat(tt.path); err != nil {
			t.Errorf("Open(%q) made no file at %s: %v", tt.url, tt.path, err)
		}
	}
	d, err := db.Open(ctx, "sqlite::memory:")
	if err != nil {
		t.Fatalf("Open(sqlite::memory:) = %v", err)
	}
	d.Close()
	if _, err := os.Stat(":memory:"); err == nil {
		t.Error("Open(sqlite::memory:) made a file named :memory:")
	}
}

// TestPostgresSettings: every connection runs in UTC, without JIT and with an idle-in-
// transaction timeout; a local server is reached without TLS; DATABASE_URL may set its own.
func TestPostgresSettings(t *testing.T) {
	ctx := context.Background()
	url := dbtest.URL(t, dialect.Postgres)
	d, err := db.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if d.Dialect != dialect.Postgres || d.URL != url || !strings.Contains(d.DSN, "sslmode=disable") {
		t.Errorf("Open = dialect %q, URL %q, DSN %q; want postgres, the URL, sslmode=disable", d.Dialect, d.URL, d.DSN)
	}
	show := func(d *db.DB, setting string) string {
		t.Helper()
		var got string
		if err := d.QueryRowContext(ctx, "SHOW "+setting).Scan(&got); err != nil {
			t.Fatal(err)
		}
		return got
	}
	for setting, want := range map[string]string{"timezone": "UTC", "jit": "off", "idle_in_transaction_session_timeout": "1min"} {
		if got := show(d, setting); got != want {
			t.Errorf("SHOW %s = %q; want %q", setting, got, want)
		}
	}
	sep := "?"
	if strings.Contains(url, "?") {
		sep = "&"
	}
	own, err := db.Open(ctx, url+sep+"timezone=Europe/Paris&jit=on")
	if err != nil {
		t.Fatal(err)
	}
	defer own.Close()
	if got := show(own, "timezone"); got != "Europe/Paris" {
		t.Errorf("SHOW timezone with timezone=Europe/Paris in the URL = %q", got)
	}
	if got := show(own, "jit"); got != "on" {
		t.Errorf("SHOW jit with jit=on in the URL = %q", got)
	}
}

func TestUnavailable(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		err  error
		want bool
	}{
		{"nil", nil, false},
		{"plain error", errors.New("boom"), false},
		{"too many clients", &pq.Error{Code: "53300"}, true},
		{"out of memory", &pq.Error{Code: "53200"}, true},
		{"connection failure", &pq.Error{Code: "08006"}, true},
		{"starting up", &pq.Error{Code: "57P03"}, true},
		{"shutting down", &pq.Error{Code: "57P01"}, true},
		{"wrapped", fmt.Errorf("read: %w", &pq.Error{Code: "53300"}), true},
		{"unique violation", &pq.Error{Code: "23505"}, false},
		{"statement timeout", &pq.Error{Code: "57014"}, false},
		{"crash shutdown is not listed", &pq.Error{Code: "57P02"}, false},
		{"dial refused", fmt.Errorf("open: %w", &net.OpError{Op: "dial", Err: errors.New("refused")}), true},
		{"read reset", &net.OpError{Op: "read", Err: errors.New("reset")}, false},
		{"no rows", sql.ErrNoRows, false},
	}
	for _, tt := range tests {
		if got := db.Unavailable(tt.err); got != tt.want {
			t.Errorf("Unavailable(%s: %v) = %v; want %v", tt.name, tt.err, got, tt.want)
		}
	}
}

// TestObserveStatements: the observer hears every statement of an ent client (queries,
// executions, transactions and the database/sql calls it passes through) and of Statement; a
// nil observer silences one set further out.
func TestObserveStatements(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	d := dbtest.Open(t, dialect.SQLite)
	client := d.Ent()
	var heard int
	octx := db.ObserveStatements(ctx, func() { heard++ })
	steps := []struct {
		name string
		do   func(context.Context) error
	}{
		{"ent create", func(c context.Context) error {
			return client.Counter.Create().SetID("c").SetValue(1).Exec(c)
		}},
		{"ent query", func(c context.Context) error { _, err := client.Counter.Get(c, "c"); return err }},
		{"ExecContext", func(c context.Context) error { _, err := client.ExecContext(c, "SELECT 1"); return err }},
		{"QueryContext", func(c context.Context) error {
			rows, err := client.QueryContext(c, "SELECT 1")
			if err == nil {
				rows.Close()
			}
			return err
		}},
		{"BeginTx", func(c context.Context) error {
			tx, err := client.BeginTx(c, nil)
			if err == nil {
				err = tx.Rollback()
			}
			return err
		}},
		{"Tx", func(c context.Context) error {
			tx, err := client.Tx(c)
			if err == nil {
				err = tx.Rollback()
			}
			return err
		}},
		{"Statement", func(c context.Context) error { db.Statement(c); return nil }},
	}
	for _, s := range steps {
		heard = 0
		if err := s.do(octx); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		if heard != 1 {
			t.Errorf("%s: the observer heard %d statements; want 1", s.name, heard)
		}
		heard = 0
		if err := s.do(db.ObserveStatements(octx, nil)); err != nil && s.name != "ent create" {
			t.Fatalf("%s under a nil observer: %v", s.name, err)
		}
		if heard != 0 {
			t.Errorf("%s under a nil observer: the outer observer heard %d statements; want 0", s.name, heard)
		}
	}
	db.Statement(ctx) // no observer: nothing to call
}

// TestEntTx: an ent client bound to a transaction writes in it, its own transactions join it,
// and the transaction's rollback undoes all of them.
func TestEntTx(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		ctx := context.Background()
		d := dbtest.Open(t, dialectName)
		for _, commit := range []bool{false, true} {
			id := fmt.Sprint("tx-", commit)
			tx, err := d.BeginTx(ctx, nil)
			if err != nil {
				t.Fatal(err)
			}
			c := d.EntTx(tx)
			if err := c.Counter.Create().SetID(id).SetValue(7).Exec(ctx); err != nil {
				t.Fatal(err)
			}
			inner, err := c.Tx(ctx) // joins tx
			if err != nil {
				t.Fatalf("Tx on a client bound to a transaction: %v", err)
			}
			if err := inner.Counter.UpdateOneID(id).SetValue(8).Exec(ctx); err != nil {
				t.Fatal(err)
			}
			if err := inner.Commit(); err != nil {
				t.Fatal(err)
			}
			if commit {
				err = tx.Commit()
			} else {
				err = tx.Rollback()
			}
			if err != nil {
				t.Fatal(err)
			}
			got, err := d.Ent().Counter.Get(ctx, id)
			switch {
			case commit && (err != nil || got.Value != 8):
				t.Errorf("after commit: counter %s = %v, %v; want value 8", id, got, err)
			case !commit && err == nil:
				t.Errorf("after rollback: counter %s = %v; want none", id, got)
			}
		}
	})
}
