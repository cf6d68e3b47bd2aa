// Package searchtext makes the word pairs that SQLite's search index keeps
// beside the words, so that FTS5 finds a phrase by its pairs.
//
// FTS5 finds a phrase of words by reading the positions of those words in
// every row that holds them all, and its bm25 ranking counts the phrase
// over the whole index: for a phrase of common words ("of the", "sum of
// two"), a walk of most of the site. Each pair of neighbouring words is
// also one token of its own ("sum·of", "of·two"), whose posting list holds
// only the rows where the two stand together, so a phrase is the phrase of
// its pairs and costs as much as it has matches. This is what a search
// engine's "common grams" are, for every pair.
//
// Words are found here, not by FTS5's tokenizer, and both what is indexed
// and what is searched for go through the same functions, so they agree
// whatever the rules: a word is a run of letters, digits and combining
// marks; accents are removed, letters lowered, and English word forms
// folded (Snowball), so "Sums of two squares" holds the pairs of "sum of
// two squares" and "Erdős problem" those of "Erdos problems".
package searchtext

import (
	"strings"
	"unicode"

	"github.com/kljensen/snowball/english"
	"golang.org/x/text/unicode/norm"
)

// Joiner joins the two words of a pair. It is a private-use character,
// which FTS5's unicode61 tokenizer keeps inside a token (category Co) and
// Words never keeps in a word, so a pair is one token and no word is a pair.
const Joiner = '\uE000'

// Words returns the words of s, folded: no accents, lower case, English
// word forms stemmed.
func Words(s string) []string {
	var (
		out []string
		w   strings.Builder
	)
	end := func() {
		if w.Len() > 0 {
			out = append(out, english.Stem(w.String(), false))
			w.Reset()
		}
	}
	for _, r := range norm.NFD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r): // an accent, split off by NFD: dropped
		case unicode.IsLetter(r) || unicode.IsNumber(r):
			w.WriteRune(unicode.ToLower(r))
		default:
			end()
		}
	}
	end()
	return out
}

// Pairs returns the pairs of neighbouring words in s, in order, each one
// token: the four words "a b c d" give "a·b", "b·c" and "c·d". Text of one
// word has none.
func Pairs(s string) []string {
	ws := Words(s)
	if len(ws) < 2 {
		return nil
	}
	out := make([]string, len(ws)-1)
	for i := range out {
		out[i] = ws[i] + string(Joiner) + ws[i+1]
	}
	return out
}

// PairText is the pairs of s as one text to index, separated by spaces.
func PairText(s string) string { return strings.Join(Pairs(s), " ") }

// InsertFTS is the statement that indexes a revision's row of
// revision_search in SQLite's index, revision_fts (migrations/search),
// with FTSArgs: the text and its pairs, which the index keeps as tokens
// only (it reads text from revision_search).
const InsertFTS = `INSERT INTO revision_fts (rowid, title, body, extra, title_pairs, body_pairs, extra_pairs)
	VALUES (?, ?, ?, ?, ?, ?, ?)`

// FTSArgs are InsertFTS's arguments: the rowid, the three texts and their
// pairs.
func FTSArgs(rowid int64, title, body, extra string) []any {
	return []any{rowid, title, body, extra, PairText(title), PairText(body), PairText(extra)}
}
