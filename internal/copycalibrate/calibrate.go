package copycalibrate

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/theoremdb/theoremdb/copycheck"
	"github.com/theoremdb/theoremdb/shareddata"
)

// Options says what to calibrate on.
type Options struct {
	Collections []shareddata.Collection
	Check       []string         // names of the collections whose bodies are checked, each against the others; all when empty
	Fresh       string           // directory of Lean files whose doc comments are fresh human text
	BodyBytes   int              // size of a checked body; 4096 when 0
	MaxBodies   int              // bodies checked per collection, spread evenly; all when 0
	Plants      int              // planted copies per kind; 100 when 0
	ShortPlants int              // planted near copies of short statements per source, kind and split; no such round when 0
	ShortFrom   string           // the collection whose lemmas are planted as short statements; none when empty
	Seed        uint64           // for the choice of planted copies
	Config      copycheck.Config // thresholds under test
	Phrases     *copycheck.Phrases
	Progress    io.Writer // optional
}

// FalseMatchRow is the false-match rate of one collection's bodies against the others.
type FalseMatchRow struct {
	From, Against    string
	Bodies           int
	Matched, Flagged int
	// Blocked counts the bodies whose verdict was block.
	Blocked int
}

// Rate is the share of bodies with a match.
func (r FalseMatchRow) Rate() float64 { return share(r.Matched, r.Bodies) }

// RecallRow is the recall of one kind of planted copy.
type RecallRow struct {
	Kind             string
	Split            string // of short statements: SplitTune or SplitHeldOut
	Planted          int
	Matched, Flagged int
	Near             int // matched by stage 2
}

// Recall is the share of planted copies that the check matched.
func (r RecallRow) Recall() float64 { return share(r.Matched, r.Planted) }

// Report is the outcome of Run.
type Report struct {
	Config     copycheck.Config
	FalseMatch []FalseMatchRow
	Recall     []RecallRow
	// ShortFalseMatch counts the human short statements, each checked as a body of its own, and
	// the fresh bodies of the short-statement round.
	ShortFalseMatch []FalseMatchRow
	ShortRecall     []RecallRow
	LongRecall      []RecallRow
	Elapsed         time.Duration
}

