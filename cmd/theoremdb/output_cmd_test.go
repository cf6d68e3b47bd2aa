package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/kernel"
	"github.com/theoremdb/theoremdb/lanes"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/seed"
	"github.com/theoremdb/theoremdb/server"
)

// TestLineColAndExcerpt place a match by line and column from 1 and show it on one line, its
// middle cut when it is long.
func TestLineColAndExcerpt(t *testing.T) {
	t.Parallel()
	body := []byte("ab\ncdé\n\nx")
	for _, tc := range []struct{ off, line, col int }{{0, 1, 1}, {2, 1, 3}, {3, 2, 1}, {5, 2, 3}, {8, 3, 1}, {9, 4, 1}, {10, 4, 2}} {
		if l, c := lineCol(body, tc.off); l != tc.line || c != tc.col {
			t.Errorf("lineCol(%d) = %d, %d; want %d, %d", tc.off, l, c, tc.line, tc.col)
		}
	}
	if got := excerpt([]byte("  a\n\tb   c ")); got != `"a b c"` {
		t.Errorf("excerpt = %s", got)
	}
	long := strings.Repeat("é", 60) + strings.Repeat("x", 20) + strings.Repeat("z", 25)
	got := excerpt([]byte(long))
	if want := `"` + strings.Repeat("é", 60) + " … " + strings.Repeat("z", 25) + `"`; got != want {
		t.Errorf("excerpt of 105 characters = %s; want %s", got, want)
	}
	ninety := strings.Repeat("y", 90)
	if got := excerpt([]byte(ninety)); got != `"`+ninety+`"` {
		t.Errorf("excerpt of 90 characters is cut: %s", got)
	}
}

// TestSmallWords: plural, tally, dashes and switches as the tables print them.
func TestSmallWords(t *testing.T) {
	t.Parallel()
	if plural(1, "gate", "gates") != "gate" || plural(0, "gate", "gates") != "gates" || plural(2, "gate", "gates") != "gates" {
		t.Error("plural")
	}
	if got := tally(map[string]int{"wrong": 2, "confirmed": 10, "absent": 0}); got != " absent 0 confirmed 10 wrong 2" {
		t.Errorf("tally = %q", got)
	}
	if got := tally(nil); got != " none" {
		t.Errorf("tally(nil) = %q", got)
	}
	for in, want := range map[string]string{"": "-", "  ": "-", "x": "x", " y ": " y "} {
		if orDash(in) != want || dashIfEmpty(in) != want {
			t.Errorf("orDash/dashIfEmpty(%q) = %q, %q; want %q", in, orDash(in), dashIfEmpty(in), want)
		}
	}
	s := "v"
	if deref(nil) != "" || deref(&s) != "v" {
		t.Error("deref")
	}
	if onOff(true) != "on" || onOff(false) != "off" || yesNo(true) != "yes" || yesNo(false) != "no" {
		t.Error("onOff or yesNo")
	}
	var labels []string
	for _, sw := range policy.GateSwitches {
		labels = append(labels, switchLabel(sw))
	}
	if diff := cmp.Diff([]string{"the master switch", "the agent-review switch", "the audit-lane switch"}, labels); diff != "" {
		t.Errorf("switch labels (-want +got):\n%s", diff)
	}
	if got := switchArgs("|"); got != "master|agent-review|audit-lane" {
		t.Errorf("switchArgs = %q", got)
	}
	if got := roleArgs(); !strings.Contains(got, " or ") || strings.ToLower(got) != got {
		t.Errorf("roleArgs = %q; want lower-case roles in a sentence", got)
	}
	for _, p := range policy.LaneProviders.Values() {
		if !strings.Contains(providerArgs(", "), p) {
			t.Errorf("providerArgs lacks %s", p)
		}
	}
	if len(gateNames()) == 0 {
		t.Error("gateNames is empty")
	}
}

// TestGateState says the gate is closed unless both the master and agent-review switches are on,
// and what the audit lane's switch changes once it is open.
func TestGateState(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		sw   policy.Switches
		want string
	}{
		{policy.Switches{}, "closed"},
		{policy.Switches{Master: true, AuditLane: true}, "closed"},
		{policy.Switches{AgentReview: true, AuditLane: true}, "closed"},
		{policy.Switches{Master: true, AgentReview: true}, "open; the audit lane is off"},
		{policy.Switches{Master: true, AgentReview: true, AuditLane: true}, "open, with the audit lane"},
	} {
		if got := gateState(tc.sw); !strings.HasPrefix(got, tc.want) {
			t.Errorf("gateState(%+v) = %q; want %q", tc.sw, got, tc.want)
		}
	}
}

