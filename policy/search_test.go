package policy_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/migrations"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/search"
)

// searchFixture submits problems whose words exercise accents, stems,
// hyphens, phrases and weights, and returns the service.
func searchFixture(t *testing.T, dialectName string) *fixture {
	t.Helper()
	f := newFixture(t, dialectName)
	problems := []struct{ title, statement, tag, citation string }{
		{"Sums of two squares", "Which integers $n$ are a sum of two squares of integers?", "number theory",
			"G. H. Hardy and E. M. Wright, An Introduction to the Theory of Numbers."},
		{"Erdős–Straus conjecture", "For every $n \\ge 2$, $4/n = 1/x + 1/y + 1/z$ has a solution.", "egyptian fractions",
			"C. Elsholtz and T. Tao, Counting solutions of the Erdős–Straus equation."},
		{"Hardy-Littlewood k-tuple conjecture", "Admissible tuples of integers occur infinitely often as prime constellations.",
			"primes", "G. H. Hardy and J. E. Littlewood, Some problems of partitio numerorum III."},
		{"Lonely runner conjecture", "Every runner is at some time far from the others; squares appear nowhere in the title.",
			"combinatorics", "J. M. Wills, Zwei Sätze über inhomogene diophantische Approximation."},
	}
	for _, p := range problems {
		in := validInput()
		in.Title, in.Statement, in.Tags = p.title, p.statement, []string{p.tag}
		in.Exposition = []packet.ExpositionEntry{{Kind: packet.Remark, Body: "See the references."}}
		in.References = in.References[:1]
		in.References[0].Citation = p.citation
		if _, err := f.svc.Submit(context.Background(), f.member, in); err != nil {
			t.Fatal(err)
		}
	}
	return f
}

func searchTitles(t *testing.T, f *fixture, q string) []string {
	t.Helper()
	s, ok := search.Parse(q)
	if !ok {
		t.Fatalf("ParseSearch(%q) found nothing to search", q)
	}
	pq := f.svc.Client().Problem.Query()
	pq.Modify(f.svc.Search().ByRelevance(s))
	ps, err := pq.All(context.Background())
	if err != nil {
		t.Fatalf("search %q: %v", q, err)
	}
	out := []string{}
	for _, p := range ps {
		out = append(out, p.Title)
	}
	return out
}

// TestSearch: the same searches find the same problems in the same order
// on both databases.
func TestSearch(t *testing.T) {
	t.Parallel()
	for _, d := range dbtest.Dialects {
		t.Run(d, func(t *testing.T) {
			f := searchFixture(t, d)
			for _, tc := range []struct {
				q    string
				want []string
			}{
				{"Erdos", []string{"Erdős–Straus conjecture"}},                           // accents folded
				{"erdős straus", []string{"Erdős–Straus conjecture"}},                    // every word, anywhere
				{"straus ERDOS", []string{"Erdős–Straus conjecture"}},                    // any order, any case
				{"sum of two squares", []string{"Sums of two squares"}},                  // word forms
				{"squares", []string{"Sums of two squares", "Lonely runner conjecture"}}, // the title weighs more
				{`"two squares"`, []string{"Sums of two squares"}},                       // a phrase
				{"littlewood", []string{"Hardy-Littlewood k-tuple conjecture"}},          // a hyphenated word by its part
				{"hardy-littlewood", []string{"Hardy-Littlewood k-tuple conjecture"}},
				{"tuples", []string{"Hardy-Littlewood k-tuple conjecture"}},
				{"egyptian fractions", []string{"Erdős–Straus conjecture"}}, // tags
				{"Elsholtz", []string{"Erdős–Straus conjecture"}},           // citations
				{"Satze uber", []string{"Lonely runner conjecture"}},
				{"conjecture -straus", []string{"Hardy-Littlewood k-tuple conjecture", "Lonely runner conjecture"}},
				{"primes squares", []string{}},
				{`"squares two"`, []string{}},
				{`"sum of two squares"`, []string{"Sums of two squares"}},          // word forms in a phrase
				{`"Erdos Straus conjecture"`, []string{"Erdős–Straus conjecture"}}, // accents and a dash in a phrase
				{`"a sum of two" integers`, []string{"Sums of two squares"}},       // a phrase and a word
				{`"of integers" -tuples`, []string{"Sums of two squares"}},         // a phrase and a word left out
				{`"sum two squares"`, []string{}},                                  // the words, not together
				{`"primes squares" conjecture`, []string{}},
			} {
				got := searchTitles(t, f, tc.q)
				// The list's bounded ranking: the same.
				conn, err := f.svc.PageProblems(context.Background(), policy.ProblemPage{Search: tc.q})
				if err != nil {
					t.Fatalf("page of search %q: %v", tc.q, err)
				}
				listed := []string{}
				for _, e := range conn.Edges {
					listed = append(listed, e.Node.Title)
				}
				if tc.q == "conjecture -straus" { // equal weights: order by number
					slices.Sort(got)
					slices.Sort(listed)
				}
				if diff := cmp.Diff(tc.want, got); diff != "" {
					t.Errorf("search %q (-want +got):\n%s", tc.q, diff)
				}
				if diff := cmp.Diff(tc.want, listed); diff != "" || conn.TotalCount != len(tc.want) || policy.TotalIsLowerBound(conn) {
					t.Errorf("page of search %q: totalCount %d, lower bound %v (-want +got):\n%s",
						tc.q, conn.TotalCount, policy.TotalIsLowerBound(conn), diff)
				}
			}
		})
	}
}

