package kernel

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"
)

// TestDirectExec runs a program in a fresh directory holding the files it is given, returns what
// it printed, and removes the directory afterwards.
func TestDirectExec(t *testing.T) {
	t.Parallel()
	run := DirectExec(10 * time.Second)
	out, err := run(context.Background(), []string{"sh", "-c", "cat db.mm other; pwd"},
		map[string][]byte{"db.mm": []byte("first\n"), "other": []byte("second\n")})
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != 3 || lines[0] != "first" || lines[1] != "second" {
		t.Fatalf("output = %q; want both files, then the directory", out)
	}
	if _, err := os.Stat(lines[2]); !os.IsNotExist(err) {
		t.Errorf("the working directory %s is left behind: %v", lines[2], err)
	}
}

// TestDirectExecFailures reports each way a run can fail to finish, with what the program printed
// up to then.
func TestDirectExecFailures(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name    string
		timeout time.Duration
		argv    []string
		files   map[string][]byte
		out     string
		want    string
	}{
		{"exit-status", 10 * time.Second, []string{"sh", "-c", "echo partial; echo noise >&2; echo last words >&2; exit 3"}, nil,
			"partial\n", "sh exited with status 3: last words"},
		{"timeout", 200 * time.Millisecond, []string{"sh", "-c", "echo started; exec sleep 30"}, nil,
			"started\n", "sh still running after 200ms: stopped"},
		{"missing-program", 10 * time.Second, []string{"/nonexistent/metamath"}, nil, "", "no such file"},
		{"path-in-name", 10 * time.Second, []string{"true"}, map[string][]byte{"sub/db.mm": nil}, "", `file name "sub/db.mm" must be a plain name`},
		{"parent-name", 10 * time.Second, []string{"true"}, map[string][]byte{"../db.mm": nil}, "", "must be a plain name"},
		{"hidden-name", 10 * time.Second, []string{"true"}, map[string][]byte{".profile": nil}, "", "must be a plain name"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			start := time.Now()
			out, err := DirectExec(tc.timeout)(context.Background(), tc.argv, tc.files)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error = %v; want %q", err, tc.want)
			}
			if string(out) != tc.out {
				t.Errorf("output = %q; want %q", out, tc.out)
			}
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("took %s", d)
			}
		})
	}
}

// TestLastLineOf keeps the last non-blank line of a program's standard error.
func TestLastLineOf(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"":                       "",
		"one":                    "one",
		"one\ntwo\n\n":           "two",
		"  warning\nfatal: x \n": "fatal: x",
	} {
		if got := lastLineOf([]byte(in)); got != want {
			t.Errorf("lastLineOf(%q) = %q; want %q", in, got, want)
		}
	}
}
