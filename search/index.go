package search

import (
	"context"
	stdsql "database/sql"
	"errors"
	"fmt"
	"strings"

	"entgo.io/ent/dialect"
	"entgo.io/ent/dialect/sql"

	"github.com/theoremdb/theoremdb/db"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/ent/reference"
	"github.com/theoremdb/theoremdb/ent/revision"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/search/searchtext"
)

// Index is the search index of one database, which migrations/search
// creates.
type Index struct {
	db     *db.DB
	client *ent.Client
}

// New returns the index of d, read through client.
func New(d *db.DB, client *ent.Client) *Index { return &Index{db: d, client: client} }

// inTx runs fn in one transaction and commits it, or rolls it back when fn
// fails.
func (ix *Index) inTx(ctx context.Context, fn func(ctx context.Context, tx *stdsql.Tx) error) error {
	db.Statement(ctx) // a write is never an answer to keep
	tx, err := ix.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	if err := fn(ctx, tx); err != nil {
		if rerr := tx.Rollback(); rerr != nil && !errors.Is(rerr, stdsql.ErrTxDone) {
			return errors.Join(err, fmt.Errorf("rollback: %w", rerr))
		}
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// Text is what the index holds of a revision.
type Text struct{ title, body, extra string }

// TextOf is the indexed text of a revision: its title; its statement and
// exposition; its tags and citations.
func TextOf(title, statement string, exposition []packet.ExpositionEntry, tags, citations []string) Text {
	var body strings.Builder
	body.WriteString(statement)
	for _, e := range exposition {
		body.WriteString("\n")
		if e.Term != "" {
			body.WriteString(e.Term + ": ")
		}
		body.WriteString(e.Body)
	}
	extra := append(append([]string(nil), tags...), citations...)
	return Text{title: title, body: body.String(), extra: strings.Join(extra, "\n")}
}

// Add adds a revision to the search index in tx, the transaction that
// writes the revision. Revisions never change, so neither does their row.
func (ix *Index) Add(ctx context.Context, tx *stdsql.Tx, revID string, txt Text) error {
	switch ix.db.Dialect {
	case dialect.Postgres:
		res, err := tx.ExecContext(ctx, `INSERT INTO revision_search (revision_id, title, body, extra, doc)
			VALUES ($1, $2, $3, $4, setweight(to_tsvector('tdb_search', $2), 'A') ||
				setweight(to_tsvector('tdb_search', $3), 'B') || setweight(to_tsvector('tdb_search', $4), 'D'))
			ON CONFLICT (revision_id) DO NOTHING`, revID, txt.title, txt.body, txt.extra)
		if err != nil {
			return fmt.Errorf("search index: %w", err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return err // indexed already
		}
	default:
		var rowid int64
		err := tx.QueryRowContext(ctx, `INSERT INTO revision_search (revision_id, title, body, extra) VALUES (?, ?, ?, ?)
			ON CONFLICT (revision_id) DO NOTHING RETURNING rowid`, revID, txt.title, txt.body, txt.extra).Scan(&rowid)
		if err != nil {
			if strings.Contains(err.Error(), "no rows") {
				return nil // indexed already
			}
			return fmt.Errorf("search index: %w", err)
		}
		if _, err := tx.ExecContext(ctx, searchtext.InsertFTS, searchtext.FTSArgs(rowid, txt.title, txt.body, txt.extra)...); err != nil {
			return fmt.Errorf("search index: %w", err)
		}
	}
	return ix.addWords(ctx, tx, txt.title+"\n"+txt.body)
}

// IndexMissing adds to the search index every current revision that is
// not in it (those written before the index existed), and says how many;
// it counts the words of an index made before its vocabulary.
func (ix *Index) IndexMissing(ctx context.Context) (int, error) {
	if _, err := ix.fillWords(ctx); err != nil {
		return 0, err
	}
	ids, err := ix.client.Problem.Query().Where(problem.CurrentRevisionIDNotNil(),
		func(sel *sql.Selector) {
			sel.Where(sql.P(func(b *sql.Builder) {
				b.Ident(sel.C(problem.FieldCurrentRevisionID)).WriteString(" NOT IN (SELECT revision_id FROM revision_search)")
			}))
		}).Select(problem.FieldCurrentRevisionID).Strings(ctx)
	if err != nil {
		return 0, fmt.Errorf("search index: %w", err)
	}
	// In batches: one query and one transaction for each.
	for start := 0; start < len(ids); start += 500 {
		batch := ids[start:min(start+500, len(ids))]
		revs, err := ix.client.Revision.Query().Where(revision.IDIn(batch...)).
			WithReferences(func(q *ent.ReferenceQuery) { q.Order(ent.Asc(reference.FieldPosition)).WithSource() }).All(ctx)
		if err != nil {
			return 0, fmt.Errorf("search index: %w", err)
		}
		err = ix.inTx(ctx, func(ctx context.Context, tx *stdsql.Tx) error {
			for _, rev := range revs {
				var cites []string
				for _, r := range rev.Edges.References {
					cites = append(cites, r.Citation)
					if r.Edges.Source != nil {
						cites = append(cites, r.Edges.Source.Identifier)
					}
				}
				if err := ix.Add(ctx, tx, rev.ID, TextOf(rev.Title, rev.Statement, rev.Exposition, rev.Tags, cites)); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return 0, err
		}
	}
	return len(ids), nil
}