// TestSearchSnippets: a snippet shows the words that matched, marked.
func TestSearchSnippets(t *testing.T) {
	t.Parallel()
	for _, d := range dbtest.Dialects {
		t.Run(d, func(t *testing.T) {
			f := searchFixture(t, d)
			s, _ := search.Parse("admissible constellations")
			ps, err := f.svc.Client().Problem.Query().Where(f.svc.Search().Matching(s)).All(context.Background())
			if err != nil || len(ps) != 1 {
				t.Fatalf("search: %v, %d problems", err, len(ps))
			}
			snips, err := f.svc.Search().Snippets(context.Background(), s, []string{*ps[0].CurrentRevisionID})
			if err != nil {
				t.Fatal(err)
			}
			var marked []string
			for _, part := range snips[*ps[0].CurrentRevisionID] {
				if part.Match {
					marked = append(marked, strings.ToLower(part.Text))
				}
			}
			if diff := cmp.Diff([]string{"admissible", "constellations"}, marked); diff != "" {
				t.Errorf("marked words (-want +got):\n%s", diff)
			}
		})
	}
}

// TestParseSearch: what cannot be searched for is said so, and FTS5's
// operators typed by a reader are words, not syntax.
func TestParseSearch(t *testing.T) {
	t.Parallel()
	for _, q := range []string{"", "   ", `"" ''`, "- + * ( )"} {
		if _, ok := search.Parse(q); ok {
			t.Errorf("ParseSearch(%q) ok; want nothing to search", q)
		}
	}
	for _, d := range dbtest.Dialects {
		t.Run(d, func(t *testing.T) {
			f := searchFixture(t, d)
			for _, q := range []string{`NOT AND OR`, `squares*`, `title:squares`, `NEAR(squares two)`, `"unbalanced`, `^squares`, `squares"`,
				`the`, `squares "of the"`, `squares -the`, `a & b | !c <-> d:*`} {
				s, ok := search.Parse(q)
				if !ok {
					continue
				}
				pq := f.svc.Client().Problem.Query().Where(problem.StateNEQ(problem.StateREMOVED))
				pq.Modify(f.svc.Search().ByRelevance(s))
				if _, err := f.svc.Client().Problem.Query().Where(f.svc.Search().Matching(s)).Count(context.Background()); err != nil {
					t.Errorf("count %q: %v", q, err)
				}
				if _, err := pq.All(context.Background()); err != nil {
					t.Errorf("search %q: %v", q, err)
				}
				if _, err := f.svc.PageProblems(context.Background(), policy.ProblemPage{Search: q}); err != nil {
					t.Errorf("page of search %q: %v", q, err)
				}
			}
		})
	}
}

