package corpus

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/corpus/audit"
)

// TestMonths reads YYYY-MM in UTC, refuses anything else as an audit error, and steps across
// years.
func TestMonths(t *testing.T) {
	t.Parallel()
	m, err := ParseMonth("2026-12")
	if err != nil {
		t.Fatal(err)
	}
	if m.String() != "2026-12" || !m.Start.Equal(time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("ParseMonth(2026-12) = %v", m.Start)
	}
	if !m.End().Equal(time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("End() = %v; want the first instant of January", m.End())
	}
	for k, want := range map[int]string{0: "2026-12", 1: "2026-11", 12: "2025-12", 14: "2025-10", -1: "2027-01"} {
		if got := m.Back(k).String(); got != want {
			t.Errorf("Back(%d) = %s; want %s", k, got, want)
		}
	}
	for _, bad := range []string{"", "2026-13", "2026-1", "26-12", "2026-12-01", "December 2026", "2026/12"} {
		if _, err := ParseMonth(bad); !errors.Is(err, ErrAudit) || !strings.Contains(err.Error(), "is not YYYY-MM") {
			t.Errorf("ParseMonth(%q) = %v; want an audit error", bad, err)
		}
	}
	paris := time.FixedZone("UTC+1", 3600)
	for _, tc := range []struct {
		at   time.Time
		want string
	}{
		{time.Date(2026, 12, 31, 23, 59, 59, 0, time.UTC), "2026-12"},
		{time.Date(2027, 1, 1, 0, 30, 0, 0, paris), "2026-12"}, // still December in UTC
		{time.Date(2026, 2, 28, 12, 0, 0, 0, time.UTC), "2026-02"},
	} {
		got := MonthOf(tc.at)
		if got.String() != tc.want || got.Start.Location() != time.UTC || got.Start.Day() != 1 || got.Start.Hour() != 0 {
			t.Errorf("MonthOf(%v) = %v; want the start of %s in UTC", tc.at, got.Start, tc.want)
		}
	}
}

// TestStratum keys a stratum by all five coordinates and prints it with the writer's handle when
// it has one and - for a coordinate left empty; a person's drafts count in one PERSON stratum, an
// agent's or an importer's in its own.
func TestStratum(t *testing.T) {
	t.Parallel()
	s := Stratum{Kind: Theorem, Writer: "acc_1", Model: "m", PromptVersion: "", Layer: "l"}
	if s.Key() != "THEOREM|acc_1|m||l" {
		t.Errorf("Key() = %q", s.Key())
	}
	if s.String() != "theorem × acc_1 × m × - × l" {
		t.Errorf("String() = %q", s.String())
	}
	s.WriterName = "@prover"
	if s.String() != "theorem × @prover × m × - × l" || s.Key() != "THEOREM|acc_1|m||l" {
		t.Errorf("with a handle: %q, key %q; the handle is shown, never keyed", s.String(), s.Key())
	}
	for _, tc := range []struct {
		w    Writer
		want Stratum
	}{
		{Writer{Kind: WriterPerson, ID: "acc_9"}, Stratum{Kind: Lemma, Writer: WriterPerson}},
		{Writer{Kind: WriterAgent, ID: "acc_2", Model: "m", PromptVersion: "v3", Layer: "lay"}, Stratum{Kind: Lemma, Writer: "acc_2", Model: "m", PromptVersion: "v3", Layer: "lay"}},
		{Writer{Kind: WriterImporter, ID: "importer:hott", Layer: "hott"}, Stratum{Kind: Lemma, Writer: "importer:hott", Layer: "hott"}},
	} {
		if got := writerStratum(Lemma, tc.w); got != tc.want {
			t.Errorf("writerStratum(%+v) = %+v; want %+v", tc.w, got, tc.want)
		}
	}
}

