package policy_test

import (
	"context"
	"testing"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/policy"
)

// TestSearchSuggestions: a search that finds nothing is corrected from the index's own
// vocabulary on both databases — a letter dropped, swapped, doubled or wrong, accents and case
// as typed — and a search that finds something, or has no near word, gets no suggestion.
func TestSearchSuggestions(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		t.Parallel()
		f := searchFixture(t, d)
		for _, tc := range []struct{ q, want string }{
			{"Littlewod", "littlewood"},               // a letter dropped
			{"lonley runner", "lonely runner"},        // two letters swapped
			{"Erdos Strauss", "Erdos straus"},         // a letter doubled; the known word kept as typed
			{"sqaures -tuples", "squares -tuples"},    // an excluded word kept
			{`"two sqares"`, `"two squares"`},         // inside a phrase
			{"admisible tupels", "admissible tuples"}, // two words
			{"squares", ""},                           // found: no suggestion
			{"xylophone", ""},                         // nothing near
		} {
			l, err := f.svc.ListProblems(context.Background(), policy.ListQuery{Search: tc.q})
			if err != nil {
				t.Fatalf("ListProblems(%q): %v", tc.q, err)
			}
			if l.Suggestion != tc.want {
				t.Errorf("search %q (found %d): suggestion %q; want %q", tc.q, l.Total, l.Suggestion, tc.want)
			}
			if tc.want != "" {
				again, err := f.svc.ListProblems(context.Background(), policy.ListQuery{Search: l.Suggestion})
				if err != nil || again.Total == 0 {
					t.Errorf("the suggestion %q finds nothing (%v)", l.Suggestion, err)
				}
			}
		}
	})
}

// TestSearchVocabularyFilledOnce: an index made before the vocabulary has its words counted at
// the next start (IndexMissing), so that suggestions work on an older database too.
func TestSearchVocabularyFilledOnce(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		t.Parallel()
		ctx := context.Background()
		f := searchFixture(t, d)
		if _, err := f.db.ExecContext(ctx, `DELETE FROM search_words`); err != nil {
			t.Fatal(err)
		}
		if l, _ := f.svc.ListProblems(ctx, policy.ListQuery{Search: "Littlewod"}); l.Suggestion != "" {
			t.Fatalf("with no vocabulary, suggestion %q", l.Suggestion)
		}
		if _, err := f.svc.Search().IndexMissing(ctx); err != nil {
			t.Fatal(err)
		}
		var docs int
		if err := f.db.QueryRowContext(ctx, `SELECT docs FROM search_words WHERE word = 'conjecture'`).Scan(&docs); err != nil || docs != 3 {
			t.Errorf("'conjecture' counted in %d revisions (%v); want 3", docs, err)
		}
		if l, _ := f.svc.ListProblems(ctx, policy.ListQuery{Search: "Littlewod"}); l.Suggestion != "littlewood" {
			t.Errorf("after IndexMissing, suggestion %q; want littlewood", l.Suggestion)
		}
		if _, err := f.svc.Search().IndexMissing(ctx); err != nil { // a second start counts nothing twice
			t.Fatal(err)
		}
		if err := f.db.QueryRowContext(ctx, `SELECT docs FROM search_words WHERE word = 'conjecture'`).Scan(&docs); err != nil || docs != 3 {
			t.Errorf("after a second start 'conjecture' counted in %d revisions (%v); want 3", docs, err)
		}
	})
}
