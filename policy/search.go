package policy

import (
	"cmp"
	"context"
	stdsql "database/sql"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"
	"unicode"
	"weak"

	"entgo.io/ent/dialect"
	"entgo.io/ent/dialect/sql"
	"github.com/lib/pq"

	"github.com/theoremdb/theoremdb/db"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/predicate"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/ent/reference"
	"github.com/theoremdb/theoremdb/ent/revision"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy/searchtext"
)

// Full-text search runs on the database's own engine: PostgreSQL's text
// search (the tdb_search configuration: accents folded by unaccent, English
// stems, a GIN index) or SQLite's FTS5 (Porter stems over unicode61 with
// diacritics removed), over tables that migrations/search creates. Both
// index the same text of each revision and read the same query language:
// every word must occur somewhere ("sum of two squares" finds "Sums of two
// squares"), "quoted words" must occur together, -word must not occur.
// FTS5 finds a phrase by its word pairs (policy/searchtext), which SQLite's
// index holds beside the words.

// MaxSearch is the longest search, in characters.
const MaxSearch = 200

// Search is a reader's search, parsed once for either database.
type Search struct {
	// In FTS5's query syntax: fts5 finds and ranks, with each phrase as
	// the phrase of its word pairs (policy/searchtext); fts5Words is the
	// same with phrases of words, for snippets, which mark words.
	fts5, fts5Words string
	// The same as text for PostgreSQL's parser (tsquery): what a match
	// holds anywhere (every word, those of the phrases too), the phrases it
	// holds in order, and the words it must not hold.
	words   string
	phrases []string
	not     []string
}

// ParseSearch reads what a reader typed. ok is false when nothing in it
// can be searched for (only punctuation, say).
func ParseSearch(q string) (s Search, ok bool) {
	q = strings.TrimSpace(q)
	var parts, pairParts, negated, all []string
	for i, chunk := range strings.Split(q, `"`) {
		if i%2 == 1 { // inside quotes: a phrase
			if p := words(chunk); len(p) > 0 {
				phrase := fts5String(strings.Join(p, " "))
				parts = append(parts, phrase)
				if pairs := searchtext.Pairs(chunk); len(pairs) > 0 {
					phrase = "{title_pairs body_pairs extra_pairs} : " + fts5String(strings.Join(pairs, " "))
				}
				pairParts = append(pairParts, phrase)
				all = append(all, chunk)
				if len(p) > 1 {
					s.phrases = append(s.phrases, chunk)
				}
			}
			continue
		}
		for _, f := range strings.Fields(chunk) {
			neg := strings.HasPrefix(f, "-")
			ws := words(f)
			for _, w := range ws {
				if neg {
					negated = append(negated, fts5String(w))
					s.not = append(s.not, w)
				} else {
					parts = append(parts, fts5String(w))
					pairParts = append(pairParts, fts5String(w))
				}
			}
			if !neg && len(ws) > 0 {
				all = append(all, f) // whole, for PostgreSQL's parser ("1.5", "k-tuple")
			}
		}
	}
	if len(parts) == 0 {
		return Search{}, false
	}
	s.fts5, s.fts5Words = strings.Join(pairParts, " "), strings.Join(parts, " ")
	for _, n := range negated {
		s.fts5 += " NOT " + n
		s.fts5Words += " NOT " + n
	}
	s.words = strings.Join(all, " ")
	return s, true
}

