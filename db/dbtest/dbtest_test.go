package dbtest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"entgo.io/ent/dialect"

	"github.com/theoremdb/theoremdb/db"
)

// TestMain runs these tests as a package that calls Main runs them: with originals and a
// PostgreSQL template.
func TestMain(m *testing.M) { Main(m) }

// fatalTB records a Fatalf instead of failing the test that runs it. Call it on a goroutine
// of its own: Fatalf ends that goroutine as testing.T's does.
type fatalTB struct {
	*testing.T
	mu  sync.Mutex
	msg string
}

func (f *fatalTB) Helper() {}

func (f *fatalTB) Fatalf(format string, args ...any) {
	f.mu.Lock()
	f.msg = fmt.Sprintf(format, args...)
	f.mu.Unlock()
	runtime.Goexit()
}

// fatalOf runs do with a fatalTB and returns the message it ended with, if any.
func fatalOf(t *testing.T, do func(tb testing.TB)) string {
	f := &fatalTB{T: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		do(f)
	}()
	<-done
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.msg
}

func TestServerURL(t *testing.T) {
	t.Setenv("THEOREMDB_TEST_POSTGRES", "")
	if got, want := ServerURL(), "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"; got != want {
		t.Errorf("ServerURL() unset = %q; want %q", got, want)
	}
	t.Setenv("THEOREMDB_TEST_POSTGRES", "postgres://x@db.example/y")
	if got, want := ServerURL(), "postgres://x@db.example/y"; got != want {
		t.Errorf("ServerURL() set = %q; want %q", got, want)
	}
}

func TestWithDatabase(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		server, name, want string
	}{
		{"postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable", "db1", "postgres://postgres@127.0.0.1:5432/db1?sslmode=disable"},
		{"postgres://u:p@host", "db2", "postgres://u:p@host/db2"},
	} {
		if got := withDatabase(t, tt.server, tt.name); got != tt.want {
			t.Errorf("withDatabase(%q, %q) = %q; want %q", tt.server, tt.name, got, tt.want)
		}
	}
}

func TestRandomName(t *testing.T) {
	t.Parallel()
	re := regexp.MustCompile(`^theoremdb_test_[0-9a-f]{16}$`)
	seen := map[string]bool{}
	for range 100 {
		n := randomName("theoremdb_test_")
		if !re.MatchString(n) {
			t.Fatalf("randomName = %q; want theoremdb_test_ and 16 hex digits", n)
		}
		if seen[n] {
			t.Fatalf("randomName gave %q twice", n)
		}
		seen[n] = true
	}
}

func TestUnknownDialect(t *testing.T) {
	t.Parallel()
	for name, do := range map[string]func(testing.TB){
		"URL":      func(tb testing.TB) { URL(tb, "oracle") },
		"OpenCopy": func(tb testing.TB) { OpenCopy(tb, "oracle", "", nil) },
	} {
		if msg := fatalOf(t, do); !strings.Contains(msg, `"oracle"`) {
			t.Errorf("%s(oracle) ended with %q; want a message naming the unknown dialect", name, msg)
		}
	}
}

// TestEach: Each runs its function once on every dialect, as a subtest named for it.
func TestEach(t *testing.T) {
	var ran []string
	Each(t, func(t *testing.T, dialectName string) {
		if t.Name() != "TestEach/"+dialectName {
			t.Errorf("subtest %q runs %s", t.Name(), dialectName)
		}
		ran = append(ran, dialectName)
	})
	if len(ran) != 2 || ran[0] != dialect.SQLite || ran[1] != dialect.Postgres {
		t.Errorf("Each ran %v; want %v", ran, Dialects)
	}
}

// TestOpenMigratedAndApart: a database Open makes has the schema, and is the test's own.
func TestOpenMigratedAndApart(t *testing.T) {
	Each(t, func(t *testing.T, dialectName string) {
		ctx := context.Background()
		a, b := Open(t, dialectName), Open(t, dialectName)
		if err := a.Ent().Counter.Create().SetID("only-a").SetValue(1).Exec(ctx); err != nil {
			t.Fatalf("write to a migrated database: %v", err)
		}
		if _, err := b.Ent().Counter.Get(ctx, "only-a"); err == nil {
			t.Error("another database has the counter written to the first")
		}
	})
}

// TestOpenCopy: prepare runs once per dialect and key; each copy starts from what it wrote and
// keeps its own writes; another key is prepared apart; a failed prepare fails every test that
// asks for it, without running again.
func TestOpenCopy(t *testing.T) {
	Each(t, func(t *testing.T, dialectName string) {
		ctx := context.Background()
		key := "copy test " + randomName("")
		var calls atomic.Int32
		prepare := func(ctx context.Context, d *db.DB) error {
			calls.Add(1)
			return d.Ent().Counter.Create().SetID("seeded").SetValue(1).Exec(ctx)
		}
		a := OpenCopy(t, dialectName, key, prepare)
		b := OpenCopy(t, dialectName, key, prepare)
		if calls.Load() != 1 {
			t.Errorf("prepare ran %d times for two copies; want once", calls.Load())
		}
		if err := a.Ent().Counter.UpdateOneID("seeded").SetValue(99).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		if c, err := b.Ent().Counter.Get(ctx, "seeded"); err != nil || c.Value != 1 {
			t.Errorf("the other copy's seeded counter = %v, %v; want value 1", c, err)
		}

		if dialectName == dialect.Postgres {
			return // the rest holds on both; each PostgreSQL original costs a CREATE DATABASE
		}
		var other atomic.Int32
		OpenCopy(t, dialectName, key+" other", func(context.Context, *db.DB) error { other.Add(1); return nil })
		if other.Load() != 1 || calls.Load() != 1 {
			t.Errorf("another key: its prepare ran %d times, the first's %d; want 1 and 1", other.Load(), calls.Load())
		}

		var failed atomic.Int32
		bad := func(context.Context, *db.DB) error { failed.Add(1); return errors.New("no seed") }
		for range 2 {
			if msg := fatalOf(t, func(tb testing.TB) { OpenCopy(tb, dialectName, key+" bad", bad) }); !strings.Contains(msg, "no seed") {
				t.Errorf("OpenCopy with a failing prepare ended with %q; want its error", msg)
			}
		}
		if failed.Load() != 1 {
			t.Errorf("a failing prepare ran %d times; want once", failed.Load())
		}
	})
}

