package copycalibrate

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"

	"github.com/theoremdb/theoremdb/copycheck"
	"github.com/theoremdb/theoremdb/shareddata"
)

// Splits of the planted short statements.
const (
	SplitTune    = "tune"
	SplitHeldOut = "held-out"
)

// shortKinds are the near copies of short statements the calibration plants.
var shortKinds = []struct {
	name string
	make func(r *rand.Rand, s string) (string, bool)
}{
	{"a word changed every 20 words", func(r *rand.Rand, s string) (string, bool) { return editWords(r, s, 20) }},
	{"variables renamed", renameVars},
	{"a word changed every 20 words, variables renamed", func(r *rand.Rand, s string) (string, bool) {
		s, ok := renameVars(r, s)
		if !ok {
			return "", false
		}
		return editWords(r, s, 20)
	}},
}

// shortSource is a pool of statements to plant copies of, by split.
type shortSource struct {
	name  string
	split map[string][]statement
}

func newShortSource(name string, sts []statement) shortSource {
	s := shortSource{name: name, split: map[string][]statement{}}
	for _, st := range sts {
		sp := SplitTune
		if heldOut(st.File) {
			sp = SplitHeldOut
		}
		s.split[sp] = append(s.split[sp], st)
	}
	return s
}

// calibrateShort is the round of short statements. The doc comments of theorems in half of the
// Lean files, each a body of its own, and fresh bodies made of that half are human text that
// must not match the collections. Near copies of lemmas of the collection ShortFrom and of doc
// comments of the other half, of 20 to 80 words and planted as a paragraph into fresh bodies,
// must be found; each source file is in the tuning or the held-out split.
func calibrateShort(ctx context.Context, o Options, cols [][]copycheck.Document, r *rand.Rand, rep *Report, logf func(string, ...any)) error {
	lean, err := shareddata.LoadLean(o.Fresh)
	if err != nil {
		return err
	}
	var corpora, docs []copycheck.Document
	var names []string
	var lemmas, longs []statement
	for i, c := range o.Collections {
		corpora = append(corpora, cols[i]...)
		names = append(names, c.Name)
		if c.Name == o.ShortFrom {
			for _, d := range cols[i] {
				lemmas = append(lemmas, statementsOf(d, lemmaEnvs, shortMinWords, shortMaxWords)...)
				longs = append(longs, statementsOf(d, lemmaEnvs, shortMaxWords+1, longMaxWords)...)
			}
		}
	}
	var fresh []string
	var freshStatements, docStatements []statement
	for _, f := range lean {
		if !referenceLean(f.Rel) {
			fresh = append(fresh, f.Comments...)
			for _, s := range f.Theorems {
				if n := wordCount(s); n >= shortMinWords && n <= shortMaxWords {
					freshStatements = append(freshStatements, statement{File: f.Rel, Text: s})
				}
			}
			continue
		}
		if len(f.Comments) == 0 {
			continue
		}
		id := "formal-conjectures/" + f.Rel
		docs = append(docs, copycheck.Document{Meta: copycheck.DocMeta{ID: id, URI: "file:" + f.Rel, Licence: copycheck.LicenceOpen},
			Format: copycheck.LaTeX, Text: []byte(strings.Join(f.Comments, "\n\n"))})
		for _, s := range f.Theorems {
			if n := wordCount(s); n >= shortMinWords && n <= shortMaxWords {
				docStatements = append(docStatements, statement{File: id, Text: s})
			}
		}
	}
	against := strings.Join(names, " + ")
	if len(fresh) == 0 || len(docStatements) == 0 {
		return fmt.Errorf("no doc comments of theorems under %s: %w", o.Fresh, copycheck.ErrInvalid)
	}
	sources := []shortSource{newShortSource("formal-conjectures doc comment", docStatements)}
	if o.ShortFrom != "" {
		if len(lemmas) == 0 {
			return fmt.Errorf("collection %s has no lemmas of %d to %d words: %w", o.ShortFrom, shortMinWords, shortMaxWords, copycheck.ErrInvalid)
		}
		sources = append([]shortSource{newShortSource(o.ShortFrom+" lemma", lemmas)}, sources...)
	}

	// The doc comments of formal-conjectures share text between files (references, credits, one
	// problem stated in several files), so fresh human text is checked against the collections
	// alone, and the planted copies against the collections and the indexed doc comments.
	logf("indexing %s, and half of the doc comments", against)
	xc, err := copycheck.BuildIndex(corpora, 0)
	if err != nil {
		return err
	}
	defer xc.Close()
	xd, err := copycheck.BuildIndex(docs, 0)
	if err != nil {
		return err
	}
	defer xd.Close()
	human, err := copycheck.NewChecker(xc, o.Config, o.Phrases)
	if err != nil {
		return err
	}
	ck, err := copycheck.NewChecker(copycheck.Join(xc, xd), o.Config, o.Phrases)
	if err != nil {
		return err
	}

	logf("checking %d fresh statements one a body", len(freshStatements))
	row := FalseMatchRow{From: "fresh doc comments of theorems", Against: against}
	for _, s := range spread(freshStatements, o.MaxBodies) {
		if err := row.check(ctx, human, []byte(s.Text)); err != nil {
			return err
		}
	}
	rep.ShortFalseMatch = append(rep.ShortFalseMatch, row)

	carriers := FalseMatchRow{From: "fresh doc comments", Against: against}
	for _, src := range sources {
		for _, sp := range []string{SplitTune, SplitHeldOut} {
			pool := src.split[sp]
			if len(pool) == 0 {
				return fmt.Errorf("no %s statements in split %s: %w", src.name, sp, copycheck.ErrInvalid)
			}
			logf("planting %d near copies of each kind of %s statements (%s: %d statements)", o.ShortPlants, src.name, sp, len(pool))
			for _, k := range shortKinds {
				row := RecallRow{Kind: src.name + ", " + k.name, Split: sp}
				for n := 0; n < o.ShortPlants; n++ {
					planted, ok := "", false
					for try := 0; !ok && try < 200; try++ {
						planted, ok = k.make(r, pool[r.IntN(len(pool))].Text)
					}
					if !ok {
						return fmt.Errorf("no %s statement fit for a copy of kind %s", src.name, k.name)
					}
					carrier := freshBody(r, fresh, o.BodyBytes)
					body, a, b := plant(r, carrier, []byte(planted))
					res, err := ck.Check(ctx, body, copycheck.LaTeX)
					if err != nil {
						return err
					}
					row.count(res, a, b)
					if k.name == shortKinds[0].name {
						if err := carriers.check(ctx, human, carrier); err != nil {
							return err
						}
					}
				}
				rep.ShortRecall = append(rep.ShortRecall, row)
			}
		}
	}
	rep.ShortFalseMatch = append(rep.ShortFalseMatch, carriers)
	if o.ShortFrom != "" {
		return longAlone(ctx, o, ck, r, rep, newShortSource(o.ShortFrom+" lemma", longs), logf)
	}
	return nil
}