// TestInterspersedFlags take flags before, between and after the positional arguments.
func TestInterspersedFlags(t *testing.T) {
	t.Parallel()
	for name, parse := range map[string]func(*flag.FlagSet, []string) ([]string, error){
		"parseInterleaved": parseInterleaved, "parseInterspersed": parseInterspersed,
	} {
		for _, tc := range []struct {
			args    []string
			pos     []string
			licence string
			json    bool
		}{
			{[]string{"a", "b"}, []string{"a", "b"}, "", false},
			{[]string{"--licence", "open", "a"}, []string{"a"}, "open", false},
			{[]string{"a", "--json", "b", "--licence=gfdl"}, []string{"a", "b"}, "gfdl", true},
			{nil, nil, "", false},
			// After `--` everything is positional, however many arguments follow it.
			{[]string{"--", "--json"}, []string{"--json"}, "", false},
			{[]string{"--", "a", "--json"}, []string{"a", "--json"}, "", false},
			{[]string{"a", "--", "b", "--licence=open", "-json"}, []string{"a", "b", "--licence=open", "-json"}, "", false},
			{[]string{"--json", "a", "--", "--", "b"}, []string{"a", "--", "b"}, "", true},
			{[]string{"--"}, nil, "", false},
			// A value of `--` is written with '='; it ends nothing.
			{[]string{"--licence=--", "a", "--json"}, []string{"a"}, "--", true},
			// Written apart, `--` is the value and ends the flags too.
			{[]string{"--licence", "--", "a", "--json"}, []string{"a", "--json"}, "--", false},
		} {
			fs := flag.NewFlagSet("t", flag.ContinueOnError)
			fs.SetOutput(io.Discard)
			licence := fs.String("licence", "", "")
			asJSON := fs.Bool("json", false, "")
			pos, err := parse(fs, tc.args)
			if err != nil || !cmp.Equal(pos, tc.pos) || *licence != tc.licence || *asJSON != tc.json {
				t.Errorf("%s(%q) = %q, %v, licence %q, json %v", name, tc.args, pos, err, *licence, *asJSON)
			}
		}
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		if _, err := parse(fs, []string{"a", "--unknown"}); err == nil {
			t.Errorf("%s accepted an unknown flag after a positional argument", name)
		}
	}
}

