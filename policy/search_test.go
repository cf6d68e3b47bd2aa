package policy_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
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
	s, ok := policy.ParseSearch(q)
	if !ok {
		t.Fatalf("ParseSearch(%q) found nothing to search", q)
	}
	pq := f.svc.Client().Problem.Query()
	pq.Modify(f.svc.ByRelevance(s))
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
			} {
				got := searchTitles(t, f, tc.q)
				if tc.q == "conjecture -straus" { // equal weights: order by number
					slices.Sort(got)
				}
				if diff := cmp.Diff(tc.want, got); diff != "" {
					t.Errorf("search %q (-want +got):\n%s", tc.q, diff)
				}
			}
		})
	}
}

// TestSearchSnippets: a snippet shows the words that matched, marked.
func TestSearchSnippets(t *testing.T) {
	for _, d := range dbtest.Dialects {
		t.Run(d, func(t *testing.T) {
			f := searchFixture(t, d)
			s, _ := policy.ParseSearch("admissible constellations")
			ps, err := f.svc.Client().Problem.Query().Where(f.svc.Matching(s)).All(context.Background())
			if err != nil || len(ps) != 1 {
				t.Fatalf("search: %v, %d problems", err, len(ps))
			}
			snips, err := f.svc.Snippets(context.Background(), s, []string{*ps[0].CurrentRevisionID})
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
	for _, q := range []string{"", "   ", `"" ''`, "- + * ( )"} {
		if _, ok := policy.ParseSearch(q); ok {
			t.Errorf("ParseSearch(%q) ok; want nothing to search", q)
		}
	}
	for _, d := range dbtest.Dialects {
		t.Run(d, func(t *testing.T) {
			f := searchFixture(t, d)
			for _, q := range []string{`NOT AND OR`, `squares*`, `title:squares`, `NEAR(squares two)`, `"unbalanced`, `^squares`, `squares"`} {
				s, ok := policy.ParseSearch(q)
				if !ok {
					continue
				}
				pq := f.svc.Client().Problem.Query().Where(problem.StateNEQ(problem.StateREMOVED))
				pq.Modify(f.svc.ByRelevance(s))
				if _, err := f.svc.Client().Problem.Query().Where(f.svc.Matching(s)).Count(context.Background()); err != nil {
					t.Errorf("count %q: %v", q, err)
				}
				if _, err := pq.All(context.Background()); err != nil {
					t.Errorf("search %q: %v", q, err)
				}
			}
		})
	}
}

// TestIndexMissing: revisions written before the index are indexed once.
func TestIndexMissing(t *testing.T) {
	for _, d := range dbtest.Dialects {
		t.Run(d, func(t *testing.T) {
			f := searchFixture(t, d)
			if _, err := f.db.ExecContext(context.Background(), `DELETE FROM revision_search`); err != nil {
				t.Fatal(err)
			}
			if d != "postgres" {
				if _, err := f.db.ExecContext(context.Background(), `DELETE FROM revision_fts`); err != nil {
					t.Fatal(err)
				}
			}
			if got := searchTitles(t, f, "squares"); len(got) != 0 {
				t.Fatalf("after emptying the index: %v", got)
			}
			for _, want := range []int{4, 0} {
				n, err := f.svc.IndexMissing(context.Background())
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