// longAlone is the round of long statements submitted as they are: a lemma of more than
// shortMaxWords words with a word changed every 20 words, checked as a body of its own.
func longAlone(ctx context.Context, o Options, ck *copycheck.Checker, r *rand.Rand, rep *Report, src shortSource, logf func(string, ...any)) error {
	for _, sp := range []string{SplitTune, SplitHeldOut} {
		pool := src.split[sp]
		if len(pool) == 0 {
			return fmt.Errorf("no %s statements of %d to %d words in split %s: %w", src.name, shortMaxWords+1, longMaxWords, sp, copycheck.ErrInvalid)
		}
		logf("checking %d long %s statements alone, a word changed every 20 words (%s: %d statements)", o.ShortPlants, src.name, sp, len(pool))
		row := RecallRow{Kind: src.name + ", a word changed every 20 words", Split: sp}
		for n := 0; n < o.ShortPlants; n++ {
			edited, ok := "", false
			for try := 0; !ok && try < 200; try++ {
				edited, ok = editWords(r, pool[r.IntN(len(pool))].Text, 20)
			}
			if !ok {
				return fmt.Errorf("no long %s statement has a word to change", src.name)
			}
			res, err := ck.Check(ctx, []byte(edited), copycheck.LaTeX)
			if err != nil {
				return err
			}
			row.count(res, 0, len(edited))
		}
		rep.LongRecall = append(rep.LongRecall, row)
	}
	return nil
}

