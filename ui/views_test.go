package ui

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/a-h/templ"
	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/policy"
)

func TestSourceURL(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"doi:10.1000/xyz":           "https://doi.org/10.1000/xyz",
		"arxiv:2101.00001":          "https://arxiv.org/abs/2101.00001",
		"zbmath:1234.5678":          "https://zbmath.org/?q=an:1234.5678",
		"isbn:9780000000000":        "https://openlibrary.org/isbn/9780000000000",
		"url:https://example.org/a": "https://example.org/a",
		"mr:123":                    "#",
		"no colon":                  "#",
		"":                          "#",
	} {
		if got := sourceURL(in); got != want {
			t.Errorf("sourceURL(%q) = %q; want %q", in, got, want)
		}
	}
}

func TestSmallHelpers(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ got, want string }{
		{join(nil), ""},
		{join([]string{"a", "b"}), "a; b"},
		{diffClass('+'), "add"},
		{diffClass('-'), "del"},
		{diffClass(' '), "same"},
		{Plural(0, "flag"), "0 flags"},
		{Plural(1, "flag"), "1 flag"},
		{Plural(3, "flag"), "3 flags"},
		{PluralOf(1, "finding fails", "findings fail"), "1 finding fails"},
		{PluralOf(2, "finding fails", "findings fail"), "2 findings fail"},
		{Problems(1), "1 problem"},
		{Problems(0), "0 problems"},
		{requiredList([]string{"statement", "references.0.citation"}), "statement, reference 1: citation"},
		{Words("ACCEPTANCE_KIND"), "acceptance kind"},
		{Words(""), ""},
		{Hours(2.25), "2.2"},
		{Hours(10), "10.0"},
		{RatePercent(0.0125), "1.25%"},
		{Minutes(0), "0 s"},
		{Minutes(59), "59 s"},
		{Minutes(60), "1 min"},
		{Minutes(89), "1 min"},
		{Minutes(90), "2 min"},
		{lower("THEOREM Ü"), "theorem Ü"},
		{kindName("THEOREM"), "Theorem"},
		{kindName(""), ""},
		{nodeURL("nd_1"), "/n/nd_1"},
		{checkKindName(corpus.ConfirmStatement), "Statement against its source"},
		{checkKindName(corpus.ConfirmProof), "Proof, step by step"},
		{checkKindName(corpus.ConfirmBinding), "Formal binding"},
		{taskKindName(corpus.TaskCounterexample), "A small-case counterexample"},
		{taskKindName(corpus.TaskDisagreement), "Proof checkers that disagree"},
		{taskKindName("LEMMA"), "Lemma"},
		{ID("references.0.citation"), "references-0-citation"},
		{errID("title"), "title-error"},
		{hintID("a.b"), "a-b-hint"},
		{texID("statement"), "statement-tex"},
		{Name("references", 2, "locator"), "references.2.locator"},
	} {
		if tt.got != tt.want {
			t.Errorf("got %q; want %q", tt.got, tt.want)
		}
	}
	if diff := cmp.Diff([]int{0, 1, 2}, Rows(3)); diff != "" {
		t.Errorf("Rows(3) (-want +got):\n%s", diff)
	}
	if got := Rows(0); len(got) != 0 {
		t.Errorf("Rows(0) = %v; want none", got)
	}
}

func TestPercent(t *testing.T) {
	t.Parallel()
	for r, want := range map[float64]string{0: "0%", 0.001: "0.1%", 0.0999: "10.0%", 0.1: "10%", 0.5: "50%", 0.974: "97%", 1: "100%"} {
		if got := Percent(r); got != want {
			t.Errorf("Percent(%v) = %q; want %q", r, got, want)
		}
	}
}

func TestTimeFormats(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 23, 30, 15, 0, time.FixedZone("UTC+2", 2*3600))
	for _, tt := range []struct{ got, want string }{
		{When(at), "2026-03-04 21:30 UTC"},
		{Day(at), "4 March 2026"},
		{Day(time.Date(2026, 3, 5, 1, 0, 0, 0, time.FixedZone("UTC+2", 2*3600))), "4 March 2026"},
		{ISO(at), "2026-03-04T21:30:15Z"},
	} {
		if tt.got != tt.want {
			t.Errorf("got %q; want %q", tt.got, tt.want)
		}
	}
}

func TestHTTPStatusText(t *testing.T) {
	t.Parallel()
	for code, want := range map[int]string{400: "That request cannot be served", 401: "Please sign in", 403: "Not allowed",
		404: "Not found", 429: "Too many attempts", 500: "Something went wrong", 418: "Something went wrong"} {
		if got := httpStatusText(code); got != want {
			t.Errorf("httpStatusText(%d) = %q; want %q", code, got, want)
		}
	}
}

// finding is a finding of check on field at [start, end) with verdict.
func finding(check, field, verdict string, start, end int) policy.FindingView {
	return policy.FindingView{Check: check, Field: field, Verdict: verdict, Start: start, End: end}
}

