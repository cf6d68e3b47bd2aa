package migrations_test

import (
	"context"
	"io"
	"log/slog"
	"sync"
	"testing"

	"entgo.io/ent/dialect"

	"github.com/theoremdb/theoremdb/db"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/migrations"
)

// TestAppliesAtOnce migrates several databases at once in one process, as
// parallel tests do: each run checks its files on its own (under -race, a
// shared check directory is a data race).
func TestAppliesAtOnce(t *testing.T) {
	ctx := context.Background()
	const n = 4
	dbs := make([]*db.DB, n)
	for i := range dbs {
		d, err := db.Open(ctx, dbtest.URL(t, dialect.SQLite))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { d.Close() })
		dbs[i] = d
	}
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i, d := range dbs {
		wg.Go(func() {
			errs[i] = migrations.Apply(ctx, d.DB, d.Dialect, slog.New(slog.NewTextHandler(io.Discard, nil)))
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("Apply(database %d) = %v; want nil", i, err)
		}
	}
}