// check checks one human body and counts its outcome.
func (row *FalseMatchRow) check(ctx context.Context, ck *copycheck.Checker, body []byte) error {
	res, err := ck.Check(ctx, body, copycheck.LaTeX)
	if err != nil {
		return err
	}
	row.Bodies++
	if len(res.Matches) > 0 {
		row.Matched++
	}
	if len(res.Matches)+len(res.Flags) > 0 {
		row.Flagged++
	}
	if res.Verdict == copycheck.VerdictBlock {
		row.Blocked++
	}
	return nil
}

// count counts the outcome of a check for a copy planted at [a, b).
func (row *RecallRow) count(res *copycheck.Result, a, b int) {
	row.Planted++
	if overlaps(res.Matches, a, b) {
		row.Matched++
	}
	if slices.ContainsFunc(res.Matches, func(m copycheck.Match) bool {
		return m.Stage == copycheck.StageNear && m.BodyStart < b && m.BodyEnd > a
	}) {
		row.Near++
	}
	if overlaps(res.Matches, a, b) || overlaps(res.Flags, a, b) {
		row.Flagged++
	}
}

// spread picks at most n elements of s spread evenly; all when n is 0.
func spread[T any](s []T, n int) []T {
	if n <= 0 || len(s) <= n {
		return s
	}
	out := make([]T, n)
	for k := range out {
		out[k] = s[k*len(s)/n]
	}
	return out
}

// fieldRE finds the words of a text the way strings.Fields counts them.
var fieldRE = regexp.MustCompile(`\S+`)

// editWords changes the nearest plain word of prose at or after every k-th word, keeping the
// layout of the text and the punctuation after the word.
func editWords(r *rand.Rand, s string, k int) (string, bool) {
	inMath := mathMask(s)
	spans := fieldRE.FindAllStringIndex(s, -1)
	plain := func(sp []int) bool {
		w := s[sp[0]:sp[1]]
		if !plainWord.MatchString(w) {
			return false
		}
		return !slices.Contains(inMath[sp[0]:sp[1]], true)
	}
	var b strings.Builder
	last, changed := 0, 0
	for i := k - 1; i < len(spans); i += k {
		for j := i; j < len(spans) && j < i+k; j++ {
			if plain(spans[j]) {
				w := s[spans[j][0]:spans[j][1]]
				end := len(w)
				for end > 0 && strings.IndexByte(",.;:", w[end-1]) >= 0 {
					end--
				}
				rep := replacements[r.IntN(len(replacements))]
				b.WriteString(s[last:spans[j][0]])
				b.WriteString(rep)
				last = spans[j][0] + end
				changed++
				break
			}
		}
	}
	b.WriteString(s[last:])
	return b.String(), changed > 0
}

// renameVars renames the variables of every formula by one rotation of the alphabet, as
// renamePlant does, in inline and displayed formulas alike.
func renameVars(r *rand.Rand, s string) (string, bool) {
	inMath := mathMask(s)
	shift := byte(1 + r.IntN(25))
	b := []byte(s)
	changed := false
	for i := 0; i < len(b); i++ {
		if !inMath[i] {
			continue
		}
		if b[i] == '\\' {
			for i+1 < len(b) && isLetter(b[i+1]) {
				i++
			}
			continue
		}
		switch c := b[i]; {
		case 'a' <= c && c <= 'z':
			b[i] = 'a' + (c-'a'+shift)%26
			changed = true
		case 'A' <= c && c <= 'Z':
			b[i] = 'A' + (c-'A'+shift)%26
			changed = true
		}
	}
	return string(b), changed
}

