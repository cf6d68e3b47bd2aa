package sandbox

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"sync"
	"syscall"
	"unicode/utf8"
)

// capture keeps what a program prints on its two streams, up to limit bytes
// together, and calls full once when it prints more.
type capture struct {
	mu    sync.Mutex
	limit int64
	n     int64
	over  bool
	full  func()
	bufs  [2]bytes.Buffer
}

type streamWriter struct {
	c *capture
	i int
}

func (c *capture) stream(i int) io.Writer { return streamWriter{c, i} }

func (w streamWriter) Write(p []byte) (int, error) {
	c := w.c
	c.mu.Lock()
	room := c.limit - c.n
	keep := p
	if int64(len(keep)) > room {
		keep = keep[:max(room, 0)]
	}
	c.bufs[w.i].Write(keep)
	c.n += int64(len(keep))
	first := len(keep) < len(p) && !c.over
	if len(keep) < len(p) {
		c.over = true
	}
	full := c.full
	c.mu.Unlock()
	if first && full != nil {
		full()
	}
	return len(p), nil // what is past the bound is dropped, not an error the program sees
}

func (c *capture) bytes() (stdout, stderr []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return bytes.Clone(c.bufs[0].Bytes()), bytes.Clone(c.bufs[1].Bytes())
}

func (c *capture) overflowed() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.over
}

// What a program's runtime prints when it meets a bound or a rule of the
// sandbox: Python's exceptions, the C library's messages, PARI/GP's errors.
var messages = []struct {
	stop  Stop
	texts []string
}{
	{Memory, []string{"memoryerror", "cannot allocate memory", "out of memory", "not enough memory", "std::bad_alloc",
		"the pari stack overflows", "stack overflow"}},
	{Processes, []string{"resource temporarily unavailable", "can't start new thread", "fork: retry"}},
	{Network, []string{"network is unreachable", "temporary failure in name resolution", "name or service not known",
		"no route to host", "address family not supported"}},
	{ReadOnly, []string{"read-only file system"}},
}

// classify says how a run ended from its bounds, its exit and what it
// printed last.
func classify(r Result, overflow, timedOut bool) Stop {
	switch {
	case overflow:
		return OutputSize
	case timedOut:
		return WallTime
	case r.ExitCode == 0:
		return Exited
	// The CPU bound sends SIGXCPU, then SIGKILL a second later to a program
	// that ignores it; the sandbox kills with SIGKILL only past the bounds
	// above. (bwrap does not hand on its children's CPU times, so the time
	// used cannot be read.)
	case r.ExitCode == 128+int(syscall.SIGXCPU),
		r.ExitCode == 128+int(syscall.SIGKILL) && r.Wall >= r.Limits.CPU:
		return CPUTime
	}
	tail := strings.ToLower(string(r.Stderr[max(0, len(r.Stderr)-2048):]))
	for _, m := range messages {
		for _, t := range m.texts {
			if strings.Contains(tail, t) {
				return m.stop
			}
		}
	}
	if r.ExitCode > 128 {
		return Signal
	}
	return Exited
}

// lastLine is the last line of text that is not blank, at most 200 bytes.
func lastLine(b []byte) string {
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	s := strings.TrimSpace(lines[len(lines)-1])
	if len(s) > 200 {
		cut := 200
		for cut > 0 && !utf8.RuneStart(s[cut]) { // never half a character
			cut--
		}
		s = s[:cut] + "…"
	}
	return s
}

func bytesText(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
