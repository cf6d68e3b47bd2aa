package kernel

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestParseMetamath reads the C verifier's output, recorded from real runs of Debian's metamath
// 0.195 with MetamathArgs, into per-label verdicts.
func TestParseMetamath(t *testing.T) {
	out := readFile(t, filepath.Join("testdata", "metamath-output", "proof-errors.txt"))
	r, err := ParseMetamath(out)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"th0", "th1", "th2", "th3", "th4"}, r.Labels); diff != "" {
		t.Errorf("Labels (-want +got):\n%s", diff)
	}
	got := map[string]Status{}
	for _, v := range r.Verdicts() {
		got[v.Label] = v.Status
	}
	want := map[string]Status{"th0": Pass, "th1": Fail, "th2": Fail, "th3": Fail, "th4": Pass}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("statuses (-want +got):\n%s", diff)
	}
	if msg := r.Failed["th1"]; !strings.HasPrefix(msg, `The hypotheses of statement "mp" at proof step 34 cannot be unified. Hypothesis 1:`) {
		t.Errorf("th1's reason = %q; want the unification failure without the source line", msg)
	}
	if msg := r.Failed["th3"]; !strings.Contains(msg, `The result is "term t" but the statement is "term 0"`) {
		t.Errorf("th3's reason = %q", msg)
	}
}

// TestParseMetamathReadErrors fails every proof of a database in which the C verifier found an
// error outside any $p statement while reading.
func TestParseMetamathReadErrors(t *testing.T) {
	r, err := ParseMetamath(readFile(t, filepath.Join("testdata", "metamath-output", "read-error.txt")))
	if err != nil {
		t.Fatal(err)
	}
	if len(r.DatabaseErrors) != 2 || !strings.Contains(r.DatabaseErrors[0], `statement x: This label has the same name as the math token`) {
		t.Errorf("DatabaseErrors = %q", r.DatabaseErrors)
	}
	for _, v := range r.Verdicts() {
		if v.Status != Fail || !strings.HasPrefix(v.Reason, "the database has errors: ") {
			t.Errorf("%s = %s (%s); want a failure for the database's errors", v.Label, v.Status, v.Reason)
		}
	}
	if len(r.Verdicts()) != 2 {
		t.Errorf("got %d verdicts; want th and t2", len(r.Verdicts()))
	}
}

// TestParseMetamathUnfinished refuses output that stops before the run's exit (here the program
// met an internal bug check and aborted): it is an error, never a pass.
func TestParseMetamathUnfinished(t *testing.T) {
	out := readFile(t, filepath.Join("testdata", "metamath-output", "bug-check.txt"))
	if _, err := ParseMetamath(out); err == nil || !strings.Contains(err.Error(), "ends before the run does") {
		t.Errorf("ParseMetamath(aborted run) = %v; want an error", err)
	}
	if _, err := ParseMetamath(nil); err == nil {
		t.Error("ParseMetamath(nothing) = nil error; want an error")
	}
}

// TestCompareMetamathFails fails every row, in the metamath column, when the C verifier cannot
// run; the rows disagree where the second checker passes.
func TestCompareMetamathFails(t *testing.T) {
	src := readFile(t, filepath.Join("testdata", "good", "normal.mm"))
	broken := func(context.Context, []string, map[string][]byte) ([]byte, error) {
		return nil, context.DeadlineExceeded
	}
	c, err := Compare(context.Background(), broken, src)
	if err != nil {
		t.Fatal(err)
	}
	if c.MetamathErr == nil || len(c.Rows) != 2 || c.Disagreements() != 2 || c.Failed() != 2 {
		t.Fatalf("Compare with a failing metamath = %+v; want two failing, disagreeing rows", c)
	}
	if r := c.Rows[0].Reason(); !strings.Contains(r, "the checkers disagree: the second checker passes it; metamath: metamath: context deadline exceeded") {
		t.Errorf("Reason() = %q", r)
	}
}

// TestCompareSecondCannotParse fails every row the C verifier names, in the second column, when
// the second checker refuses the database.
func TestCompareSecondCannotParse(t *testing.T) {
	fake := func(context.Context, []string, map[string][]byte) ([]byte, error) {
		return readFile(t, filepath.Join("testdata", "metamath-output", "proof-errors.txt")), nil
	}
	c, err := Compare(context.Background(), fake, []byte("$c a $.\n$c a $."))
	if err != nil {
		t.Fatal(err)
	}
	if c.SecondErr == nil || len(c.Rows) != 5 {
		t.Fatalf("Compare = %+v; want five rows and the second checker's error", c)
	}
	for _, r := range c.Rows {
		if r.Second.Status != Fail || !strings.Contains(r.Second.Reason, `"a" is already declared`) {
			t.Errorf("%s: second = %+v; want the parse error", r.Label, r.Second)
		}
	}
}
