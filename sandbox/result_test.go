package sandbox

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
	"unicode/utf8"
)

// TestCapture: both streams together keep at most the limit, in order per stream; the first
// write past it calls full once, and the program never sees an error.
func TestCapture(t *testing.T) {
	t.Parallel()
	var fulls int
	c := &capture{limit: 10, full: func() { fulls++ }}
	out, errs := c.stream(0), c.stream(1)
	for _, w := range []struct {
		to   interface{ Write([]byte) (int, error) }
		text string
	}{{out, "abcd"}, {errs, "EFG"}, {out, "hijkl"}, {errs, "MNO"}, {out, "p"}} {
		if n, err := w.to.Write([]byte(w.text)); n != len(w.text) || err != nil {
			t.Errorf("Write(%q) = %d, %v; want %d, nil", w.text, n, err, len(w.text))
		}
	}
	stdout, stderr := c.bytes()
	if string(stdout) != "abcdhij" || string(stderr) != "EFG" {
		t.Errorf("kept stdout %q, stderr %q; want %q, %q", stdout, stderr, "abcdhij", "EFG")
	}
	if !c.overflowed() || fulls != 1 {
		t.Errorf("overflowed %v, full called %d times; want true, once", c.overflowed(), fulls)
	}

	exact := &capture{limit: 4, full: func() { t.Error("full called for output exactly at the limit") }}
	exact.stream(0).Write([]byte("ab"))
	exact.stream(1).Write([]byte("cd"))
	exact.stream(1).Write(nil)
	if exact.overflowed() {
		t.Error("output exactly at the limit overflowed")
	}
	stdout[0] = 'X' // bytes returns copies
	if again, _ := c.bytes(); again[0] != 'a' {
		t.Error("bytes() returned the capture's own buffer")
	}
}

// TestCaptureConcurrent: writers on both streams at once keep exactly the limit and call full
// once.
func TestCaptureConcurrent(t *testing.T) {
	t.Parallel()
	var fulls atomic.Int32
	c := &capture{limit: 1000, full: func() { fulls.Add(1) }}
	var wg sync.WaitGroup
	for g := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := c.stream(g % 2)
			for range 20 {
				w.Write(bytes.Repeat([]byte{'x'}, 7))
			}
		}()
	}
	wg.Wait()
	stdout, stderr := c.bytes()
	if len(stdout)+len(stderr) != 1000 || fulls.Load() != 1 {
		t.Errorf("kept %d bytes, full called %d times; want 1000, once", len(stdout)+len(stderr), fulls.Load())
	}
}

func TestClassify(t *testing.T) {
	t.Parallel()
	l := Default
	l.CPU = 2 * time.Second
	res := func(code int, wall time.Duration, stderr string) Result {
		return Result{ExitCode: code, Wall: wall, Stderr: []byte(stderr), Limits: l}
	}
	xcpu, kill := 128+int(syscall.SIGXCPU), 128+int(syscall.SIGKILL)
	tests := []struct {
		name     string
		r        Result
		overflow bool
		timedOut bool
		want     Stop
	}{
		{"clean exit", res(0, time.Second, "MemoryError"), false, false, Exited},
		{"output first", res(kill, time.Second, ""), true, true, OutputSize},
		{"wall time", res(kill, 20*time.Second, ""), false, true, WallTime},
		{"SIGXCPU", res(xcpu, time.Second, ""), false, false, CPUTime},
		{"SIGKILL after the CPU time", res(kill, 3*time.Second, ""), false, false, CPUTime},
		{"SIGKILL before the CPU time", res(kill, time.Second, ""), false, false, Signal},
		{"python memory error", res(1, time.Second, "Traceback\nMemoryError\n"), false, false, Memory},
		{"C++ allocation", res(134, time.Second, "terminate called after throwing an instance of 'std::bad_alloc'"), false, false, Memory},
		{"PARI stack", res(1, time.Second, "  ***   the PARI stack overflows !"), false, false, Memory},
		{"fork refused", res(1, time.Second, "BlockingIOError: [Errno 11] Resource temporarily unavailable"), false, false, Processes},
		{"thread refused", res(1, time.Second, "RuntimeError: can't start new thread"), false, false, Processes},
		{"no network", res(1, time.Second, "OSError: [Errno 101] Network is unreachable"), false, false, Network},
		{"no resolver", res(1, time.Second, "socket.gaierror: [Errno -3] Temporary failure in name resolution"), false, false, Network},
		{"read-only", res(1, time.Second, "OSError: [Errno 30] Read-only file system: '/x'"), false, false, ReadOnly},
		{"other failure", res(1, time.Second, "ValueError: bad input"), false, false, Exited},
		{"other signal", res(128+int(syscall.SIGSEGV), time.Second, ""), false, false, Signal},
		{"message far back is not read", res(1, time.Second, "MemoryError\n"+strings.Repeat("x", 3000)), false, false, Exited},
	}
	for _, tt := range tests {
		if got := classify(tt.r, tt.overflow, tt.timedOut); got != tt.want {
			t.Errorf("classify(%s) = %s; want %s", tt.name, got, tt.want)
		}
	}
}