func TestHighlight(t *testing.T) {
	t.Parallel()
	text := "Let n be a large integer."
	tests := []struct {
		name     string
		findings []policy.FindingView
		want     []Segment
	}{
		{"nothing", nil, []Segment{{Text: text}}},
		{"one span", []policy.FindingView{finding("a.x", "statement", "FAIL", 4, 5)},
			[]Segment{{Text: "Let "}, {Text: "n", Mark: true, Title: "a.x"}, {Text: " be a large integer."}}},
		{"passes, other fields, empty and out of range are ignored", []policy.FindingView{
			finding("a.x", "statement", "PASS", 4, 5), finding("a.x", "title", "FAIL", 4, 5),
			finding("a.x", "statement", "FAIL", 6, 6), finding("a.x", "statement", "FAIL", 20, 99)},
			[]Segment{{Text: text}}},
		{"the whole field marks nothing", []policy.FindingView{finding("a.x", "statement", "FAIL", 0, len(text))}, []Segment{{Text: text}}},
		{"overlapping spans merge, titles once", []policy.FindingView{
			finding("b.y", "statement", "NEEDS_HUMAN", 11, 16), finding("a.x", "statement", "FAIL", 9, 13),
			finding("b.y", "statement", "UNKNOWN", 14, 24)},
			[]Segment{{Text: "Let n be "}, {Text: "a large integer", Mark: true, Title: "a.x, b.y"}, {Text: "."}}},
		{"a span inside another", []policy.FindingView{finding("a.x", "statement", "FAIL", 0, 10), finding("b.y", "statement", "FAIL", 4, 5)},
			[]Segment{{Text: "Let n be a", Mark: true, Title: "a.x, b.y"}, {Text: " large integer."}}},
		{"adjacent spans stay apart", []policy.FindingView{finding("a.x", "statement", "FAIL", 0, 3), finding("b.y", "statement", "FAIL", 3, 5)},
			[]Segment{{Text: "Let", Mark: true, Title: "a.x"}, {Text: " n", Mark: true, Title: "b.y"}, {Text: " be a large integer."}}},
		{"span to the end", []policy.FindingView{finding("a.x", "statement", "FAIL", 11, len(text))},
			[]Segment{{Text: "Let n be a "}, {Text: "large integer.", Mark: true, Title: "a.x"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Highlight(text, "statement", []policy.CheckView{{Findings: tt.findings}})
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Highlight (-want +got):\n%s", diff)
			}
			var b strings.Builder
			for _, s := range got {
				b.WriteString(s.Text)
			}
			if b.String() != text {
				t.Errorf("segments join to %q; want the text", b.String())
			}
		})
	}
}

func TestOpenFirst(t *testing.T) {
	t.Parallel()
	checks := []policy.CheckView{
		{Gate: "pass", Outcome: "PASS", Findings: []policy.FindingView{{ID: "p1", Verdict: "PASS"}}},
		{Gate: "pending", Outcome: "PENDING"},
		{Gate: "human", Outcome: "NEEDS_HUMAN", Findings: []policy.FindingView{
			{ID: "h1", Verdict: "PASS"}, {ID: "h2", Verdict: "NEEDS_HUMAN"}, {ID: "h3", Verdict: "UNKNOWN"}}},
		{Gate: "fail", Outcome: "FAIL", Findings: []policy.FindingView{
			{ID: "f1", Verdict: "PASS"}, {ID: "f2", Verdict: "UNKNOWN"}, {ID: "f3", Verdict: "FAIL"}}},
		{Gate: "unknown", Outcome: "UNKNOWN"},
	}
	got := OpenFirst(checks)
	var order []string
	for _, c := range got {
		order = append(order, c.Gate)
		for _, f := range c.Findings {
			order = append(order, f.ID)
		}
	}
	want := []string{"fail", "f3", "f2", "f1", "human", "h2", "h3", "h1", "unknown", "pending", "pass", "p1"}
	if diff := cmp.Diff(want, order); diff != "" {
		t.Errorf("OpenFirst order (-want +got):\n%s", diff)
	}
	if checks[0].Gate != "pass" || checks[3].Findings[0].ID != "f1" {
		t.Error("OpenFirst reordered its argument")
	}
	var open []string
	for _, f := range OpenFindings(checks) {
		open = append(open, f.ID)
	}
	if diff := cmp.Diff([]string{"f2", "h2", "h3"}, open); diff != "" {
		t.Errorf("OpenFindings (-want +got):\n%s", diff)
	}
	if !ChecksPending(checks) || ChecksPending(checks[2:]) || ChecksPending(nil) {
		t.Error("ChecksPending: want true only with a PENDING gate")
	}
	fs := checks[3].Findings
	var failing, passed []string
	for _, f := range FailingFirst(append(fs, checks[2].Findings...)) {
		failing = append(failing, f.ID)
	}
	for _, f := range Passed(append(fs, checks[2].Findings...)) {
		passed = append(passed, f.ID)
	}
	if diff := cmp.Diff([]string{"f3", "f2", "h2", "h3"}, failing); diff != "" {
		t.Errorf("FailingFirst (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"f1", "h1"}, passed); diff != "" {
		t.Errorf("Passed (-want +got):\n%s", diff)
	}
}

func TestSummaryLine(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		s    policy.CheckSummary
		want string
	}{
		{policy.CheckSummary{Outcome: "FAIL", Failing: 1}, "1 gate fails; the findings say what to change."},
		{policy.CheckSummary{Outcome: "FAIL", Failing: 2}, "2 gates fail; the findings say what to change."},
		{policy.CheckSummary{Outcome: "PENDING", Pending: 1}, "The checks are running (1 gate to go)."},
		{policy.CheckSummary{Outcome: "PENDING", Pending: 4}, "The checks are running (4 gates to go)."},
		{policy.CheckSummary{Outcome: "NEEDS_HUMAN", NeedsHuman: 1}, "No gate fails; 1 finding needs a reviewer's reading."},
		{policy.CheckSummary{Outcome: "UNKNOWN", NeedsHuman: 3}, "No gate fails; 3 findings need a reviewer's reading."},
		{policy.CheckSummary{Outcome: "PASS"}, "Every gate passes."},
	} {
		if got := SummaryLine(tt.s); got != tt.want {
			t.Errorf("SummaryLine(%+v) = %q; want %q", tt.s, got, tt.want)
		}
	}
}

