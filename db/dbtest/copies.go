package dbtest

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"entgo.io/ent/dialect"

	"github.com/theoremdb/theoremdb/db"
	"github.com/theoremdb/theoremdb/migrations"
)

// Prepare fills a freshly migrated database before tests copy it, for example with the demo data.
type Prepare func(ctx context.Context, d *db.DB) error

// originals are the databases of this test process that OpenCopy copies: one per dialect and key,
// made on first use and removed when Main ends.
var originals struct {
	sync.Mutex
	dir    string               // holds the SQLite originals
	byKey  map[string]*original // dialect + "\x00" + key
	pgMade []string             // PostgreSQL originals to drop
}

type original struct {
	sync.Mutex
	done bool
	ref  string // the SQLite file, or the PostgreSQL database's name
	err  error
}

// OpenCopy opens a database of its own for the test, a copy of one that was migrated and then
// filled by prepare. In a package whose TestMain calls Main, prepare runs once per dialect and
// key in the test process and every later call copies its result (a file copy on SQLite,
// CREATE DATABASE … TEMPLATE on PostgreSQL), so a package of tests that each need the same
// seeded database pays for the seeding once; each test may still write to its copy as it
// likes, unseen by the others. The key names what prepare writes: two calls with one key must
// pass a prepare that writes the same. Without Main, prepare runs for each database.
func OpenCopy(t testing.TB, dialectName, key string, prepare Prepare) *db.DB {
	t.Helper()
	if !mainRunning() {
		d := Open(t, dialectName)
		if prepare != nil {
			if err := prepare(context.Background(), d); err != nil {
				t.Fatalf("dbtest: prepare %s: %v", key, err)
			}
		}
		return d
	}
	o := originalOf(t, dialectName, key, prepare)
	var u string
	switch dialectName {
	case dialect.SQLite:
		path := filepath.Join(t.TempDir(), "test.db")
		if err := copyFile(o.ref, path); err != nil {
			t.Fatalf("dbtest: copy %s: %v", key, err)
		}
		u = "sqlite:" + path
	case dialect.Postgres:
		u = postgresURLFrom(t, o.ref)
	default:
		t.Fatalf("dbtest: unknown dialect %q", dialectName)
	}
	d, err := db.Open(context.Background(), u)
	if err != nil {
		t.Fatalf("dbtest: open: %v", err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

func mainRunning() bool {
	template.Lock()
	defer template.Unlock()
	return template.enabled
}

// originalOf returns the original for the dialect and key, making it on first use. Tests that
// ask for one original wait for each other; tests that ask for different ones do not.
func originalOf(t testing.TB, dialectName, key string, prepare Prepare) *original {
	t.Helper()
	originals.Lock()
	if originals.byKey == nil {
		originals.byKey = map[string]*original{}
	}
	o := originals.byKey[dialectName+"\x00"+key]
	if o == nil {
		o = &original{}
		originals.byKey[dialectName+"\x00"+key] = o
	}
	originals.Unlock()

	o.Lock()
	defer o.Unlock()
	if !o.done {
		o.ref, o.err = makeOriginal(t, dialectName, prepare)
		o.done = true
	}
	if o.err != nil {
		t.Fatalf("dbtest: prepare %s on %s: %v", key, dialectName, o.err)
	}
	return o
}

// makeOriginal migrates a database, fills it with prepare and closes it: an original must have
// no open connection when it is copied.
func makeOriginal(t testing.TB, dialectName string, prepare Prepare) (string, error) {
	ctx := context.Background()
	var u, ref string
	migrated := false
	switch dialectName {
	case dialect.SQLite:
		dir, err := originalsDir()
		if err != nil {
			return "", err
		}
		ref = filepath.Join(dir, randomName("original_")+".db")
		u = "sqlite:" + ref
	case dialect.Postgres:
		admin, err := sql.Open("postgres", ServerURL())
		if err != nil {
			return "", err
		}
		defer admin.Close()
		create := "CREATE DATABASE " + randomName("theoremdb_original_")
		ref = create[len("CREATE DATABASE "):]
		tmpl := templateName(t)
		if tmpl != "" {
			create += " TEMPLATE " + tmpl
		}
		migrated = tmpl != ""
		if _, err := admin.ExecContext(ctx, create); err != nil {
			return "", fmt.Errorf("create: %w", err)
		}
		originals.Lock()
		originals.pgMade = append(originals.pgMade, ref)
		originals.Unlock()
		u = withDatabase(t, ServerURL(), ref)
	default:
		return "", fmt.Errorf("unknown dialect %q", dialectName)
	}
	d, err := db.Open(ctx, u)
	if err != nil {
		return "", err
	}
	defer d.Close()
	if !migrated {
		if err := migrations.Apply(ctx, d.DB, d.Dialect, slog.New(slog.NewTextHandler(io.Discard, nil))); err != nil {
			return "", fmt.Errorf("migrate: %w", err)
		}
	}
	if prepare != nil {
		if err := prepare(ctx, d); err != nil {
			return "", err
		}
	}
	// Fold the write-ahead log into the file, so the one file is the whole database.
	if dialectName == dialect.SQLite {
		if _, err := d.DB.ExecContext(ctx, "PRAGMA wal_checkpoint(TRUNCATE)"); err != nil {
			return "", fmt.Errorf("checkpoint: %w", err)
		}
	}
	return ref, nil
}

func originalsDir() (string, error) {
	originals.Lock()
	defer originals.Unlock()
	if originals.dir == "" {
		dir, err := os.MkdirTemp("", "theoremdb-dbtest-")
		if err != nil {
			return "", err
		}
		originals.dir = dir
	}
	return originals.dir, nil
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(to)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// dropOriginals removes every original when Main ends.
func dropOriginals() error {
	originals.Lock()
	defer originals.Unlock()
	var errs []error
	if originals.dir != "" {
		errs = append(errs, os.RemoveAll(originals.dir))
		originals.dir = ""
	}
	if len(originals.pgMade) > 0 {
		admin, err := sql.Open("postgres", ServerURL())
		if err != nil {
			return errors.Join(append(errs, err)...)
		}
		defer admin.Close()
		for _, name := range originals.pgMade {
			if _, err := admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)"); err != nil {
				errs = append(errs, fmt.Errorf("drop original %s: %w", name, err))
			}
		}
		originals.pgMade = nil
	}
	originals.byKey = nil
	return errors.Join(errs...)
}
