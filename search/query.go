package search

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"unicode"

	"entgo.io/ent/dialect/sql"

	"github.com/theoremdb/theoremdb/search/searchtext"
)

// MaxLength is the longest search, in characters.
const MaxLength = 200

// Query is a reader's search, parsed once for either database.
type Query struct {
	// In FTS5's query syntax: fts5 finds and ranks, with each phrase as
	// the phrase of its word pairs (search/searchtext); fts5Words is the
	// same with phrases of words, for snippets, which mark words.
	fts5, fts5Words string
	// The same as text for PostgreSQL's parser (tsquery): what a match
	// holds anywhere (every word, those of the phrases too), the phrases it
	// holds in order, and the words it must not hold.
	words   string
	phrases []string
	not     []string
}

// Parse reads what a reader typed. ok is false when nothing in it
// can be searched for (only punctuation, say).
func Parse(q string) (s Query, ok bool) {
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
		return Query{}, false
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
func (q Query) tsquery(b *sql.Builder, phrases bool) {
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

// Digest is a short digest of q, which a cursor into its ranking holds so
// that it is not used with another search.
func (q Query) Digest() string {
	sum := sha256.Sum256([]byte(strings.Join(append([]string{q.fts5, q.words}, append(q.phrases, q.not...)...), "\x00")))
	return hex.EncodeToString(sum[:6])
}