// TestStops stops a configuration once the upper bound over every sample, the pending ones
// counted as clean, passes the property's threshold: certain already, since more clean samples
// can only lower it. A census is judged on its rate itself.
func TestStops(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		row  RateRow
		want bool
	}{
		{"no errors in 300", RateRow{Property: string(audit.Correctness), N: 300}, false},
		{"no errors in 100: the bound is about 3%", RateRow{Property: string(audit.Correctness), N: 100}, true},
		{"style tolerates that", RateRow{Property: string(audit.Style), N: 100}, false},
		{"pending samples lower the bound", RateRow{Property: string(audit.Correctness), N: 100, Pending: 200}, false},
		{"errors stop whatever is pending", RateRow{Property: string(audit.Correctness), N: 50, Errors: 5, Pending: 250}, true},
		{"nothing judged", RateRow{Property: string(audit.Correctness)}, false},
		{"census with no errors", RateRow{Property: string(audit.Correctness), N: 20, Method: "census"}, false},
		{"census at the threshold", RateRow{Property: string(audit.Fidelity), N: 50, Errors: 1, Method: "census"}, false},
		{"census over it", RateRow{Property: string(audit.Fidelity), N: 50, Errors: 2, Method: "census"}, true},
		{"a property with no threshold", RateRow{Property: "NOT_A_PROPERTY", N: 10, Errors: 10}, false},
	} {
		if got := stops(tc.row); got != tc.want {
			t.Errorf("%s: stops = %v; want %v", tc.name, got, tc.want)
		}
	}
	if !(RateRow{}).Complete() || (RateRow{Pending: 1}).Complete() {
		t.Error("Complete() is not 'no sample pending'")
	}
}

// TestStoppedError names the code, the stratum and the figure: an audited property's bound, or a
// canary share.
func TestStoppedError(t *testing.T) {
	t.Parallel()
	e := &StoppedError{Stratum: Stratum{Kind: Proof, Writer: "acc_7", Model: "m", PromptVersion: "2", Layer: "x"},
		Property: PropertyCorrectness, Month: "2026-11", Errors: 3, N: 120, High: 0.0712, Threshold: 0.01}
	want := "CONFIGURATION_STOPPED: the configuration proof × acc_7 × m × 2 × x is stopped: in the 2026-11 audit its correctness " +
		"error rate is 3 in 120, with an upper 95% bound of 7.12% over the 1% threshold"
	if e.Error() != want || e.Code() != CodeConfigurationStopped {
		t.Errorf("Error() = %q\nwant      %q", e.Error(), want)
	}
	canary := stopFigure("2026-10", PropertyCanary, 2, 10, 0.2, 0.05)
	if canary != `in the 2026-10 canary report it "proved" 2 of the 10 canaries it took up, 20.0%, over the 5% threshold` {
		t.Errorf("canary figure = %q", canary)
	}
}

// TestChecklist asks the four properties in their order for every kind, with the error classes
// each question can end in, all of them known classes, and proofs taking longest.
func TestChecklist(t *testing.T) {
	t.Parallel()
	props := []string{string(audit.Correctness), string(audit.Fidelity), string(audit.Sourcing), string(audit.Style)}
	for _, kind := range Kinds {
		items := Checklist(kind)
		var got []string
		for _, it := range items {
			got = append(got, it.Property)
			if it.Question == "" || !strings.HasSuffix(it.Question, "?") || it.TargetSeconds <= 0 || len(it.Classes) == 0 {
				t.Errorf("%s %s: %+v", kind, it.Property, it)
			}
			for _, c := range it.Classes {
				if !slices.Contains(ErrorClasses, c) {
					t.Errorf("%s %s: class %s is not an error class", kind, it.Property, c)
				}
			}
		}
		if !cmp.Equal(got, props) {
			t.Errorf("%s: properties %v; want %v", kind, got, props)
		}
		if kind != Proof && targetSeconds(kind) >= targetSeconds(Proof) {
			t.Errorf("%s takes %d s, a proof %d s; a proof takes longest", kind, targetSeconds(kind), targetSeconds(Proof))
		}
	}
	if got := targetSeconds(Proof); got != (15+5+4+2)*60 {
		t.Errorf("targetSeconds(PROOF) = %d", got)
	}
	if got := targetSeconds(Remark); got != (4+5+4+2)*60 {
		t.Errorf("targetSeconds(REMARK) = %d", got)
	}
	if !slices.Contains(Checklist(Proof)[0].Classes, ClassStepDoesNotFollow) || slices.Contains(Checklist(Theorem)[0].Classes, ClassStepDoesNotFollow) {
		t.Error("only a proof's or an example's correctness ends in a step that does not follow")
	}
}