// tsquery writes q as a PostgreSQL tsquery of the tdb_search configuration:
// every word, every phrase unless phrases is false (a weaker query, which
// the GIN index answers without reading a document), no excluded word.
// Its functions are immutable, so PostgreSQL plans it as a constant.
func (q Search) tsquery(b *sql.Builder, phrases bool) {
	b.WriteString("(plainto_tsquery('tdb_search', ").Arg(q.words).WriteString(")")
	if phrases {
		for _, p := range q.phrases {
			b.WriteString(" && phraseto_tsquery('tdb_search', ").Arg(p).WriteString(")")
		}
	}
	for _, n := range q.not {
		b.WriteString(" && !!plainto_tsquery('tdb_search', ").Arg(n).WriteString(")")
	}
	b.WriteString(")")
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
		err := t.sql.QueryRowContext(ctx, `INSERT INTO revision_search (revision_id, title, body, extra) VALUES (?, ?, ?, ?)
			ON CONFLICT (revision_id) DO NOTHING RETURNING rowid`, revID, txt.title, txt.body, txt.extra).Scan(&rowid)
		if err != nil {
			if strings.Contains(err.Error(), "no rows") {
				return nil // indexed already
			}
			return fmt.Errorf("search index: %w", err)
		}
		if _, err := t.sql.ExecContext(ctx, searchtext.InsertFTS, searchtext.FTSArgs(rowid, txt.title, txt.body, txt.extra)...); err != nil {
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
				b.WriteString(" IN (SELECT revision_id FROM revision_search WHERE doc @@ ")
				q.tsquery(b, true)
			} else {
				// The full-text query first, once; then the rows it found.
				b.WriteString(" IN (SELECT revision_id FROM revision_search WHERE rowid IN (SELECT rowid FROM revision_fts WHERE revision_fts MATCH ")
				b.Arg(q.fts5)
				b.WriteString(")")
			}
			b.WriteString(")")
		}))
	}
}

