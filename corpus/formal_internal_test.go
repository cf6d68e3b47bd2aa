package corpus

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/theoremdb/theoremdb/kernel"
)

const tinyMM = "$c |- T $.\nax $a |- T $.\nth $p |- T $= ax $.\nbad $p |- T $= ax ax $.\n"

// TestLibraryResolve takes only the plain name of a .mm file directly in the library, following a
// link only when it stays there.
func TestLibraryResolve(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	dir := filepath.Join(root, "lib")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	for name, body := range map[string]string{filepath.Join(dir, "a.mm"): tinyMM, filepath.Join(root, "outside.mm"): tinyMM} {
		if err := os.WriteFile(name, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(root, "outside.mm"), filepath.Join(dir, "escape.mm")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("a.mm", filepath.Join(dir, "alias.mm")); err != nil {
		t.Fatal(err)
	}
	l := &library{dir: dir}
	for _, name := range []string{"a.mm", "alias.mm"} {
		if p, err := l.resolve(name); err != nil || filepath.Base(p) != "a.mm" {
			t.Errorf("resolve(%q) = %q, %v; want a.mm of the library", name, p, err)
		}
	}
	for name, want := range map[string]string{
		"":             "is not the file name",
		"../x.mm":      "is not the file name",
		"sub/a.mm":     "is not the file name",
		".hidden.mm":   "is not the file name",
		"a.txt":        "is not the file name",
		"absent.mm":    "has no database",
		"escape.mm":    "leads outside the formal library",
		"/etc/a.mm":    "is not the file name",
		"a.mm/../a.mm": "is not the file name",
	} {
		if _, err := l.resolve(name); !errors.Is(err, ErrFormalDatabase) || !strings.Contains(err.Error(), want) {
			t.Errorf("resolve(%q) = %v; want %q", name, err, want)
		}
	}
	if _, err := (&library{}).resolve("a.mm"); !errors.Is(err, ErrFormalDatabase) || !strings.Contains(err.Error(), "no formal library is configured") {
		t.Errorf("resolve without a library = %v", err)
	}
	if _, err := (&library{dir: filepath.Join(root, "gone")}).resolve("a.mm"); err == nil || errors.Is(err, ErrFormalDatabase) {
		t.Errorf("resolve in a missing library = %v; want the file system's error", err)
	}
}

// TestLibraryCache parses a database once per content, whatever its name, keeps a few at a time,
// and the Go verifier answers per label, a database that does not parse failing every label.
func TestLibraryCache(t *testing.T) {
	t.Parallel()
	l := &library{}
	a := l.openBytes("a.mm", []byte(tinyMM))
	if b := l.openBytes("b.mm", []byte(tinyMM)); b != a {
		t.Error("the same content was parsed twice")
	}
	for i := range 9 {
		l.openBytes("x.mm", []byte(tinyMM+"$( "+strconv.Itoa(i)+" $)\n"))
	}
	if len(l.dbs) > 8 {
		t.Errorf("the cache holds %d databases; want at most 8", len(l.dbs))
	}
	if v, err := a.second("th"); err != nil || v.Status != kernel.Pass {
		t.Errorf("second(th) = %+v, %v", v, err)
	}
	if v, err := a.second("bad"); err != nil || v.Status != kernel.Fail {
		t.Errorf("second(bad) = %+v, %v; want a failure", v, err)
	}
	if _, err := a.second("ax"); err == nil {
		t.Error("second(ax) of an axiom gave no error")
	}
	broken := l.openBytes("broken.mm", []byte("$c a $.\n$c a $.\n"))
	if v, err := broken.second("th"); err != nil || v.Status != kernel.Fail || !strings.Contains(v.Reason, "already declared") {
		t.Errorf("second on a database that does not parse = %+v, %v", v, err)
	}
}

// TestLibraryMetamath runs the C verifier once per database and answers every label from that
// run; a run cut short is forgotten and run again, another failure is not.
func TestLibraryMetamath(t *testing.T) {
	t.Parallel()
	var runs atomic.Int32
	out := "MM> verify proof *\n?Error on line 4 of file \"db.mm\" at statement 5, label \"bad\", type \"$p\":\nbad $p\n ^\nToo many steps.\n\n" +
		"MM> show label * /all\n3 th $p 5 bad $p\nMM> exit\n"
	var fail error
	l := &library{exec: func(ctx context.Context, _ []string, files map[string][]byte) ([]byte, error) {
		runs.Add(1)
		if fail != nil {
			return nil, fail
		}
		if string(files["db.mm"]) != tinyMM {
			t.Errorf("metamath read %q", files["db.mm"])
		}
		return []byte(out), nil
	}}
	ctx := context.Background()
	db := l.openBytes("a.mm", []byte(tinyMM))
	for label, want := range map[string]kernel.Status{"th": kernel.Pass, "bad": kernel.Fail, "missing": kernel.Fail} {
		v, err := l.metamath(ctx, db, label)
		if err != nil || v.Status != want {
			t.Errorf("metamath(%s) = %+v, %v; want %s", label, v, err, want)
		}
	}
	if runs.Load() != 1 {
		t.Errorf("metamath ran %d times for one database; want once", runs.Load())
	}

	fail = context.DeadlineExceeded
	cut := l.openBytes("c.mm", []byte(tinyMM+"$( cut $)\n"))
	if _, err := l.metamath(ctx, cut, "th"); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("a run cut short = %v", err)
	}
	if again := l.openBytes("c.mm", []byte(tinyMM+"$( cut $)\n")); again == cut {
		t.Error("a run cut short is remembered; it says nothing of the database")
	}

	fail = errors.New("metamath exited with status 2")
	broken := l.openBytes("d.mm", []byte(tinyMM+"$( broken $)\n"))
	before := runs.Load()
	for range 2 {
		if _, err := l.metamath(ctx, broken, "th"); err == nil || !strings.Contains(err.Error(), "status 2") {
			t.Errorf("a failed run = %v", err)
		}
	}
	if runs.Load() != before+1 {
		t.Errorf("a failed run was run %d times; want once", runs.Load()-before)
	}
}