// mathMask marks the bytes of a LaTeX or Markdown text that lie inside a formula ($...$, $$...$$,
// \(...\), \[...\] or a display environment), delimiters excluded.
func mathMask(s string) []bool {
	mask := make([]bool, len(s))
	for i := 0; i < len(s); {
		var close string
		start := i
		switch {
		case strings.HasPrefix(s[i:], `\(`):
			close, start = `\)`, i+2
		case strings.HasPrefix(s[i:], `\[`):
			close, start = `\]`, i+2
		case strings.HasPrefix(s[i:], `\begin{`):
			env, _, ok := strings.Cut(s[i+len(`\begin{`):], "}")
			if !ok || !copycheck.MathEnvironment(env) {
				i += len(`\begin{`)
				continue
			}
			close, start = `\end{`+env+`}`, i+len(`\begin{`)+len(env)+1
		case s[i] == '\\':
			i += 2
			continue
		case strings.HasPrefix(s[i:], "$$"):
			close, start = "$$", i+2
		case s[i] == '$':
			close, start = "$", i+1
		default:
			i++
			continue
		}
		end := len(s)
		for j := start; j < len(s); j++ {
			if strings.HasPrefix(s[j:], close) {
				end = j
				break
			}
			if s[j] == '\\' {
				j++
			}
		}
		for j := start; j < end; j++ {
			mask[j] = true
		}
		i = min(len(s), end+len(close))
	}
	return mask
}

// writeShort prints the tables of short statements, when there are any.
func (rep *Report) writeShort(w io.Writer) {
	if len(rep.ShortFalseMatch) > 0 {
		fmt.Fprintln(w)
		fmt.Fprintf(w, "False matches on short human text (statements of %d-%d words, each a body; fresh bodies of the short-statement round):\n\n", shortMinWords, shortMaxWords)
		fmt.Fprintln(w, "| bodies from | checked against | bodies | with a match | false-match rate | blocked | with a flag |")
		fmt.Fprintln(w, "|---|---|---:|---:|---:|---:|---:|")
		var bodies, matched int
		for _, r := range rep.ShortFalseMatch {
			fmt.Fprintf(w, "| %s | %s | %d | %d | %.2f%% | %d | %d |\n", r.From, r.Against, r.Bodies, r.Matched, 100*r.Rate(), r.Blocked, r.Flagged)
			bodies += r.Bodies
			matched += r.Matched
		}
		fmt.Fprintf(w, "| all | | %d | %d | %.2f%% | | |\n", bodies, matched, 100*share(matched, bodies))
	}
	if len(rep.ShortRecall) == 0 {
		return
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "Recall of near copies of short statements (%d-%d words, planted as a paragraph into fresh text; held-out: files never used to choose the method):\n\n", shortMinWords, shortMaxWords)
	fmt.Fprintln(w, "| kind | split | planted | matched | recall | by stage 2 | matched or flagged |")
	fmt.Fprintln(w, "|---|---|---:|---:|---:|---:|---:|")
	total := map[string]*RecallRow{SplitTune: {Kind: "all", Split: SplitTune}, SplitHeldOut: {Kind: "all", Split: SplitHeldOut}}
	for _, r := range rep.ShortRecall {
		fmt.Fprintf(w, "| %s | %s | %d | %d | %.1f%% | %.1f%% | %.1f%% |\n", r.Kind, r.Split, r.Planted, r.Matched, 100*r.Recall(), 100*share(r.Near, r.Planted), 100*share(r.Flagged, r.Planted))
		if t := total[r.Split]; t != nil {
			t.Planted += r.Planted
			t.Matched += r.Matched
			t.Near += r.Near
			t.Flagged += r.Flagged
		}
	}
	for _, sp := range []string{SplitTune, SplitHeldOut} {
		r := total[sp]
		fmt.Fprintf(w, "| all | %s | %d | %d | %.1f%% | %.1f%% | %.1f%% |\n", r.Split, r.Planted, r.Matched, 100*r.Recall(), 100*share(r.Near, r.Planted), 100*share(r.Flagged, r.Planted))
	}
	if len(rep.LongRecall) == 0 {
		return
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "Recall of near copies of long statements (%d-%d words) submitted alone, each a body of its own:\n\n", shortMaxWords+1, longMaxWords)
	fmt.Fprintln(w, "| kind | split | checked | matched | recall | by stage 2 | matched or flagged |")
	fmt.Fprintln(w, "|---|---|---:|---:|---:|---:|---:|")
	for _, r := range rep.LongRecall {
		fmt.Fprintf(w, "| %s | %s | %d | %d | %.1f%% | %.1f%% | %.1f%% |\n", r.Kind, r.Split, r.Planted, r.Matched, 100*r.Recall(), 100*share(r.Near, r.Planted), 100*share(r.Flagged, r.Planted))
	}
}