func TestChecksWords(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		c    policy.ChecksSummary
		want string
	}{
		{policy.ChecksSummary{Gates: 1}, "Checks finished: 1 gate, all passed"},
		{policy.ChecksSummary{Gates: 9}, "Checks finished: 9 gates, all passed"},
		{policy.ChecksSummary{Gates: 9, Failing: 1, NeedsHuman: 3}, "Checks finished: 9 gates; 1 finding fails, 3 need a reviewer's reading"},
		{policy.ChecksSummary{Gates: 2, Failing: 2, Unknown: 1, NeedsHuman: 1},
			"Checks finished: 2 gates; 2 findings fail, 1 check could not run, 1 needs a reviewer's reading"},
		{policy.ChecksSummary{Gates: 0, Unknown: 2}, "Checks finished: 0 gates; 2 checks could not run"},
	} {
		if got := ChecksWords(&tt.c); got != tt.want {
			t.Errorf("ChecksWords(%+v) = %q; want %q", tt.c, got, tt.want)
		}
	}
}

func TestHoldWords(t *testing.T) {
	t.Parallel()
	gate := policy.AuthorityGate
	tests := []struct {
		name string
		h    policy.HoldView
		want HoldWords
	}{
		{"duplicate names its problem", policy.HoldView{Reason: "DUPLICATE", Authority: gate,
			Note: "duplicate.near-duplicate: statement matches TDB-12 (similarity 0.93)"},
			HoldWords{Lead: "the duplicate check finds its statement a near copy of the live problem ", Candidate: "TDB-12", CandidateLink: true,
				Tail: ". A reviewer may merge it there; anything else is for staff."}},
		{"known answer names its record", policy.HoldView{Reason: "KNOWN_ANSWER", Authority: gate,
			Note: "duplicate.known-answer: matches erdos-123 (Erdős problem 123, solved)"},
			HoldWords{Lead: "the known-answer check matches it to ", Candidate: "erdos-123",
				Tail: ", a record its source says is solved. A reviewer may archive it as a known answer; anything else is for staff."}},
		{"duplicate without an ID: the note, without the check's ID", policy.HoldView{Reason: "DUPLICATE", Authority: gate,
			Note: "duplicate.near-duplicate: a near copy of a problem being merged"},
			HoldWords{Lead: "a near copy of a problem being merged"}},
		{"a reviewer's hold is its note", policy.HoldView{Reason: "DUPLICATE", Authority: "reviewer", Note: "Same as TDB-4, I think."},
			HoldWords{Lead: "Same as TDB-4, I think."}},
		{"no note: the reason's help", policy.HoldView{Reason: "DISAGREEMENT", Authority: "reviewer"},
			HoldWords{Lead: "A second review found an error in the first; staff confirm before any adverse action."}},
		{"a long note on one line", policy.HoldView{Reason: "REVIEWER", Note: "line one\n\nline   two " + strings.Repeat("x", 400)},
			HoldWords{Lead: policy.OneLine("line one line two "+strings.Repeat("x", 400), 300)}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, holdWords(tt.h)); diff != "" {
			t.Errorf("holdWords(%s) (-want +got):\n%s", tt.name, diff)
		}
	}
	if got, want := otherHolds([]policy.HoldView{{Reason: "DUPLICATE"}, {Reason: "REVIEWER"}}), "a likely duplicate; sent by a reviewer"; got != want {
		t.Errorf("otherHolds = %q; want %q", got, want)
	}
	if got := otherHolds(nil); got != "" {
		t.Errorf("otherHolds(nil) = %q; want empty", got)
	}
	if got, want := heldWhy(policy.HoldView{Reason: "DUPLICATE", Note: "see TDB-2"}), "see TDB-2"; got != want {
		t.Errorf("heldWhy with a note = %q; want %q", got, want)
	}
}

