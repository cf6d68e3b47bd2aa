// Command copycheck-calibrate runs the copy check over the shared human-written corpora compared
// with each other and over fresh text with planted copies, and prints the false-match rates and
// the recall per kind of copy as tables (`make calibrate`; the lab is internal/copycalibrate). The
// policy requires this before the check may block a merge.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/theoremdb/theoremdb/copycheck"
	"github.com/theoremdb/theoremdb/internal/copycalibrate"
	"github.com/theoremdb/theoremdb/shareddata"
)

func main() {
	shared := flag.String("shared", "../shared/data", "the shared data directory")
	bodies := flag.Int("bodies", 0, "bodies checked per collection, spread evenly (0: all)")
	plants := flag.Int("plants", 150, "planted copies per kind")
	short := flag.Int("short", 150, "planted near copies of short statements per source, kind and split (0: no such round)")
	seed := flag.Uint64("seed", 1, "seed of the planted copies")
	quiet := flag.Bool("q", false, "no progress on standard error")
	cfg := copycheck.DefaultConfig()
	flag.IntVar(&cfg.FlagRun, "flag-run", cfg.FlagRun, "exact run that is a flag, in normalised characters")
	flag.IntVar(&cfg.MatchRun, "match-run", cfg.MatchRun, "exact run that is a match")
	flag.Float64Var(&cfg.SectionCover, "section-cover", cfg.SectionCover, "share of a section covered by flags that is a match")
	flag.Float64Var(&cfg.NearJaccard, "near-jaccard", cfg.NearJaccard, "estimated Jaccard of a near candidate")
	flag.IntVar(&cfg.NearBlock, "near-block", cfg.NearBlock, "common block of words that confirms a near candidate")
	flag.Float64Var(&cfg.NearRougeL, "near-rougel", cfg.NearRougeL, "ROUGE-L that confirms a near candidate")
	flag.IntVar(&cfg.NearMinWords, "near-min", cfg.NearMinWords, "body paragraphs shorter than this skip stage 2")
	flag.IntVar(&cfg.NearShortMinWords, "near-short-min", cfg.NearShortMinWords, "words a short piece compared by 3-grams needs")
	flag.StringVar(&cfg.Version, "version", cfg.Version, "label of the thresholds under test")
	flag.Parse()
	o := copycalibrate.Options{
		Collections: shareddata.Collections(filepath.Join(*shared, "corpus")),
		Fresh:       filepath.Join(*shared, "formal-conjectures"),
		MaxBodies:   *bodies,
		Plants:      *plants,
		ShortPlants: *short,
		ShortFrom:   "stacks-project",
		Seed:        *seed,
		Config:      cfg,
		Phrases:     copycheck.DefaultPhrases(),
	}
	if !*quiet {
		o.Progress = os.Stderr
	}
	if err := cfg.Validate(); err != nil {
		fmt.Fprintln(os.Stderr, "calibrate:", err)
		os.Exit(2)
	}
	rep, err := copycalibrate.Run(context.Background(), o)
	if err != nil {
		fmt.Fprintln(os.Stderr, "calibrate:", err)
		os.Exit(1)
	}
	rep.WriteTable(os.Stdout)
}
