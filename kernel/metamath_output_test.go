package kernel

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestMetamathArgs never lets the C verifier wait for a key or wrap a message, reads the database
// under the name the files are given, and ends with exit, which ParseMetamath requires.
func TestMetamathArgs(t *testing.T) {
	t.Parallel()
	args := MetamathArgs()
	want := []string{"metamath", "set scroll continuous", "set width 9999", `read "db.mm"`,
		"verify proof *", "show label * /all", "exit"}
	if diff := cmp.Diff(want, args); diff != "" {
		t.Errorf("MetamathArgs (-want +got):\n%s", diff)
	}
	args[1] = "changed"
	if MetamathArgs()[1] != "set scroll continuous" {
		t.Error("MetamathArgs returns a slice its callers can change for everyone")
	}
}

// TestParseMetamathMessages reads each kind of message of the C verifier into the report: an
// error at a $p fails it with the message alone (no source line, no carets, no progress dots),
// an error elsewhere fails the database, a one-line complaint is a database error, a warning is
// not, and "not proved" is incomplete.
func TestParseMetamathMessages(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name       string
		verify     string
		labels     []string
		failed     map[string]string
		incomplete []string
		dbErrors   []string
		statuses   []Status
	}{
		{
			name: "error-at-proof",
			verify: "0 10%  20%  30%\n....\n" +
				"?Error on line 25 of file \"db.mm\" at statement 20, label \"th1\", type \"$p\":\n" +
				"    weq wim tt a2 mp $.\n" +
				"                  ^^\n" +
				"The hypotheses of statement \"mp\" at proof step 4 cannot be unified.\n" +
				"  Hypothesis 1:  wff P\n" +
				"..\n" +
				"?Error on line 27 of file \"db.mm\" at statement 22, label \"th2\", type \"$p\":\n" +
				"  th2 $p term 0 $= tt $.\n" +
				"                   ^^\n" +
				"The result is \"term t\" but the statement is \"term 0\".\n" +
				"........\n",
			labels: []string{"th0", "th1", "th2"},
			failed: map[string]string{
				"th1": "The hypotheses of statement \"mp\" at proof step 4 cannot be unified. Hypothesis 1:  wff P",
				"th2": "The result is \"term t\" but the statement is \"term 0\".",
			},
			statuses: []Status{Pass, Fail, Fail},
		},
		{
			name: "first-error-of-a-proof-kept",
			verify: "?Error on line 5 of file \"db.mm\" at statement 9, label \"th\", type \"$p\":\n" +
				"th $p a $= x $.\n   ^\nfirst message\n\n" +
				"?Error on line 5 of file \"db.mm\" at statement 9, label \"th\", type \"$p\":\n" +
				"th $p a $= x $.\n   ^\nsecond message\n\n",
			labels:   []string{"th"},
			failed:   map[string]string{"th": "first message"},
			statuses: []Status{Fail},
		},
		{
			name: "error-at-axiom-fails-the-database",
			verify: "?Error on line 3 of file \"db.mm\" at statement 4, label \"ax\", type \"$a\":\n" +
				"ax $a a b $.\n        ^\nThe token \"b\" was not declared.\n\n",
			labels:   []string{"th0", "th1"},
			dbErrors: []string{"statement ax: The token \"b\" was not declared."},
			statuses: []Status{Fail, Fail},
		},
		{
			name:     "unlocated-error",
			verify:   "?Error: the proof stack overflowed\nwhile reading\n\n",
			labels:   []string{"th"},
			dbErrors: []string{"the proof stack overflowed while reading"},
			statuses: []Status{Fail},
		},
		{
			name:     "error-without-message",
			verify:   "?Error on line 1 of file \"db.mm\" at statement 1, label \"th\", type \"$p\":\nth $p a $= x $.\n   ^\n\n",
			labels:   []string{"th"},
			failed:   map[string]string{"th": "metamath reports an error without a message"},
			statuses: []Status{Fail},
		},
		{
			name:     "one-line-complaint",
			verify:   "?End of comment not found\n",
			labels:   []string{"th"},
			dbErrors: []string{"End of comment not found"},
			statuses: []Status{Fail},
		},
		{
			name:     "warning-is-not-an-error",
			verify:   "?Warning: the proof of th uses a deprecated axiom\nAll proofs in the database were verified in 0.00 s.\n",
			labels:   []string{"th"},
			statuses: []Status{Pass},
		},
		{
			name:       "not-proved",
			verify:     "Warning: The following $p statement(s) were not proved: th1 th3\n",
			labels:     []string{"th0", "th1", "th2", "th3"},
			incomplete: []string{"th1", "th3"},
			statuses:   []Status{Pass, Incomplete, Pass, Incomplete},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := ParseMetamath([]byte(metamathOutput(tc.verify, tc.labels...)))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.labels, r.Labels); diff != "" {
				t.Errorf("Labels (-want +got):\n%s", diff)
			}
			if tc.failed == nil {
				tc.failed = map[string]string{}
			}
			if diff := cmp.Diff(tc.failed, r.Failed); diff != "" {
				t.Errorf("Failed (-want +got):\n%s", diff)
			}
			var inc []string
			for l := range r.Incomplete {
				inc = append(inc, l)
			}
			slices.Sort(inc)
			if diff := cmp.Diff(tc.incomplete, inc); diff != "" {
				t.Errorf("Incomplete (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.dbErrors, r.DatabaseErrors); diff != "" {
				t.Errorf("DatabaseErrors (-want +got):\n%s", diff)
			}
			var st []Status
			for _, v := range r.Verdicts() {
				st = append(st, v.Status)
				if v.Status != Pass && v.Reason == "" {
					t.Errorf("%s: %s without a reason", v.Label, v.Status)
				}
			}
			if diff := cmp.Diff(tc.statuses, st); diff != "" {
				t.Errorf("statuses (-want +got):\n%s", diff)
			}
		})
	}
}