// TestIndexMissing: revisions written before the index are indexed once.
func TestIndexMissing(t *testing.T) {
	t.Parallel()
	for _, d := range dbtest.Dialects {
		t.Run(d, func(t *testing.T) {
			f := searchFixture(t, d)
			if _, err := f.db.ExecContext(context.Background(), `DELETE FROM revision_search`); err != nil {
				t.Fatal(err)
			}
			if d != "postgres" {
				if _, err := f.db.ExecContext(context.Background(), `INSERT INTO revision_fts (revision_fts) VALUES ('delete-all')`); err != nil {
					t.Fatal(err)
				}
			}
			if got := searchTitles(t, f, "squares"); len(got) != 0 {
				t.Fatalf("after emptying the index: %v", got)
			}
			for _, want := range []int{4, 0} {
				n, err := f.svc.Search().IndexMissing(context.Background())
				if err != nil || n != want {
					t.Fatalf("IndexMissing() = %d, %v; want %d", n, err, want)
				}
			}
			if diff := cmp.Diff([]string{"Sums of two squares", "Lonely runner conjecture"}, searchTitles(t, f, "squares")); diff != "" {
				t.Errorf("after reindexing (-want +got):\n%s", diff)
			}
		})
	}
}

// TestListProblemsPages: every order pages through its results once, back
// and forth, and a cursor of another order or search is refused.
func TestListProblemsPages(t *testing.T) {
	t.Parallel()
	for _, d := range dbtest.Dialects {
		t.Run(d, func(t *testing.T) {
			f := searchFixture(t, d)
			ctx := context.Background()
			for _, q := range []policy.ListQuery{
				{Search: "conjecture"},
				{Search: "conjecture", Sort: policy.SortNumber},
				{Sort: policy.SortSubmitted},
				{},
			} {
				q.First = 1
				var forward []string
				l, err := f.svc.ListProblems(ctx, q)
				for err == nil {
					for _, p := range l.Problems {
						forward = append(forward, p.ID)
					}
					if l.Next == "" {
						break
					}
					q.After, q.Before = l.Next, ""
					l, err = f.svc.ListProblems(ctx, q)
					if err == nil && l.Prev == "" {
						t.Errorf("%+v: a later page has no previous link", q)
					}
				}
				if err != nil {
					t.Fatalf("%+v: %v", q, err)
				}
				want := 3
				if q.Search == "" {
					want = 4
				}
				if len(forward) != want || len(uniq(forward)) != want {
					t.Errorf("%+v: pages showed %v; want %d problems once each", q, forward, want)
				}
				// Back from the last page.
				var back []string
				q.After, q.Before = "", l.Prev
				for q.Before != "" {
					l, err := f.svc.ListProblems(ctx, q)
					if err != nil {
						t.Fatal(err)
					}
					for i := len(l.Problems) - 1; i >= 0; i-- {
						back = append(back, l.Problems[i].ID)
					}
					q.Before = l.Prev
				}
				slices.Reverse(back)
				if diff := cmp.Diff(forward[:len(forward)-1], back); diff != "" {
					t.Errorf("%+v: pages backwards (-want +got):\n%s", q, diff)
				}
			}
			rel, err := f.svc.ListProblems(ctx, policy.ListQuery{Search: "conjecture", First: 1})
			if err != nil {
				t.Fatal(err)
			}
			num, err := f.svc.ListProblems(ctx, policy.ListQuery{Sort: policy.SortNumber, First: 1})
			if err != nil {
				t.Fatal(err)
			}
			for _, bad := range []policy.ListQuery{
				{Search: "squares", After: rel.Next},                             // another search
				{Search: "conjecture", Sort: policy.SortNumber, After: rel.Next}, // another order
				{Sort: policy.SortSubmitted, After: num.Next},
				{Search: "conjecture", After: num.Next},
				{After: "garbage"},
				{Sort: "sideways"},
				{Sort: policy.SortRelevance},
				{State: "REMOVED"},
				{Search: strings.Repeat("x", policy.MaxSearch+1)},
			} {
				if _, err := f.svc.ListProblems(ctx, bad); policy.FieldErrors(err) == nil {
					t.Errorf("ListProblems(%+v) = %v; want a field error", bad, err)
				}
			}
		})
	}
}