func TestNewChart(t *testing.T) {
	t.Parallel()
	rows := []corpus.RateRow{
		{Stratum: corpus.Stratum{Kind: "THEOREM", Writer: "person"}, Property: "STATEMENT", N: 40, Errors: 2, Rate: 0.05, Low: 0.01, High: 0.2, Threshold: 0.1},
		{Stratum: corpus.Stratum{Kind: "PROOF", Writer: "lane_1"}, Property: "STEPS", N: 10, Rate: 0, Low: 0, High: 0.1, Threshold: 0.05, Stopped: true},
	}
	c := NewChart(rows)
	// The scale runs to 20% (the largest upper end), 560 pixels from x = 30.
	want := Chart{Width: 630, Height: 110, AxisY: 90,
		Bars: []ChartBar{
			{Label: "theorem × person × - × - × - · statement", Y: 30, Low: 58, High: 590, Rate: 170, Thresh: 310,
				Title: "2 errors in 40: 1.00% to 20.00%, threshold 10.00%"},
			{Label: "proof × lane_1 × - × - × - · steps", Y: 70, Low: 30, High: 310, Rate: 30, Thresh: 170, Stopped: true,
				Title: "0 errors in 10: 0.00% to 10.00%, threshold 5.00%"},
		},
		Ticks: []ChartTick{{30, "0.00%"}, {170, "5.00%"}, {310, "10.00%"}, {450, "15.00%"}, {590, "20.00%"}},
	}
	if diff := cmp.Diff(want, c); diff != "" {
		t.Errorf("NewChart (-want +got):\n%s", diff)
	}
	empty := NewChart(nil)
	if empty.Height != 30 || len(empty.Bars) != 0 || empty.Ticks[4].Label != "10.00%" {
		t.Errorf("NewChart(nil) = %+v; want no bars on a scale to 10%%", empty)
	}
}

func TestQualityRefused(t *testing.T) {
	t.Parallel()
	if got := (QualityView{}).Refused(); got != nil {
		t.Errorf("Refused without a budget = %v; want none", got)
	}
	v := QualityView{Budget: &corpus.Budget{Configurations: []corpus.ConfigurationCost{
		{Writer: "person", Allowed: true}, {Writer: "lane_1", Agent: true, Allowed: false}, {Writer: "lane_2", Agent: true, Allowed: true},
		{Writer: "lane_3", Agent: true, Allowed: false}}}}
	var got []string
	for _, c := range v.Refused() {
		got = append(got, c.Writer)
	}
	if diff := cmp.Diff([]string{"lane_1", "lane_3"}, got); diff != "" {
		t.Errorf("Refused (-want +got):\n%s", diff)
	}
}

func TestCorpusViews(t *testing.T) {
	t.Parallel()
	c := &corpus.Check{Sections: []corpus.CheckSection{{Confirmed: true}, {}, {Confirmed: true}}}
	if got := confirmedCount(c); got != 2 {
		t.Errorf("confirmedCount = %d; want 2", got)
	}
	if got := confirmedCount(&corpus.Check{}); got != 0 {
		t.Errorf("confirmedCount(no sections) = %d; want 0", got)
	}
	if diff := cmp.Diff([]string{"+a", "-b", " c"}, diffLines("+a\n-b\n c\n")); diff != "" {
		t.Errorf("diffLines (-want +got):\n%s", diff)
	}
	if got := diffLines(""); got != nil {
		t.Errorf("diffLines(\"\") = %q; want none", got)
	}
	for l, want := range map[string]byte{"": ' ', "+x": '+', "-x": '-', " x": ' '} {
		if got := lineOp(l); got != want {
			t.Errorf("lineOp(%q) = %q; want %q", l, got, want)
		}
	}
	for _, tt := range []struct {
		c    corpus.Closure
		want string
	}{
		{corpus.Closure{LowestLevel: -1}, "It rests on no other node."},
		{corpus.Closure{Size: 0, SorryInClosure: true}, "It rests on no other node."},
		{corpus.Closure{Size: 1, LowestLevel: 3}, "It rests on 1 node, the lowest at E3."},
		{corpus.Closure{Size: 4, LowestLevel: 1, SorryInClosure: true},
			"It rests on 4 nodes, the lowest at E1. At least one of them is below E2: no person has confirmed it yet."},
		{corpus.Closure{Pending: true, Size: 9, LowestLevel: 2},
			"How many nodes it rests on is being counted since its last change; the lowest is at E2."},
	} {
		if got := closureNote(&tt.c); got != tt.want {
			t.Errorf("closureNote(%+v) = %q; want %q", tt.c, got, tt.want)
		}
	}
}

func TestFormViewLabelsAndNotes(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name  string
		f     FormView
		note  string
		label string
	}{
		{"submission", FormView{}, "", "Revision note"}, // FieldLabel's name for a note
		{"revision", FormView{Revise: true}, "Revision note", "Revision note"},
		{"operator", FormView{Revise: true, Operator: true}, "Revision note", "Revision note"},
		{"suggestion", FormView{Revise: true, Suggest: true}, "What your edit changes, and why", "What your edit changes, and why"},
	} {
		n, ok := tt.f.NoteField()
		if ok != (tt.note != "") || n.Label != tt.note {
			t.Errorf("%s: NoteField() = %q, %v; want %q", tt.name, n.Label, ok, tt.note)
		}
		if got := tt.f.Label("note"); got != tt.label {
			t.Errorf("%s: Label(note) = %q; want %q", tt.name, got, tt.label)
		}
		if got := tt.f.Label("references.1.citation"); got != "Reference 2: citation" {
			t.Errorf("%s: Label(references.1.citation) = %q", tt.name, got)
		}
	}
	f := FormView{Exposition: 2, References: 3, Values: map[string]string{"title": "T"}, Errors: map[string]string{"title": "is empty"}}
	if f.RowsOf("exposition") != 2 || f.RowsOf("references") != 3 || f.RowsOf("tags") != 0 {
		t.Errorf("RowsOf = %d, %d, %d; want 2, 3, 0", f.RowsOf("exposition"), f.RowsOf("references"), f.RowsOf("tags"))
	}
	if f.V("title") != "T" || f.V("statement") != "" || f.E("title") != "is empty" || f.E("statement") != "" {
		t.Error("V and E do not read the form's values and errors")
	}
}

