package search

import (
	"cmp"
	"context"
	stdsql "database/sql"
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"entgo.io/ent/dialect"
	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// The vocabulary of the index: every word of the titles and statements
// indexed, folded to lower case without accents, with the number of
// revisions it occurs in (search_words, which migrations/search creates).
// "Did you mean" reads it: a search word it does not hold is compared with
// the words it does.

// Word lengths the vocabulary keeps: shorter ones are too many to correct,
// longer ones are not words.
const (
	minWord = 3
	maxWord = 32
)

// fold lowers s and strips its accents ("Erdős" is "erdos").
func fold(s string) string {
	t := transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
	out, _, err := transform.String(t, strings.ToLower(s))
	if err != nil {
		return strings.ToLower(s)
	}
	return out
}

// vocabulary is the distinct words of text a reader might search for, in
// order: runs of letters of minWord to maxWord letters, folded; TeX control
// sequences (\mathbb, \frac) are not words.
func vocabulary(text string) []string {
	var (
		out  []string
		seen = map[string]bool{}
	)
	text = fold(text)
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		if !unicode.IsLetter(r) {
			if r == '\\' { // skip the control sequence's name
				i += size
				for i < len(text) {
					r, size = utf8.DecodeRuneInString(text[i:])
					if !unicode.IsLetter(r) {
						break
					}
					i += size
				}
				continue
			}
			i += size
			continue
		}
		start := i
		for i < len(text) {
			r, size = utf8.DecodeRuneInString(text[i:])
			if !unicode.IsLetter(r) {
				break
			}
			i += size
		}
		w := text[start:i]
		if n := utf8.RuneCountInString(w); n >= minWord && n <= maxWord && !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	return out
}

// addWords counts in tx the words of newly indexed revisions, one text a
// revision: a word gains one document for each text it occurs in. Words go
// in sorted, so that concurrent writers take their row locks in one order.
func (ix *Index) addWords(ctx context.Context, tx *stdsql.Tx, texts []string) error {
	docs := map[string]int{}
	for _, t := range texts {
		for _, w := range vocabulary(t) {
			docs[w]++
		}
	}
	words := slices.Sorted(maps.Keys(docs))
	for start := 0; start < len(words); start += 200 {
		batch := words[start:min(start+200, len(words))]
		var b strings.Builder
		args := make([]any, 0, 2*len(batch))
		b.WriteString("INSERT INTO search_words (word, docs) VALUES ")
		for i, w := range batch {
			if i > 0 {
				b.WriteString(", ")
			}
			if ix.db.Dialect == dialect.Postgres {
				fmt.Fprintf(&b, "($%d, $%d)", 2*i+1, 2*i+2)
			} else {
				b.WriteString("(?, ?)")
			}
			args = append(args, w, docs[w])
		}
		b.WriteString(" ON CONFLICT (word) DO UPDATE SET docs = search_words.docs + excluded.docs")
		if _, err := tx.ExecContext(ctx, b.String(), args...); err != nil {
			return fmt.Errorf("search vocabulary: %w", err)
		}
	}
	return nil
}

// fillWords counts the words of every indexed revision when the vocabulary
// is empty and the index is not (an index made before the vocabulary was),
// in batches, and says how many revisions it read.
func (ix *Index) fillWords(ctx context.Context) (int, error) {
	var words, revs bool
	if err := ix.db.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM search_words), EXISTS (SELECT 1 FROM revision_search)`).Scan(&words, &revs); err != nil {
		return 0, fmt.Errorf("search vocabulary: %w", err)
	}
	if words || !revs {
		return 0, nil
	}
	read, last := 0, ""
	for {
		var texts []string
		err := ix.inTx(ctx, func(ctx context.Context, tx *stdsql.Tx) error {
			rows, err := tx.QueryContext(ctx, `SELECT revision_id, title, body FROM revision_search WHERE revision_id > `+
				ix.arg(1)+` ORDER BY revision_id LIMIT 500`, last)
			if err != nil {
				return err
			}
			for rows.Next() {
				var id, title, body string
				if err := rows.Scan(&id, &title, &body); err != nil {
					rows.Close()
					return err
				}
				last, texts = id, append(texts, title+"\n"+body)
			}
			rows.Close()
			if err := rows.Err(); err != nil {
				return err
			}
			return ix.addWords(ctx, tx, texts)
		})
		if err != nil {
			return read, fmt.Errorf("search vocabulary: %w", err)
		}
		read += len(texts)
		if len(texts) < 500 {
			return read, nil
		}
	}
}

func (ix *Index) arg(n int) string {
	if ix.db.Dialect == dialect.Postgres {
		return fmt.Sprintf("$%d", n)
	}
	return "?"
}

// Suggest returns q with each word the vocabulary does not hold replaced by
// the nearest word it does (by edit distance, the most frequent among
// equals), and whether it replaced any: "Goldbch conjecture" becomes
// "goldbach conjecture". Quotes, minus signs and every other word stay.
func (ix *Index) Suggest(ctx context.Context, q string) (string, bool, error) {
	type span struct {
		start, end int
		word       string
	}
	var spans []span
	for i := 0; i < len(q); {
		r, size := utf8.DecodeRuneInString(q[i:])
		if !unicode.IsLetter(r) {
			i += size
			continue
		}
		start := i
		for i < len(q) {
			if r, size = utf8.DecodeRuneInString(q[i:]); !unicode.IsLetter(r) {
				break
			}
			i += size
		}
		spans = append(spans, span{start, i, fold(q[start:i])})
	}
	words := make([]string, 0, len(spans))
	for _, sp := range spans {
		words = append(words, sp.word)
	}
	known, err := ix.known(ctx, words)
	if err != nil {
		return "", false, err
	}
	out, changed := q, false
	for k := len(spans) - 1; k >= 0; k-- { // from the end, so earlier offsets stay put
		sp := spans[k]
		n := utf8.RuneCountInString(sp.word)
		if n < minWord || n > maxWord || (sp.start > 0 && q[sp.start-1] == '-') || known[sp.word] {
			continue
		}
		best, ok, err := ix.nearest(ctx, sp.word)
		if err != nil {
			return "", false, err
		}
		if ok && best != sp.word {
			out, changed = out[:sp.start]+best+out[sp.end:], true
		}
	}
	return out, changed, nil
}

// known is which of words the vocabulary holds, read in one query.
func (ix *Index) known(ctx context.Context, words []string) (map[string]bool, error) {
	out := map[string]bool{}
	if len(words) == 0 {
		return out, nil
	}
	args := make([]any, len(words))
	marks := make([]string, len(words))
	for i, w := range words {
		args[i], marks[i] = w, ix.arg(i+1)
	}
	rows, err := ix.db.QueryContext(ctx, `SELECT word FROM search_words WHERE word IN (`+strings.Join(marks, ", ")+`)`, args...)
	if err != nil {
		return nil, fmt.Errorf("search suggestions: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var w string
		if err := rows.Scan(&w); err != nil {
			return nil, fmt.Errorf("search suggestions: %w", err)
		}
		out[w] = true
	}
	return out, rows.Err()
}

// nearest is the vocabulary's word nearest to w: w itself when the
// vocabulary holds it, else the closest within the distance a word of its
// length allows, among words that begin with the same letter.
func (ix *Index) nearest(ctx context.Context, w string) (string, bool, error) {
	first, _ := utf8.DecodeRuneInString(w)
	n := utf8.RuneCountInString(w)
	allowed := 1
	switch {
	case n >= 9:
		allowed = 3
	case n >= 5:
		allowed = 2
	}
	rows, err := ix.db.QueryContext(ctx, `SELECT word, docs FROM search_words WHERE word >= `+ix.arg(1)+` AND word < `+ix.arg(2)+
		` AND length(word) BETWEEN `+ix.arg(3)+` AND `+ix.arg(4)+` ORDER BY docs DESC, word LIMIT 5000`,
		string(first), string(first+1), n-allowed, n+allowed)
	if err != nil {
		return "", false, fmt.Errorf("search suggestions: %w", err)
	}
	defer rows.Close()
	type cand struct {
		word       string
		docs, dist int
	}
	var best *cand
	for rows.Next() {
		var c cand
		if err := rows.Scan(&c.word, &c.docs); err != nil {
			return "", false, fmt.Errorf("search suggestions: %w", err)
		}
		if c.word == w {
			return w, true, nil
		}
		c.dist = distance(w, c.word)
		if c.dist > allowed {
			continue
		}
		if best == nil || cmp.Or(cmp.Compare(c.dist, best.dist), cmp.Compare(best.docs, c.docs)) < 0 {
			best = &c
		}
	}
	if err := rows.Err(); err != nil {
		return "", false, fmt.Errorf("search suggestions: %w", err)
	}
	if best == nil {
		return "", false, nil
	}
	return best.word, true, nil
}

// distance is the optimal string alignment distance between a and b: the
// insertions, deletions, substitutions and swaps of neighbours that make
// one the other.
func distance(a, b string) int {
	x, y := []rune(a), []rune(b)
	prev2 := make([]int, len(y)+1)
	prev := make([]int, len(y)+1)
	cur := make([]int, len(y)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(x); i++ {
		cur[0] = i
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && x[i-1] == y[j-2] && x[i-2] == y[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(y)]
}