// TestLoadBaseURL takes an http or https address with a host and no query or fragment, without a
// trailing slash, and the default when unset.
func TestLoadBaseURL(t *testing.T) {
	t.Parallel()
	env := func(v string) func(string) string {
		return func(k string) string {
			if k == "THEOREMDB_BASE_URL" {
				return v
			}
			return ""
		}
	}
	for in, want := range map[string]string{
		"":                               server.DefaultBaseURL,
		"https://theoremdb.org":          "https://theoremdb.org",
		"https://theoremdb.org/":         "https://theoremdb.org",
		"http://localhost:8081/db//":     "http://localhost:8081/db",
		"https://example.org/under/here": "https://example.org/under/here",
	} {
		if got, err := loadBaseURL(env(in)); err != nil || got != want {
			t.Errorf("loadBaseURL(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{"theoremdb.org", "ftp://theoremdb.org", "https://", "https://x.org/?a=1", "https://x.org/#top", "://x", "https://x.org/%zz"} {
		if _, err := loadBaseURL(env(bad)); err == nil || !strings.Contains(err.Error(), "THEOREMDB_BASE_URL") {
			t.Errorf("loadBaseURL(%q) = %v; want an error naming the variable", bad, err)
		}
	}
}

// TestCorpusDir is THEOREMDB_CORPUS, or data/corpus.
func TestCorpusDir(t *testing.T) {
	t.Setenv("THEOREMDB_CORPUS", "")
	if corpusDir() != "data/corpus" {
		t.Errorf("corpusDir() = %q", corpusDir())
	}
	t.Setenv("THEOREMDB_CORPUS", "/srv/corpus")
	if corpusDir() != "/srv/corpus" {
		t.Errorf("corpusDir() = %q", corpusDir())
	}
}

// TestRefusals word a policy refusal by its field errors and pass any other error on as it is.
func TestRefusals(t *testing.T) {
	t.Parallel()
	ve := &policy.ValidationError{Errors: []policy.FieldError{
		{Field: []string{"until"}, Message: "is before since"},
		{Field: []string{"lane", "role"}, Message: "is not a role"},
		{Message: "no field"},
	}}
	if got := reportRefusal(ve).Error(); got != "report lanes: --until: is before since; --lane.role: is not a role; --: no field" {
		t.Errorf("reportRefusal = %q", got)
	}
	if got := refusal("lane add", ve).Error(); got != "lane add refused: until: is before since; lane.role: is not a role; no field" {
		t.Errorf("refusal = %q", got)
	}
	plain := errors.New("connection refused")
	if reportRefusal(plain) != plain || refusal("x", plain) != plain {
		t.Error("a plain error is rewritten")
	}
}

// TestLaneReportCells: a lane's state, failures, latency, shares and gold as the table prints
// them, with a dash that says nothing was counted rather than a 0%.
func TestLaneReportCells(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		row  policy.LaneReportRow
		want string
	}{
		{policy.LaneReportRow{Approved: true, Enabled: true}, "approved"},
		{policy.LaneReportRow{Enabled: false}, "unapproved,disabled"},
		{policy.LaneReportRow{Approved: true, Enabled: true, Baseline: true}, "approved,baseline"},
	} {
		if got := laneState(tc.row); got != tc.want {
			t.Errorf("laneState(%+v) = %q; want %q", tc.row, got, tc.want)
		}
	}
	row := policy.LaneReportRow{Failed: 3, Failures: []policy.FailureCount{{Class: lanes.ClassProvider, Count: 2}, {Class: lanes.ClassOutput, Count: 1}}}
	if got := failedCell(row); got != "3 (provider 2, output 1)" {
		t.Errorf("failedCell = %q", got)
	}
	if got := failedCell(policy.LaneReportRow{}); got != "0" {
		t.Errorf("failedCell of none = %q", got)
	}
	if got := latencyCell(policy.LaneReportRow{}); got != "-" {
		t.Errorf("latencyCell of no calls = %q", got)
	}
	if got := latencyCell(policy.LaneReportRow{Calls: 2, LatencyMean: 1234567 * time.Microsecond, LatencyP95: 2500 * time.Millisecond}); got != "1.235s/2.5s" {
		t.Errorf("latencyCell = %q", got)
	}
	if got := shareCell(policy.Share{}); got != "— (none to count)" {
		t.Errorf("shareCell of nothing = %q", got)
	}
	if got := shareCell(policy.Share{Count: 2, Of: 3, Rate: 2.0 / 3}); got != "2/3 66.7%" {
		t.Errorf("shareCell = %q", got)
	}
	if got := goldCell(policy.LaneGold{}); got != "— (none graded)" {
		t.Errorf("goldCell of nothing = %q", got)
	}
	if got := goldCell(policy.LaneGold{Right: policy.Share{Count: 5, Of: 8, Rate: 0.625, Low: 0.306, High: 0.863}}); got != "5/8 62.5% [30.6–86.3%]" {
		t.Errorf("goldCell = %q", got)
	}
}

// TestWriteLaneReport prints both tables with a row per lane, the lanes' notes, and says so when
// there is no lane.
func TestWriteLaneReport(t *testing.T) {
	t.Parallel()
	since := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	r := &policy.LaneReport{Since: since, Until: since.AddDate(0, 1, 0), GoldPackets: 12}
	var b bytes.Buffer
	if err := writeLaneReport(&b, r); err != nil {
		t.Fatal(err)
	}
	if got := b.String(); !strings.Contains(got, "Lanes from 2026-11-01T00:00:00Z to 2026-12-01T00:00:00Z (UTC); blind gold graded against 12 packets.") ||
		!strings.Contains(got, "No lanes are registered") {
		t.Errorf("empty report = %q", got)
	}
	r.Lanes = []policy.LaneReportRow{{Identity: "lane-a", Role: "REVIEWER", ProviderIdentity: "openai", PromptVersion: "p1", Enabled: true,
		Approved: true, Reviews: 4, GoldReviews: 2, InputTokens: 100, OutputTokens: 7}}
	b.Reset()
	if err := writeLaneReport(&b, r); err != nil {
		t.Fatal(err)
	}
	got := b.String()
	for _, want := range []string{"LANE", "MODEL VERSION", "lane-a", "REVIEWER", "openai", "approved", "100/7", "GOLD ACCURACY (95% WILSON)",
		"— (none to count)", "— (none graded)", "Agreement compares each recommendation"} {
		if !strings.Contains(got, want) {
			t.Errorf("report lacks %q:\n%s", want, got)
		}
	}
	if strings.Count(got, "lane-a") < 2 {
		t.Errorf("lane-a is not in both tables:\n%s", got)
	}
}

// TestWriteBudget says whether a budget is set and what is left or missing, and a row per
// configuration with whether it may write.
func TestWriteBudget(t *testing.T) {
	t.Parallel()
	confs := []corpus.ConfigurationCost{
		{Writer: "PERSON", Samples: 20, Hours: 6.5, Allowed: true},
		{Writer: "acc_1", Model: "m", PromptVersion: "v1", Agent: true, Samples: 30, Hours: 9, Allowed: false},
	}
	for _, tc := range []struct {
		b    corpus.Budget
		want string
	}{
		{corpus.Budget{Month: "2026-12", Samples: 50, AuditHours: 15.5, Configurations: confs},
			"No review budget is set for 2026-12; the audit of 50 samples takes 15.5 hours."},
		{corpus.Budget{Month: "2026-12", Set: true, Hours: 20, Samples: 50, AuditHours: 15.5, Left: 4.5, Configurations: confs},
			"The 2026-12 review budget is 20.0 hours; the audit of 50 samples takes 15.5; 4.5 are left."},
		{corpus.Budget{Month: "2026-12", Set: true, Hours: 10, Samples: 50, AuditHours: 15.5, Left: -5.5, Configurations: confs},
			"The 2026-12 review budget is 10.0 hours; the audit of 50 samples takes 15.5, 5.5 hours more: no agent configuration may write."},
	} {
		var b bytes.Buffer
		if err := writeBudget(&b, &tc.b); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(b.String()), "\n")
		if len(lines) != 4 || lines[0] != tc.want {
			t.Fatalf("writeBudget =\n%s\nwant first line %q and a header and two rows", b.String(), tc.want)
		}
		if f := strings.Fields(lines[2]); f[0] != "PERSON" || f[len(f)-1] != "yes" {
			t.Errorf("row 1 = %q", lines[2])
		}
		if !strings.HasPrefix(lines[3], "acc_1 × m × v1 × -") || !strings.HasSuffix(lines[3], "no: the budget does not cover its audit") {
			t.Errorf("row 2 = %q", lines[3])
		}
	}
}

