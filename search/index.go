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

// A Doc is a revision to index and its text.
type Doc struct {
	RevisionID string
	Text       Text
}

// Add adds a revision to the search index in tx, the transaction that
// writes the revision: AddMany of one.
func (ix *Index) Add(ctx context.Context, tx *stdsql.Tx, revID string, txt Text) error {
	return ix.AddMany(ctx, tx, []Doc{{RevisionID: revID, Text: txt}})
}

// AddMany adds revisions to the search index in tx, the transaction that
// writes them, a bulk insert of db.RowChunk rows at a time, and counts their
// words in the vocabulary once for all of them. Revisions never change, so
// neither does their row: a revision indexed already is left as it is and its
// words are not counted again.
func (ix *Index) AddMany(ctx context.Context, tx *stdsql.Tx, docs []Doc) error {
	var added []string
	for _, part := range db.RowBatches(docs) {
		got, err := ix.insert(ctx, tx, part)
		if err != nil {
			return fmt.Errorf("search index: %w", err)
		}
		added = append(added, got...)
	}
	return ix.addWords(ctx, tx, added)
}

// insert writes the rows of docs not indexed yet, and returns the text of
// those it wrote for the vocabulary: title and body.
func (ix *Index) insert(ctx context.Context, tx *stdsql.Tx, docs []Doc) ([]string, error) {
	var q strings.Builder
	args := make([]any, 0, 4*len(docs))
	q.WriteString("INSERT INTO revision_search (revision_id, title, body, extra")
	if ix.db.Dialect == dialect.Postgres {
		q.WriteString(", doc")
	}
	q.WriteString(") VALUES ")
	for i, d := range docs {
		if i > 0 {
			q.WriteString(", ")
		}
		if ix.db.Dialect == dialect.Postgres {
			n := 4 * i
			fmt.Fprintf(&q, `($%d, $%d, $%d, $%d, setweight(to_tsvector('tdb_search', $%[2]d), 'A') ||
				setweight(to_tsvector('tdb_search', $%[3]d), 'B') || setweight(to_tsvector('tdb_search', $%[4]d), 'D'))`, n+1, n+2, n+3, n+4)
		} else {
			q.WriteString("(?, ?, ?, ?)")
		}
		args = append(args, d.RevisionID, d.Text.title, d.Text.body, d.Text.extra)
	}
	q.WriteString(" ON CONFLICT (revision_id) DO NOTHING RETURNING revision_id")
	if ix.db.Dialect != dialect.Postgres {
		q.WriteString(", rowid")
	}
	rows, err := tx.QueryContext(ctx, q.String(), args...)
	if err != nil {
		return nil, err
	}
	written := map[string]int64{}
	for rows.Next() {
		var (
			id    string
			rowid int64
		)
		dest := []any{&id}
		if ix.db.Dialect != dialect.Postgres {
			dest = append(dest, &rowid)
		}
		if err := rows.Scan(dest...); err != nil {
			rows.Close()
			return nil, err
		}
		written[id] = rowid
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	var texts []string
	for _, d := range docs {
		rowid, ok := written[d.RevisionID]
		if !ok {
			continue // indexed already
		}
		if ix.db.Dialect != dialect.Postgres {
			if _, err := tx.ExecContext(ctx, searchtext.InsertFTS, searchtext.FTSArgs(rowid, d.Text.title, d.Text.body, d.Text.extra)...); err != nil {
				return nil, err
			}
		}
		texts = append(texts, d.Text.title+"\n"+d.Text.body)
	}
	return texts, nil
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
			// NOT EXISTS, which both databases read as an anti-join: PostgreSQL runs NOT IN
			// over a subquery too large for its memory as a scan of the subquery per problem,
			// hours at a million problems.
			sel.Where(sql.P(func(b *sql.Builder) {
				b.WriteString("NOT EXISTS (SELECT 1 FROM revision_search rs WHERE rs.revision_id = ").
					Ident(sel.C(problem.FieldCurrentRevisionID)).WriteString(")")
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
