package copycheck

import (
	"context"
	"fmt"
	"slices"
	"time"
)

// Config holds the thresholds of the check. They are configuration, not code: every Result
// carries Version so that a verdict can be traced to the thresholds that produced it.
type Config struct {
	Version      string  `json:"version"`
	FlagRun      int     `json:"flagRun"`      // exact run that is a flag, in normalised characters
	MatchRun     int     `json:"matchRun"`     // exact run in one source that is a match
	SectionCover float64 `json:"sectionCover"` // share of a body section covered by flags that is a match
	NearJaccard  float64 `json:"nearJaccard"`  // estimated Jaccard of word 5-grams that, with a block, makes a near copy
	NearBlock    int     `json:"nearBlock"`    // common block of words after alignment that goes with the Jaccard
	NearRougeL   float64 `json:"nearRougeL"`   // or ROUGE-L that makes a near copy on its own
	NearMinWords int     `json:"nearMinWords"` // body paragraphs shorter than this skip stage 2
	// NearShortMinWords is the minimum of words of the short pieces (a statement, an item) that
	// stage 2 compares by word 3-grams, and of the chunks it compares them with.
	NearShortMinWords int `json:"nearShortMinWords"`
}

// DefaultConfig returns the thresholds of K9.4, with the calibration of `make calibrate`.
func DefaultConfig() Config {
	return Config{
		Version:           "k9.4-2026.3",
		FlagRun:           50,
		MatchRun:          100,
		SectionCover:      0.10,
		NearJaccard:       0.5,
		NearBlock:         20,
		NearRougeL:        0.8,
		NearMinWords:      20,
		NearShortMinWords: 10,
	}
}

// Validate reports thresholds the check cannot work with.
func (c Config) Validate() error {
	switch {
	case c.Version == "":
		return fmt.Errorf("thresholds need a version: %w", ErrInvalid)
	case c.FlagRun < 4 || c.MatchRun < c.FlagRun:
		return fmt.Errorf("flag run %d must be at least 4 and at most the match run %d: %w", c.FlagRun, c.MatchRun, ErrInvalid)
	case c.SectionCover <= 0 || c.SectionCover > 1, c.NearJaccard <= 0 || c.NearJaccard > 1,
		c.NearRougeL <= 0 || c.NearRougeL > 1:
		return fmt.Errorf("shares must lie in (0, 1]: %w", ErrInvalid)
	case c.NearBlock < 1 || c.NearMinWords < shingleWords:
		return fmt.Errorf("near block must be positive and near minimum words at least %d: %w", shingleWords, ErrInvalid)
	case c.NearShortMinWords < shortShingleWords || c.NearShortMinWords > c.NearMinWords:
		return fmt.Errorf("near minimum words of short pieces must lie in [%d, %d]: %w", shortShingleWords, c.NearMinWords, ErrInvalid)
	}
	return nil
}

// Stage names as they appear in results.
const (
	StageExact = "exact"
	StageNear  = "near"
)

// Match is one place where the body copies a reference source. Offsets are byte offsets into the
// original body and into the original source file.
type Match struct {
	Stage       string  `json:"stage"`
	Source      string  `json:"source"`
	URI         string  `json:"uri"`
	Licence     Licence `json:"licence"`
	BodyStart   int     `json:"bodyStart"`
	BodyEnd     int     `json:"bodyEnd"`
	SourceStart int     `json:"sourceStart"`
	SourceEnd   int     `json:"sourceEnd"`
	Section     string  `json:"sourceSection,omitempty"` // the source's section at SourceStart
	Length      int     `json:"length"`                  // exact: run in normalised characters; near: common block in words
	Similarity  float64 `json:"similarity"`              // exact: 1; near: estimated Jaccard of word 5-grams (3-grams for a short chunk)
	RougeL      float64 `json:"rougeL,omitempty"`
	Verdict     Verdict `json:"verdict"` // what this match alone implies
}

// Result is the outcome of a check: the verdict the policy implies, the thresholds version, the
// matches (each a location to rewrite when the verdict is block) and the flags that are not
// matches on their own.
type Result struct {
	Verdict           Verdict `json:"verdict"`
	ThresholdsVersion string  `json:"thresholdsVersion"`
	Matches           []Match `json:"matches"`
	Flags             []Match `json:"flags,omitempty"`
	Timing            Timing  `json:"-"`
}

