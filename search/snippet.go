package search

import (
	"context"
	stdsql "database/sql"
	"fmt"
	"strings"

	"entgo.io/ent/dialect"
	"entgo.io/ent/dialect/sql"

	"github.com/theoremdb/theoremdb/db"
)

// SnippetPart is a piece of a snippet; Match marks the words that matched.
type SnippetPart struct {
	Text  string
	Match bool
}

// Snippets returns, per revision ID, a short passage of its text with the
// words that matched q marked, and no formula cut in half (wholeFormulas).
func (ix *Index) Snippets(ctx context.Context, q Query, revIDs []string) (map[string][]SnippetPart, error) {
	out := map[string][]SnippetPart{}
	if len(revIDs) == 0 {
		return out, nil
	}
	var (
		rows *stdsql.Rows
		err  error
	)
	if ix.db.Dialect == dialect.Postgres {
		sel := sql.Dialect(dialect.Postgres).Select().From(sql.Table("revision_search")).
			AppendSelectExpr(sql.ExprFunc(func(b *sql.Builder) {
				b.WriteString("revision_id, ts_headline('tdb_search', body || E'\\n' || extra, ")
				q.tsquery(b, true)
				b.WriteString(`, 'StartSel='||chr(1)||', StopSel='||chr(2)||', MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "'),
					title, body || E'\n' || extra, ''`)
			})).
			Where(db.In(dialect.Postgres, "revision_id", revIDs))
		query, args := sel.Query()
		db.Statement(ctx)
		rows, err = ix.db.QueryContext(ctx, query, args...)
	} else {
		args := []any{q.fts5Words}
		for _, id := range revIDs {
			args = append(args, id)
		}
		// CROSS JOIN keeps SQLite to this order: the few revisions first,
		// then the full-text query on each, which FTS5 answers by seeking
		// to its rowid; the other order walks every match of the query
		// (most of the site, for a common word) to find these.
		db.Statement(ctx)
		rows, err = ix.db.QueryContext(ctx, `SELECT s.revision_id, snippet(revision_fts, -1, char(1), char(2), ' … ', 24),
				s.title, s.body, s.extra
			FROM revision_search s CROSS JOIN revision_fts ON s.rowid = revision_fts.rowid
			WHERE revision_fts MATCH ? AND s.revision_id IN (?`+strings.Repeat(", ?", len(revIDs)-1)+`)`, args...)
	}
	if err != nil {
		return nil, fmt.Errorf("snippets: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id, text, title, body, extra string
		if err := rows.Scan(&id, &text, &title, &body, &extra); err != nil {
			return nil, fmt.Errorf("snippets: %w", err)
		}
		out[id] = wholeFormulas(snippetParts(text), title, body, extra)
	}
	return out, rows.Err()
}

// snippetParts splits a marked snippet (\x01 before and \x02 after each
// match; stored text can hold neither) into parts.
func snippetParts(s string) []SnippetPart {
	var out []SnippetPart
	for s != "" {
		i := strings.IndexByte(s, 1)
		if i < 0 {
			return append(out, SnippetPart{Text: s})
		}
		if i > 0 {
			out = append(out, SnippetPart{Text: s[:i]})
		}
		s = s[i+1:]
		j := strings.IndexByte(s, 2)
		if j < 0 {
			j = len(s)
		}
		out = append(out, SnippetPart{Text: s[:j], Match: true})
		s = s[min(j+1, len(s)):]
	}
	return out
}