// TestCountStatements: the count covers clients made after the call, every statement they send.
func TestCountStatements(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	d := Open(t, dialect.SQLite)
	before := d.Ent()
	n := CountStatements(d)
	after := d.Ent()
	if _, err := before.Counter.Query().Count(ctx); err != nil {
		t.Fatal(err)
	}
	if n.Load() != 0 {
		t.Errorf("a client made before CountStatements was counted: %d", n.Load())
	}
	for range 3 {
		if _, err := after.Counter.Query().Count(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if n.Load() != 3 {
		t.Errorf("CountStatements = %d after three queries; want 3", n.Load())
	}
}

// TestCountStatementsPaths: statements in a transaction and raw statements are counted on both
// databases, what runs under Uncounted is not, and a wrapper set before CountStatements still
// sees every statement.
func TestCountStatementsPaths(t *testing.T) {
	t.Parallel()
	Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		ctx := context.Background()
		d := Open(t, dialectName)
		var wrapped atomic.Int64
		d.WrapDriver = func(drv dialect.Driver) dialect.Driver { return countingDriver{drv, &wrapped} }
		n := CountStatements(d)
		c := d.Ent()
		tx, err := c.Tx(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if err := tx.Counter.Create().SetID("c").SetValue(1).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		if _, err := tx.Counter.Query().Count(ctx); err != nil {
			t.Fatal(err)
		}
		if err := tx.Commit(); err != nil {
			t.Fatal(err)
		}
		inTx := n.Load()
		if inTx < 2 {
			t.Errorf("two statements in a transaction counted %d", inTx)
		}
		rows, err := c.QueryContext(ctx, "SELECT 1")
		if err != nil {
			t.Fatal(err)
		}
		rows.Close()
		if got := n.Load() - inTx; got != 1 {
			t.Errorf("a raw query counted %d; want 1", got)
		}
		before := n.Load()
		quiet := Uncounted(ctx)
		if _, err := c.Counter.Query().Count(quiet); err != nil {
			t.Fatal(err)
		}
		tx, err = c.Tx(quiet)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tx.Counter.Query().Count(quiet); err != nil {
			t.Fatal(err)
		}
		if err := tx.Rollback(); err != nil {
			t.Fatal(err)
		}
		if got := n.Load() - before; got != 0 {
			t.Errorf("statements under Uncounted counted %d; want 0", got)
		}
		if wrapped.Load() < n.Load() {
			t.Errorf("the wrapper set before CountStatements saw %d statements of %d", wrapped.Load(), n.Load())
		}
	})
}

// TestOpenCopyConcurrent: tests that ask for one original at once wait for each other, and
// it is prepared once; each still gets a database of its own.
func TestOpenCopyConcurrent(t *testing.T) {
	key := "concurrent " + randomName("")
	var calls atomic.Int32
	prepare := func(ctx context.Context, d *db.DB) error {
		calls.Add(1)
		return d.Ent().Counter.Create().SetID("seeded").SetValue(0).Exec(ctx)
	}
	t.Run("group", func(t *testing.T) {
		for i := range 6 {
			t.Run(fmt.Sprint(i), func(t *testing.T) {
				t.Parallel()
				ctx := context.Background()
				d := OpenCopy(t, dialect.SQLite, key, prepare)
				if err := d.Ent().Counter.UpdateOneID("seeded").AddValue(int64(i + 1)).Exec(ctx); err != nil {
					t.Fatal(err)
				}
				if c, err := d.Ent().Counter.Get(ctx, "seeded"); err != nil || c.Value != int64(i+1) {
					t.Errorf("copy %d: seeded counter = %v, %v; want %d, its own write alone", i, c, err, i+1)
				}
			})
		}
	})
	if calls.Load() != 1 {
		t.Errorf("prepare ran %d times for six concurrent copies; want once", calls.Load())
	}
}

func TestCopyFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	from, to := dir+"/from", dir+"/to"
	if err := copyFile(from, to); err == nil {
		t.Error("copyFile from a missing file = nil; want an error")
	}
	body := strings.Repeat("page ", 10_000)
	if err := os.WriteFile(from, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := copyFile(from, to); err != nil {
		t.Fatalf("copyFile = %v", err)
	}
	if got, err := os.ReadFile(to); err != nil || string(got) != body {
		t.Errorf("the copy holds %d bytes, %v; want the %d of the original", len(got), err, len(body))
	}
	if err := copyFile(from, dir+"/missing/to"); err == nil {
		t.Error("copyFile into a missing directory = nil; want an error")
	}
}
