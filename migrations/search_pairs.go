package migrations

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"

	"entgo.io/ent/dialect"

	"github.com/theoremdb/theoremdb/search/searchtext"
)

// applySearch runs the search objects' statements (body, idempotent). On
// SQLite, an index made before revision_fts held word pairs and read its
// text from revision_search is rebuilt, in one transaction, from the text
// it holds: the text moves to revision_search, the old index is dropped,
// body makes the new one, and every row is indexed with its pairs. A
// failure leaves the old index as it was.
func applySearch(ctx context.Context, db *sql.DB, dialectName, body string, log *slog.Logger) error {
	if dialectName != dialect.SQLite {
		_, err := db.ExecContext(ctx, body)
		return err
	}
	// In the transaction (which holds the write lock from its start), so
	// that of two processes starting at once one rebuilds and the other
	// finds it done.
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var old bool
	err = tx.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE name = 'revision_fts')
		AND NOT EXISTS (SELECT 1 FROM pragma_table_info('revision_search') WHERE name = 'title')`).Scan(&old)
	if err != nil {
		return err
	}
	if !old {
		if _, err := tx.ExecContext(ctx, body); err != nil {
			return err
		}
		return tx.Commit()
	}
	var total int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM revision_search`).Scan(&total); err != nil {
		return err
	}
	log.Info("search index: adding word pairs", "rows", total)
	for _, stmt := range []string{
		`ALTER TABLE revision_search ADD COLUMN title TEXT NOT NULL DEFAULT ''`,
		`ALTER TABLE revision_search ADD COLUMN body TEXT NOT NULL DEFAULT ''`,
		`ALTER TABLE revision_search ADD COLUMN extra TEXT NOT NULL DEFAULT ''`,
		`UPDATE revision_search SET (title, body, extra) =
			(SELECT title, body, extra FROM revision_fts WHERE revision_fts.rowid = revision_search.rowid)
			WHERE rowid IN (SELECT rowid FROM revision_fts)`,
		`DROP TABLE revision_fts`,
		body,
	} {
		if _, err := tx.ExecContext(ctx, stmt); err != nil {
			return err
		}
	}
	ins, err := tx.PrepareContext(ctx, searchtext.InsertFTS)
	if err != nil {
		return err
	}
	defer ins.Close()
	type row struct {
		id                 int64
		title, body, extra string
	}
	var last int64
	for done := 0; ; {
		// A batch at a time: read, then write.
		rows, err := tx.QueryContext(ctx, `SELECT rowid, title, body, extra FROM revision_search
			WHERE rowid > ? ORDER BY rowid LIMIT 1000`, last)
		if err != nil {
			return err
		}
		var batch []row
		for rows.Next() {
			var r row
			if err := rows.Scan(&r.id, &r.title, &r.body, &r.extra); err != nil {
				rows.Close()
				return err
			}
			batch = append(batch, r)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		if len(batch) == 0 {
			break
		}
		for _, r := range batch {
			if _, err := ins.ExecContext(ctx, searchtext.FTSArgs(r.id, r.title, r.body, r.extra)...); err != nil {
				return fmt.Errorf("row %d: %w", r.id, err)
			}
		}
		last = batch[len(batch)-1].id
		if done += len(batch); done%20_000 < len(batch) || done == total {
			log.Info("search index: adding word pairs", "done", done, "of", total)
		}
	}
	return tx.Commit()
}
