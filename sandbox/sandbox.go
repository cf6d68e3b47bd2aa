package sandbox

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// MaxWall is the longest a run may take, whatever its Limits ask.
const MaxWall = 20 * time.Second

// ErrUnavailable says the machine cannot sandbox: bubblewrap or prlimit is
// missing. The checks that need a sandbox report it and run nothing.
var ErrUnavailable = errors.New("sandbox: bubblewrap (bwrap) and prlimit are needed; install Debian's bubblewrap and util-linux")

// Limits bound one run. A zero field takes its default.
type Limits struct {
	Wall     time.Duration // wall-clock time; 20 s, never more than MaxWall
	CPU      time.Duration // CPU time of every process together; 10 s
	Memory   int64         // address space of each process, in bytes; 512 MiB
	Procs    int           // processes and threads at once; 32
	Output   int64         // bytes printed on stdout and stderr together; 1 MiB
	FileSize int64         // the largest file it may write; 16 MiB
	TmpSize  int64         // the private /tmp; 64 MiB
}

// Default is the bound of a run that asks for none.
var Default = Limits{Wall: MaxWall, CPU: 10 * time.Second, Memory: 512 << 20, Procs: 32, Output: 1 << 20,
	FileSize: 16 << 20, TmpSize: 64 << 20}

func (l Limits) withDefaults() Limits {
	pick := func(v, d int64) int64 {
		if v <= 0 {
			return d
		}
		return v
	}
	l.Wall = min(time.Duration(pick(int64(l.Wall), int64(Default.Wall))), MaxWall)
	l.CPU = time.Duration(pick(int64(l.CPU), int64(Default.CPU)))
	l.Memory = pick(l.Memory, Default.Memory)
	l.Procs = int(pick(int64(l.Procs), int64(Default.Procs)))
	l.Output = pick(l.Output, Default.Output)
	l.FileSize = pick(l.FileSize, Default.FileSize)
	l.TmpSize = pick(l.TmpSize, Default.TmpSize)
	return l
}

// Spec is one run.
type Spec struct {
	// Argv is the program and its arguments; a name without a slash is
	// looked up in /usr/bin and /bin inside the sandbox.
	Argv []string
	// Files are written to /work, where the program starts; /work is
	// read-only to it. Names are plain file names.
	Files map[string][]byte
	// Stdin is what the program reads on its standard input.
	Stdin  []byte
	Limits Limits
}

// Stop says how a run ended.
type Stop string

// How a run ends. Only Exited with exit code 0 is a run that went well;
// the others name the bound or the rule the program ran into.
const (
	Exited     Stop = "exited"      // it ended by itself; ExitCode says how
	WallTime   Stop = "wall-time"   // still running at Limits.Wall
	CPUTime    Stop = "cpu-time"    // used Limits.CPU
	OutputSize Stop = "output-size" // printed more than Limits.Output
	Memory     Stop = "memory"      // could not get memory within Limits.Memory
	Processes  Stop = "processes"   // could not start a process within Limits.Procs
	Network    Stop = "network"     // tried to reach the network, which it does not have
	ReadOnly   Stop = "read-only"   // tried to write outside its private /tmp
	Signal     Stop = "signal"      // killed by a signal it did not ask for
)

// Result is what a run came to.
type Result struct {
	Stop     Stop
	ExitCode int
	Stdout   []byte // at most Limits.Output bytes, with Stderr
	Stderr   []byte
	Wall     time.Duration
	Limits   Limits // the bounds it ran under
}

// OK says the program ran to the end and exited with status 0.
func (r Result) OK() bool { return r.Stop == Exited && r.ExitCode == 0 }