func share(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// splitBodies cuts the text of a document, after its preamble, into bodies of about size bytes
// at blank lines, the way an agent's body is a few paragraphs.
func splitBodies(d copycheck.Document, size int) [][]byte {
	text := d.Text
	if d.Format == copycheck.LaTeX {
		if i := bytes.Index(text, []byte(`\begin{document}`)); i >= 0 {
			text = text[i+len(`\begin{document}`):]
			if j := bytes.Index(text, []byte(`\end{document}`)); j >= 0 {
				text = text[:j]
			}
		}
	}
	var out [][]byte
	for len(text) > 0 {
		end := min(len(text), size)
		if end < len(text) {
			if k := bytes.LastIndex(text[:end], []byte("\n\n")); k > size/4 {
				end = k + 2
			} else if k := bytes.IndexByte(text[end:], '\n'); k >= 0 {
				end += k + 1
			} else {
				end = len(text)
			}
		}
		if b := bytes.TrimSpace(text[:end]); len(b) >= size/8 {
			out = append(out, b)
		}
		text = text[end:]
	}
	return out
}

// Run runs the check over human-written texts compared with each other, which must give
// (almost) no matches, and over fresh text with planted copies of several kinds, which must.
func Run(ctx context.Context, o Options) (*Report, error) {
	start := time.Now()
	if o.BodyBytes == 0 {
		o.BodyBytes = 4096
	}
	if o.Plants == 0 {
		o.Plants = 100
	}
	logf := func(format string, args ...any) {
		if o.Progress != nil {
			fmt.Fprintf(o.Progress, format+"\n", args...)
		}
	}
	cols := make([][]copycheck.Document, len(o.Collections))
	for i, c := range o.Collections {
		docs, err := shareddata.LoadCollection(c)
		if err != nil {
			return nil, err
		}
		cols[i] = docs
	}
	fresh, err := shareddata.LoadFresh(o.Fresh)
	if err != nil {
		return nil, err
	}
	rep := &Report{Config: o.Config}
	recall := map[string]*RecallRow{}
	for _, k := range plantKinds {
		recall[k.name] = &RecallRow{Kind: k.name}
	}
	r := rand.New(rand.NewPCG(o.Seed, 0x636f7079))
	var rounds []int
	for i, c := range o.Collections {
		if len(o.Check) == 0 || slices.Contains(o.Check, c.Name) {
			rounds = append(rounds, i)
		}
	}
	if len(rounds) == 0 {
		return nil, fmt.Errorf("no collection named %v to check: %w", o.Check, copycheck.ErrInvalid)
	}
	for round, i := range rounds {
		c := o.Collections[i]
		var ref []copycheck.Document
		var names []string
		var pool [][]copycheck.Document
		for j, other := range o.Collections {
			if j != i {
				ref = append(ref, cols[j]...)
				names = append(names, other.Name)
				pool = append(pool, cols[j])
			}
		}
		logf("indexing %s", strings.Join(names, " + "))
		x, err := copycheck.BuildIndex(ref, 0)
		if err != nil {
			return nil, err
		}
		ck, err := copycheck.NewChecker(x, o.Config, o.Phrases)
		if err != nil {
			return nil, err
		}
		var bodies [][]byte
		for _, d := range cols[i] {
			bodies = append(bodies, splitBodies(d, o.BodyBytes)...)
		}
		if o.MaxBodies > 0 && len(bodies) > o.MaxBodies {
			picked := make([][]byte, o.MaxBodies)
			for k := range picked {
				picked[k] = bodies[k*len(bodies)/o.MaxBodies]
			}
			bodies = picked
		}
		row := FalseMatchRow{From: c.Name, Against: strings.Join(names, " + ")}
		logf("checking %d bodies of %s", len(bodies), c.Name)
		for _, b := range bodies {
			if err := row.check(ctx, ck, b); err != nil {
				return nil, err
			}
		}
		rep.FalseMatch = append(rep.FalseMatch, row)

		// The short statements of the collection, each a body of its own.
		var sts []statement
		for _, d := range cols[i] {
			sts = append(sts, statementsOf(d, statementEnvs, shortMinWords, shortMaxWords)...)
		}
		srow := FalseMatchRow{From: c.Name + " statements", Against: row.Against}
		logf("checking %d statements of %s one a body", len(sts), c.Name)
		for _, s := range spread(sts, o.MaxBodies) {
			if err := srow.check(ctx, ck, []byte(s.Text)); err != nil {
				return nil, err
			}
		}
		rep.ShortFalseMatch = append(rep.ShortFalseMatch, srow)

		// Fresh text against this index is human text too; with plants it measures recall.
		plants := o.Plants / len(rounds)
		if round == len(rounds)-1 {
			plants = o.Plants - plants*(len(rounds)-1)
		}
		freshRow := FalseMatchRow{From: "fresh doc comments", Against: row.Against}
		logf("planting %d copies of each kind from %s", plants, row.Against)
		for _, k := range plantKinds {
			for n := 0; n < plants; n++ {
				carrier := freshBody(r, fresh, o.BodyBytes)
				src := pool[r.IntN(len(pool))]
				planted, ok := k.make(r, src[r.IntN(len(src))])
				for try := 0; !ok && try < 200; try++ {
					planted, ok = k.make(r, src[r.IntN(len(src))])
				}
				if !ok {
					return nil, fmt.Errorf("no source text fit for a planted copy of kind %s", k.name)
				}
				body, a, b := plant(r, carrier, planted)
				res, err := ck.Check(ctx, body, copycheck.LaTeX)
				if err != nil {
					return nil, err
				}
				row := recall[k.name]
				row.Planted++
				if overlaps(res.Matches, a, b) {
					row.Matched++
				}
				if overlaps(res.Matches, a, b) || overlaps(res.Flags, a, b) {
					row.Flagged++
				}
				if k.name == plantKinds[0].name {
					if err := freshRow.check(ctx, ck, carrier); err != nil {
						return nil, err
					}
				}
			}
		}
		rep.FalseMatch = append(rep.FalseMatch, freshRow)
		if err := x.Close(); err != nil {
			return nil, err
		}
	}
	for _, k := range plantKinds {
		rep.Recall = append(rep.Recall, *recall[k.name])
	}
	if o.ShortPlants > 0 {
		if err := calibrateShort(ctx, o, cols, r, rep, logf); err != nil {
			return nil, err
		}
	}
	rep.Elapsed = time.Since(start)
	return rep, nil
}

func overlaps(ms []copycheck.Match, a, b int) bool {
	return slices.ContainsFunc(ms, func(m copycheck.Match) bool { return m.BodyStart < b && m.BodyEnd > a })
}

// Bodies makes n bodies of at most size bytes of fresh text, one in five (the first, the sixth,
// ...) with an exact run of 150 to 400 normalised characters of one of docs planted as a paragraph
// where it fits: what the copy check's benchmarks check.
func Bodies(r *rand.Rand, docs []copycheck.Document, fresh []string, n, size int) [][]byte {
	run := exactPlant(150, 400)
	var out [][]byte
	for len(out) < n {
		body := freshBody(r, fresh, size)
		if len(out)%5 == 0 {
			if p, ok := run(r, docs[r.IntN(len(docs))]); ok {
				body, _, _ = plant(r, body, p)
			}
		}
		out = append(out, body[:min(len(body), size)])
	}
	return out
}

// freshBody joins random doc comments into a body of about size bytes.
func freshBody(r *rand.Rand, fresh []string, size int) []byte {
	var b []byte
	for len(b) < size*3/4 {
		if len(b) > 0 {
			b = append(b, "\n\n"...)
		}
		b = append(b, fresh[r.IntN(len(fresh))]...)
	}
	return b
}

// plant puts a copy between two paragraphs of the carrier and returns where it stands.
func plant(r *rand.Rand, carrier, copy []byte) ([]byte, int, int) {
	var cuts []int
	for i := 0; ; {
		k := bytes.Index(carrier[i:], []byte("\n\n"))
		if k < 0 {
			break
		}
		i += k + 2
		cuts = append(cuts, i)
	}
	at := len(carrier)
	if len(cuts) > 0 {
		at = cuts[r.IntN(len(cuts))]
	}
	body := make([]byte, 0, len(carrier)+len(copy)+4)
	body = append(body, carrier[:at]...)
	if at == len(carrier) {
		body = append(body, "\n\n"...)
	}
	a := len(body)
	body = append(body, copy...)
	b := len(body)
	body = append(body, "\n\n"...)
	body = append(body, carrier[at:]...)
	return body, a, b
}

type plantKind struct {
	name string
	make func(r *rand.Rand, d copycheck.Document) ([]byte, bool)
}

// plantKinds are the copies the calibration plants: exact runs of 50 to 500 normalised
// characters, paragraphs with a word changed every k words, paragraphs with the variables of
// their formulas renamed, and paragraphs with their sentences reordered.
var plantKinds = []plantKind{
	{"exact run, 50-99 characters", exactPlant(50, 99)},
	{"exact run, 100-199 characters", exactPlant(100, 199)},
	{"exact run, 200-500 characters", exactPlant(200, 500)},
	{"paragraph, a word changed every 5 words", editPlant(5)},
	{"paragraph, a word changed every 10 words", editPlant(10)},
	{"paragraph, a word changed every 20 words", editPlant(20)},
	{"paragraph, variables renamed in formulas", renamePlant},
	{"paragraph, sentences reordered", reorderPlant},
}

// exactPlant copies the original text behind a run of lo to hi normalised characters that
// normalises on its own to the same run.
func exactPlant(lo, hi int) func(*rand.Rand, copycheck.Document) ([]byte, bool) {
	return func(r *rand.Rand, d copycheck.Document) ([]byte, bool) {
		nz := copycheck.Normalize(d.Text, d.Format)
		l := lo + r.IntN(hi-lo+1)
		if len(nz.Text) < l+2 {
			return nil, false
		}
		p := r.IntN(len(nz.Text) - l)
		for p < len(nz.Text) && nz.Text[p] != ' ' {
			p++
		}
		p++
		if p+l > len(nz.Text) {
			return nil, false
		}
		a, b := nz.Map.Span(p, p+l)
		out := d.Text[a:b]
		if got := copycheck.Normalize(out, d.Format).Text; !bytes.Equal(bytes.TrimSpace(got), bytes.TrimSpace(nz.Text[p:p+l])) {
			return nil, false
		}
		return out, true
	}
}

var plainWord = regexp.MustCompile(`^[A-Za-z]{3,}[,.;:]?$`)

// proseParagraph picks a paragraph of the document's original text with at least minWords
// words, most of them plain words, and no environments or sectioning.
func proseParagraph(r *rand.Rand, d copycheck.Document, minWords int) ([]string, bool) {
	paras := bytes.Split(d.Text, []byte("\n\n"))
	for try := 0; try < 20; try++ {
		p := string(bytes.TrimSpace(paras[r.IntN(len(paras))]))
		if strings.ContainsAny(p, "%") || strings.Contains(p, `\begin`) || strings.Contains(p, `\end`) ||
			strings.Contains(p, `\section`) || strings.Contains(p, `\item`) || strings.Contains(p, "$$") || strings.Contains(p, `\[`) {
			continue
		}
		words := strings.Fields(p)
		plain := 0
		for _, w := range words {
			if plainWord.MatchString(w) {
				plain++
			}
		}
		if len(words) >= minWords && plain*10 >= len(words)*6 && strings.Count(p, "$")%2 == 0 {
			return words, true
		}
	}
	return nil, false
}

var replacements = strings.Fields("thing object part piece item entity member figure point notion case kind sort type form")

func editPlant(k int) func(*rand.Rand, copycheck.Document) ([]byte, bool) {
	return func(r *rand.Rand, d copycheck.Document) ([]byte, bool) {
		words, ok := proseParagraph(r, d, 60)
		if !ok {
			return nil, false
		}
		words = slices.Clone(words)
		changed := 0
		for i := k - 1; i < len(words); i += k {
			// Change the nearest plain word at or after every k-th position.
			for j := i; j < len(words) && j < i+k; j++ {
				if plainWord.MatchString(words[j]) {
					words[j] = replacements[r.IntN(len(replacements))]
					changed++
					break
				}
			}
		}
		return []byte(strings.Join(words, " ")), changed > 0
	}
}

var inlineMath = regexp.MustCompile(`\$[^$]+\$`)

func renamePlant(r *rand.Rand, d copycheck.Document) ([]byte, bool) {
	words, ok := proseParagraph(r, d, 40)
	if !ok {
		return nil, false
	}
	p := strings.Join(words, " ")
	if len(inlineMath.FindAllString(p, -1)) < 3 {
		return nil, false
	}
	// A rotation of the letters, applied to single letters outside macro names.
	shift := 1 + r.IntN(25)
	rename := func(c byte) byte {
		switch {
		case 'a' <= c && c <= 'z':
			return 'a' + (c-'a'+byte(shift))%26
		case 'A' <= c && c <= 'Z':
			return 'A' + (c-'A'+byte(shift))%26
		}
		return c
	}
	changed := false
	out := inlineMath.ReplaceAllStringFunc(p, func(f string) string {
		b := []byte(f)
		for i := 0; i < len(b); i++ {
			if b[i] == '\\' {
				for i+1 < len(b) && isLetter(b[i+1]) {
					i++
				}
				continue
			}
			if isLetter(b[i]) {
				b[i] = rename(b[i])
				changed = true
			}
		}
		return string(b)
	})
	return []byte(out), changed
}

// isLetter says whether c is an ASCII letter.
func isLetter(c byte) bool { return 'A' <= c&^0x20 && c&^0x20 <= 'Z' }

var sentenceEnd = regexp.MustCompile(`[.!?]\s+`)

func reorderPlant(r *rand.Rand, d copycheck.Document) ([]byte, bool) {
	words, ok := proseParagraph(r, d, 50)
	if !ok {
		return nil, false
	}
	p := strings.Join(words, " ")
	var sentences []string
	last := 0
	for _, m := range sentenceEnd.FindAllStringIndex(p, -1) {
		sentences = append(sentences, strings.TrimSpace(p[last:m[1]]))
		last = m[1]
	}
	if last < len(p) {
		sentences = append(sentences, strings.TrimSpace(p[last:]))
	}
	if len(sentences) < 3 {
		return nil, false
	}
	orig := slices.Clone(sentences)
	for slices.Equal(orig, sentences) {
		r.Shuffle(len(sentences), func(i, j int) { sentences[i], sentences[j] = sentences[j], sentences[i] })
	}
	return []byte(strings.Join(sentences, " ")), true
}

// WriteTable prints the calibration as Markdown tables.
func (rep *Report) WriteTable(w io.Writer) {
	c := rep.Config
	fmt.Fprintf(w, "thresholds %s: flag %d, match %d characters, section cover %.0f%%, Jaccard %.2f, block %d words, ROUGE-L %.2f, near minimum %d words (%d by 3-grams)\n\n",
		c.Version, c.FlagRun, c.MatchRun, c.SectionCover*100, c.NearJaccard, c.NearBlock, c.NearRougeL, c.NearMinWords, c.NearShortMinWords)
	fmt.Fprintln(w, "False matches on human text (bodies of about 4 KiB):")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| bodies from | checked against | bodies | with a match | false-match rate | blocked | with a flag |")
	fmt.Fprintln(w, "|---|---|---:|---:|---:|---:|---:|")
	var bodies, matched int
	for _, r := range rep.FalseMatch {
		fmt.Fprintf(w, "| %s | %s | %d | %d | %.2f%% | %d | %d |\n", r.From, r.Against, r.Bodies, r.Matched, 100*r.Rate(), r.Blocked, r.Flagged)
		bodies += r.Bodies
		matched += r.Matched
	}
	fmt.Fprintf(w, "| all | | %d | %d | %.2f%% | | |\n\n", bodies, matched, 100*share(matched, bodies))
	fmt.Fprintln(w, "Recall of planted copies (fresh text with one copy planted as a paragraph):")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| kind | planted | matched | recall | matched or flagged |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|")
	for _, r := range rep.Recall {
		fmt.Fprintf(w, "| %s | %d | %d | %.1f%% | %.1f%% |\n", r.Kind, r.Planted, r.Matched, 100*r.Recall(), 100*share(r.Flagged, r.Planted))
	}
	rep.writeShort(w)
	fmt.Fprintf(w, "\n(%.1fs)\n", rep.Elapsed.Seconds())
}