// TestDocumentAndSnapshot publishes each rate row with its stratum's coordinates and the
// thresholds in force, and a snapshot verifies exactly while its content is unchanged.
func TestDocumentAndSnapshot(t *testing.T) {
	t.Parallel()
	rows := []RateRow{{Stratum: Stratum{Kind: Theorem, Writer: "PERSON", WriterName: "@someone"}, Property: PropertyStyle, N: 40,
		Errors: 1, Low: 0.001, High: 0.13, Method: "wilson", Threshold: 0.05, Stopped: true, Reports: 1, Pending: 3}}
	d := Document("2026-11", rows)
	if d.Month != "2026-11" || d.Thresholds != Thresholds.Version || d.ThresholdsDecided != Thresholds.Decided || d.ThresholdsReason == "" {
		t.Errorf("document header = %+v", d)
	}
	want := RateDocument{Kind: Theorem, Writer: "PERSON", Property: PropertyStyle, N: 40, Errors: 1, Low: 0.001, High: 0.13,
		Method: "wilson", Threshold: 0.05, Stopped: true, Reports: 1}
	if len(d.Rates) != 1 || d.Rates[0] != want {
		t.Errorf("rates = %+v; want %+v", d.Rates, want)
	}
	b, err := json.Marshal(Document("2026-11", nil))
	if err != nil || !strings.Contains(string(b), `"rates":[]`) {
		t.Errorf("a month with no rates = %s, %v; want an empty list, not null", b, err)
	}
	content := string(b)
	sum := sha256.Sum256([]byte(content))
	sn := &Snapshot{Content: content, SHA256: hex.EncodeToString(sum[:])}
	if !VerifySnapshot(sn) {
		t.Error("an untouched snapshot does not verify")
	}
	sn.Content += " "
	if VerifySnapshot(sn) {
		t.Error("a changed snapshot verifies")
	}
}

// TestSampleHash changes with the stratum, the nodes and their order, and cannot be forged by
// moving a separator between stratum and nodes.
func TestSampleHash(t *testing.T) {
	t.Parallel()
	base := sampleHash("THEOREM|PERSON|||", []string{"n1", "n2"})
	if len(base) != 64 {
		t.Fatalf("hash %q is not SHA-256 hex", base)
	}
	for name, h := range map[string]string{
		"other stratum": sampleHash("LEMMA|PERSON|||", []string{"n1", "n2"}),
		"other order":   sampleHash("THEOREM|PERSON|||", []string{"n2", "n1"}),
		"a node less":   sampleHash("THEOREM|PERSON|||", []string{"n1"}),
		"joined nodes":  sampleHash("THEOREM|PERSON|||", []string{"n1\x00n2", ""}),
		"no nodes":      sampleHash("THEOREM|PERSON|||", nil),
	} {
		if h == base {
			t.Errorf("%s hashes as the original sample", name)
		}
	}
	if sampleHash("THEOREM|PERSON|||", []string{"n1", "n2"}) != base {
		t.Error("the hash is not deterministic")
	}
	m, err := toMap(struct {
		A string `json:"a"`
		N int    `json:"n"`
	}{"x", 3})
	if err != nil || m["a"] != "x" || m["n"] != float64(3) {
		t.Errorf("toMap = %v, %v", m, err)
	}
	if _, err := toMap(math.NaN()); err == nil {
		t.Error("toMap of a value JSON cannot hold gave no error")
	}
	te := &TamperError{Month: "2026-11", Stratum: "k", Detail: "2 nodes stored, 3 drawn"}
	if te.Error() != "the 2026-11 audit sample of stratum k does not match its draw: 2 nodes stored, 3 drawn" {
		t.Errorf("TamperError = %q", te.Error())
	}
}

// TestBudgetNames prints a configuration like a stratum and refuses with the hours needed and left.
func TestBudgetNames(t *testing.T) {
	t.Parallel()
	c := ConfigurationCost{Writer: "acc_3", Model: "m", Layer: "l"}
	if c.Name() != "acc_3 × m × - × l" {
		t.Errorf("Name() = %q", c.Name())
	}
	e := &BudgetError{Configuration: c.Name(), Month: "2026-12", Need: 12.3, Left: 3}
	if !strings.HasPrefix(e.Error(), "REVIEW_BUDGET: the 2026-12 review budget cannot audit the configuration acc_3 × m × - × l: its samples take 12.3 reviewer hours and 3.0 are left") ||
		e.Code() != CodeReviewBudget {
		t.Errorf("BudgetError = %q", e.Error())
	}
}

// TestJudgeMeasureRates are shares of wrong steps caught and clean proofs flagged, zero with
// nothing to share.
func TestJudgeMeasureRates(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		m          JudgeMeasure
		rate, flag float64
	}{
		{JudgeMeasure{Wrong: 20, Caught: 15, Clean: 40, Flagged: 2}, 0.75, 0.05},
		{JudgeMeasure{}, 0, 0},
		{JudgeMeasure{Wrong: 3, Caught: 3}, 1, 0},
	} {
		if tc.m.Rate() != tc.rate || tc.m.FlagRate() != tc.flag {
			t.Errorf("%+v: Rate %v, FlagRate %v; want %v, %v", tc.m, tc.m.Rate(), tc.m.FlagRate(), tc.rate, tc.flag)
		}
	}
}
