package copycalibrate

import (
	"context"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/copycheck"
	"github.com/theoremdb/theoremdb/shareddata"
)

// TestCalibrationOnSharedCorpora is the false-match test on human text and the planted-copy
// recall test: OpenLogic and fresh doc comments checked against the Stacks project and the HoTT
// book must give under 1% false matches, and copies of those two planted into fresh text must be
// found at the rates the thresholds promise, and so must near copies of short statements.
// `make calibrate` runs all four rounds in full.
func TestCalibrationOnSharedCorpora(t *testing.T) {
	t.Parallel()
	root := shareddata.Require(t, "corpus")
	cols := shareddata.Collections(root)
	shortFrom := "stacks-project"
	if raceEnabled {
		// Under the race detector indexing the Stacks project alone takes a minute; OpenLogic
		// against the HoTT book is still human text against human text, and the HoTT book has
		// short lemmas too.
		cols, shortFrom = cols[1:], "hott-book"
	}
	rep, err := Run(context.Background(), Options{
		Collections: cols,
		Check:       []string{"openlogic"},
		Fresh:       shareddata.Require(t, "formal-conjectures"),
		MaxBodies:   400,
		Plants:      30,
		ShortPlants: 20,
		ShortFrom:   shortFrom,
		Seed:        7,
		Config:      copycheck.DefaultConfig(),
		Phrases:     copycheck.DefaultPhrases(),
	})
	if err != nil {
		t.Fatal(err)
	}
	var table strings.Builder
	rep.WriteTable(&table)
	t.Log("\n" + table.String())
	bodies, matched := 0, 0
	for _, r := range rep.FalseMatch {
		bodies += r.Bodies
		matched += r.Matched
	}
	if bodies < 400 {
		t.Errorf("only %d human bodies checked; want at least 400", bodies)
	}
	if rate := share(matched, bodies); rate >= 0.01 {
		t.Errorf("false-match rate on human text = %.2f%%; want under 1%%", 100*rate)
	}
	// Lower bounds well under the measured recall, so that sampling noise does not fail them,
	// yet far above what a broken stage would give.
	want := map[string]float64{
		"exact run, 100-199 characters":            0.75,
		"exact run, 200-500 characters":            0.85,
		"paragraph, a word changed every 20 words": 0.85,
		"paragraph, variables renamed in formulas": 0.85,
		"paragraph, sentences reordered":           0.85,
	}
	bodies, matched = 0, 0
	for _, r := range rep.ShortFalseMatch {
		bodies += r.Bodies
		matched += r.Matched
	}
	if bodies < 400 {
		t.Errorf("only %d short human statements and bodies checked; want at least 400", bodies)
	}
	if rate := share(matched, bodies); rate >= 0.01 {
		t.Errorf("false-match rate on short human text = %.2f%%; want under 1%%", 100*rate)
	}
	// Near copies of short statements: 120 per split, found at least 95% of the time in the
	// calibration; the bound leaves room for sampling noise.
	split := map[string]*RecallRow{SplitTune: {}, SplitHeldOut: {}}
	for _, r := range rep.ShortRecall {
		if r.Planted != 20 {
			t.Errorf("%s (%s): %d copies planted; want 20", r.Kind, r.Split, r.Planted)
		}
		split[r.Split].Planted += r.Planted
		split[r.Split].Matched += r.Matched
	}
	for sp, r := range split {
		if r.Planted != 6*20 || r.Recall() < 0.88 {
			t.Errorf("short statements, %s: recall %d of %d; want 120 planted and at least 88%% found", sp, r.Matched, r.Planted)
		}
	}
	for _, r := range rep.Recall {
		if r.Planted != 30 {
			t.Errorf("%s: %d copies planted; want 30", r.Kind, r.Planted)
		}
		if min, ok := want[r.Kind]; ok && r.Recall() < min {
			t.Errorf("%s: recall %.1f%%; want at least %.0f%%", r.Kind, 100*r.Recall(), 100*min)
		}
	}
}

func TestSplitBodies(t *testing.T) {
	t.Parallel()
	para := strings.Repeat("word ", 100) // 500 bytes
	text := "\\documentclass{x}\n\\begin{document}\n" + strings.Repeat(para+"\n\n", 20) + "\\end{document}"
	bodies := splitBodies(copycheck.Document{Format: copycheck.LaTeX, Text: []byte(text)}, 2048)
	if len(bodies) < 4 || len(bodies) > 6 {
		t.Fatalf("splitBodies gave %d bodies; want about 5", len(bodies))
	}
	for _, b := range bodies {
		if len(b) > 2600 || strings.Contains(string(b), "begin{document}") {
			t.Errorf("body of %d bytes %.40q...; want at most a paragraph over 2 KiB and no preamble", len(b), b)
		}
	}
}
