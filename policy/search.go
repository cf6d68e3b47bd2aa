package policy

import (
	"context"
	stdsql "database/sql"
	"fmt"
	"strings"
	"unicode"

	"entgo.io/ent/dialect"
	"entgo.io/ent/dialect/sql"
	"github.com/lib/pq"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/predicate"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/ent/reference"
	"github.com/theoremdb/theoremdb/ent/revision"
	"github.com/theoremdb/theoremdb/packet"
)

// Full-text search runs on the database's own engine: PostgreSQL's text
// search (the tdb_search configuration: accents folded by unaccent, English
// stems, a GIN index) or SQLite's FTS5 (Porter stems over unicode61 with
// diacritics removed), over tables that migrations/search creates. Both
// index the same text of each revision and read the same query language:
// every word must occur somewhere ("sum of two squares" finds "Sums of two
// squares"), "quoted words" must occur together, -word must not occur.

// MaxSearch is the longest search, in characters.
const MaxSearch = 200

// Search is a reader's search, parsed once for either database.
type Search struct {
	raw   string // as typed, for PostgreSQL's websearch_to_tsquery
	fts5  string // the same in FTS5's query syntax
	terms int
}

// ParseSearch reads what a reader typed. ok is false when nothing in it
// can be searched for (only punctuation, say).
func ParseSearch(q string) (s Search, ok bool) {
	q = strings.TrimSpace(q)
	var parts, negated []string
	for i, chunk := range strings.Split(q, `"`) {
		if i%2 == 1 { // inside quotes: a phrase
			if p := words(chunk); len(p) > 0 {
				parts = append(parts, fts5String(strings.Join(p, " ")))
			}
			continue
		}
		for _, f := range strings.Fields(chunk) {
			neg := strings.HasPrefix(f, "-")
			for _, w := range words(f) {
				if neg {
					negated = append(negated, fts5String(w))
				} else {
					parts = append(parts, fts5String(w))
				}
			}
		}
	}
	if len(parts) == 0 {
		return Search{}, false
	}
	expr := strings.Join(parts, " ")
	for _, n := range negated {
		expr += " NOT " + n
	}
	return Search{raw: q, fts5: expr, terms: len(parts)}, true
}

// words splits text into the runs of letters and digits a tokenizer keeps.
func words(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.Is(unicode.Mn, r) })
}

func fts5String(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }

// searchText is what the index holds of a revision.
type searchText struct{ title, body, extra string }

func searchTextOf(title, statement string, exposition []packet.ExpositionEntry, tags, citations []string) searchText {
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
	return searchText{title: title, body: body.String(), extra: strings.Join(extra, "\n")}
}

// indexRevision adds a revision to the search index in t. Revisions never
// change, so neither does their row.
func (t *tx) indexRevision(ctx context.Context, revID string, txt searchText) error {
	switch t.s.db.Dialect {
	case dialect.Postgres:
		_, err := t.sql.ExecContext(ctx, `INSERT INTO revision_search (revision_id, title, body, extra, doc)
			VALUES ($1, $2, $3, $4, setweight(to_tsvector('tdb_search', $2), 'A') ||
				setweight(to_tsvector('tdb_search', $3), 'B') || setweight(to_tsvector('tdb_search', $4), 'D'))
			ON CONFLICT (revision_id) DO NOTHING`, revID, txt.title, txt.body, txt.extra)
		if err != nil {
			return fmt.Errorf("search index: %w", err)
		}
	default:
		var rowid int64
		err := t.sql.QueryRowContext(ctx, `INSERT INTO revision_search (revision_id) VALUES (?)
			ON CONFLICT (revision_id) DO NOTHING RETURNING rowid`, revID).Scan(&rowid)
		if err != nil {
			if strings.Contains(err.Error(), "no rows") {
				return nil // indexed already
			}
			return fmt.Errorf("search index: %w", err)
		}
		if _, err := t.sql.ExecContext(ctx, `INSERT INTO revision_fts (rowid, title, body, extra) VALUES (?, ?, ?, ?)`,
			rowid, txt.title, txt.body, txt.extra); err != nil {
			return fmt.Errorf("search index: %w", err)
		}
	}
	return nil
}