func TestFieldLabel(t *testing.T) {
	t.Parallel()
	for name, want := range map[string]string{
		"statement":                "Statement",
		"references.0.citation":    "Reference 1: citation",
		"note":                     "Revision note",
		"disagreement":             "Kind of split",
		"secondReviewOf":           "Second review of",
		"something.else.entirely":  "something else entirely",
		"exposition.2.body":        "Text of entry 3",
		"acceptance.searchSpace":   "Search space",
		"provenance.sourceLocator": "Source locator",
	} {
		if got := FieldLabel(name); got != want {
			t.Errorf("FieldLabel(%q) = %q; want %q", name, got, want)
		}
	}
}

func TestSortedKeys(t *testing.T) {
	t.Parallel()
	m := map[string]string{}
	for _, k := range []string{"zzz", "note", "references.10.citation", "references.2.citation", "references.2.identifier",
		"statement", "title", "aaa", "exposition.0.body"} {
		m[k] = "x"
	}
	want := []string{"title", "statement", "exposition.0.body", "references.2.identifier", "references.2.citation",
		"references.10.citation", "note", "aaa", "zzz"}
	if diff := cmp.Diff(want, SortedKeys(m)); diff != "" {
		t.Errorf("SortedKeys (-want +got):\n%s", diff)
	}
	if got := SortedKeys(nil); len(got) != 0 {
		t.Errorf("SortedKeys(nil) = %v", got)
	}
}

func TestErrorAttrs(t *testing.T) {
	t.Parallel()
	errs := map[string]string{"title": "is empty"}
	for _, tt := range []struct {
		name, hint string
		want       templ.Attributes
	}{
		{"title", "", templ.Attributes{"aria-invalid": "true", "aria-describedby": "title-error"}},
		{"title", "title-hint", templ.Attributes{"aria-invalid": "true", "aria-describedby": "title-hint title-error"}},
		{"statement", "statement-hint", templ.Attributes{"aria-describedby": "statement-hint"}},
		{"statement", "", templ.Attributes{}},
	} {
		if diff := cmp.Diff(tt.want, ErrorAttrs(errs, tt.name, tt.hint)); diff != "" {
			t.Errorf("ErrorAttrs(%s, %q) (-want +got):\n%s", tt.name, tt.hint, diff)
		}
	}
	f := FormView{Preview: true, Values: map[string]string{"statement": "Let $n be"}, Errors: map[string]string{"statement": "too short"}}
	if diff := cmp.Diff(templ.Attributes{"aria-describedby": "statement-hint statement-tex statement-error"}, describedBy(f, "statement", "help")); diff != "" {
		t.Errorf("describedBy (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(templ.Attributes{}, describedBy(FormView{}, "statement", "")); diff != "" {
		t.Errorf("describedBy with nothing (-want +got):\n%s", diff)
	}
}

func TestTeXWarning(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		in, want string
	}{
		{"Let $n \\ge 1$ be an integer.", ""},
		{"", ""},
		{strings.Repeat("a", 300_000), ""}, // past a limit: the checks say so, not the form
		{"Let $n be", "Check the TeX: the formula opened by $ is not closed, on line 1 near “$n be”."},
		{"First line.\nThen ${x$ here", "Check the TeX: { is not closed before the formula ends, on line 2 near “{x$ here”."},
		{"é $x}$", "Check the TeX: } has no matching {, on line 1 near “}$”."},
		{"$" + strings.Repeat("é", 40), "Check the TeX: the formula opened by $ is not closed, on line 1 near “$" + strings.Repeat("é", 28) + "…”."},
	} {
		if got := TeXWarning(tt.in); got != tt.want {
			t.Errorf("TeXWarning(%.40q) = %q; want %q", tt.in, got, tt.want)
		}
	}
	f := FormView{Preview: true, Values: map[string]string{
		"statement": "Let $n be", "title": "A $ title", "references.0.identifier": "url:https://x/$y", "references.0.relevance": "{$x"}}
	if got := f.TeXWarning("references.0.identifier"); got != "" {
		t.Errorf("TeXWarning on an identifier = %q; want none, it is not TeX", got)
	}
	if diff := cmp.Diff([]string{"title", "statement", "references.0.relevance"}, f.TeXWarnings()); diff != "" {
		t.Errorf("TeXWarnings (-want +got):\n%s", diff)
	}
	f.Preview = false
	if got := f.TeXWarnings(); len(got) != 0 {
		t.Errorf("TeXWarnings off the preview = %v; want none", got)
	}
}