// TestMetamathVerdictPrecedence names a proof's own error before "not proved", and either before
// the database's errors, which fail only the proofs with nothing of their own.
func TestMetamathVerdictPrecedence(t *testing.T) {
	t.Parallel()
	r := &MetamathReport{
		Labels:         []string{"own", "unproved", "other"},
		Failed:         map[string]string{"own": "its own error"},
		Incomplete:     map[string]bool{"own": true, "unproved": true},
		DatabaseErrors: []string{"first database error", "second"},
	}
	want := []Verdict{
		{Label: "own", Status: Fail, Reason: "its own error"},
		{Label: "unproved", Status: Incomplete, Reason: "metamath: the proof is incomplete (not proved)"},
		{Label: "other", Status: Fail, Reason: "the database has errors: first database error"},
	}
	if diff := cmp.Diff(want, r.Verdicts()); diff != "" {
		t.Errorf("Verdicts (-want +got):\n%s", diff)
	}
	if got := (&MetamathReport{}).Verdicts(); len(got) != 0 {
		t.Errorf("Verdicts of an empty report = %v", got)
	}
}

// TestParseMetamathLabelList takes a label for a $p only where the list shows it after its
// statement number, whatever the spacing, and recognises the exit command in any case.
func TestParseMetamathLabelList(t *testing.T) {
	t.Parallel()
	out := "MM> show label * /all\n" +
		"The labels that match are shown with statement number, label, and type.\n" +
		"3 tt $f             19 th0 $p\t20 th1 $p\n" +
		"x th9 $p 21 ax $a 22 th2 $p\n" +
		"MM> EXIT\n"
	r, err := ParseMetamath([]byte(out))
	if err != nil {
		t.Fatalf("ParseMetamath: %v", err)
	}
	if diff := cmp.Diff([]string{"th0", "th1", "th2"}, r.Labels); diff != "" {
		t.Errorf("Labels (-want +got):\n%s", diff)
	}
	// The same list outside the show command's section is not a label list.
	r, err = ParseMetamath([]byte("MM> verify proof *\n19 th0 $p\nMM> exit\n"))
	if err != nil || len(r.Labels) != 0 {
		t.Errorf("labels read outside show: %v, %v", r, err)
	}
}

// TestParseMetamathCutShort refuses every output that stops before exit, whatever it holds, and
// shows its end in the error.
func TestParseMetamathCutShort(t *testing.T) {
	t.Parallel()
	full := metamathOutput("", "th")
	for _, out := range []string{
		"",
		strings.TrimSuffix(full, "MM> exit\n"),
		"Metamath - Version 0.195\nMM> read \"db.mm\"\n",
		strings.Repeat("x", 1000),
		"MM> exitnow\n", // not the exit command
	} {
		_, err := ParseMetamath([]byte(out))
		if err == nil || !strings.Contains(err.Error(), "ends before the run does") {
			t.Errorf("ParseMetamath(%.40q) = %v; want an error", out, err)
			continue
		}
		if len(err.Error()) > 450 {
			t.Errorf("error for a long output is %d bytes; want its tail only", len(err.Error()))
		}
	}
}

// TestErrorMessage joins an error block on one line, dropping the source line of a located error,
// carets, ellipses and progress dots.
func TestErrorMessage(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		block   []string
		located bool
		want    string
	}{
		{[]string{"th $p a $= x $.", "   ^^^", "Line one.", "  line two  "}, true, "Line one. line two"},
		{[]string{"Line one.", "...", "Line two."}, false, "Line one. Line two."},
		{[]string{"th $p a $= x $."}, true, "metamath reports an error without a message"},
		{nil, true, "metamath reports an error without a message"},
		{[]string{"message", ".................."}, false, "message"},
		{[]string{"It ends with a sentence..."}, false, "It ends with a sentence..."},
	} {
		if got := errorMessage(tc.block, tc.located); got != tc.want {
			t.Errorf("errorMessage(%q, %v) = %q; want %q", tc.block, tc.located, got, tc.want)
		}
	}
}

// TestIsNumber accepts only non-empty runs of ASCII digits.
func TestIsNumber(t *testing.T) {
	t.Parallel()
	for s, want := range map[string]bool{"0": true, "1234": true, "": false, "12a": false, "-1": false, "١": false} {
		if got := isNumber(s); got != want {
			t.Errorf("isNumber(%q) = %v; want %v", s, got, want)
		}
	}
}
