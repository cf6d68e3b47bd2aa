package sandbox_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/sandbox"
)

// TestRunEnds: how runs end that TestHostilePrograms does not cover, each with its stop, exit
// code and reason.
func TestRunEnds(t *testing.T) {
	t.Parallel()
	sandbox.Require(t, "python3")
	for _, tt := range []struct {
		name    string
		program string
		limits  sandbox.Limits
		stop    sandbox.Stop
		code    int
		reason  string
		stdout  string
	}{
		{"exit status without a message", "import sys\nsys.exit(3)\n", sandbox.Limits{}, sandbox.Exited, 3, "exited with status 3", ""},
		{"killed by a signal", "import os, signal\nos.kill(os.getpid(), signal.SIGTERM)\n", sandbox.Limits{}, sandbox.Signal, 128 + 15, "killed by signal 15", ""},
		{"stderr counts toward the output bound", "import sys\nsys.stderr.write('e' * 5000)\nsys.stderr.flush()\nimport time\ntime.sleep(30)\n",
			sandbox.Limits{Output: 4 << 10}, sandbox.OutputSize, 128 + 9, "printed more than 4 KiB", ""},
		{"reads its files in /work", "print(open('data.txt').read().strip(), __import__('os').getcwd())\n", sandbox.Limits{},
			sandbox.Exited, 0, "ran to the end", "7 /work\n"},
		{"writes to its own /tmp", "open('/tmp/x', 'w').write('kept')\nprint(open('/tmp/x').read())\n", sandbox.Limits{},
			sandbox.Exited, 0, "ran to the end", "kept\n"},
		{"sees no host environment", "import os\nprint(sorted(k for k in os.environ if k not in ('PWD', 'SHLVL', '_', 'LC_CTYPE')))\n", sandbox.Limits{},
			sandbox.Exited, 0, "ran to the end", "['HOME', 'LANG', 'PATH', 'PYTHONDONTWRITEBYTECODE', 'TMPDIR']\n"},
		// Python ignores SIGXFSZ, so the write fails and the program says why.
		{"file size bound", "f = open('/tmp/big', 'wb')\nf.write(b'x' * (2 << 20))\nf.close()\n", sandbox.Limits{FileSize: 1 << 20},
			sandbox.Exited, 1, "exited with status 1: OSError: [Errno 27] File too large", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r, err := sandbox.Run(context.Background(), sandbox.Spec{Argv: []string{"python3", "main.py"}, Limits: tt.limits,
				Files: map[string][]byte{"main.py": []byte(tt.program), "data.txt": []byte("7\n")}})
			if err != nil {
				t.Fatalf("Run() = %v", err)
			}
			if r.Stop != tt.stop || r.ExitCode != tt.code || !strings.HasPrefix(r.Reason(), tt.reason) || string(r.Stdout) != tt.stdout {
				t.Errorf("got %s, exit %d, %q, stdout %q; want %s, exit %d, %q, stdout %q (stderr %q)",
					r.Stop, r.ExitCode, r.Reason(), r.Stdout, tt.stop, tt.code, tt.reason, tt.stdout, tail(r.Stderr))
			}
			if r.Limits.Wall == 0 || r.Wall <= 0 {
				t.Errorf("Result.Limits %+v, Wall %v; want the bounds it ran under and its time", r.Limits, r.Wall)
			}
		})
	}
}

// TestRunMissingProgram: a program the sandbox does not hold ends the run with bubblewrap's
// message, not an error of Run.
func TestRunMissingProgram(t *testing.T) {
	t.Parallel()
	need(t)
	r, err := sandbox.Run(context.Background(), sandbox.Spec{Argv: []string{"no-such-program-here"}})
	if err != nil {
		t.Fatalf("Run(missing) = %v; want a Result", err)
	}
	if r.OK() || r.Stop != sandbox.Exited || !strings.Contains(r.Reason(), "no-such-program-here") {
		t.Errorf("Run(missing) = %s, exit %d, %q; want a failed exit naming the program", r.Stop, r.ExitCode, r.Reason())
	}
}

// TestRunCancelled: a caller's context that ends stops the run at once and says why.
func TestRunCancelled(t *testing.T) {
	t.Parallel()
	need(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	start := time.Now()
	_, err := sandbox.Run(ctx, sandbox.Spec{Argv: []string{"sleep", "10"}})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Run(cancelled) = %v; want context.Canceled", err)
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("Run(cancelled) took %s", took)
	}
	if _, err := sandbox.Run(context.Background(), sandbox.Spec{Argv: []string{""}}); err == nil {
		t.Error(`Run(Argv [""]) = nil error`)
	}
	// A context that ends while the program runs stops it as well.
	ctx, cancel = context.WithCancel(context.Background())
	time.AfterFunc(300*time.Millisecond, cancel)
	start = time.Now()
	_, err = sandbox.Run(ctx, sandbox.Spec{Argv: []string{"sleep", "10"}})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Run(cancelled while running) = %v; want context.Canceled", err)
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("Run(cancelled while running) took %s", took)
	}
}
