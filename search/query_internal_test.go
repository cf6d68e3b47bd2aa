package search

import (
	"strings"
	"testing"

	"entgo.io/ent/dialect"
	"entgo.io/ent/dialect/sql"
	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/search/searchtext"
)

// TestParseForBothEngines: a reader's search becomes one query for each engine that asks for
// the same thing: FTS5 gets every word quoted (so that no word is an operator), each phrase as
// the phrase of its word pairs, and NOT for each excluded word; PostgreSQL gets the words whole
// (its own parser reads "1.5" and "k-tuple"), the phrases of more than one word, and the
// excluded words.
func TestParseForBothEngines(t *testing.T) {
	t.Parallel()
	pair := func(a, b string) string { return a + string(searchtext.Joiner) + b }
	for _, tt := range []struct {
		q                string
		fts5, fts5Words  string
		words            string
		phrases, notWord []string
	}{
		{q: "sum of two squares", fts5: `"sum" "of" "two" "squares"`, fts5Words: `"sum" "of" "two" "squares"`, words: "sum of two squares"},
		{q: `"bounded gaps" primes`,
			fts5:      `{title_pairs body_pairs extra_pairs} : "` + pair("bound", "gap") + `" "primes"`,
			fts5Words: `"bounded gaps" "primes"`, words: "bounded gaps primes", phrases: []string{"bounded gaps"}},
		{q: "primes -twin -cousin", fts5: `"primes" NOT "twin" NOT "cousin"`, fts5Words: `"primes" NOT "twin" NOT "cousin"`,
			words: "primes", notWord: []string{"twin", "cousin"}},
		// A word the reader wrote with punctuation is the words inside it for FTS5 and whole for
		// PostgreSQL's parser.
		{q: "admissible k-tuple", fts5: `"admissible" "k" "tuple"`, fts5Words: `"admissible" "k" "tuple"`, words: "admissible k-tuple"},
		{q: "exponent 1.5", fts5: `"exponent" "1" "5"`, fts5Words: `"exponent" "1" "5"`, words: "exponent 1.5"},
		// A one-word phrase is a word: there are no pairs to find it by.
		{q: `"Erdős"`, fts5: `"Erdős"`, fts5Words: `"Erdős"`, words: "Erdős"},
		// FTS5's operators typed as words are words.
		{q: "AND OR NEAR", fts5: `"AND" "OR" "NEAR"`, fts5Words: `"AND" "OR" "NEAR"`, words: "AND OR NEAR"},
		// A quote left open runs to the end of the search.
		{q: `lonely "runner conjecture`,
			fts5:      `"lonely" {title_pairs body_pairs extra_pairs} : "` + pair("runner", "conjectur") + `"`,
			fts5Words: `"lonely" "runner conjecture"`, words: "lonely runner conjecture", phrases: []string{"runner conjecture"}},
	} {
		got, ok := Parse(tt.q)
		if !ok {
			t.Errorf("Parse(%q) not ok", tt.q)
			continue
		}
		want := Query{fts5: tt.fts5, fts5Words: tt.fts5Words, words: tt.words, phrases: tt.phrases, not: tt.notWord}
		if diff := cmp.Diff(want, got, cmp.AllowUnexported(Query{})); diff != "" {
			t.Errorf("Parse(%q) (-want +got):\n%s", tt.q, diff)
		}
	}
}

// TestParseNothingToSearch: a search of nothing but excluded words, punctuation or empty
// quotes asks for nothing, and is refused rather than run as a search of everything.
func TestParseNothingToSearch(t *testing.T) {
	t.Parallel()
	for _, q := range []string{"", "   ", "-twin", `"" -primes`, "-- ++ ..", `" "`} {
		if got, ok := Parse(q); ok {
			t.Errorf("Parse(%q) = %+v, ok; want nothing to search", q, got)
		}
	}
}

// TestDigestSeparatesSearches: the cursor digest tells apart searches that ask for different
// things and agrees on those that differ only in spacing.
func TestDigestSeparatesSearches(t *testing.T) {
	t.Parallel()
	digest := func(q string) string {
		s, ok := Parse(q)
		if !ok {
			t.Fatalf("Parse(%q) not ok", q)
		}
		return s.Digest()
	}
	distinct := []string{"primes twin", "primes -twin", `"primes twin"`, "twin primes", "primes"}
	seen := map[string]string{}
	for _, q := range distinct {
		d := digest(q)
		if len(d) != 12 {
			t.Errorf("Digest(%q) = %q; want 12 hex digits", q, d)
		}
		if other, ok := seen[d]; ok {
			t.Errorf("Digest(%q) = Digest(%q) = %s", q, other, d)
		}
		seen[d] = q
	}
	if digest("  primes   -twin ") != digest("primes -twin") {
		t.Error("Digest differs for the same search with other spacing")
	}
}