// Timing is where the time of a check went, for benchmarks and worker metrics.
type Timing struct {
	Normalise, Exact, Near time.Duration
}

// Checker runs the copy check of a body against an index. It only reads the index, so one
// Checker serves any number of goroutines at once.
type Checker struct {
	index   *Index
	config  Config
	phrases *Phrases
}

// NewChecker returns a checker; phrases may be nil for no standard phrases.
func NewChecker(x *Index, c Config, phrases *Phrases) (*Checker, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	return &Checker{index: x, config: c, phrases: phrases}, nil
}

// Check runs both stages over a body and derives the verdict.
func (c *Checker) Check(ctx context.Context, body []byte, f Format) (*Result, error) {
	t0 := time.Now()
	nz := Normalize(body, f)
	std := c.phrases.mark(nz.Text)
	res := &Result{Verdict: VerdictClear, ThresholdsVersion: c.config.Version, Matches: []Match{}}
	t1 := time.Now()
	c.exact(nz, std, res)
	t2 := time.Now()
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("copy check: %w", err)
	}
	c.near(nz, std, res)
	res.Timing = Timing{Normalise: t1.Sub(t0), Exact: t2.Sub(t1), Near: time.Since(t2)}
	for _, m := range res.Matches {
		if m.Verdict == VerdictBlock || m.Verdict == VerdictAttribute && res.Verdict == VerdictClear {
			res.Verdict = m.Verdict
		}
	}
	slices.SortStableFunc(res.Matches, func(a, b Match) int { return a.BodyStart - b.BodyStart })
	return res, nil
}

// exact is stage 1: maximal runs, flags of FlagRun characters, matches of MatchRun characters in
// one source or of flags covering SectionCover of a body section. Standard phrases do not count.
func (c *Checker) exact(nz *Normalized, std []int32, res *Result) {
	cfg := c.config
	type flag struct {
		run
		src   source
		match bool
	}
	var flags []flag
	for _, r := range c.index.exactRuns(nz.Text, cfg.FlagRun) {
		counted := r.End - r.Start - int(std[r.End]-std[r.Start])
		if counted < cfg.FlagRun {
			continue
		}
		src, ok := c.index.locate(nz.Text[r.Start:r.End], 16)
		if !ok {
			continue
		}
		flags = append(flags, flag{run: r, src: src, match: counted >= cfg.MatchRun})
	}
	if len(flags) == 0 {
		return
	}
	// Coverage of each body section by flagged, non-standard bytes.
	covered := make([]int32, len(nz.Text)+1)
	mark := make([]bool, len(nz.Text))
	for _, f := range flags {
		for i := f.Start; i < f.End; i++ {
			mark[i] = true
		}
	}
	for i, m := range mark {
		covered[i+1] = covered[i]
		if m && std[i+1] == std[i] {
			covered[i+1]++
		}
	}
	bounds := []int{0}
	for _, s := range nz.Sections {
		if int(s.Start) > bounds[len(bounds)-1] && int(s.Start) < len(nz.Text) {
			bounds = append(bounds, int(s.Start))
		}
	}
	bounds = append(bounds, len(nz.Text))
	for k := 0; k+1 < len(bounds); k++ {
		a, b := bounds[k], bounds[k+1]
		size := b - a - int(std[b]-std[a])
		if size <= 0 || float64(covered[b]-covered[a]) < cfg.SectionCover*float64(size) {
			continue
		}
		for i := range flags {
			if flags[i].Start < b && flags[i].End > a {
				flags[i].match = true
			}
		}
	}
	for _, f := range flags {
		s := c.index.shards[f.src.shard]
		meta := s.meta[f.src.doc]
		m := Match{Stage: StageExact, Source: meta.ID, URI: meta.URI, Licence: meta.Licence,
			Length: f.End - f.Start, Similarity: 1, Verdict: verdictFor(meta.Licence)}
		// Report the run without the collapsed white space at its edges.
		a, b := f.Start, f.End
		for a < b && nz.Text[a] == ' ' {
			a++
		}
		for b > a && nz.Text[b-1] == ' ' {
			b--
		}
		m.BodyStart, m.BodyEnd = nz.Map.Span(a, b)
		p := f.src.pos + a - f.Start
		m.SourceStart, m.SourceEnd = s.orig(p, p+b-a)
		m.Section = meta.sectionAt(m.SourceStart)
		if f.match {
			res.Matches = append(res.Matches, m)
		} else {
			res.Flags = append(res.Flags, m)
		}
	}
}

