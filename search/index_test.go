package search_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/db"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/role"
	"github.com/theoremdb/theoremdb/search"
)

// doc is one problem of a test's index: its title, statement, exposition and tags.
type doc struct {
	title, statement string
	exposition       []packet.ExpositionEntry
	tags             []string
}

// corpus is the problems every test here indexes, numbered from 1 in this order. Their text is
// written for these tests: each word a test searches for is where the test says it is.
var corpus = []doc{
	{title: "Sums of two squares in short intervals",
		statement: `Prove that for every large $x$ the interval $[x, x + x^{1/4}]$ contains an integer that is a sum of two squares.`,
		tags:      []string{"number theory"}},
	{title: "The lonely runner conjecture",
		statement: `Let $k \ge 1$ runners with distinct constant speeds start together on a circular track of length $1$. Prove that each runner is at some time at distance at least $1/(k+1)$ from every other.`,
		tags:      []string{"combinatorics", "diophantine approximation"}},
	{title: "Erdős–Straus conjecture",
		statement:  `Prove that for every integer $n \ge 2$ the equation $4/n = 1/x + 1/y + 1/z$ has a solution in positive integers $x, y, z$.`,
		exposition: []packet.ExpositionEntry{{Kind: packet.Remark, Body: `Checked by computer for every $n \le 10^{17}$; the squares of primes are the hard residue classes.`}},
		tags:       []string{"number theory", "egyptian fractions"}},
	{title: "Admissible tuples and prime gaps",
		statement: `Let $H$ be an admissible $k$-tuple. Determine whether infinitely many translates $n + H$ contain at least two primes.`,
		exposition: []packet.ExpositionEntry{{Kind: packet.Definition, Term: "admissible tuple",
			Body: `A set $H$ of integers that misses at least one residue class modulo every prime.`}},
		tags: []string{"number theory", "primes"}},
	{title: "Unit distances in the plane",
		statement: `Determine whether $n$ points in the plane span at most $n^{1+o(1)}$ pairs at distance exactly $1$.`,
		tags:      []string{"geometry", "squares"}},
}

// fixture is a migrated database of one dialect with corpus indexed, its problems TDB-1 to TDB-5.
type fixture struct {
	db      *db.DB
	ix      *search.Index
	account string
	ids     []string // problem IDs in the order they were made, TDB-1 first
}

func newFixture(t *testing.T, dialect string) *fixture {
	t.Helper()
	ctx := context.Background()
	d := dbtest.Open(t, dialect)
	client := d.Ent()
	f := &fixture{db: d, ix: search.New(d, client)}
	now := time.Date(2026, time.November, 1, 0, 0, 0, 0, time.UTC)
	acc, err := client.Account.Create().SetHandle("indexer").SetRoles([]role.Role{}).SetCreatedAt(now).Save(ctx)
	if err != nil {
		t.Fatalf("account: %v", err)
	}
	f.account = acc.ID
	for _, c := range corpus {
		f.addProblem(t, c)
	}
	if n, err := f.ix.IndexMissing(ctx); err != nil || n != len(corpus) {
		t.Fatalf("IndexMissing = %d, %v; want %d", n, err, len(corpus))
	}
	return f
}

// addProblem writes a problem with its first revision, not yet indexed, and returns the
// revision's ID.
func (f *fixture) addProblem(t *testing.T, c doc) string {
	t.Helper()
	ctx, client := context.Background(), f.db.Ent()
	n := len(f.ids) + 1
	now := time.Date(2026, time.November, 1, 0, 0, 0, 0, time.UTC)
	p, err := client.Problem.Create().SetID(fmt.Sprintf("TDB-%d", n)).SetNumber(n).SetSlug(fmt.Sprintf("p-%d", n)).
		SetTitle(c.title).SetAcceptanceKind(problem.AcceptanceKindPROOF).SetProvenanceKind(problem.ProvenanceKindORIGINAL).
		SetSubmittedAt(now).SetDeadline(now.AddDate(0, 0, 7)).SetUpdatedAt(now).SetProposerID(f.account).Save(ctx)
	if err != nil {
		t.Fatalf("problem %d: %v", n, err)
	}
	rev, err := client.Revision.Create().SetProblemID(p.ID).SetNumber(1).SetTitle(c.title).SetStatement(c.statement).
		SetExposition(c.exposition).SetAcceptance(packet.Acceptance{Kind: packet.Proof}).SetProvenance(packet.Provenance{Kind: packet.Original}).
		SetReferenceSearch(packet.ReferenceSearch{}).SetTags(c.tags).SetAuthorID(f.account).SetCreatedAt(now).Save(ctx)
	if err != nil {
		t.Fatalf("revision %d: %v", n, err)
	}
	if err := client.Problem.UpdateOneID(p.ID).SetCurrentRevisionID(rev.ID).Exec(ctx); err != nil {
		t.Fatalf("current revision %d: %v", n, err)
	}
	f.ids = append(f.ids, p.ID)
	return rev.ID
}