// IndexMissing adds to the search index every current revision that is
// not in it (those written before the index existed), and says how many.
func (s *Service) IndexMissing(ctx context.Context) (int, error) {
	ids, err := s.client.Problem.Query().Where(problem.CurrentRevisionIDNotNil(),
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
		revs, err := s.client.Revision.Query().Where(revision.IDIn(batch...)).
			WithReferences(func(q *ent.ReferenceQuery) { q.Order(ent.Asc(reference.FieldPosition)).WithSource() }).All(ctx)
		if err != nil {
			return 0, fmt.Errorf("search index: %w", err)
		}
		err = s.inTx(ctx, func(ctx context.Context, t *tx) error {
			for _, rev := range revs {
				var cites []string
				for _, r := range rev.Edges.References {
					cites = append(cites, r.Citation)
					if r.Edges.Source != nil {
						cites = append(cites, r.Edges.Source.Identifier)
					}
				}
				if err := t.indexRevision(ctx, rev.ID, searchTextOf(rev.Title, rev.Statement, rev.Exposition, rev.Tags, cites)); err != nil {
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

// Matching is the predicate "the problem's current revision matches q".
func (s *Service) Matching(q Search) predicate.Problem {
	pg := s.db.Dialect == dialect.Postgres
	return func(sel *sql.Selector) {
		sel.Where(sql.P(func(b *sql.Builder) {
			b.Ident(sel.C(problem.FieldCurrentRevisionID))
			if pg {
				b.WriteString(" IN (SELECT revision_id FROM revision_search WHERE doc @@ websearch_to_tsquery('tdb_search', ")
				b.Arg(q.raw)
			} else {
				// The full-text query first, once; then the rows it found.
				b.WriteString(" IN (SELECT revision_id FROM revision_search WHERE rowid IN (SELECT rowid FROM revision_fts WHERE revision_fts MATCH ")
				b.Arg(q.fts5)
				b.WriteString(")")
			}
			b.WriteString(")")
			if pg {
				b.WriteString(")")
			}
		}))
	}
}

// ByRelevance joins a problem query to the matches of q (so it needs no
// Matching too: both at once lead SQLite to a quadratic plan), ranked once by
// the search engine (ts_rank over the weighted document on PostgreSQL,
// bm25 with the same column weights in FTS5), and orders by that rank,
// best first; ties by number. It is a query modifier: ProblemQuery.Modify.
func (s *Service) ByRelevance(q Search) func(*sql.Selector) {
	pg := s.db.Dialect == dialect.Postgres
	return func(sel *sql.Selector) {
		m := sql.Dialect(s.db.Dialect).Select()
		if pg {
			tsq := func(b *sql.Builder) {
				b.WriteString("websearch_to_tsquery('tdb_search', ")
				b.Arg(q.raw)
				b.WriteString(")")
			}
			m.From(sql.Table("revision_search")).
				AppendSelectExprAs(sql.ExprFunc(func(b *sql.Builder) { b.WriteString("revision_id") }), "rid").
				AppendSelectExprAs(sql.ExprFunc(func(b *sql.Builder) {
					b.WriteString("ts_rank(doc, ")
					tsq(b)
					b.WriteString(")")
				}), "r").
				Where(sql.P(func(b *sql.Builder) {
					b.WriteString("doc @@ ")
					tsq(b)
				}))
		} else {
			// Ranked once by FTS5, then joined to the revisions it found.
			hits := sql.Dialect(s.db.Dialect).Select().From(sql.Table("revision_fts")).
				AppendSelectExprAs(sql.ExprFunc(func(b *sql.Builder) { b.WriteString("rowid") }), "hit").
				AppendSelectExprAs(sql.ExprFunc(func(b *sql.Builder) { b.WriteString("-bm25(revision_fts, 10.0, 4.0, 1.0)") }), "r").
				Where(sql.P(func(b *sql.Builder) {
					b.WriteString("revision_fts MATCH ")
					b.Arg(q.fts5)
				})).As("hits")
			rs := sql.Table("revision_search").As("rs")
			m.From(hits).Join(rs).On(hits.C("hit"), rs.C("rowid")).
				AppendSelectExprAs(sql.ExprFunc(func(b *sql.Builder) { b.WriteString(rs.C("revision_id")) }), "rid").
				AppendSelectExprAs(sql.ExprFunc(func(b *sql.Builder) { b.WriteString(hits.C("r")) }), "r")
		}
		m.As("ranked")
		sel.Join(m).On(sel.C(problem.FieldCurrentRevisionID), m.C("rid"))
		sel.OrderExpr(sql.Expr(m.C("r") + " DESC"))
		sel.OrderBy(sel.C(problem.FieldNumber))
	}
}

// SnippetPart is a piece of a snippet; Match marks the words that matched.
type SnippetPart struct {
	Text  string
	Match bool
}

// Snippets returns, per revision ID, a short passage of its text with the
// words that matched q marked.
func (s *Service) Snippets(ctx context.Context, q Search, revIDs []string) (map[string][]SnippetPart, error) {
	out := map[string][]SnippetPart{}
	if len(revIDs) == 0 {
		return out, nil
	}
	var (
		rows *stdsql.Rows
		err  error
	)
	if s.db.Dialect == dialect.Postgres {
		rows, err = s.db.QueryContext(ctx, `SELECT revision_id, ts_headline('tdb_search', body || E'\n' || extra, websearch_to_tsquery('tdb_search', $1),
			'StartSel='||chr(1)||', StopSel='||chr(2)||', MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "')
			FROM revision_search WHERE revision_id = ANY($2)`, q.raw, pq.Array(revIDs))
	} else {
		args := []any{q.fts5}
		for _, id := range revIDs {
			args = append(args, id)
		}
		// CROSS JOIN keeps SQLite to this order: the full-text query once,
		// then its hits looked up; the other order runs the query per row.
		rows, err = s.db.QueryContext(ctx, `SELECT s.revision_id, snippet(revision_fts, -1, char(1), char(2), ' … ', 24)
			FROM revision_fts CROSS JOIN revision_search s ON s.rowid = revision_fts.rowid
			WHERE revision_fts MATCH ? AND s.revision_id IN (?`+strings.Repeat(", ?", len(revIDs)-1)+`)`, args...)
	}
	if err != nil {
		return nil, fmt.Errorf("snippets: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id, text string
		if err := rows.Scan(&id, &text); err != nil {
			return nil, fmt.Errorf("snippets: %w", err)
		}
		out[id] = snippetParts(text)
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