func uniq(s []string) map[string]bool {
	m := map[string]bool{}
	for _, x := range s {
		m[x] = true
	}
	return m
}

// bulkProblems writes n problems with the same words straight through ent
// (Submit would take minutes), numbered from 1000, and indexes them.
func bulkProblems(t *testing.T, f *fixture, n int, title, statement string) {
	t.Helper()
	ctx := context.Background()
	c := f.svc.Client()
	now := f.svc.Now()
	in := validInput()
	var ps []*ent.ProblemCreate
	for i := range n {
		ps = append(ps, c.Problem.Create().SetID(fmt.Sprintf("TDB-%d", 1000+i)).SetNumber(1000+i).
			SetSlug(fmt.Sprintf("bulk-%d", i)).SetTitle(title).SetAcceptanceKind(problem.AcceptanceKindPROOF).
			SetProvenanceKind(problem.ProvenanceKindORIGINAL).SetSubmittedAt(now).SetDeadline(now.Add(time.Hour)).
			SetUpdatedAt(now).SetProposer(f.member))
	}
	if err := c.Problem.CreateBulk(ps...).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	var rs []*ent.RevisionCreate
	for i := range n {
		rs = append(rs, c.Revision.Create().SetProblemID(fmt.Sprintf("TDB-%d", 1000+i)).SetNumber(1).
			SetTitle(title).SetStatement(statement).SetExposition(in.Exposition).SetAcceptance(*in.Acceptance).
			SetProvenance(*in.Provenance).SetReferenceSearch(*in.ReferenceSearch).SetAuthor(f.member).SetCreatedAt(now))
	}
	if err := c.Revision.CreateBulk(rs...).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := f.db.ExecContext(ctx, `UPDATE problems SET current_revision_id =
		(SELECT id FROM revisions WHERE revisions.problem_id = problems.id) WHERE current_revision_id IS NULL`); err != nil {
		t.Fatal(err)
	}
	if got, err := f.svc.Search().IndexMissing(ctx); err != nil || got != n {
		t.Fatalf("IndexMissing() = %d, %v; want %d", got, err, n)
	}
}

