package ui

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/theoremdb/theoremdb/policy"
)

// Segment is a run of a field's text, marked when a finding that does not pass points at it.
type Segment struct {
	Text  string
	Mark  bool
	Title string // the checks pointing here
}

// Highlight splits text into segments, marking the spans of the findings on field that do not
// pass. Overlapping spans merge; offsets outside the text are ignored.
func Highlight(text, field string, checks []policy.CheckView) []Segment {
	type span struct {
		start, end int
		title      string
	}
	var spans []span
	for _, c := range checks {
		for _, f := range c.Findings {
			if f.Field != field || f.Verdict == "PASS" || f.End <= f.Start || f.End > len(text) ||
				f.Start == 0 && f.End == len(text) { // a finding on the whole field marks nothing in it
				continue
			}
			spans = append(spans, span{f.Start, f.End, f.Check})
		}
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i].start < spans[j].start })
	var out []Segment
	at := 0
	for i := 0; i < len(spans); {
		s := spans[i]
		titles := []string{s.title}
		j := i + 1
		for ; j < len(spans) && spans[j].start < s.end; j++ {
			s.end = max(s.end, spans[j].end)
			if !slices.Contains(titles, spans[j].title) {
				titles = append(titles, spans[j].title)
			}
		}
		if s.start < at { // a span inside one already marked
			s.start = at
		}
		if s.start > at {
			out = append(out, Segment{Text: text[at:s.start]})
		}
		if s.end > s.start {
			out = append(out, Segment{Text: text[s.start:s.end], Mark: true, Title: strings.Join(titles, ", ")})
			at = s.end
		}
		i = j
	}
	if at < len(text) {
		out = append(out, Segment{Text: text[at:]})
	}
	return out
}

// OpenFirst orders a revision's checks for a reviewer: failing gates, then those a reviewer
// must answer, then the rest; within a gate, failing findings, then open ones, then passes.
func OpenFirst(checks []policy.CheckView) []policy.CheckView {
	rank := map[string]int{"FAIL": 0, "UNKNOWN": 1, "NEEDS_HUMAN": 1, "PENDING": 2, "PASS": 3}
	out := slices.Clone(checks)
	for i := range out {
		fs := slices.Clone(out[i].Findings)
		slices.SortStableFunc(fs, func(a, b policy.FindingView) int { return rank[a.Verdict] - rank[b.Verdict] })
		out[i].Findings = fs
	}
	slices.SortStableFunc(out, func(a, b policy.CheckView) int { return rank[a.Outcome] - rank[b.Outcome] })
	return out
}

// OpenFindings are the findings a reviewer answers one by one, in the order of OpenFirst.
func OpenFindings(checks []policy.CheckView) []policy.FindingView {
	var out []policy.FindingView
	for _, c := range OpenFirst(checks) {
		for _, f := range c.Findings {
			if f.Open() {
				out = append(out, f)
			}
		}
	}
	return out
}

// ChecksPending reports whether a gate of the revision has not run yet.
func ChecksPending(checks []policy.CheckView) bool {
	return slices.ContainsFunc(checks, func(c policy.CheckView) bool { return c.Outcome == "PENDING" })
}

// SummaryLine says how the checks stand in one sentence.
func SummaryLine(s policy.CheckSummary) string {
	switch s.Outcome {
	case "FAIL":
		return Plural(s.Failing, "gate") + " " + verb(s.Failing, "fails", "fail") + "; the findings say what to change."
	case "PENDING":
		return "The checks are running (" + Plural(s.Pending, "gate") + " to go)."
	case "UNKNOWN", "NEEDS_HUMAN":
		return "No gate fails; " + Plural(s.NeedsHuman, "finding") + " " + verb(s.NeedsHuman, "needs", "need") + " a reviewer's reading."
	}
	return "Every gate passes."
}

func verb(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func itoa(i int) string { return strconv.Itoa(i) }

// Percent writes a share as a whole percentage ("97%"), or to one decimal below 10%.
func Percent(r float64) string {
	if r < 0.1 && r > 0 {
		return strconv.FormatFloat(100*r, 'f', 1, 64) + "%"
	}
	return strconv.FormatFloat(100*r, 'f', 0, 64) + "%"
}

func gateHelp(g string) string {
	t, _ := policy.Gates.Term(g)
	return t.Help
}

// FailingFirst are the findings that do not pass, failing ones first.
func FailingFirst(fs []policy.FindingView) []policy.FindingView {
	var out []policy.FindingView
	for _, f := range fs {
		if f.Verdict == "FAIL" {
			out = append(out, f)
		}
	}
	for _, f := range fs {
		if f.Verdict != "FAIL" && f.Verdict != "PASS" {
			out = append(out, f)
		}
	}
	return out
}

// Passed are the findings that pass.
func Passed(fs []policy.FindingView) []policy.FindingView {
	var out []policy.FindingView
	for _, f := range fs {
		if f.Verdict == "PASS" {
			out = append(out, f)
		}
	}
	return out
}

// heldWhy is the sentence a hold's banner gives: its note, or the reason's help.
func heldWhy(h policy.HoldView) string {
	if h.Note != "" {
		return h.Note
	}
	t, _ := policy.HoldReasons.Term(h.Reason)
	return t.Help
}