func TestReason(t *testing.T) {
	t.Parallel()
	l := Limits{Wall: 3 * time.Second, CPU: 2 * time.Second, Memory: 256 << 20, Procs: 16, Output: 64 << 10}
	tests := []struct {
		r    Result
		want string
	}{
		{Result{Stop: Exited, Wall: 1500 * time.Millisecond}, "ran to the end in 1.50 s"},
		{Result{Stop: Exited, ExitCode: 3}, "exited with status 3"},
		{Result{Stop: Exited, ExitCode: 1, Stderr: []byte("Traceback\n  ...\nValueError: n < 0\n\n")}, "exited with status 1: ValueError: n < 0"},
		{Result{Stop: WallTime}, "still running after 3s of wall-clock time, its bound; stopped"},
		{Result{Stop: CPUTime}, "used its 2s of CPU time; stopped"},
		{Result{Stop: OutputSize}, "printed more than 64 KiB, its bound; stopped"},
		{Result{Stop: Memory, Stderr: []byte("MemoryError")}, "ran out of its 256 MiB of memory: MemoryError"},
		{Result{Stop: Processes}, "tried to run more than 16 processes at once"},
		{Result{Stop: Network}, "tried to reach the network, which a sandboxed program does not have"},
		{Result{Stop: ReadOnly, Stderr: []byte("OSError: Read-only file system")}, "tried to write outside its private /tmp, which it may not: OSError: Read-only file system"},
		{Result{Stop: Signal, ExitCode: 128 + 11}, "killed by signal 11"},
		{Result{Stop: "mystery"}, "mystery"},
	}
	for _, tt := range tests {
		tt.r.Limits = l
		if got := tt.r.Reason(); got != tt.want {
			t.Errorf("Reason(%s, %d) = %q; want %q", tt.r.Stop, tt.r.ExitCode, got, tt.want)
		}
		if ok := tt.r.OK(); ok != (tt.r.Stop == Exited && tt.r.ExitCode == 0) {
			t.Errorf("OK(%s, %d) = %v", tt.r.Stop, tt.r.ExitCode, ok)
		}
	}
}

func TestLastLine(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("a", 250)
	tests := []struct {
		in, want string
	}{
		{"", ""},
		{"\n \n", ""},
		{"one", "one"},
		{"first\nsecond\n\n  \n", "second"},
		{"  indented  ", "indented"},
		{long, long[:200] + "…"},
		{strings.Repeat("a", 199) + "é" + "tail", strings.Repeat("a", 199) + "…"}, // never half a character
		{strings.Repeat("é", 150), strings.Repeat("é", 100) + "…"},
	}
	for _, tt := range tests {
		got := lastLine([]byte(tt.in))
		if got != tt.want {
			t.Errorf("lastLine(%.20q…) = %.30q…; want %.30q…", tt.in, got, tt.want)
		}
		if !utf8.ValidString(got) {
			t.Errorf("lastLine(%.20q…) = %q, not valid UTF-8", tt.in, got)
		}
	}
}

func TestBytesText(t *testing.T) {
	t.Parallel()
	for n, want := range map[int64]string{
		0: "0 bytes", 1000: "1000 bytes", 1024: "1 KiB", 1536: "1536 bytes", 64 << 10: "64 KiB",
		1 << 20: "1 MiB", 3 << 20: "3 MiB", 1<<20 + 1024: "1025 KiB",
	} {
		if got := bytesText(n); got != want {
			t.Errorf("bytesText(%d) = %q; want %q", n, got, want)
		}
	}
}