// TestSearchBounded: a search that matches more problems than are ranked
// pages through MaxRanked of them, once each, in one order, says that its
// count is a lower bound, and refuses positions past the bound.
func TestSearchBounded(t *testing.T) {
	t.Parallel()
	const maxRanked = search.MaxRanked
	for _, d := range dbtest.Dialects {
		t.Run(d, func(t *testing.T) {
			f := searchFixture(t, d)
			ctx := context.Background()
			n := maxRanked + 20
			bulkProblems(t, f, n, "Bounded gaps between primes", "Are there infinitely many pairs of primes a bounded distance apart?")

			page := func(search string, after *ent.Cursor, first int) *ent.ProblemConnection {
				t.Helper()
				conn, err := f.svc.PageProblems(ctx, policy.ProblemPage{Search: search, After: after, First: &first})
				if err != nil {
					t.Fatalf("search %q after %v: %v", search, after, err)
				}
				return conn
			}
			for _, search := range []string{"bounded primes", `"bounded distance"`} {
				var (
					seen  []string
					after *ent.Cursor
				)
				for {
					conn := page(search, after, 300)
					if conn.TotalCount != maxRanked || !policy.TotalIsLowerBound(conn) {
						t.Fatalf("search %q: totalCount %d, lower bound %v; want %d, true",
							search, conn.TotalCount, policy.TotalIsLowerBound(conn), maxRanked)
					}
					for _, e := range conn.Edges {
						seen = append(seen, e.Node.ID)
					}
					if !conn.PageInfo.HasNextPage {
						after = conn.PageInfo.EndCursor
						break
					}
					after = conn.PageInfo.EndCursor
				}
				if len(seen) != maxRanked || len(uniq(seen)) != maxRanked {
					t.Errorf("search %q: pages showed %d problems, %d distinct; want %d", search, len(seen), len(uniq(seen)), maxRanked)
				}
				// A page read again (from memory) says so too.
				if conn := page(search, nil, 300); !policy.TotalIsLowerBound(conn) {
					t.Errorf("search %q: the first page read again has lost its lower bound", search)
				}
				// Again in pages of another size: the same order.
				var again []string
				for after := (*ent.Cursor)(nil); ; {
					conn := page(search, after, 97)
					for _, e := range conn.Edges {
						again = append(again, e.Node.ID)
					}
					if !conn.PageInfo.HasNextPage {
						break
					}
					after = conn.PageInfo.EndCursor
				}
				if !slices.Equal(seen, again) {
					t.Errorf("search %q: pages of 97 showed another order than pages of 300", search)
				}
				// Past the last ranked position: an empty page.
				if conn := page(search, after, 10); len(conn.Edges) != 0 || conn.PageInfo.HasNextPage {
					t.Errorf("search %q: after the last ranked: %d problems, next %v", search, len(conn.Edges), conn.PageInfo.HasNextPage)
				}
				// A position past the bound is none of ours.
				past := &ent.Cursor{ID: strings.Replace(after.ID, fmt.Sprintf(":%d", maxRanked-1), fmt.Sprintf(":%d", maxRanked), 1)}
				if past.ID == after.ID {
					t.Fatalf("last cursor %q is not at position %d", after.ID, maxRanked-1)
				}
				var ce *policy.CursorError
				if _, err := f.svc.PageProblems(ctx, policy.ProblemPage{Search: search, After: past}); !errors.As(err, &ce) {
					t.Errorf("search %q after %q: %v; want a cursor error", search, past.ID, err)
				}
			}
			first := 10
			conn, err := f.svc.PageProblems(ctx, policy.ProblemPage{Search: "primes", First: &first})
			if err != nil {
				t.Fatal(err)
			}
			if conn.TotalCount != maxRanked || !policy.TotalIsLowerBound(conn) {
				t.Errorf("primes: totalCount %d, lower bound %v", conn.TotalCount, policy.TotalIsLowerBound(conn))
			}
			// A phrase no problem holds. PostgreSQL checks phrases on the
			// problems ranked, which hold its words, and cannot say that no
			// other problem holds it; FTS5 reads word order from its index.
			conn, err = f.svc.PageProblems(ctx, policy.ProblemPage{Search: `"primes bounded"`, First: &first})
			if err != nil {
				t.Fatal(err)
			}
			if conn.TotalCount != 0 || policy.TotalIsLowerBound(conn) != (d == "postgres") {
				t.Errorf(`"primes bounded": totalCount %d, lower bound %v`, conn.TotalCount, policy.TotalIsLowerBound(conn))
			}
			// A filter that keeps only matches past the first candidates
			// (PostgreSQL filters its candidates, and takes more when it
			// kept too few): all of them, counted exactly.
			gte := 1000 + n - 10
			conn, err = f.svc.PageProblems(ctx, policy.ProblemPage{Search: "bounded", Where: &ent.ProblemWhereInput{NumberGTE: &gte}, First: &first})
			if err != nil {
				t.Fatal(err)
			}
			if conn.TotalCount != 10 || policy.TotalIsLowerBound(conn) || len(conn.Edges) != 10 {
				t.Errorf("bounded, number ≥ %d: totalCount %d, lower bound %v, %d edges; want 10, false, 10",
					gte, conn.TotalCount, policy.TotalIsLowerBound(conn), len(conn.Edges))
			}
			// Fewer matches than the bound: an exact count.
			conn, err = f.svc.PageProblems(ctx, policy.ProblemPage{Search: "conjecture", First: &first})
			if err != nil {
				t.Fatal(err)
			}
			if conn.TotalCount != 3 || policy.TotalIsLowerBound(conn) {
				t.Errorf("conjecture: totalCount %d, lower bound %v; want 3, false", conn.TotalCount, policy.TotalIsLowerBound(conn))
			}
		})
	}
}