// Reason says, for a person, how the run ended.
func (r Result) Reason() string {
	why := lastLine(r.Stderr)
	if why != "" {
		why = ": " + why
	}
	switch r.Stop {
	case Exited:
		if r.ExitCode == 0 {
			return fmt.Sprintf("ran to the end in %.2f s", r.Wall.Seconds())
		}
		return fmt.Sprintf("exited with status %d%s", r.ExitCode, why)
	case WallTime:
		return fmt.Sprintf("still running after %s of wall-clock time, its bound; stopped", r.Limits.Wall)
	case CPUTime:
		return fmt.Sprintf("used its %s of CPU time; stopped", r.Limits.CPU)
	case OutputSize:
		return fmt.Sprintf("printed more than %s, its bound; stopped", bytesText(r.Limits.Output))
	case Memory:
		return fmt.Sprintf("ran out of its %s of memory%s", bytesText(r.Limits.Memory), why)
	case Processes:
		return fmt.Sprintf("tried to run more than %d processes at once%s", r.Limits.Procs, why)
	case Network:
		return "tried to reach the network, which a sandboxed program does not have" + why
	case ReadOnly:
		return "tried to write outside its private /tmp, which it may not" + why
	case Signal:
		return fmt.Sprintf("killed by signal %d%s", r.ExitCode-128, why)
	}
	return string(r.Stop)
}

// Available reports ErrUnavailable unless bwrap and prlimit are installed.
func Available() error {
	_, err := tools()
	return err
}

// programs are the paths of the two programs a run needs.
type programs struct{ bwrap, prlimit string }

var tools = sync.OnceValues(func() (programs, error) {
	b, err1 := exec.LookPath("bwrap")
	p, err2 := exec.LookPath("prlimit")
	if err1 != nil || err2 != nil {
		return programs{}, ErrUnavailable
	}
	return programs{b, p}, nil
})

