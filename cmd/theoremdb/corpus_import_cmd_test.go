package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/db/dbtest"
)

// TestImportOpenLogic: `theoremdb import openlogic DIR` brings the items in
// through change requests and says what it did; run again, it opens none.
func TestImportOpenLogic(t *testing.T) {
	ctx := context.Background()
	t.Setenv("DATABASE_URL", dbtest.URL(t, "sqlite3"))
	t.Setenv("THEOREMDB_LOG_LEVEL", "error")
	t.Setenv("THEOREMDB_CORPUS", t.TempDir())
	dir := filepath.Join("..", "..", "imports", "corpusimport", "testdata", "openlogic")
	var out, errs bytes.Buffer
	if err := run(ctx, []string{"import", "openlogic", dir}, &out, &errs); err != nil {
		t.Fatalf("import openlogic: %v\n%s", err, errs.String())
	}
	if got := out.String(); !strings.Contains(got, "7 items read") || !strings.Contains(got, "merged 7") {
		t.Errorf("first run said %q; want 7 items merged", got)
	}
	out.Reset()
	if err := run(ctx, []string{"import", "openlogic", dir}, &out, &errs); err != nil {
		t.Fatalf("import openlogic again: %v\n%s", err, errs.String())
	}
	if got := out.String(); !strings.Contains(got, "merged 0, revised 0, unchanged 7") {
		t.Errorf("second run said %q; want every item unchanged", got)
	}
	if err := run(ctx, []string{"import", "openlogic"}, &out, &errs); err == nil {
		t.Errorf("import openlogic with no DIR = nil; want a usage error")
	}
}

// TestImportMetamath: `theoremdb import metamath FILE` brings a database's
// proved theorems in as formal nodes, the kernel gate deciding each: the
// good database merges at E5, the broken proof fails at the kernel; run
// again, it opens no request. A file outside the formal library is refused.
func TestImportMetamath(t *testing.T) {
	ctx := context.Background()
	t.Setenv("DATABASE_URL", dbtest.URL(t, "sqlite3"))
	t.Setenv("THEOREMDB_LOG_LEVEL", "error")
	t.Setenv("THEOREMDB_CORPUS", t.TempDir())
	lib := t.TempDir()
	t.Setenv("THEOREMDB_FORMAL_LIBRARY", lib)
	for from, to := range map[string]string{"good/normal.mm": "demo.mm", "broken/wrong-step.mm": "wrong.mm"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "kernel", "testdata", from))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(lib, to), b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	var out, errs bytes.Buffer
	if err := run(ctx, []string{"import", "metamath", filepath.Join(lib, "demo.mm")}, &out, &errs); err != nil {
		t.Fatalf("import metamath: %v\n%s", err, errs.String())
	}
	if got := out.String(); !strings.Contains(got, "2 proved theorems") || !strings.Contains(got, "merged 2,") {
		t.Errorf("first run said %q; want 2 theorems merged", got)
	}
	out.Reset()
	if err := run(ctx, []string{"import", "metamath", filepath.Join(lib, "demo.mm")}, &out, &errs); err != nil {
		t.Fatalf("import metamath again: %v\n%s", err, errs.String())
	}
	if got := out.String(); !strings.Contains(got, "merged 0, revised 0, unchanged 2") {
		t.Errorf("second run said %q; want every theorem unchanged", got)
	}
	out.Reset()
	if err := run(ctx, []string{"import", "metamath", filepath.Join(lib, "wrong.mm")}, &out, &errs); err != nil {
		t.Fatalf("import metamath wrong.mm: %v\n%s", err, errs.String())
	}
	if got := out.String(); !strings.Contains(got, "merged 1,") || !strings.Contains(got, "KERNEL_CHECK 1") {
		t.Errorf("broken database: %q; want th0 merged and th1 failed at the kernel", got)
	}
	if err := run(ctx, []string{"import", "metamath", filepath.Join("..", "..", "kernel", "testdata", "good", "dv.mm")}, &out, &errs); err == nil ||
		!strings.Contains(err.Error(), "not in the formal library") {
		t.Errorf("a file outside the library: %v; want a refusal", err)
	}
}