func TestWithDefaults(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		in   Limits
		want Limits
	}{
		{"zero", Limits{}, Default},
		{"negative", Limits{Wall: -1, CPU: -1, Memory: -1, Procs: -1, Output: -1, FileSize: -1, TmpSize: -1}, Default},
		{"wall past the most", Limits{Wall: time.Hour}, Default},
		{"set", Limits{Wall: time.Second, CPU: 2 * time.Second, Memory: 3, Procs: 4, Output: 5, FileSize: 6, TmpSize: 7},
			Limits{Wall: time.Second, CPU: 2 * time.Second, Memory: 3, Procs: 4, Output: 5, FileSize: 6, TmpSize: 7}},
		{"CPU may exceed the wall's most", Limits{CPU: time.Minute},
			Limits{Wall: MaxWall, CPU: time.Minute, Memory: Default.Memory, Procs: Default.Procs, Output: Default.Output,
				FileSize: Default.FileSize, TmpSize: Default.TmpSize}},
	}
	for _, tt := range tests {
		if got := tt.in.withDefaults(); got != tt.want {
			t.Errorf("withDefaults(%s) = %+v; want %+v", tt.name, got, tt.want)
		}
	}
}

// TestWorkDir: the run's files are written readable by any user in a directory any user may
// enter; a name that is not a plain file name is refused and nothing is left behind.
func TestWorkDir(t *testing.T) {
	// A temporary directory of its own, so that the directories the package's parallel runs make
	// are not taken for ones workDir left behind (t.Setenv keeps this test out of parallel).
	t.Setenv("TMPDIR", t.TempDir())
	dir, err := workDir(map[string][]byte{"main.py": []byte("print(1)"), "data.txt": nil})
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	if fi, err := os.Stat(dir); err != nil || fi.Mode().Perm() != 0o755 {
		t.Errorf("work directory mode = %v, %v; want 0755", fi.Mode().Perm(), err)
	}
	for name, want := range map[string]string{"main.py": "print(1)", "data.txt": ""} {
		p := filepath.Join(dir, name)
		b, err := os.ReadFile(p)
		fi, _ := os.Stat(p)
		if err != nil || string(b) != want || fi.Mode().Perm() != 0o644 {
			t.Errorf("%s = %q, mode %v, %v; want %q, 0644", name, b, fi.Mode().Perm(), err, want)
		}
	}
	for _, name := range []string{"", ".", "..", "a/b", "../x", "/etc/passwd"} {
		before, _ := filepath.Glob(filepath.Join(os.TempDir(), "theoremdb-sandbox-*"))
		if dir, err := workDir(map[string][]byte{"ok.py": nil, name: nil}); err == nil {
			os.RemoveAll(dir)
			t.Errorf("workDir(%q) accepted the name", name)
		} else if !strings.Contains(err.Error(), "is not a plain file name") {
			t.Errorf("workDir(%q) = %v; want a message about the name", name, err)
		}
		after, _ := filepath.Glob(filepath.Join(os.TempDir(), "theoremdb-sandbox-*"))
		for _, d := range after {
			if !slices.Contains(before, d) {
				t.Errorf("workDir(%q) left %s behind", name, d)
			}
		}
	}
}

func TestIdentity(t *testing.T) {
	t.Parallel()
	uid, n := identity(32)
	if os.Geteuid() == 0 {
		if uid < 1<<20 || uid >= 1<<21 || n != 32 {
			t.Errorf("identity(32) as root = %d, %d; want a uid of its own in [2^20, 2^21) and 32", uid, n)
		}
	} else if uid != -1 || n <= 32 {
		t.Errorf("identity(32) = %d, %d; want -1 and 32 plus the caller's processes", uid, n)
	}
	if got := processesOf(os.Geteuid()); got < 1 {
		t.Errorf("processesOf(own uid) = %d; want at least this process", got)
	}
	if got := processesOf(1<<21 + 12345); got != 0 {
		t.Errorf("processesOf(an unused uid) = %d; want 0", got)
	}
}

// TestBwrapArgs: every run is unshared from the host, drops capabilities, binds its work
// directory read-only and bounds its /tmp.
func TestBwrapArgs(t *testing.T) {
	t.Parallel()
	a := strings.Join(bwrapArgs("/tmp/w", Limits{TmpSize: 12345}), " ")
	for _, want := range []string{"--unshare-all", "--die-with-parent", "--new-session", "--cap-drop ALL",
		"--ro-bind /usr /usr", "--size 12345 --tmpfs /tmp", "--ro-bind /tmp/w /work", "--remount-ro /", "--chdir /work"} {
		if !strings.Contains(a, want) {
			t.Errorf("bwrap arguments %q lack %q", a, want)
		}
	}
	for _, not := range []string{"--share-net", "/home", "/root", "/etc/passwd"} {
		if strings.Contains(a, not) {
			t.Errorf("bwrap arguments %q hold %q", a, not)
		}
	}
}