func TestPreviewExpositionAndTouched(t *testing.T) {
	t.Parallel()
	f := FormView{Exposition: 3, Values: map[string]string{
		"exposition.0.kind": "DEFINITION", "exposition.0.term": "  prime ", "exposition.0.body": "has two divisors",
		"exposition.1.kind": "NOTATION", "exposition.1.body": "   ",
		"exposition.2.kind": "CONVENTION", "exposition.2.body": "logs are natural",
		"exposition.3.body": "past the rows",
	}}
	want := []PreviewEntry{{"DEFINITION", "prime", "has two divisors"}, {"CONVENTION", "", "logs are natural"}}
	if diff := cmp.Diff(want, f.PreviewExposition()); diff != "" {
		t.Errorf("PreviewExposition (-want +got):\n%s", diff)
	}
	for _, tt := range []struct {
		name string
		f    FormView
		want bool
	}{
		{"empty", FormView{}, false},
		{"blank value", FormView{Values: map[string]string{"provenance.motivation": "  "}}, false},
		{"value", FormView{Values: map[string]string{"provenance.motivation": "earlier work"}}, true},
		{"error", FormView{Errors: map[string]string{"provenance.motivation": "too long"}}, true},
		{"another group's value", FormView{Values: map[string]string{"statement": "x"}}, false},
	} {
		if got := tt.f.Touched("provenance"); got != tt.want {
			t.Errorf("Touched(provenance) with %s = %v; want %v", tt.name, got, tt.want)
		}
	}
}

func TestLineDiff(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		a, b string
		want []DiffLine
	}{
		{"same\ntext", "same\ntext", nil},
		{"", "", nil},
		{"a\nb\nc", "a\nB\nc", []DiffLine{{'+', "B"}, {'-', "b"}}},
		{"a\nc", "a\nb\nc", []DiffLine{{'+', "b"}}},
		{"a\nb\nc", "a\nc", []DiffLine{{'-', "b"}}},
		{"x\n\ny", "x\ny", nil}, // blank lines are not shown
		{"", "new", []DiffLine{{'+', "new"}}},
	} {
		if diff := cmp.Diff(tt.want, LineDiff(tt.a, tt.b)); diff != "" {
			t.Errorf("LineDiff(%q, %q) (-want +got):\n%s", tt.a, tt.b, diff)
		}
	}
}

func TestProblemViewHelpers(t *testing.T) {
	t.Parallel()
	events := []policy.EventView{{Seq: 1, Kind: "problem.submitted"}, {Seq: 2, Kind: "review.contested"}, {Seq: 3, Kind: "problem.accepted"}}
	v := ProblemView{P: &policy.ProblemView{ID: "TDB-7", Events: events}}
	if got := v.Events(); len(got) != 3 {
		t.Errorf("Events() on an open page = %d events; want 3", len(got))
	}
	v.Blind = true
	var seqs []int64
	for _, e := range v.Events() {
		seqs = append(seqs, e.Seq)
	}
	if diff := cmp.Diff([]int64{1, 3}, seqs); diff != "" {
		t.Errorf("Events() on a blind page (-want +got):\n%s", diff)
	}
	if got := v.TabURL("history"); got != "/p/TDB-7?tab=history" {
		t.Errorf("TabURL = %q", got)
	}
	v.P.State = "MERGED"
	if got := v.TabURL("checks"); got != "/p/TDB-7?tab=checks&redirect=no" {
		t.Errorf("TabURL on a merged record = %q", got)
	}
	v.Cited = []corpus.Citation{{ID: "c1"}, {ID: "c2", Claim: "cl_1"}, {ID: "c3"}}
	var own []string
	for _, c := range v.problemCitations() {
		own = append(own, c.ID)
	}
	if diff := cmp.Diff([]string{"c1", "c3"}, own); diff != "" {
		t.Errorf("problemCitations (-want +got):\n%s", diff)
	}
	if c := v.claimCitation("cl_1"); c == nil || c.ID != "c2" {
		t.Errorf("claimCitation(cl_1) = %v; want c2", c)
	}
	if c := v.claimCitation("cl_9"); c != nil {
		t.Errorf("claimCitation(cl_9) = %v; want nil", c)
	}
}

func TestRevisions(t *testing.T) {
	t.Parallel()
	revs := []policy.RevisionView{{Title: "Old", Statement: "S"}, {Title: "New", Statement: "S"}}
	got := ProblemView{P: &policy.ProblemView{Revisions: revs}}.Revisions()
	if len(got) != 2 || got[0].Rev.Title != "New" || got[1].Rev.Title != "Old" {
		t.Fatalf("Revisions() = %+v; want newest first", got)
	}
	if diff := cmp.Diff([]DiffLine{{'+', "Title: New"}, {'-', "Title: Old"}}, got[0].Lines); diff != "" {
		t.Errorf("the newest revision's diff (-want +got):\n%s", diff)
	}
	if got[1].Lines != nil {
		t.Errorf("the first revision's diff = %v; want none", got[1].Lines)
	}
}

func TestClaimWords(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 2, 1, 12, 0, 0, 0, time.UTC)
	if got := claimByline(policy.ClaimView{Author: "ada", CreatedAt: at}); got != "attached by @ada on 1 February 2026" {
		t.Errorf("claimByline = %q", got)
	}
	if got := claimByline(policy.ClaimView{CreatedAt: at}); got != "attached on 1 February 2026" {
		t.Errorf("claimByline without an author = %q", got)
	}
	d := DecisionView{Values: map[string]string{"claim.cl_1.scope": "posted", "claim.cl_1.status": ""}}
	for _, tt := range []struct{ field, want string }{{"scope", "posted"}, {"status", ""}, {"summary", "current"}} {
		if got := claimValue(d, policy.ClaimView{ID: "cl_1"}, tt.field, "current"); got != tt.want {
			t.Errorf("claimValue(%s) = %q; want %q", tt.field, got, tt.want)
		}
	}
}