// TestWriteDraw prints the seed and whether the month was drawn now, a row per stratum with its
// sample size (all, for a census) and the total, or that nothing merged.
func TestWriteDraw(t *testing.T) {
	t.Parallel()
	d := &corpus.MonthDraw{Month: "2026-11", Seed: "s33d", Thresholds: "2026-12"}
	var b bytes.Buffer
	if err := writeDraw(&b, d); err != nil {
		t.Fatal(err)
	}
	if b.String() != "Audit of 2026-11 (drawn now), seed s33d, thresholds 2026-12\nNo node merged in the month: there is nothing to audit.\n" {
		t.Errorf("empty draw = %q", b.String())
	}
	d.Existing = true
	d.Strata = []corpus.StratumDraw{
		{Stratum: corpus.Stratum{Kind: corpus.Theorem, Writer: "PERSON"}, Months: 1, Population: 400, Size: 60},
		{Stratum: corpus.Stratum{Kind: corpus.Proof, Writer: "acc_2", WriterName: "@agent"}, Months: 3, Population: 12, Size: 12, Full: true},
	}
	b.Reset()
	if err := writeDraw(&b, d); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	if len(lines) != 5 || lines[0] != "Audit of 2026-11 (drawn before; nothing was drawn again), seed s33d, thresholds 2026-12" {
		t.Fatalf("draw =\n%s", b.String())
	}
	if f := strings.Fields(lines[2]); !cmp.Equal(f[len(f)-3:], []string{"1", "400", "60"}) || !strings.HasPrefix(lines[2], "theorem × PERSON") {
		t.Errorf("row 1 = %q", lines[2])
	}
	if !strings.HasPrefix(lines[3], "proof × @agent") || !strings.Contains(lines[3], "12 (all)") {
		t.Errorf("row 2 = %q", lines[3])
	}
	if f := strings.Fields(lines[4]); !cmp.Equal(f, []string{"2", "strata", "72"}) {
		t.Errorf("total = %q", lines[4])
	}
}

