package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/kernel"
)

// fakeMetamath makes kernelExec print out (or fail with err) for the rest of the test.
func fakeMetamath(t *testing.T, out string, err error) {
	t.Helper()
	old := kernelExec
	kernelExec = func(context.Context, []string, map[string][]byte) ([]byte, error) { return []byte(out), err }
	t.Cleanup(func() { kernelExec = old })
}

// metamathRun is the output of a run of kernel.MetamathArgs with verify's messages and the $p
// labels listed.
func metamathRun(verify string, labels ...string) string {
	var b strings.Builder
	b.WriteString("MM> read \"db.mm\"\nMM> verify proof *\n" + verify + "MM> show label * /all\n")
	for i, l := range labels {
		b.WriteString(" " + string(rune('1'+i)) + " " + l + " $p")
	}
	b.WriteString("\nMM> exit\n")
	return b.String()
}

// TestKernelCheckVerdicts exits zero only when both checkers pass every proof: a disagreement, a
// C verifier that cannot run, a database neither can read and one without a $p are errors that
// say which.
func TestKernelCheckVerdicts(t *testing.T) {
	good := filepath.Join("..", "..", "kernel", "testdata", "good", "normal.mm")
	dir := t.TempDir()
	unreadable := filepath.Join(dir, "dup.mm")
	noProofs := filepath.Join(dir, "axioms.mm")
	for f, src := range map[string]string{unreadable: "$c a $.\n$c a $.\n", noProofs: "$c a $.\nax $a a $.\n"} {
		if err := os.WriteFile(f, []byte(src), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		name    string
		out     string
		execErr error
		file    string
		json    bool
		want    string // in the error; "" for success
		printed string
	}{
		{"both pass", metamathRun("", "th0", "th1"), nil, good, false, "", "every proof passes both checkers"},
		{"both pass, JSON", metamathRun("", "th0", "th1"), nil, good, true, "",
			`{"label":"th1","metamath":"pass","second":"pass","agree":true,"reason":""}`},
		{"metamath fails one", metamathRun("?Error on line 22 of file \"db.mm\" at statement 20, label \"th1\", type \"$p\":\n  th1 $p\n  ^\nThe proof is wrong.\n\n", "th0", "th1"),
			nil, good, false, "1 of 2 proofs fail or the checkers disagree (1 disagreements)", "the second checker passes it; metamath: The proof is wrong."},
		{"metamath cannot run", "", errors.New("bwrap: no permission"), good, false, "2 of 2 proofs fail",
			"metamath could not check the database: metamath: bwrap: no permission"},
		{"neither can read", "MM> read \"db.mm\"\n?Source was not read due to error(s).\nMM> exit\n", nil, unreadable, false,
			"neither checker could read the database", ""},
		{"no proofs", metamathRun(""), nil, noProofs, false, "the database holds no $p statement", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fakeMetamath(t, tc.out, tc.execErr)
			args := []string{"check", tc.file}
			if tc.json {
				args = []string{"check", "--json", tc.file}
			}
			var out, errs bytes.Buffer
			err := runKernel(context.Background(), args, &out, &errs)
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("kernel check = %v\n%s", err, out.String())
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Fatalf("kernel check = %v; want an error with %q", err, tc.want)
			}
			if tc.file == noProofs && !errors.Is(err, kernel.ErrNoProofs) {
				t.Errorf("kernel check of a database without $p = %v; want kernel.ErrNoProofs", err)
			}
			if !strings.Contains(out.String(), tc.printed) {
				t.Errorf("kernel check printed\n%s\nwithout %q", out.String(), tc.printed)
			}
			if tc.json && strings.Count(out.String(), "\n") != 2 {
				t.Errorf("JSON: %d lines; want one per proof", strings.Count(out.String(), "\n"))
			}
		})
	}
}
