package kernel

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestRowReason says why a row is not a pass for both checkers, naming the checker that passes
// it when they disagree, and says nothing for a row both pass.
func TestRowReason(t *testing.T) {
	t.Parallel()
	pass := Verdict{Label: "th", Status: Pass}
	fail := func(why string) Verdict { return Verdict{Label: "th", Status: Fail, Reason: why} }
	incomplete := Verdict{Label: "th", Status: Incomplete, Reason: "step 2 is unknown"}
	for _, tc := range []struct {
		name     string
		row      Row
		ok       bool
		want     string
		disagree bool
	}{
		{"both-pass", Row{Metamath: pass, Second: pass, Agree: true}, true, "", false},
		{"metamath-passes", Row{Metamath: pass, Second: fail("bad step"), Agree: false}, false,
			"the checkers disagree: metamath passes it; the second checker: bad step", true},
		{"second-passes", Row{Metamath: fail("cannot be unified"), Second: pass, Agree: false}, false,
			"the checkers disagree: the second checker passes it; metamath: cannot be unified", true},
		{"both-fail", Row{Metamath: fail("m-why"), Second: fail("s-why"), Agree: true}, false,
			"second checker: s-why; metamath: m-why", false},
		{"fail-and-incomplete", Row{Metamath: fail("m-why"), Second: incomplete, Agree: true}, false,
			"second checker: step 2 is unknown; metamath: m-why", false},
		{"marked-disagreeing", Row{Metamath: fail("m-why"), Second: incomplete, Agree: false}, false,
			"the checkers disagree: metamath says fail (m-why); the second checker says incomplete (step 2 is unknown)", true},
	} {
		if got := tc.row.OK(); got != tc.ok {
			t.Errorf("%s: OK() = %v; want %v", tc.name, got, tc.ok)
		}
		if got := tc.row.Reason(); got != tc.want {
			t.Errorf("%s: Reason() = %q; want %q", tc.name, got, tc.want)
		}
		c := Comparison{Rows: []Row{tc.row}}
		if got, want := c.Failed(), map[bool]int{true: 0, false: 1}[tc.ok]; got != want {
			t.Errorf("%s: Failed() = %d; want %d", tc.name, got, want)
		}
		if got := c.Disagreements() == 1; got != tc.disagree {
			t.Errorf("%s: Disagreements() = %d; want disagreement %v", tc.name, c.Disagreements(), tc.disagree)
		}
	}
}

// TestJoin pairs verdicts by label, keeps the second checker's order and appends the labels only
// metamath names; a label one checker lacks fails in its column, with that checker's error when
// it has one. An incomplete proof agrees with a failed one: neither proves anything.
func TestJoin(t *testing.T) {
	t.Parallel()
	first := []Verdict{
		{Label: "b", Status: Pass}, {Label: "c", Status: Fail, Reason: "m"}, {Label: "x", Status: Pass},
	}
	second := []Verdict{
		{Label: "a", Status: Pass}, {Label: "b", Status: Pass}, {Label: "c", Status: Incomplete, Reason: "?"},
	}
	rows := join(first, second, nil, nil)
	var labels []string
	for _, r := range rows {
		labels = append(labels, r.Label)
	}
	if diff := cmp.Diff([]string{"a", "b", "c", "x"}, labels); diff != "" {
		t.Fatalf("labels (-want +got):\n%s", diff)
	}
	want := []struct {
		agree    bool
		metamath Verdict
		second   Verdict
	}{
		{false, Verdict{Label: "a", Status: Fail, Reason: "metamath found no $p statement a"}, second[0]},
		{true, first[0], second[1]},
		{true, first[1], second[2]},
		{false, first[2], Verdict{Label: "x", Status: Fail, Reason: "the second checker found no $p statement x"}},
	}
	for i, w := range want {
		r := rows[i]
		if r.Agree != w.agree || r.Metamath != w.metamath || r.Second != w.second {
			t.Errorf("row %s = %+v; want agree %v, metamath %+v, second %+v", r.Label, r, w.agree, w.metamath, w.second)
		}
	}

	// With a checker's error, its column fails with that error instead.
	errM := errors.New("metamath could not run")
	rows = join(nil, second[:1], errM, nil)
	if len(rows) != 1 || rows[0].Metamath.Reason != errM.Error() || rows[0].Metamath.Status != Fail {
		t.Errorf("join with a metamath error = %+v; want its reason in the metamath column", rows)
	}
	if rows := join(nil, nil, errM, errM); len(rows) != 0 {
		t.Errorf("join of nothing = %+v; want no rows", rows)
	}
}

// fakeMetamath is an Exec that prints out, and records what it was asked to run.
type fakeMetamath struct {
	out   string
	argv  []string
	files map[string][]byte
}

func (f *fakeMetamath) run(_ context.Context, argv []string, files map[string][]byte) ([]byte, error) {
	f.argv, f.files = argv, files
	return []byte(f.out), nil
}