// TestWriteKernelOutput counts each checker's verdicts, lists what is not passed by both with
// its line and reason, says why a checker could not read the database, and gives the same rows
// as JSON lines in which an incomplete proof is a failure.
func TestWriteKernelOutput(t *testing.T) {
	t.Parallel()
	pass := func(l string) kernel.Verdict { return kernel.Verdict{Label: l, Status: kernel.Pass, Line: 3} }
	c := &kernel.Comparison{Rows: []kernel.Row{
		{Label: "th0", Metamath: pass("th0"), Second: pass("th0"), Agree: true},
		{Label: "th1", Metamath: kernel.Verdict{Label: "th1", Status: kernel.Fail, Reason: "cannot be unified"},
			Second: kernel.Verdict{Label: "th1", Status: kernel.Fail, Line: 9, Reason: "step 4: wrong"}, Agree: true},
		{Label: "th2", Metamath: kernel.Verdict{Label: "th2", Status: kernel.Incomplete, Reason: "not proved"},
			Second: kernel.Verdict{Label: "th2", Status: kernel.Pass}, Agree: false},
	}, MetamathErr: errors.New("stopped")}
	var b bytes.Buffer
	if err := writeKernelReport(&b, "db.mm", c); err != nil {
		t.Fatal(err)
	}
	got := b.String()
	for _, want := range []string{
		"db.mm: 3 proofs\n",
		"metamath  1     1     1\n",
		"second    2     1     0\n",
		"disagreements: 1\n",
		"metamath could not check the database: stopped\n",
		"not passed by both (2):\n",
		"  th1 (line 9)  metamath: fail  second: fail\n    second checker: step 4: wrong; metamath: cannot be unified\n",
		"  th2  metamath: incomplete  second: pass\n    the checkers disagree: the second checker passes it; metamath: not proved\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("report lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "th0") || strings.Contains(got, "every proof passes") {
		t.Errorf("report lists a passing proof:\n%s", got)
	}
	b.Reset()
	if err := writeKernelJSON(&b, c); err != nil {
		t.Fatal(err)
	}
	var lines []kernelLine
	dec := json.NewDecoder(&b)
	for dec.More() {
		var l kernelLine
		if err := dec.Decode(&l); err != nil {
			t.Fatal(err)
		}
		lines = append(lines, l)
	}
	want := []kernelLine{
		{Label: "th0", Metamath: "pass", Second: "pass", Agree: true},
		{Label: "th1", Metamath: "fail", Second: "fail", Agree: true, Reason: "second checker: step 4: wrong; metamath: cannot be unified"},
		{Label: "th2", Metamath: "fail", Second: "pass", Agree: false, Reason: "the checkers disagree: the second checker passes it; metamath: not proved"},
	}
	if diff := cmp.Diff(want, lines); diff != "" {
		t.Errorf("JSON lines (-want +got):\n%s", diff)
	}
	b.Reset()
	if err := writeKernelReport(&b, "ok.mm", &kernel.Comparison{Rows: c.Rows[:1]}); err != nil || !strings.HasSuffix(b.String(), "every proof passes both checkers\n") {
		t.Errorf("a passing database = %q, %v", b.String(), err)
	}
}

// TestSeedSummary names every count and the span of the deadlines, in UTC.
func TestSeedSummary(t *testing.T) {
	t.Parallel()
	paris := time.FixedZone("UTC+1", 3600)
	s := seed.Summary{Accounts: 4, Problems: 12, Prospecting: 3, AcceptedByDefault: 2, AcceptedByReviewer: 1, Archived: 2, Merged: 1,
		Revised: 1, Decisions: 9, Deadlines: []time.Time{time.Date(2026, 12, 7, 10, 0, 0, 0, paris), time.Date(2026, 12, 20, 9, 30, 0, 0, time.UTC)}}
	got := seedSummary(s)
	for _, want := range []string{"Seeded 12 demo problems and 4 demo accounts.", "3 are in their challenge period (deadlines from 2026-12-07 09:00 UTC to 2026-12-20 09:30 UTC)",
		"2 were accepted by default", "1 were accepted early", "2 archived and 1 merged", "reviewers recorded 9 decisions", "--handle demo-reviewer"} {
		if !strings.Contains(got, want) {
			t.Errorf("summary lacks %q: %s", want, got)
		}
	}
	if strings.Contains(seedSummary(seed.Summary{}), "deadlines") {
		t.Error("a summary with no deadline names a span")
	}
}