// index writes a problem and indexes its revision as a write of a revision does.
func (f *fixture) index(t *testing.T, c doc) {
	t.Helper()
	f.add(t, f.addProblem(t, c), search.TextOf(c.title, c.statement, c.exposition, c.tags, nil))
}

// add indexes one revision's text in a transaction of its own, as a write of a revision does.
func (f *fixture) add(t *testing.T, revID string, txt search.Text) {
	t.Helper()
	ctx := context.Background()
	tx, err := f.db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.ix.Add(ctx, tx, revID, txt); err != nil {
		_ = tx.Rollback()
		t.Fatalf("Add(%s): %v", revID, err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
}

// numbers are the problem numbers a search finds, best first.
func (f *fixture) numbers(t *testing.T, q string) []int {
	t.Helper()
	sq, ok := search.Parse(q)
	if !ok {
		t.Fatalf("Parse(%q) not ok", q)
	}
	ms, more, err := f.ix.Rank(context.Background(), f.db.Ent().Problem.Query(), sq)
	if err != nil {
		t.Fatalf("Rank(%q): %v", q, err)
	}
	if more {
		t.Errorf("Rank(%q) says more match than it ranks", q)
	}
	var out []int
	for _, m := range ms {
		out = append(out, *m.Number)
	}
	return out
}

// TestSearchMatches: on both databases a search finds the problems that hold every word it
// asks for, folded for case, accents and English stems; a quoted phrase must occur in order; a
// minus-word must not occur; the matches are the same whichever engine ranks them. Where the
// order is given (ranked), a word in the title ranks its problem above the same word in a
// statement, and a statement above a tag; between equal ranks the lower number comes first.
func TestSearchMatches(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, dialect string) {
		t.Parallel()
		f := newFixture(t, dialect)
		for _, tt := range []struct {
			q      string
			want   []int
			ranked bool // want is in rank order
		}{
			{"squares", []int{1, 3, 5}, true},              // title, then a remark, then a tag
			{"conjecture", []int{2, 3}, true},              // both in the title: by number
			{"distance", []int{5, 2}, true},                // "distances" in a title beats the statement
			{"primes", []int{4, 3}, true},                  // title beats a remark
			{"square", []int{1, 3, 5}, false},              // a stem finds its plural
			{"SQUARES sum", []int{1}, false},               // every word, case folded
			{"erdos", []int{3}, false},                     // accents folded
			{"Erdős Straus", []int{3}, false},              // as typed
			{`"two squares"`, []int{1}, false},             // a phrase in order
			{`"squares two"`, nil, false},                  // the same words out of order
			{"squares -geometry", []int{1, 3}, false},      // a word excluded
			{"prime", []int{3, 4}, false},                  // primes, prime
			{`"admissible tuple"`, []int{4}, false},        // a definition's term
			{"runner -lonely", nil, false},                 // every runner problem is lonely
			{"diophantine approximation", []int{2}, false}, // tags are indexed
			{"xylophone", nil, false},                      // no match
			{"residue class modulo", []int{4}, false},      // a definition's body
			{`"unit distances" plane`, []int{5}, false},    // a phrase and a word
			{`"at distance exactly"`, []int{5}, false},     // a phrase of common words
			{"integers -squares", []int{4}, false},         // excluded anywhere in the text
		} {
			got := f.numbers(t, tt.q)
			if !tt.ranked {
				slices.Sort(got)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("%s: search %q finds %v; want %v", dialect, tt.q, got, tt.want)
			}
		}
	})
}