// TestCompactSearchIndex: on SQLite, compacting merges the full-text
// index, which every submission grew by a segment, into one, and every
// search finds what it found before; on PostgreSQL there is nothing to do.
func TestCompactSearchIndex(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		f := searchFixture(t, dialectName)
		ctx := context.Background()
		for i := range 10 {
			in := validInput()
			in.Title = fmt.Sprintf("Squares in progression %d", i)
			if _, err := f.svc.Submit(ctx, f.account(t, fmt.Sprintf("compact%d", i)), in); err != nil {
				t.Fatal(err)
			}
		}
		searches := []string{"sum of two squares", "Erdos", `"prime constellations"`, "squares progression", "conjecture -runner"}
		before := map[string][]string{}
		for _, q := range searches {
			before[q] = searchTitles(t, f, q)
		}
		segments := func() int {
			var n int
			if err := f.svc.DB().QueryRowContext(ctx, `SELECT count(DISTINCT segid) FROM revision_fts_idx`).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		if dialectName == "sqlite3" && segments() < 2 {
			t.Fatalf("the index has %d segments before compacting; want several", segments())
		}
		steps, err := f.svc.Search().CompactIndex(ctx, time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		if dialectName != "sqlite3" {
			if steps != 0 {
				t.Errorf("CompactSearchIndex on %s took %d steps; want 0", dialectName, steps)
			}
			return
		}
		if steps == 0 || segments() != 1 {
			t.Errorf("CompactSearchIndex took %d steps and left %d segments; want some steps and 1 segment", steps, segments())
		}
		if again, err := f.svc.Search().CompactIndex(ctx, time.Minute); err != nil || again != 0 {
			t.Errorf("CompactSearchIndex on a merged index = %d, %v; want 0 steps", again, err)
		}
		for _, q := range searches {
			if diff := cmp.Diff(before[q], searchTitles(t, f, q)); diff != "" {
				t.Errorf("search %q after compacting (-before +after):\n%s", q, diff)
			}
		}
	})
}

