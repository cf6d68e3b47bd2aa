package sandbox_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/sandbox"
)

// need skips a test where the machine cannot sandbox, except in CI, where it fails.
func need(t testing.TB) { sandbox.Require(t) }

func python(t *testing.T, program string, l sandbox.Limits) sandbox.Result {
	t.Helper()
	r, err := sandbox.Run(context.Background(), sandbox.Spec{Argv: []string{"python3", "main.py"},
		Files: map[string][]byte{"main.py": []byte(program)}, Limits: l})
	if err != nil {
		t.Fatalf("Run() = %v", err)
	}
	return r
}

func TestRunsAProgram(t *testing.T) {
	t.Parallel()
	need(t)
	r := python(t, "import sys\nn = int(sys.stdin.read() or 10)\nprint('NONE UP TO', n)\n", sandbox.Limits{})
	if !r.OK() || string(r.Stdout) != "NONE UP TO 10\n" {
		t.Fatalf("a search up to 10: %s, stdout %q, stderr %q", r.Reason(), r.Stdout, r.Stderr)
	}
	r, err := sandbox.Run(context.Background(), sandbox.Spec{Argv: []string{"gp", "-q", "-f", "main.gp"},
		Files: map[string][]byte{"main.gp": []byte("print(\"NONE UP TO \", #select(isprime, [1..100]));\nquit\n")}})
	if err != nil || !r.OK() || strings.TrimSpace(string(r.Stdout)) != "NONE UP TO 25" {
		t.Fatalf("a PARI/GP program: %v, %s, stdout %q, stderr %q", err, r.Reason(), r.Stdout, r.Stderr)
	}
	if !strings.HasPrefix(r.Reason(), "ran to the end in ") {
		t.Errorf("Reason() = %q", r.Reason())
	}
}

func TestStdinAndExitStatus(t *testing.T) {
	t.Parallel()
	need(t)
	r, err := sandbox.Run(context.Background(), sandbox.Spec{Argv: []string{"python3", "main.py"}, Stdin: []byte("7"),
		Files: map[string][]byte{"main.py": []byte("import sys\nprint(int(sys.stdin.read()) * 6)\nsys.exit('no counterexample format')\n")}})
	if err != nil {
		t.Fatal(err)
	}
	if r.OK() || r.Stop != sandbox.Exited || r.ExitCode != 1 || string(r.Stdout) != "42\n" {
		t.Fatalf("got %+v", r)
	}
	if want := "exited with status 1: no counterexample format"; r.Reason() != want {
		t.Errorf("Reason() = %q; want %q", r.Reason(), want)
	}
}

// TestHostilePrograms: what hostile code does is stopped, with the bound or the rule it ran
// into named, and nothing of it is left on the host.
func TestHostilePrograms(t *testing.T) {
	t.Parallel()
	need(t)
	mark := make([]byte, 6)
	_, _ = rand.Read(mark)
	leak := filepath.Join(os.TempDir(), "theoremdb-leak-"+hex.EncodeToString(mark))
	for _, tt := range []struct {
		name    string
		program string
		limits  sandbox.Limits
		want    sandbox.Stop
		reason  string
	}{
		{"opens a socket", "import socket\nsocket.create_connection(('1.1.1.1', 80), timeout=5)\n", sandbox.Limits{},
			sandbox.Network, "tried to reach the network"},
		{"looks up a name", "import socket\nsocket.getaddrinfo('example.org', 443)\n", sandbox.Limits{},
			sandbox.Network, "tried to reach the network"},
		{"writes to its work directory", "open('/work/x', 'w').write('x')\n", sandbox.Limits{},
			sandbox.ReadOnly, "tried to write outside its private /tmp"},
		{"writes to the root", "open('/evil', 'w').write('x')\n", sandbox.Limits{}, sandbox.ReadOnly, "Read-only file system"},
		{"writes to /usr", "open('/usr/evil', 'w').write('x')\n", sandbox.Limits{}, sandbox.ReadOnly, "Read-only file system"},
		{"forks without end", "import os\nwhile True:\n    os.fork()\n", sandbox.Limits{Procs: 16},
			sandbox.Processes, "tried to run more than 16 processes"},
		{"exhausts memory", "x = []\nwhile True:\n    x.append(bytearray(10**7))\n", sandbox.Limits{Memory: 256 << 20},
			sandbox.Memory, "ran out of its 256 MiB of memory"},
		{"prints forever", "while True:\n    print('x' * 1000)\n", sandbox.Limits{Output: 64 << 10},
			sandbox.OutputSize, "printed more than 64 KiB"},
		{"sleeps past the bound", "import time\ntime.sleep(60)\n", sandbox.Limits{Wall: 2 * time.Second},
			sandbox.WallTime, "still running after 2s"},
		{"spins past its CPU time", "while True:\n    pass\n", sandbox.Limits{CPU: time.Second},
			sandbox.CPUTime, "used its 1s of CPU time"},
		{"ignores the CPU bound's signal", "import signal\nsignal.signal(signal.SIGXCPU, signal.SIG_IGN)\nwhile True:\n    pass\n",
			sandbox.Limits{CPU: time.Second}, sandbox.CPUTime, "used its 1s of CPU time"},
		{"fills its /tmp", "f = open('/tmp/big', 'wb')\nwhile True:\n    f.write(b'x' * 65536)\n",
			sandbox.Limits{TmpSize: 1 << 20}, sandbox.Exited, "No space left on device"},
		{"writes to the host's /tmp", "open('" + leak + "', 'w').write('x')\n", sandbox.Limits{},
			sandbox.Exited, ""}, // its /tmp is its own: the write succeeds there and vanishes
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			start := time.Now()
			r := python(t, tt.program, tt.limits)
			if r.Stop != tt.want || !strings.Contains(r.Reason(), tt.reason) {
				t.Errorf("stop %s, %q; want %s with %q (exit %d, stderr %q)", r.Stop, r.Reason(), tt.want, tt.reason, r.ExitCode, tail(r.Stderr))
			}
			if took := time.Since(start); took > 15*time.Second {
				t.Errorf("took %s to stop", took)
			}
			if tt.name == "fills its /tmp" && r.OK() {
				t.Error("a program that fills its /tmp ran to the end")
			}
		})
	}
	t.Cleanup(func() {
		if _, err := os.Stat(leak); err == nil {
			t.Errorf("a sandboxed program wrote %s on the host", leak)
			os.Remove(leak)
		}
	})
}