// TestSearchMatchingAndByRelevance: the list's predicate and its ordering by relevance agree with
// Rank on both databases, and combine with the list's own predicates.
func TestSearchMatchingAndByRelevance(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, dialect string) {
		t.Parallel()
		f := newFixture(t, dialect)
		ctx := context.Background()
		q, _ := search.Parse("squares")
		matching, err := f.db.Ent().Problem.Query().Where(f.ix.Matching(q)).Order(ent.Asc(problem.FieldNumber)).IDs(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if want := []string{"TDB-1", "TDB-3", "TDB-5"}; !slices.Equal(matching, want) {
			t.Errorf("%s: Matching(squares) = %v; want %v", dialect, matching, want)
		}
		ranked, err := f.db.Ent().Problem.Query().Where(problem.NumberNEQ(1)).Modify(f.ix.ByRelevance(q)).Select(problem.FieldID).Strings(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if want := []string{"TDB-3", "TDB-5"}; !slices.Equal(ranked, want) {
			t.Errorf("%s: ByRelevance(squares) without TDB-1 = %v; want %v", dialect, ranked, want)
		}
		ms, more, err := f.ix.Rank(ctx, f.db.Ent().Problem.Query().Where(problem.NumberGT(2)), q)
		if err != nil || more {
			t.Fatalf("Rank = %v, %v", more, err)
		}
		var got []string
		for _, m := range ms {
			got = append(got, *m.ID)
		}
		if want := []string{"TDB-3", "TDB-5"}; !slices.Equal(got, want) {
			t.Errorf("%s: Rank(squares) among numbers > 2 = %v; want %v", dialect, got, want)
		}
	})
}

// TestSuggest: on both databases a word the index does not hold is replaced by its nearest
// word in the index's vocabulary; words it holds, excluded words, short words and words with
// nothing near stay as typed, with the reader's quotes and case around them.
func TestSuggest(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, dialect string) {
		t.Parallel()
		f := newFixture(t, dialect)
		for _, tt := range []struct {
			q, want string
			changed bool
		}{
			{"lonley runer", "lonely runner", true},               // a swap, a letter dropped
			{"Admisible", "admissible", true},                     // a capital folded
			{"Erdos Strauss", "Erdos straus", true},               // a letter doubled; a known word as typed
			{"Erdős", "Erdős", false},                             // known once folded
			{`"intervalls" -squars`, `"intervals" -squars`, true}, // an excluded word stays
			{"sqaures", "squares", true},                          // a swap
			{"lonely runner", "lonely runner", false},             // every word known
			{"xylophone", "xylophone", false},                     // nothing near
			{"qz tupls", "qz tuple", true},                        // a word too short stays; "tuple" and "tuples" tie, and the first in order wins
			{"runers distnct", "runners distinct", true},          // words of a statement
			{"diophantin", "diophantin", false},                   // tags are searched, not suggested from
			{"", "", false},
		} {
			got, changed, err := f.ix.Suggest(context.Background(), tt.q)
			if err != nil {
				t.Fatalf("Suggest(%q): %v", tt.q, err)
			}
			if got != tt.want || changed != tt.changed {
				t.Errorf("%s: Suggest(%q) = %q, %v; want %q, %v", dialect, tt.q, got, changed, tt.want, tt.changed)
			}
		}
	})
}

// TestSuggestPrefersFrequentWords: among words at the same distance the one in more revisions
// wins, and a revision indexed twice counts once.
func TestSuggestPrefersFrequentWords(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, dialect string) {
		t.Parallel()
		f := newFixture(t, dialect)
		ctx := context.Background()
		// "graph" in two new revisions, "grape" in one: "grapx" is one edit from each.
		f.index(t, doc{title: "Graph colouring", statement: "Colour every planar graph with four colours."})
		f.index(t, doc{title: "Graph minors", statement: "Every graph without a given minor has bounded treewidth."})
		grape := doc{title: "Grape harvests", statement: "A grape is a fruit."}
		rev := f.addProblem(t, grape)
		f.add(t, rev, search.TextOf(grape.title, grape.statement, nil, nil, nil))
		f.add(t, rev, search.TextOf(grape.title, grape.statement, nil, nil, nil)) // indexed already
		if got, _, err := f.ix.Suggest(ctx, "grapx"); err != nil || got != "graph" {
			t.Errorf("%s: Suggest(grapx) = %q, %v; want graph", dialect, got, err)
		}
		var docs int
		if err := f.db.QueryRowContext(ctx, `SELECT docs FROM search_words WHERE word = 'grape'`).Scan(&docs); err != nil || docs != 1 {
			t.Errorf("%s: 'grape' counted in %d revisions (%v); want 1", dialect, docs, err)
		}
	})
}

