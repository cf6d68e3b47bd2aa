package kernel

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestBrokenFixtures fails th1 of every deliberately broken database in both checkers, for the
// reason planted, while the control th0 beside it passes in both.
func TestBrokenFixtures(t *testing.T) {
	for _, tc := range []struct {
		file string
		step int
		want string // in the second checker's reason
	}{
		{"wrong-step.mm", 34, `mp wants hypothesis min as "|- ( t + 0 ) = t" but the stack holds "|- ( r + 0 ) = r"`},
		{"missing-dv.mm", 4, "ax-c requires $d x y, so $d x y must hold here"},
		{"later-statement.mm", 26, "th2 is stated later in the database"},
		{"hypothesis-out-of-scope.mm", 34, "hypothesis min is out of scope"},
		{"compressed-corrupt.mm", 20, "mp wants hypothesis min"},
	} {
		t.Run(strings.TrimSuffix(tc.file, ".mm"), func(t *testing.T) {
			t.Parallel()
			src := readFile(t, filepath.Join("testdata", "broken", tc.file))
			c := compare(t, src)
			if c.MetamathErr != nil || c.SecondErr != nil {
				t.Fatalf("Compare: metamath: %v; second: %v", c.MetamathErr, c.SecondErr)
			}
			rows := map[string]Row{}
			for _, r := range c.Rows {
				rows[r.Label] = r
			}
			if r := rows["th0"]; !r.OK() {
				t.Errorf("control th0 = %+v; want a pass in both checkers", r)
			}
			r, ok := rows["th1"]
			if !ok {
				t.Fatalf("no row for th1 in %+v", c.Rows)
			}
			if r.Metamath.Status != Fail || r.Second.Status != Fail || !r.Agree {
				t.Fatalf("th1: metamath %s (%s), second %s (%s); want both to fail",
					r.Metamath.Status, r.Metamath.Reason, r.Second.Status, r.Second.Reason)
			}
			if r.Second.Step != tc.step || !strings.Contains(r.Second.Reason, tc.want) {
				t.Errorf("th1 second checker: step %d, %q; want step %d and %q", r.Second.Step, r.Second.Reason, tc.step, tc.want)
			}
			if !strings.Contains(r.Metamath.Reason, "step") {
				t.Errorf("th1 metamath reason %q names no proof step", r.Metamath.Reason)
			}
		})
	}
}

// TestGoodFixtures passes the repaired versions of the broken databases in both checkers: the
// failures above come from the planted defect, not from the material around it.
func TestGoodFixtures(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "good", "*.mm"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no good fixtures: %v", err)
	}
	for _, f := range files {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".mm"), func(t *testing.T) {
			t.Parallel()
			c := compare(t, readFile(t, f))
			if c.MetamathErr != nil || c.SecondErr != nil {
				t.Fatalf("Compare: metamath: %v; second: %v", c.MetamathErr, c.SecondErr)
			}
			if len(c.Rows) != 2 || c.Failed() != 0 {
				t.Errorf("Compare(%s) = %+v; want th0 and th1 to pass in both", f, c.Rows)
			}
		})
	}
}

// TestIncompleteFixture reports a proof with an unknown step as incomplete in both checkers: not
// a pass, and not a wrong proof either.
func TestIncompleteFixture(t *testing.T) {
	c := compare(t, readFile(t, filepath.Join("testdata", "incomplete", "unknown-step.mm")))
	for _, r := range c.Rows {
		want := Pass
		if r.Label == "th0" {
			want = Incomplete
		}
		if r.Metamath.Status != want || r.Second.Status != want || !r.Agree {
			t.Errorf("%s: metamath %s, second %s (%s); want %s in both", r.Label, r.Metamath.Status, r.Second.Status, r.Second.Reason, want)
		}
	}
	if c.Failed() != 1 {
		t.Errorf("Failed() = %d; want 1", c.Failed())
	}
}
