package search

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"entgo.io/ent/dialect"
	"entgo.io/ent/dialect/sql"
	"github.com/lib/pq"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/predicate"
	"github.com/theoremdb/theoremdb/ent/problem"
)

// Matching is the predicate "the problem's current revision matches q".
func (ix *Index) Matching(q Query) predicate.Problem {
	pg := ix.db.Dialect == dialect.Postgres
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
// list pages through a bounded ranking instead (Rank).
func (ix *Index) ByRelevance(q Query) func(*sql.Selector) {
	pg := ix.db.Dialect == dialect.Postgres
	return func(sel *sql.Selector) {
		m := sql.Dialect(ix.db.Dialect).Select()
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
			hits := sql.Dialect(ix.db.Dialect).Select().From(sql.Table("revision_fts")).
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

func rankExpr(b *sql.Builder, doc string, q Query) {
	b.WriteString("ts_rank(" + doc + ", ")
	q.tsquery(b, true)
	b.WriteString(")")
}

// MaxRanked is how many matches of a search the list ranks and pages
// through: the first MaxRanked in the search index's own order (the order
// revisions were indexed in), so that neither database reads more than
// those however many problems match; they are then ranked by the search
// engine. When more match, a list says its total is a lower bound.
const MaxRanked = 1000

// Match is a candidate of a search: Rank is nil for one that holds
// every word but not a phrase (PostgreSQL); on PostgreSQL ID is nil for a
// revision that is no longer current, and OK is 0 for a problem the query
// leaves out.
type Match struct {
	ID     *string  `sql:"id"`
	Number *int     `sql:"number"`
	Rank   *float64 `sql:"r"`
	OK     int      `sql:"ok"`
}

// Rank returns, best first (ties by number), the matches of q among
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
func (ix *Index) Rank(ctx context.Context, base *ent.ProblemQuery, q Query) ([]Match, bool, error) {
	var (
		rows []Match
		more bool
		err  error
	)
	if ix.db.Dialect == dialect.Postgres {
		fn := "tdb_search_hits"
		if scan, err := ix.scanFinds(ctx, q); err != nil {
			return nil, false, fmt.Errorf("search problems: %w", err)
		} else if scan {
			fn = "tdb_search_scan"
		}
		rows, more, err = pgMatches(ctx, base, fn, q, MaxRanked+1)
		if err == nil && more && len(rows) <= MaxRanked {
			rows, more, err = pgMatches(ctx, base, fn, q, 8*(MaxRanked+1))
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
	slices.SortFunc(ms, func(a, b Match) int {
		if c := cmp.Compare(*b.Rank, *a.Rank); c != 0 {
			return c
		}
		return cmp.Compare(*a.Number, *b.Number)
	})
	return ms, more, nil
}

// scanRowCost is what reading one revision's row and testing it against a search costs, in
// units of one posting of the GIN index's bitmap, as the two plans compare end to end: at
// 1,000,000 revisions (warm, best of three) a word in 100%, 42%, 19%, 9%, 6%, 4% and 0.8% of
// them took 4, 6, 10, 17, 23, 29 and 113 ms by the scan against 89, 67, 50, 30, 25, 19 and 9 ms
// through the bitmap, so the two meet near 6%.
const scanRowCost = 4

// scanFinds says whether a sequential scan of the search index's rows (tdb_search_scan) finds
// q's candidates with less work than the GIN index (tdb_search_hits): the two return the same
// rows in the same order, but the index builds the bitmap of every match before it returns
// the first, while the scan reads rows until MaxRanked+1 match. With s the share of the rows
// that match (the product of each word's share: the vocabulary's count over the table's) and
// N the rows, the scan reads about n/s rows and the index about s·N postings: the scan is
// chosen when s²·N > n·scanRowCost, which at 1,000,000 rows is a search all of whose words
// are in about 6% of them or more, at 100,000 in 20%, and at 4,004 rows or fewer never. A word the vocabulary
// does not count (a number, a tag) makes the share unknown, and the index is used.
func (ix *Index) scanFinds(ctx context.Context, q Query) (bool, error) {
	var folded []string
	for _, w := range words(strings.Join(append([]string{q.words}, q.phrases...), " ")) {
		if w = fold(w); !slices.Contains(folded, w) {
			folded = append(folded, w)
		}
	}
	if len(folded) == 0 {
		return false, nil
	}
	var (
		total float64
		docs  []int64
	)
	err := ix.db.QueryRowContext(ctx, `SELECT (SELECT GREATEST(reltuples, 0)::float8 FROM pg_class WHERE oid = 'revision_search'::regclass),
		COALESCE(array_agg(docs), '{}') FROM search_words WHERE word = ANY($1)`, pq.Array(folded)).Scan(&total, pq.Array(&docs))
	if err != nil {
		return false, err
	}
	if len(docs) < len(folded) {
		return false, nil
	}
	return scanCheaper(total, docs, MaxRanked+1), nil
}

// scanCheaper says whether a scan finds n candidates of a search over total rows with less work
// than the GIN index, when its words are in docs rows each (see scanFinds).
func scanCheaper(total float64, docs []int64, n int) bool {
	if total <= 0 || len(docs) == 0 {
		return false
	}
	share := 1.0
	for _, d := range docs {
		share *= min(1, float64(d)/total)
	}
	return share*share*total > float64(n*scanRowCost)
}

// pgMatches returns those of the first n candidates of q that base keeps,
// in the index's order, and whether there were n (and so maybe more): fn
// is the function that finds them, tdb_search_hits or tdb_search_scan.
func pgMatches(ctx context.Context, base *ent.ProblemQuery, fn string, q Query, n int) ([]Match, bool, error) {
	var rows []Match
	if err := base.Clone().Order(pgCandidates(fn, q, n)).Modify().Scan(ctx, &rows); err != nil {
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
// fn (tdb_search_hits or tdb_search_scan), in their order, each with its problem if current and
// whether the query's predicates keep it, which move from WHERE to a column
// so that every candidate is counted. A list's own predicates read the
// problem's state, and the candidate's problem is found by an index that holds
// its revision, state, number and ID: PostgreSQL reads those from the index
// alone, without a page of the problems table for each of a thousand
// candidates, where vacuum has marked the table's pages all visible.
func pgCandidates(fn string, q Query, n int) func(*sql.Selector) {
	return func(sel *sql.Selector) {
		keep := sel.P()
		sel.SetP(nil)
		h := sql.Select("*").FromExpr(sql.ExprFunc(func(b *sql.Builder) {
			b.WriteString(fn + "(")
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