// TestSearchIndexGainsPairs: an SQLite index made before it held word
// pairs (three columns, its own copy of the text) is rebuilt by
// migrations.Apply with them, keeping every row and the text once, and
// then finds what it found before, phrases included.
func TestSearchIndexGainsPairs(t *testing.T) {
	t.Parallel()
	f := searchFixture(t, "sqlite3")
	ctx := context.Background()
	searches := []string{"sum of two squares", "Erdos", `"two squares"`, `"sum of two squares"`, `"prime constellations"`, "conjecture -runner"}
	before := map[string][]string{}
	for _, q := range searches {
		before[q] = searchTitles(t, f, q)
	}
	var rows int
	if err := f.db.QueryRowContext(ctx, `SELECT count(*) FROM revision_search`).Scan(&rows); err != nil {
		t.Fatal(err)
	}
	// The index as it was made before: the words alone, and the text in it.
	for _, stmt := range []string{
		`CREATE VIRTUAL TABLE revision_fts_old USING fts5 (title, body, extra, tokenize = 'porter unicode61 remove_diacritics 2')`,
		`INSERT INTO revision_fts_old (rowid, title, body, extra) SELECT rowid, title, body, extra FROM revision_search`,
		`DROP TABLE revision_fts`,
		`DROP VIEW revision_fts_text`,
		`ALTER TABLE revision_search DROP COLUMN title`,
		`ALTER TABLE revision_search DROP COLUMN body`,
		`ALTER TABLE revision_search DROP COLUMN extra`,
		`ALTER TABLE revision_fts_old RENAME TO revision_fts`,
	} {
		if _, err := f.db.ExecContext(ctx, stmt); err != nil {
			t.Fatalf("%s: %v", stmt, err)
		}
	}
	if got := searchTitles(t, f, "Erdos"); !slices.Equal(got, before["Erdos"]) {
		t.Fatalf("the index made as before finds %q", got)
	}
	if err := migrations.Apply(ctx, f.db.DB, f.db.Dialect, slog.New(slog.NewTextHandler(io.Discard, nil))); err != nil {
		t.Fatal(err)
	}
	var after, texts, stored int
	if err := f.db.QueryRowContext(ctx, `SELECT count(*), count(NULLIF(body, '')) FROM revision_search`).Scan(&after, &texts); err != nil {
		t.Fatalf("the index after migrating: %v", err)
	}
	if after != rows || texts != rows {
		t.Errorf("after migrating: %d rows, %d with their text; want %d and %d", after, texts, rows, rows)
	}
	// The text is kept once, in revision_search: FTS5 keeps no copy.
	if err := f.db.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master WHERE name = 'revision_fts_content'`).Scan(&stored); err != nil || stored != 0 {
		t.Errorf("revision_fts keeps its own copy of the text (%v)", err)
	}
	for _, q := range searches {
		if diff := cmp.Diff(before[q], searchTitles(t, f, q)); diff != "" {
			t.Errorf("search %q after migrating (-before +after):\n%s", q, diff)
		}
	}
	// Applying again leaves it be.
	if err := migrations.Apply(ctx, f.db.DB, f.db.Dialect, slog.New(slog.NewTextHandler(io.Discard, nil))); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(before["Erdos"], searchTitles(t, f, "Erdos")); diff != "" {
		t.Errorf("after migrating twice (-before +after):\n%s", diff)
	}
}

// TestSearchSnippetsKeepFormulasWhole: a snippet cut near a formula shows
// the whole formula or none of it, so that the page can render it, on
// both databases.
func TestSearchSnippetsKeepFormulasWhole(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		f := searchFixture(t, dialectName)
		ctx := context.Background()
		in := validInput()
		in.Title = "A bound for partial sums"
		in.Statement = "Words come first, and more words after them, before the formula begins. Let $S = a_1 + a_2 + a_3 + a_4 + a_5 + a_6 + a_7 + a_8 + a_9 + a_{10}$ " +
			"where every term is positive; then the quantity vanishes exactly when each term does, and many more words follow here to the end of the statement, " +
			"so that a snippet cannot hold it all."
		if _, err := f.svc.Submit(ctx, f.account(t, "formulas"), in); err != nil {
			t.Fatal(err)
		}
		l, err := f.svc.ListProblems(ctx, policy.ListQuery{Search: "vanishes"})
		if err != nil || len(l.Problems) != 1 {
			t.Fatalf("search: %v, %d problems", err, len(l.Problems))
		}
		var text strings.Builder
		var marked []string
		for _, p := range l.Problems[0].Snippet {
			text.WriteString(p.Text)
			if p.Match {
				marked = append(marked, p.Text)
			}
		}
		snippet := text.String()
		if strings.Count(snippet, "$")%2 != 0 {
			t.Errorf("the snippet cuts a formula: %q", snippet)
		}
		if !slices.Equal(marked, []string{"vanishes"}) {
			t.Errorf("snippet %q marks %q; want vanishes", snippet, marked)
		}
		if !strings.Contains(snippet, "…") || len(snippet) >= len(in.Statement) {
			t.Errorf("snippet %q is not a passage of the statement", snippet)
		}
	})
}