func TestReferenceWords(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ in, want string }{
		{storedUnreachable + " (dial tcp: timeout)", "Not yet resolved: the record plane is unreachable; it is tried again later."},
		{"not yet resolved: rate limited (429)", "Not yet resolved: rate limited; it is tried again later."},
		{"the DOI resolves to another title", "The DOI resolves to another title."},
		{"not yet resolved without detail", "Not yet resolved without detail."},
	} {
		if got := pendingNote(tt.in); got != tt.want {
			t.Errorf("pendingNote(%q) = %q; want %q", tt.in, got, tt.want)
		}
	}
	refs := []policy.ReferenceView{
		{ID: "r1", Confirmation: "PENDING", ConfirmationReason: storedUnreachable},
		{ID: "r2", Confirmation: "PENDING", ConfirmationReason: "not yet resolved: queued"},
		{ID: "r3", Confirmation: "CONFIRMED", Locator: "Theorem 2", LocatorConfirmed: true},
		{ID: "r4", Confirmation: "PENDING", ConfirmationReason: storedUnreachable + " (timeout)", Locator: "p. 4"},
	}
	if got := Unreached(refs); got != 2 {
		t.Errorf("Unreached = %d; want 2", got)
	}
	var locs []string
	for _, r := range UnconfirmedLocators(refs) {
		locs = append(locs, r.ID)
	}
	if diff := cmp.Diff([]string{"r4"}, locs); diff != "" {
		t.Errorf("UnconfirmedLocators (-want +got):\n%s", diff)
	}
	for _, tt := range []struct {
		n, of int
		want  string
	}{
		{1, 1, "This source is not confirmed yet"},
		{3, 3, "These 3 sources are not confirmed yet"},
		{1, 4, "1 of these 4 sources is not confirmed yet"},
		{2, 5, "2 of these 5 sources are not confirmed yet"},
	} {
		if got := unreachedWords(tt.n, tt.of); !strings.HasPrefix(got, tt.want+": this server could not reach their catalogues") {
			t.Errorf("unreachedWords(%d, %d) = %q; want it to start %q", tt.n, tt.of, got, tt.want)
		}
	}
	for _, tt := range []struct {
		c    policy.CatalogueStatus
		want string
	}{
		{policy.CatalogueStatus{Unreached: 1, Problems: 1}, "Right now 1 reference on 1 problem is unconfirmed"},
		{policy.CatalogueStatus{Unreached: 5, Problems: 2}, "Right now 5 references on 2 problems are unconfirmed"},
	} {
		if got := catalogueWords(tt.c); !strings.HasPrefix(got, tt.want) {
			t.Errorf("catalogueWords(%+v) = %q; want it to start %q", tt.c, got, tt.want)
		}
	}
}

// TestLayoutLoadsMath: the page's head loads KaTeX for a body with TeX in it, or when the page
// asks, and not otherwise; the body sees the Page it is framed in.
func TestLayoutLoadsMath(t *testing.T) {
	t.Parallel()
	body := func(html string) templ.Component {
		return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
			if frame(ctx).Title != "T" {
				t.Errorf("the body's frame has title %q; want T", frame(ctx).Title)
			}
			_, err := io.WriteString(w, html)
			return err
		})
	}
	katex := Asset("dist/katex.min.css")
	for _, tt := range []struct {
		name string
		page Page
		body string
		want bool
	}{
		{"plain body", Page{Title: "T"}, `<p>no math</p>`, false},
		{"a formula", Page{Title: "T"}, `<p data-math>$x$</p>`, true},
		{"the moderation queue", Page{Title: "T"}, `<div data-live-moderation></div>`, true},
		{"asked for", Page{Title: "T", Math: true}, `<p></p>`, true},
		{"the word in text is no marker", Page{Title: "T"}, `<p>data-math</p>`, false},
	} {
		var b bytes.Buffer
		if err := Layout(tt.page, body(tt.body)).Render(context.Background(), &b); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), tt.body) {
			t.Errorf("%s: the page does not hold its body", tt.name)
		}
		if got := strings.Contains(b.String(), "katex"); got != tt.want {
			t.Errorf("%s: KaTeX loaded = %v; want %v (%s)", tt.name, got, tt.want, katex)
		}
	}
	if (Page{}).Signed() || !(Page{Viewer: &policy.Viewer{}}).Signed() {
		t.Error("Signed() does not say whether a viewer is signed in")
	}
	if frame(context.Background()).Title != "" {
		t.Error("frame outside Layout is not the zero Page")
	}
}