// TestSnippets: on both databases a snippet marks the words a search matched, in the text the
// revision holds, and leaves out revisions the search does not match.
func TestSnippets(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, dialect string) {
		t.Parallel()
		f := newFixture(t, dialect)
		ctx := context.Background()
		revs, err := f.db.Ent().Problem.Query().Order(ent.Asc(problem.FieldNumber)).Select(problem.FieldCurrentRevisionID).Strings(ctx)
		if err != nil {
			t.Fatal(err)
		}
		q, _ := search.Parse("admissible primes")
		got, err := f.ix.Snippets(ctx, q, revs)
		if err != nil {
			t.Fatal(err)
		}
		for i, rev := range revs {
			for _, p := range got[rev] {
				if p.Match && i != 3 {
					t.Errorf("%s: snippet of TDB-%d, which the search does not match, marks %q", dialect, i+1, p.Text)
				}
			}
		}
		parts := got[revs[3]]
		var marked, text []string
		for _, p := range parts {
			text = append(text, p.Text)
			if p.Match {
				marked = append(marked, strings.ToLower(p.Text))
			}
		}
		joined := strings.Join(text, "")
		if !strings.Contains(joined, "admissible") || !strings.Contains(joined, "primes") {
			t.Errorf("%s: snippet %q does not quote the matched words", dialect, joined)
		}
		for _, m := range marked {
			if !strings.HasPrefix(m, "admissible") && !strings.HasPrefix(m, "prime") {
				t.Errorf("%s: snippet marks %q, which the search did not ask for", dialect, m)
			}
		}
		if !slices.Contains(marked, "admissible") {
			t.Errorf("%s: snippet marks %q; want admissible among them", dialect, marked)
		}
		if none, err := f.ix.Snippets(ctx, q, nil); err != nil || len(none) != 0 {
			t.Errorf("%s: Snippets of no revisions = %v, %v", dialect, none, err)
		}
	})
}

// TestIndexMissingOnlyOnce: a second IndexMissing finds nothing to add, and a revision indexed
// by Add is not added again.
func TestIndexMissingOnlyOnce(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, dialect string) {
		t.Parallel()
		f := newFixture(t, dialect)
		if n, err := f.ix.IndexMissing(context.Background()); err != nil || n != 0 {
			t.Errorf("%s: second IndexMissing = %d, %v; want 0", dialect, n, err)
		}
		var rows int
		if err := f.db.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM revision_search`).Scan(&rows); err != nil || rows != len(corpus) {
			t.Errorf("%s: %d indexed rows (%v); want %d", dialect, rows, err, len(corpus))
		}
	})
}

// TestCompactIndex: SQLite's index merges to one segment in a few steps and then has nothing
// to merge, and its searches find what they found before; PostgreSQL has nothing to do.
func TestCompactIndex(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, dialect string) {
		t.Parallel()
		f := newFixture(t, dialect)
		ctx := context.Background()
		for i := range 30 {
			f.index(t, doc{title: fmt.Sprintf("Lattice points %d", i), statement: "Count the lattice points in a disc of radius $r$."})
		}
		if _, err := f.ix.CompactIndex(ctx, time.Minute); err != nil {
			t.Fatalf("%s: CompactIndex: %v", dialect, err)
		}
		if steps, err := f.ix.CompactIndex(ctx, time.Minute); err != nil || steps != 0 {
			t.Errorf("%s: a second CompactIndex did %d steps (%v); want 0", dialect, steps, err)
		}
		if got := f.numbers(t, "squares"); !slices.Equal(got, []int{1, 3, 5}) {
			t.Errorf("%s: after compacting, search squares finds %v", dialect, got)
		}
		if got := f.numbers(t, "lattice disc"); len(got) != 30 {
			t.Errorf("%s: after compacting, search lattice disc finds %d problems; want 30", dialect, len(got))
		}
	})
}