// metamathOutput builds the output of a run of MetamathArgs with the given text after the verify
// command and the given $p labels in the label list.
func metamathOutput(verify string, labels ...string) string {
	var b strings.Builder
	b.WriteString("MM> set scroll continuous\nMM> set width 9999\nMM> read \"db.mm\"\nMM> verify proof *\n")
	b.WriteString(verify)
	b.WriteString("MM> show label * /all\nThe labels that match are shown with statement number, label, and type.\n")
	for i, l := range labels {
		b.WriteString(strings.Repeat(" ", 3))
		b.WriteString(strings.Join([]string{strconv.Itoa(10 + i), l, "$p"}, " "))
	}
	b.WriteString("\nMM> exit\n")
	return b.String()
}

// TestCompareWithRecordedMetamath joins the second checker's verdicts with a recorded run of the
// C verifier: it hands the program the database as db.mm with MetamathArgs, and reports the rows
// in the order of the source.
func TestCompareWithRecordedMetamath(t *testing.T) {
	t.Parallel()
	src := []byte(demo + "th0 $p |- t = t $= " + th1Normal + " $.\nth1 $p |- t = t $= tt ? $.\n")
	fake := &fakeMetamath{out: metamathOutput("Warning: The following $p statement(s) were not proved: th1\n", "th0", "th1")}
	c, err := Compare(context.Background(), fake.run, src)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(fake.argv, MetamathArgs()) || string(fake.files["db.mm"]) != string(src) || len(fake.files) != 1 {
		t.Errorf("metamath ran %q with files %v; want MetamathArgs and db.mm alone", fake.argv, keys(fake.files))
	}
	if c.MetamathErr != nil || c.SecondErr != nil || len(c.Rows) != 2 {
		t.Fatalf("Compare = %+v", c)
	}
	if !c.Rows[0].OK() || c.Rows[0].Label != "th0" {
		t.Errorf("row 0 = %+v; want th0 passing in both", c.Rows[0])
	}
	r := c.Rows[1]
	if r.Label != "th1" || !r.Agree || r.OK() || r.Metamath.Status != Incomplete || r.Second.Status != Incomplete {
		t.Errorf("row 1 = %+v; want th1 incomplete in both, agreeing, not OK", r)
	}
	if c.Failed() != 1 || c.Disagreements() != 0 {
		t.Errorf("Failed() = %d, Disagreements() = %d; want 1 and 0", c.Failed(), c.Disagreements())
	}
}

func keys(m map[string][]byte) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// TestCompareMetamathCannotRead turns a run in which metamath read no $p statement but reported
// errors into the metamath column's error, so that every proof the second checker found fails
// there.
func TestCompareMetamathCannotRead(t *testing.T) {
	t.Parallel()
	src := []byte(demo + "th $p |- t = t $= " + th1Normal + " $.\n")
	fake := &fakeMetamath{out: "MM> read \"db.mm\"\n?Source was not read due to error(s).  Please correct and try again.\nMM> verify proof *\n?No source file has been read in.\nMM> show label * /all\nMM> exit\n"}
	c, err := Compare(context.Background(), fake.run, src)
	if err != nil {
		t.Fatal(err)
	}
	if c.MetamathErr == nil || !strings.HasPrefix(c.MetamathErr.Error(), "metamath could not read the database: Source was not read due to error(s)") {
		t.Fatalf("MetamathErr = %v", c.MetamathErr)
	}
	if len(c.Rows) != 1 || c.Rows[0].Metamath.Reason != c.MetamathErr.Error() || c.Rows[0].Agree {
		t.Errorf("rows = %+v; want th failing in the metamath column with its error", c.Rows)
	}
}

// TestCompareNoProofs returns ErrNoProofs with the comparison when both checkers read the
// database and neither found a $p statement.
func TestCompareNoProofs(t *testing.T) {
	t.Parallel()
	fake := &fakeMetamath{out: metamathOutput("")}
	c, err := Compare(context.Background(), fake.run, []byte(demo))
	if !errors.Is(err, ErrNoProofs) || c == nil || len(c.Rows) != 0 {
		t.Errorf("Compare(no $p) = %+v, %v; want no rows and ErrNoProofs", c, err)
	}
}

// TestCompareCancelled returns the context's error, not a comparison that would blame the
// database, when the run is cancelled.
func TestCompareCancelled(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	stopped := func(ctx context.Context, _ []string, _ map[string][]byte) ([]byte, error) {
		return nil, ctx.Err()
	}
	c, err := Compare(ctx, stopped, []byte(demo+"th $p |- t = t $= "+th1Normal+" $.\n"))
	if !errors.Is(err, context.Canceled) || c != nil {
		t.Errorf("Compare(cancelled) = %+v, %v; want nil and context.Canceled", c, err)
	}
}

// TestRunMetamathError wraps the error of a run that did not finish, keeping its cause.
func TestRunMetamathError(t *testing.T) {
	t.Parallel()
	cause := errors.New("killed by the memory bound")
	_, err := RunMetamath(context.Background(), func(context.Context, []string, map[string][]byte) ([]byte, error) {
		return []byte("MM> exit\n"), cause
	}, nil)
	if !errors.Is(err, cause) || !strings.HasPrefix(err.Error(), "metamath: ") {
		t.Errorf("RunMetamath = %v; want the cause wrapped with metamath:", err)
	}
}
