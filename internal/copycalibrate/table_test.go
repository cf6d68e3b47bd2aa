package copycalibrate

import (
	"strings"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/copycheck"
)

// TestWriteTable prints the thresholds, one row per false-match and recall row with the rates in
// per cent, the totals of all rows, and the short-statement tables only when that round ran.
func TestWriteTable(t *testing.T) {
	t.Parallel()
	rep := &Report{
		Config: copycheck.DefaultConfig(),
		FalseMatch: []FalseMatchRow{
			{From: "openlogic", Against: "stacks + hott", Bodies: 300, Matched: 3, Flagged: 7, Blocked: 1},
			{From: "fresh doc comments", Against: "stacks + hott", Bodies: 100, Matched: 0, Flagged: 2},
		},
		Recall:  []RecallRow{{Kind: "exact run, 50-99 characters", Planted: 40, Matched: 30, Flagged: 36}},
		Elapsed: 2500 * time.Millisecond,
	}
	var b strings.Builder
	rep.WriteTable(&b)
	got := b.String()
	for _, want := range []string{
		"thresholds " + rep.Config.Version + ": flag ",
		"| openlogic | stacks + hott | 300 | 3 | 1.00% | 1 | 7 |\n",
		"| fresh doc comments | stacks + hott | 100 | 0 | 0.00% | 0 | 2 |\n",
		"| all | | 400 | 3 | 0.75% | | |\n",
		"| exact run, 50-99 characters | 40 | 30 | 75.0% | 90.0% |\n",
		"\n(2.5s)\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("table lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "short human text") || strings.Contains(got, "short statements") {
		t.Errorf("a report without the short round prints its tables:\n%s", got)
	}

	rep.ShortFalseMatch = []FalseMatchRow{{From: "fresh doc comments of theorems", Against: "stacks", Bodies: 50, Matched: 1}}
	rep.ShortRecall = []RecallRow{
		{Kind: "lemma, renamed", Split: SplitTune, Planted: 20, Matched: 19, Near: 10, Flagged: 20},
		{Kind: "lemma, renamed", Split: SplitHeldOut, Planted: 20, Matched: 18, Near: 12, Flagged: 19},
		{Kind: "doc comment, renamed", Split: SplitTune, Planted: 20, Matched: 20, Near: 5, Flagged: 20},
	}
	b.Reset()
	rep.WriteTable(&b)
	got = b.String()
	for _, want := range []string{
		"False matches on short human text (statements of 20-80 words",
		"| fresh doc comments of theorems | stacks | 50 | 1 | 2.00% | 0 | 0 |\n",
		"| all | | 50 | 1 | 2.00% | | |\n",
		"| lemma, renamed | held-out | 20 | 18 | 90.0% | 60.0% | 95.0% |\n",
		"| all | tune | 40 | 39 | 97.5% | 37.5% | 100.0% |\n",
		"| all | held-out | 20 | 18 | 90.0% | 60.0% | 95.0% |\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("table lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "long statements") {
		t.Errorf("a report without long statements prints their table:\n%s", got)
	}
	rep.LongRecall = []RecallRow{{Kind: "lemma, a word changed every 20 words", Split: SplitTune, Planted: 10, Matched: 7, Near: 7, Flagged: 8}}
	b.Reset()
	rep.WriteTable(&b)
	if got := b.String(); !strings.Contains(got, "long statements (81-400 words)") ||
		!strings.Contains(got, "| lemma, a word changed every 20 words | tune | 10 | 7 | 70.0% | 70.0% | 80.0% |\n") {
		t.Errorf("long statements' table:\n%s", got)
	}
}

// TestWordCount counts fields as strings.Fields does.
func TestWordCount(t *testing.T) {
	t.Parallel()
	for s, want := range map[string]int{"": 0, "  ": 0, "one": 1, "a\tb\nc  d": 4, "$x + y$ holds": 4} {
		if got := wordCount(s); got != want {
			t.Errorf("wordCount(%q) = %d; want %d", s, got, want)
		}
	}
}