// Run runs s in a sandbox and waits for it. The error is for a sandbox that
// could not run at all (ErrUnavailable, a bad Spec, ctx ended); whatever the
// program did is in the Result.
func Run(ctx context.Context, s Spec) (Result, error) {
	progs, err := tools()
	if err != nil {
		return Result{}, err
	}
	if len(s.Argv) == 0 || s.Argv[0] == "" {
		return Result{}, errors.New("sandbox: no program to run")
	}
	l := s.Limits.withDefaults()
	dir, err := workDir(s.Files)
	if err != nil {
		return Result{}, err
	}
	defer os.RemoveAll(dir)

	uid, procs := identity(l.Procs)
	args := []string{
		"--cpu=" + strconv.Itoa(int(l.CPU.Seconds()+0.999)) + ":" + strconv.Itoa(int(l.CPU.Seconds()+1.999)),
		"--as=" + strconv.FormatInt(l.Memory, 10), "--nproc=" + strconv.Itoa(procs),
		"--fsize=" + strconv.FormatInt(l.FileSize, 10), "--nofile=64", "--core=0",
		"--", progs.bwrap}
	args = append(append(args, bwrapArgs(dir, l)...), s.Argv...)
	cmd := exec.Command(progs.prlimit, args...)
	cmd.Env = []string{"PATH=/usr/bin:/bin", "HOME=/tmp", "TMPDIR=/tmp", "LANG=C.UTF-8", "PYTHONDONTWRITEBYTECODE=1"}
	cmd.Stdin = strings.NewReader(string(s.Stdin))
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	if uid >= 0 {
		cmd.SysProcAttr.Credential = &syscall.Credential{Uid: uint32(uid), Gid: uint32(uid), Groups: []uint32{}}
	}
	// The process group is prlimit's, which becomes bwrap; bwrap's children
	// die with it (--die-with-parent), and the rest of the sandbox with them.
	kill := func() { _ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	out := &capture{limit: l.Output, full: kill}
	cmd.Stdout, cmd.Stderr = out.stream(0), out.stream(1)
	cmd.WaitDelay = 2 * time.Second

	start := time.Now()
	if err := cmd.Start(); err != nil {
		return Result{}, fmt.Errorf("sandbox: start: %w", err)
	}
	var (
		mu       sync.Mutex
		timedOut bool
	)
	wall := time.AfterFunc(l.Wall, func() {
		mu.Lock()
		timedOut = true
		mu.Unlock()
		kill()
	})
	stop := context.AfterFunc(ctx, kill)
	waitErr := cmd.Wait()
	wall.Stop()
	stop()
	r := Result{Wall: time.Since(start), Limits: l}
	r.Stdout, r.Stderr = out.bytes()
	if cmd.ProcessState != nil {
		r.ExitCode = exitCode(cmd.ProcessState)
	}
	if ctx.Err() != nil {
		return r, fmt.Errorf("sandbox: %w", ctx.Err())
	}
	var ee *exec.ExitError
	if waitErr != nil && !errors.As(waitErr, &ee) && !errors.Is(waitErr, exec.ErrWaitDelay) {
		return r, fmt.Errorf("sandbox: wait: %w", waitErr)
	}
	mu.Lock()
	r.Stop = classify(r, out.overflowed(), timedOut)
	mu.Unlock()
	return r, nil
}

// bwrapArgs are bubblewrap's options for a run over dir.
func bwrapArgs(dir string, l Limits) []string {
	a := []string{"--unshare-all", "--die-with-parent", "--new-session", "--cap-drop", "ALL",
		"--hostname", "sandbox", "--ro-bind", "/usr", "/usr"}
	for _, p := range []string{"/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"} {
		if t, err := os.Readlink(p); err == nil {
			a = append(a, "--symlink", t, p)
		} else if fi, err := os.Stat(p); err == nil && fi.IsDir() {
			a = append(a, "--ro-bind", p, p)
		}
	}
	for _, p := range []string{"/etc/alternatives", "/etc/ld.so.cache", "/etc/gprc"} {
		a = append(a, "--ro-bind-try", p, p)
	}
	return append(a, "--proc", "/proc", "--dev", "/dev",
		"--size", strconv.FormatInt(l.TmpSize, 10), "--tmpfs", "/tmp",
		"--ro-bind", dir, "/work", "--remount-ro", "/", "--chdir", "/work")
}

// workDir writes files to a new directory that any user may read.
func workDir(files map[string][]byte) (string, error) {
	dir, err := os.MkdirTemp("", "theoremdb-sandbox-")
	if err != nil {
		return "", fmt.Errorf("sandbox: %w", err)
	}
	if err := os.Chmod(dir, 0o755); err != nil {
		os.RemoveAll(dir)
		return "", fmt.Errorf("sandbox: %w", err)
	}
	for name, b := range files {
		if name == "" || name != filepath.Base(name) || name == "." || name == ".." {
			os.RemoveAll(dir)
			return "", fmt.Errorf("sandbox: file name %q is not a plain file name", name)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			os.RemoveAll(dir)
			return "", fmt.Errorf("sandbox: %w", err)
		}
	}
	return dir, nil
}

// identity is the user a run has, and its process bound. Root gives each
// run a user id of its own, so that the bound counts the run alone; anyone
// else runs as themselves, and the bound is raised by the processes they
// already have (the kernel counts them all).
func identity(procs int) (uid, nproc int) {
	if os.Geteuid() != 0 {
		return -1, procs + processesOf(os.Geteuid())
	}
	return 1<<20 + rand.IntN(1<<20), procs
}

// processesOf counts the tasks (processes and their threads) of uid.
func processesOf(uid int) int {
	ents, _ := os.ReadDir("/proc")
	n := 0
	for _, e := range ents {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		var st syscall.Stat_t
		if syscall.Stat("/proc/"+e.Name(), &st) == nil && int(st.Uid) == uid {
			tasks, _ := os.ReadDir("/proc/" + e.Name() + "/task")
			n += max(1, len(tasks))
		}
	}
	return n
}

func exitCode(ps *os.ProcessState) int {
	if ws, ok := ps.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return 128 + int(ws.Signal())
	}
	return ps.ExitCode()
}