// ByRelevance joins a problem query to every match of q (so it needs no
// Matching too: both at once lead SQLite to a quadratic plan), ranked by
// the search engine (ts_rank over the weighted document on PostgreSQL,
// bm25 with the same column weights in FTS5), and orders by that rank,
// best first; ties by number. It is a query modifier: ProblemQuery.Modify.
// It ranks every match, which costs in proportion to their number; the
// list pages through a bounded ranking instead (PageByRelevance).
func (s *Service) ByRelevance(q Search) func(*sql.Selector) {
	pg := s.db.Dialect == dialect.Postgres
	return func(sel *sql.Selector) {
		m := sql.Dialect(s.db.Dialect).Select()
		if pg {
			m.From(sql.Table("revision_search")).
				AppendSelectExprAs(sql.ExprFunc(func(b *sql.Builder) { b.WriteString("revision_id") }), "rid").
				AppendSelectExprAs(sql.ExprFunc(func(b *sql.Builder) { rankExpr(b, "doc", q) }), "r").
				Where(sql.P(func(b *sql.Builder) {
					b.WriteString("doc @@ ")
					q.tsquery(b, true)
				}))
		} else {
			// Ranked once by FTS5, then joined to the revisions it found.
			hits := sql.Dialect(s.db.Dialect).Select().From(sql.Table("revision_fts")).
				AppendSelectExprAs(sql.ExprFunc(func(b *sql.Builder) { b.WriteString("rowid") }), "hit").
				AppendSelectExprAs(sql.ExprFunc(func(b *sql.Builder) { b.WriteString(bm25) }), "r").
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

// The ranks, higher better: the title weighs most, then the statement and
// exposition, then tags and citations; their word pairs weigh as they do.
const bm25 = "-bm25(revision_fts, 10.0, 4.0, 1.0, 10.0, 4.0, 1.0)"

func rankExpr(b *sql.Builder, doc string, q Search) {
	b.WriteString("ts_rank(" + doc + ", ")
	q.tsquery(b, true)
	b.WriteString(")")
}

// MaxRanked is how many matches of a search the list ranks and pages
// through: the first MaxRanked in the search index's own order (the order
// revisions were indexed in), so that neither database reads more than
// those however many problems match; they are then ranked by the search
// engine. When more match, a page's TotalCount is MaxRanked and
// TotalIsLowerBound says so.
const MaxRanked = 1000

// rankedMatch is a candidate of a search: Rank is nil for one that holds
// every word but not a phrase (PostgreSQL); on PostgreSQL ID is nil for a
// revision that is no longer current, and OK is 0 for a problem the query
// leaves out.
type rankedMatch struct {
	ID     *string  `sql:"id"`
	Number *int     `sql:"number"`
	Rank   *float64 `sql:"r"`
	OK     int      `sql:"ok"`
}

// rankMatches returns, best first (ties by number), the matches of q among
// the problems of base (a query with predicates only) that it ranks, at
// most MaxRanked, and whether more match.
//
// FTS5 walks its index in rowid order and stops at the MaxRanked-th match
// that base keeps. PostgreSQL cannot stop a walk of a GIN index at a
// point of its own choosing, so tdb_search_hits (migrations/search) takes
// the first candidates in the index's order, and base keeps those it
// keeps: all but a few, unless base filters the list, when it takes more
// candidates once. A phrase is checked only on the candidates, which hold
// all its words (the index does not know word order): of a phrase of
// common words, PostgreSQL finds the occurrences among the first
// candidates, not all.
func (s *Service) rankMatches(ctx context.Context, base *ent.ProblemQuery, q Search) ([]rankedMatch, bool, error) {
	var (
		rows []rankedMatch
		more bool
		err  error
	)
	if s.db.Dialect == dialect.Postgres {
		rows, more, err = pgMatches(ctx, base, q, MaxRanked+1)
		if err == nil && more && len(rows) <= MaxRanked {
			rows, more, err = pgMatches(ctx, base, q, 8*(MaxRanked+1))
		}
		more = more || len(rows) > MaxRanked
	} else {
		err = base.Clone().Modify(func(sel *sql.Selector) {
			rs, fts := sql.Table("revision_search").As("rs"), sql.Table("revision_fts")
			sel.Join(rs).On(sel.C(problem.FieldCurrentRevisionID), rs.C("revision_id")).
				Join(fts).On(fts.C("rowid"), rs.C("rowid"))
			sel.Select(sel.C(problem.FieldID), sel.C(problem.FieldNumber)).
				AppendSelectExprAs(sql.Expr(bm25), "r").AppendSelectExprAs(sql.Expr("1"), "ok")
			sel.Where(sql.P(func(b *sql.Builder) { b.WriteString("revision_fts MATCH ").Arg(q.fts5) }))
			sel.OrderExpr(sql.Expr(fts.C("rowid"))).Limit(MaxRanked + 1)
		}).Scan(ctx, &rows)
		more = len(rows) > MaxRanked
	}
	if err != nil {
		return nil, false, fmt.Errorf("search problems: %w", err)
	}
	ms := rows[:0]
	for _, r := range rows[:min(len(rows), MaxRanked)] {
		if r.Rank != nil {
			ms = append(ms, r)
		}
	}
	slices.SortFunc(ms, func(a, b rankedMatch) int {
		if c := cmp.Compare(*b.Rank, *a.Rank); c != 0 {
			return c
		}
		return cmp.Compare(*a.Number, *b.Number)
	})
	return ms, more, nil
}

// pgMatches returns those of the first n candidates of q that base keeps,
// in the index's order, and whether there were n (and so maybe more).
func pgMatches(ctx context.Context, base *ent.ProblemQuery, q Search, n int) ([]rankedMatch, bool, error) {
	var rows []rankedMatch
	if err := base.Clone().Order(pgCandidates(q, n)).Modify().Scan(ctx, &rows); err != nil {
		return nil, false, err
	}
	kept := rows[:0]
	for _, r := range rows {
		if r.OK == 1 {
			kept = append(kept, r)
		}
	}
	return kept, len(rows) == n, nil
}

// pgCandidates makes a problem query (once its predicates are in: it is an
// order option, which ent applies last) the n first candidates of q from
// tdb_search_hits, in their order, each with its problem if current and
// whether the query's predicates keep it, which move from WHERE to a column
// so that every candidate is counted.
func pgCandidates(q Search, n int) func(*sql.Selector) {
	return func(sel *sql.Selector) {
		keep := sel.P()
		sel.SetP(nil)
		h := sql.Select("*").FromExpr(sql.ExprFunc(func(b *sql.Builder) {
			b.WriteString("tdb_search_hits(")
			q.tsquery(b, false)
			b.WriteString(", ")
			q.tsquery(b, true)
			b.WriteString(", ").Arg(n).WriteString(") WITH ORDINALITY AS f (revision_id, score, ord)")
		})).As("h")
		sel.RightJoin(h).On(sel.C(problem.FieldCurrentRevisionID), h.C("revision_id"))
		id := sel.C(problem.FieldID)
		sel.Select(id, sel.C(problem.FieldNumber)).
			AppendSelectExprAs(sql.Expr(h.C("score")), "r").
			AppendSelectExprAs(sql.ExprFunc(func(b *sql.Builder) {
				b.WriteString("CASE WHEN " + id + " IS NOT NULL")
				if keep != nil {
					b.WriteString(" AND (").Join(keep).WriteString(")")
				}
				b.WriteString(" THEN 1 ELSE 0 END")
			}), "ok")
		sel.OrderExpr(sql.Expr(h.C("ord")))
	}
}

// lowerBounds are the pages whose TotalCount is a lower bound, held
// weakly: an entry goes with its page. A page with edges says so in its
// cursors too, which copies of the page keep.
var lowerBounds struct {
	sync.Mutex
	m map[weak.Pointer[ent.ProblemConnection]]bool
}

func markLowerBound(conn *ent.ProblemConnection) {
	p := weak.Make(conn)
	lowerBounds.Lock()
	defer lowerBounds.Unlock()
	if lowerBounds.m == nil {
		lowerBounds.m = map[weak.Pointer[ent.ProblemConnection]]bool{}
	}
	lowerBounds.m[p] = true
	runtime.AddCleanup(conn, func(p weak.Pointer[ent.ProblemConnection]) {
		lowerBounds.Lock()
		delete(lowerBounds.m, p)
		lowerBounds.Unlock()
	}, p)
}

// TotalIsLowerBound says whether the TotalCount of conn, a page that
// PageProblems or PageByRelevance returned, is a lower bound rather than
// exact: more problems may match its search than it ranked (MaxRanked),
// and its pages end at the last ranked. TotalCount is then MaxRanked, or
// fewer for a phrase on PostgreSQL, which checks phrases on the ranked
// only. A list should then say "N+" or "at least N", not "N", and may
// suggest narrowing the search. A copy of an empty page (a cache's) does
// not know.
func TotalIsLowerBound(conn *ent.ProblemConnection) bool {
	if len(conn.Edges) > 0 {
		id := conn.Edges[0].Cursor.ID
		return strings.HasPrefix(id, "RELEVANCE:") && strings.HasSuffix(id, "+")
	}
	lowerBounds.Lock()
	defer lowerBounds.Unlock()
	return lowerBounds.m[weak.Make(conn)]
}

// SnippetPart is a piece of a snippet; Match marks the words that matched.
type SnippetPart struct {
	Text  string
	Match bool
}

// Snippets returns, per revision ID, a short passage of its text with the
// words that matched q marked, and no formula cut in half (wholeFormulas).
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
		sel := sql.Dialect(dialect.Postgres).Select().From(sql.Table("revision_search")).
			AppendSelectExpr(sql.ExprFunc(func(b *sql.Builder) {
				b.WriteString("revision_id, ts_headline('tdb_search', body || E'\\n' || extra, ")
				q.tsquery(b, true)
				b.WriteString(`, 'StartSel='||chr(1)||', StopSel='||chr(2)||', MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "'),
					title, body || E'\n' || extra, ''`)
			})).
			Where(sql.P(func(b *sql.Builder) { b.WriteString("revision_id = ANY(").Arg(pq.Array(revIDs)).WriteString(")") }))
		query, args := sel.Query()
		db.Statement(ctx)
		rows, err = s.db.QueryContext(ctx, query, args...)
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
		rows, err = s.db.QueryContext(ctx, `SELECT s.revision_id, snippet(revision_fts, -1, char(1), char(2), ' … ', 24),
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