// near is stage 2: a MinHash candidate from LSH is a near copy when its estimated Jaccard
// reaches NearJaccard with a common block of NearBlock words after alignment, or when its
// ROUGE-L reaches NearRougeL (K9.4: "Jaccard ≥ 0.5 plus a common block of ≥ 20 words, or
// ROUGE-L ≥ 0.8"; CALIBRATION.md says why the ROUGE-L stands alone). Signatures are made
// of all the words of a piece, as the index makes them of a chunk; standard phrases count in
// neither the alignment nor the minimum of words, which both the piece and the chunk must reach.
// A piece of fewer than shortWords words is compared by 3-grams with the chunks the index signed
// so, and needs only NearShortMinWords words; near that length it is compared both ways, since a
// copy may be a few words longer or shorter than its source.
func (c *Checker) near(nz *Normalized, std []int32, res *Result) {
	cfg := c.config
	var toks, kept, ref, refKept []token
	var cands []candidate
	var sig [numHashes]uint32
	type found struct {
		Match
		key candidate
	}
	best := map[candidate]int{} // reference chunk → index in matches
	var matches []found
	fi := 0
	for p, ps := range nz.Paragraphs {
		pe := len(nz.Text)
		if p+1 < len(nz.Paragraphs) {
			pe = int(nz.Paragraphs[p+1])
		}
		for fi < len(nz.Formulas) && int(nz.Formulas[fi].Pos) < int(ps) {
			fi++
		}
		first := fi
		toks = appendTokens(toks[:0], nz.Text, int(ps), pe, func(k int) uint32 { return nz.Formulas[first+k].Shape })
		for _, w := range pieces(len(toks)) {
			win := toks[w[0]:w[1]]
			kept = counted(kept[:0], win, std, 0)
			for _, k := range shinglesFor(len(win)) {
				minWords := cfg.NearMinWords
				if k == shortShingleWords {
					minWords = cfg.NearShortMinWords
				}
				if len(kept) < minWords || !signatureOf(win, k, &sig) {
					continue
				}
				cands = c.index.candidates(&sig, k, cands)
				for _, cd := range cands {
					s := c.index.shards[cd.shard]
					sim := similarity(&sig, s.sigs[cd.chunk*numHashes:(cd.chunk+1)*numHashes])
					ch := s.chunks[cd.chunk]
					ref = s.chunkTokens(cd.chunk, ref)
					refKept = counted(refKept[:0], ref, c.phrases.mark(s.text[ch.Start:ch.End]), int(ch.Start))
					if len(refKept) < minWords {
						continue
					}
					block, rl := alignment(kept, refKept)
					if (sim < cfg.NearJaccard || block < cfg.NearBlock) && rl < cfg.NearRougeL {
						continue
					}
					meta := s.meta[ch.Doc]
					m := Match{Stage: StageNear, Source: meta.ID, URI: meta.URI, Licence: meta.Licence,
						Length: block, Similarity: sim, RougeL: rl, Verdict: verdictFor(meta.Licence)}
					m.BodyStart, m.BodyEnd = nz.Map.Span(int(win[0].Start), int(win[len(win)-1].End))
					m.SourceStart, m.SourceEnd = s.orig(int(ch.Start), int(ch.End))
					m.Section = meta.sectionAt(m.SourceStart)
					if k, ok := best[cd]; ok {
						if sim > matches[k].Similarity {
							matches[k].Match = m
						}
						continue
					}
					best[cd] = len(matches)
					matches = append(matches, found{Match: m, key: cd})
				}
			}
		}
	}
	for _, m := range matches {
		res.Matches = append(res.Matches, m.Match)
	}
}
