package workers_test

import (
	"context"

	"github.com/theoremdb/theoremdb/db"
	"github.com/theoremdb/theoremdb/migrations"
)

func migrateOnce(d *db.DB) error {
	return migrations.Apply(context.Background(), d.DB, d.Dialect, quiet)
}