// TestTsquery: PostgreSQL's query holds every word, each phrase unless the weaker query is
// asked for, and a negation for each excluded word, each as an argument, never in the SQL text.
func TestTsquery(t *testing.T) {
	t.Parallel()
	q, _ := Parse(`"bounded gaps" primes -twin`)
	for _, tt := range []struct {
		phrases bool
		want    string
		args    []any
	}{
		{true, "(plainto_tsquery('tdb_search', $1) && phraseto_tsquery('tdb_search', $2) && !!plainto_tsquery('tdb_search', $3))",
			[]any{"bounded gaps primes", "bounded gaps", "twin"}},
		{false, "(plainto_tsquery('tdb_search', $1) && !!plainto_tsquery('tdb_search', $2))",
			[]any{"bounded gaps primes", "twin"}},
	} {
		b := &sql.Builder{}
		b.SetDialect(dialect.Postgres)
		q.tsquery(b, tt.phrases)
		sql, args := b.Query()
		if sql != tt.want {
			t.Errorf("tsquery(phrases=%v) = %s; want %s", tt.phrases, sql, tt.want)
		}
		if diff := cmp.Diff(tt.args, args); diff != "" {
			t.Errorf("tsquery(phrases=%v) args (-want +got):\n%s", tt.phrases, diff)
		}
	}
}

// TestSnippetParts: the engine's marks (\x01 before, \x02 after a match) become parts, a mark
// left open runs to the end, and text without marks is one part.
func TestSnippetParts(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		in   string
		want []SnippetPart
	}{
		{"no match here", []SnippetPart{{Text: "no match here"}}},
		{"the \x01twin\x02 \x01primes\x02 below 50", []SnippetPart{{Text: "the "}, {Text: "twin", Match: true}, {Text: " "},
			{Text: "primes", Match: true}, {Text: " below 50"}}},
		{"\x01Sums\x02 of two", []SnippetPart{{Text: "Sums", Match: true}, {Text: " of two"}}},
		{"ends in \x01squares", []SnippetPart{{Text: "ends in "}, {Text: "squares", Match: true}}},
		{"", nil},
	} {
		if diff := cmp.Diff(tt.want, snippetParts(tt.in)); diff != "" {
			t.Errorf("snippetParts(%q) (-want +got):\n%s", tt.in, diff)
		}
	}
}

// TestTextOf: the index holds the title alone, the statement with each exposition entry on a
// line of its own (a definition's term before its body), and the tags and citations together.
func TestTextOf(t *testing.T) {
	t.Parallel()
	txt := TextOf("Admissible tuples", "Let $H$ be admissible.", []packet.ExpositionEntry{
		{Kind: "DEFINITION", Term: "admissible tuple", Body: "A set missing a class modulo every prime."},
		{Kind: "REMARK", Body: "Maynard's sieve applies."},
	}, []string{"primes"}, []string{"J. Maynard, Small gaps between primes, 2015."})
	want := Text{title: "Admissible tuples",
		body:  "Let $H$ be admissible.\nadmissible tuple: A set missing a class modulo every prime.\nMaynard's sieve applies.",
		extra: "primes\nJ. Maynard, Small gaps between primes, 2015."}
	if txt != want {
		t.Errorf("TextOf = %#v; want %#v", txt, want)
	}
}

// TestFold: case and accents fold, letters of other scripts stay.
func TestFold(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{"Erdős": "erdos", "ÉCOLE Polytechnique": "ecole polytechnique",
		"Schrödinger": "schrodinger", "Łukasiewicz": "łukasiewicz", "Чебышёв": "чебышев", "plain": "plain"} {
		if got := fold(in); got != want {
			t.Errorf("fold(%q) = %q; want %q", in, got, want)
		}
	}
	if got := strings.Join(vocabulary(`Die Vermutung von Schrödinger: $\lambda_1 \le \pi$ für alle $n$`), " "); got != "die vermutung von schrodinger fur alle" {
		t.Errorf("vocabulary = %q", got)
	}
}
