package main

import (
	"bytes"
	"context"
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