func TestAssets(t *testing.T) {
	t.Parallel()
	files := loadStatic()
	if len(files) == 0 {
		t.Fatal("no static files")
	}
	var css *StaticFile
	for name, f := range files {
		if strings.HasSuffix(name, ".css") {
			css = f
			break
		}
	}
	if css == nil {
		t.Fatal("no CSS file under static/")
	}
	url := Asset(css.Name)
	stem := strings.TrimSuffix(css.Name, ".css")
	if url != "/static/"+stem+"."+css.Hash+".css" || len(css.Hash) != hashLen {
		t.Errorf("Asset(%s) = %q; want its name with a %d-digit hash", css.Name, url, hashLen)
	}
	if got := Asset("missing.js"); got != "/static/missing.js" {
		t.Errorf("Asset(missing.js) = %q; want the plain URL", got)
	}
	for _, tt := range []struct {
		path   string
		found  bool
		hashed bool
	}{
		{css.Name, true, false},
		{strings.TrimPrefix(url, "/static/"), true, true},
		{stem + ".000000000000.css", true, false}, // a page from before a deploy
		{stem + ".00000000000.css", false, false}, // not a hash: too short
		{stem + ".ABCDEF012345.css", false, false},
		{"missing.0123456789ab.css", false, false},
		{"nohash", false, false},
	} {
		f, hashed := LookupStatic(tt.path)
		if (f != nil) != tt.found || hashed != tt.hashed || (f != nil && f != css) {
			t.Errorf("LookupStatic(%q) = %v, %v; want found %v, hashed %v", tt.path, f != nil, hashed, tt.found, tt.hashed)
		}
	}
	z := css.Gzipped()
	if z == nil {
		t.Fatalf("%s does not compress", css.Name)
	}
	r, err := gzip.NewReader(bytes.NewReader(z))
	if err != nil {
		t.Fatal(err)
	}
	if plain, err := io.ReadAll(r); err != nil || !bytes.Equal(plain, css.Body) {
		t.Errorf("Gzipped() does not decompress to the file: %v", err)
	}
	for name, want := range map[string]bool{"a.css": true, "b.js": true, "c.svg": true, "d.woff2": false, "e.png": false, "f": false} {
		if got := compressible(name); got != want {
			t.Errorf("compressible(%q) = %v; want %v", name, got, want)
		}
	}
	noisy := &StaticFile{Name: "random.js", Body: []byte{0x8f, 0x13, 0xa2, 0x7c, 0x01}}
	if noisy.Gzipped() != nil {
		t.Error("a file that gzip makes no smaller is served compressed")
	}
	font := &StaticFile{Name: "font.woff2", Body: bytes.Repeat([]byte("a"), 1000)}
	if font.Gzipped() != nil {
		t.Error("a compressed format is compressed again")
	}
}

func TestLinkAllowed(t *testing.T) {
	t.Parallel()
	for dest, want := range map[string]bool{
		"https://example.org":        true,
		"HTTP://EXAMPLE.ORG":         true,
		"mailto:a@example.org":       true,
		"/p/TDB-1":                   true,
		"relative/path":              true,
		"#anchor":                    true,
		"?q=1:2":                     true, // the colon comes after a query mark: a path on this site
		"  https://x.org  ":          true,
		"javascript:alert(1)":        false,
		" JavaScript:alert(1)":       false,
		"data:text/html,x":           false,
		"vbscript:x":                 false,
		"ftp://example.org/file.txt": false,
	} {
		if got := linkAllowed([]byte(dest)); got != want {
			t.Errorf("linkAllowed(%q) = %v; want %v", dest, got, want)
		}
	}
}

func TestBlankLineAndRuns(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		s    string
		i    int
		want bool
	}{
		{"", 0, true}, {"a\n \t\r\nb", 2, true}, {"a\n  x\n", 2, false}, {"a\n   ", 2, true}, {"a\nb", 2, false},
	} {
		if got := blankLineAt(tt.s, tt.i); got != tt.want {
			t.Errorf("blankLineAt(%q, %d) = %v; want %v", tt.s, tt.i, got, tt.want)
		}
	}
	for _, tt := range []struct {
		s    string
		i    int
		c    byte
		want int
	}{
		{"$$x", 0, '$', 2}, {"a$$$", 1, '$', 3}, {"abc", 0, '$', 0}, {"$", 1, '$', 0},
	} {
		if got := runLength(tt.s, tt.i, tt.c); got != tt.want {
			t.Errorf("runLength(%q, %d, %q) = %d; want %d", tt.s, tt.i, tt.c, got, tt.want)
		}
	}
}

// TestMarkdownMemoReplaces: adding a text again replaces its rendering without counting its
// bytes twice.
func TestMarkdownMemoReplaces(t *testing.T) {
	t.Parallel()
	m := newMarkdownMemo(64 << 10)
	m.add("src", "first")
	m.add("src", "second!")
	if out, ok := m.get("src"); !ok || out != "second!" {
		t.Errorf("get(src) = %q, %v; want the newer rendering", out, ok)
	}
	if m.bytes != len("src")+len("second!") || m.lru.Len() != 1 {
		t.Errorf("%d bytes in %d entries; want %d in 1", m.bytes, m.lru.Len(), len("src")+len("second!"))
	}
	if _, ok := m.get("other"); ok {
		t.Error("get(other) found a rendering never added")
	}
}

// storedUnreachable begins the stored reason of a reference the record plane could not reach, as
// the database holds it (records.ReasonUnreachable; the pages read it through policy's view).
const storedUnreachable = "not yet resolved: the record plane is unreachable"