// TestNothingOutlivesARun: a program that leaves a child sleeping, or sleeps past its bound, has
// no process left once Run returns.
func TestNothingOutlivesARun(t *testing.T) {
	t.Parallel()
	need(t)
	mark := make([]byte, 6)
	_, _ = rand.Read(mark)
	name := "orphan_" + hex.EncodeToString(mark) + ".py"
	for _, l := range []sandbox.Limits{{}, {Wall: time.Second}} {
		program := "import os, time\nif os.fork() == 0:\n    time.sleep(60)\nelse:\n    time.sleep(5 if " +
			map[bool]string{true: "True", false: "False"}[l.Wall > 0] + " else 0)\n"
		r, err := sandbox.Run(context.Background(), sandbox.Spec{Argv: []string{"python3", name},
			Files: map[string][]byte{name: []byte(program)}, Limits: l})
		if err != nil {
			t.Fatal(err)
		}
		if l.Wall > 0 && r.Stop != sandbox.WallTime {
			t.Errorf("stop %s; want %s", r.Stop, sandbox.WallTime)
		}
		if pids := running(name); len(pids) > 0 {
			t.Errorf("after %s, processes %v still run the program", r.Reason(), pids)
		}
	}
}

// TestHostFilesAreHidden: the sandbox holds /usr and nothing else of the host's.
func TestHostFilesAreHidden(t *testing.T) {
	t.Parallel()
	need(t)
	self, _ := os.Getwd()
	r := python(t, "import os\nfor p in ['/etc/passwd', '/home', '/root', '/var', "+quote(self)+"]:\n    print(p, os.path.exists(p))\n", sandbox.Limits{})
	if !r.OK() {
		t.Fatal(r.Reason())
	}
	for _, line := range strings.Split(strings.TrimSpace(string(r.Stdout)), "\n") {
		if strings.HasSuffix(line, "True") {
			t.Errorf("the sandbox sees %s", strings.TrimSuffix(line, " True"))
		}
	}
}

func TestBadSpec(t *testing.T) {
	t.Parallel()
	need(t)
	for _, s := range []sandbox.Spec{
		{},
		{Argv: []string{"python3", "x"}, Files: map[string][]byte{"../x": nil}},
		{Argv: []string{"python3", "x"}, Files: map[string][]byte{"a/b": nil}},
	} {
		if _, err := sandbox.Run(context.Background(), s); err == nil {
			t.Errorf("Run(%v) = nil error", s)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	_, err := sandbox.Run(ctx, sandbox.Spec{Argv: []string{"sleep", "10"}})
	if err == nil || !strings.Contains(err.Error(), "deadline") {
		t.Errorf("Run() past the caller's deadline = %v", err)
	}
}

// BenchmarkStart measures what a sandbox adds to a program that does nothing.
func BenchmarkStart(b *testing.B) {
	need(b)
	var took []time.Duration
	for b.Loop() {
		start := time.Now()
		r, err := sandbox.Run(context.Background(), sandbox.Spec{Argv: []string{"true"}})
		if err != nil || !r.OK() {
			b.Fatal(err, r.Reason())
		}
		took = append(took, time.Since(start))
	}
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)*95/100].Microseconds())/1000, "p95-ms")
}

func running(marker string) []string {
	ents, _ := os.ReadDir("/proc")
	var pids []string
	for _, e := range ents {
		if b, err := os.ReadFile("/proc/" + e.Name() + "/cmdline"); err == nil && strings.Contains(string(b), marker) {
			pids = append(pids, e.Name())
		}
	}
	return pids
}

func tail(b []byte) string { return string(b[max(0, len(b)-300):]) }

func quote(s string) string { return "'" + strings.ReplaceAll(s, "'", `\'`) + "'" }
