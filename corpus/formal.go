package corpus

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/theoremdb/theoremdb/kernel"
	"github.com/theoremdb/theoremdb/sandbox"
)

// The proof checkers a binding records, by name.
const (
	CheckerMetamath = "metamath"         // Debian's C verifier, in the sandbox
	CheckerSecond   = "theoremdb-kernel" // the Go verifier written from the specification
)

// ErrFormalDatabase is a formal binding naming a database that is not a
// plain file name of the configured formal library.
var ErrFormalDatabase = errors.New("not a database of the formal library")

// WithFormalLibrary sets the directory whose Metamath databases formal
// bindings name; a binding may name only a file directly in it.
func WithFormalLibrary(dir string) Option { return func(s *Service) { s.formal.dir = dir } }

// WithMetamath sets how the C verifier runs (kernel.SandboxExec when unset).
func WithMetamath(run kernel.Exec) Option { return func(s *Service) { s.formal.exec = run } }

// WithSmallCaseLimits bounds the small-case programs (the sandbox's
// defaults when unset).
func WithSmallCaseLimits(l sandbox.Limits) Option { return func(s *Service) { s.smallLimits = l } }

// library reads the formal library's databases and keeps, per content,
// the parse and the C verifier's report: one run of `metamath` on a
// database answers for every label in it, and an import of thousands of
// theorems needs it once.
type library struct {
	dir  string
	exec kernel.Exec
	mu   sync.Mutex
	dbs  map[[32]byte]*formalDB
}

// formalDB is one database's content, parse and reports; once guards the
// C verifier's run.
type formalDB struct {
	name   string
	src    []byte
	parsed *kernel.Database
	perr   error
	once   sync.Once
	mm     map[string]kernel.Verdict
	mmErr  error
}

// resolve is the file a binding's database names, refused when it is not
// a plain name of a file directly in the library.
func (l *library) resolve(name string) (string, error) {
	if l.dir == "" {
		return "", fmt.Errorf("no formal library is configured: %w", ErrFormalDatabase)
	}
	if name == "" || name != filepath.Base(name) || strings.HasPrefix(name, ".") || !strings.HasSuffix(name, ".mm") {
		return "", fmt.Errorf("%q is not the file name of a .mm database: %w", name, ErrFormalDatabase)
	}
	dir, err := filepath.EvalSymlinks(l.dir)
	if err != nil {
		return "", fmt.Errorf("formal library %s: %w", l.dir, err)
	}
	path, err := filepath.EvalSymlinks(filepath.Join(dir, name))
	if errors.Is(err, os.ErrNotExist) {
		return "", fmt.Errorf("the formal library has no database %q: %w", name, ErrFormalDatabase)
	}
	if err != nil {
		return "", err
	}
	if filepath.Dir(path) != dir {
		return "", fmt.Errorf("%q leads outside the formal library: %w", name, ErrFormalDatabase)
	}
	return path, nil
}

// open reads and parses a database of the library, from the cache when
// its content was read before.
func (l *library) open(name string) (*formalDB, error) {
	path, err := l.resolve(name)
	if err != nil {
		return nil, err
	}
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("formal database %s: %w", name, err)
	}
	return l.openBytes(name, src), nil
}

func (l *library) openBytes(name string, src []byte) *formalDB {
	key := sha256.Sum256(src)
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.dbs == nil {
		l.dbs = map[[32]byte]*formalDB{}
	}
	if db, ok := l.dbs[key]; ok {
		return db
	}
	db := &formalDB{name: name, src: src}
	db.parsed, db.perr = kernel.Parse(src)
	if len(l.dbs) >= 8 {
		clear(l.dbs) // a few databases at a time; nf.mm alone is 3 MB
	}
	l.dbs[key] = db
	return db
}

// metamath is the C verifier's verdict on label, from one run over the
// whole database.
func (l *library) metamath(ctx context.Context, db *formalDB, label string) (kernel.Verdict, error) {
	db.once.Do(func() {
		rep, err := kernel.RunMetamath(ctx, l.exec, db.src)
		if err != nil {
			db.mmErr = err
			return
		}
		if len(rep.Labels) == 0 && len(rep.DatabaseErrors) > 0 {
			db.mmErr = fmt.Errorf("metamath could not read the database: %s", strings.Join(rep.DatabaseErrors, "; "))
			return
		}
		db.mm = map[string]kernel.Verdict{}
		for _, v := range rep.Verdicts() {
			db.mm[v.Label] = v
		}
	})
	if db.mmErr != nil {
		err := db.mmErr
		if ctx.Err() != nil || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			l.forget(db) // a run cut short says nothing of the database; run it again next time
		}
		return kernel.Verdict{}, err
	}
	v, ok := db.mm[label]
	if !ok {
		return kernel.Verdict{Label: label, Status: kernel.Fail, Reason: "metamath read no $p statement labelled " + label}, nil
	}
	return v, nil
}

func (l *library) forget(db *formalDB) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for k, d := range l.dbs {
		if d == db {
			delete(l.dbs, k)
		}
	}
}

// second is the Go verifier's verdict on label.
func (db *formalDB) second(label string) (kernel.Verdict, error) {
	if db.perr != nil {
		return kernel.Verdict{Label: label, Status: kernel.Fail, Reason: db.perr.Error()}, nil
	}
	return db.parsed.VerifyLabel(label)
}

// FormalLibraryEnv names the directory of the formal library; unset, it is
// the shared data's metamath directory beside the module root, when there
// is one.
const FormalLibraryEnv = "THEOREMDB_FORMAL_LIBRARY"

// defaultFormalLibrary is the formal library a Service reads unless told.
func defaultFormalLibrary() string {
	if d := os.Getenv(FormalLibraryEnv); d != "" {
		return d
	}
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			lib := filepath.Join(dir, "..", "shared", "data", "metamath")
			if st, err := os.Stat(lib); err == nil && st.IsDir() {
				return lib
			}
			return ""
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}
