package kernel

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/theoremdb/theoremdb/sandbox"
)

// Exec runs argv with files (plain names) in its working directory and returns what it printed
// on standard output. An error means the program could not run to the end: it did not start, it
// was stopped, or it exited with a failure status.
type Exec func(ctx context.Context, argv []string, files map[string][]byte) ([]byte, error)

// metamathLimits bound the C verifier: nf.mm, the largest shared database, takes well under a
// second and a few megabytes of output when every proof fails.
var metamathLimits = sandbox.Limits{Wall: sandbox.MaxWall, CPU: 15 * time.Second, Memory: 1 << 30, Output: 32 << 20}

// SandboxExec runs the program in the sandbox: no network, a read-only root, bounded time,
// memory and output.
func SandboxExec(ctx context.Context, argv []string, files map[string][]byte) ([]byte, error) {
	res, err := sandbox.Run(ctx, sandbox.Spec{Argv: argv, Files: files, Limits: metamathLimits})
	if err != nil {
		return nil, fmt.Errorf("run %s in the sandbox: %w", argv[0], err)
	}
	if !res.OK() {
		return res.Stdout, fmt.Errorf("%s in the sandbox %s", argv[0], res.Reason())
	}
	return res.Stdout, nil
}

// DirectExec runs the program as a child process in a temporary directory, without a sandbox,
// stopping it after timeout. It is for machines where the sandbox cannot run and for measuring
// the sandbox's cost; a database from outside belongs in SandboxExec.
func DirectExec(timeout time.Duration) Exec {
	return func(ctx context.Context, argv []string, files map[string][]byte) ([]byte, error) {
		dir, err := os.MkdirTemp("", "kernel-")
		if err != nil {
			return nil, err
		}
		defer os.RemoveAll(dir)
		for name, b := range files {
			if name != filepath.Base(name) || strings.HasPrefix(name, ".") {
				return nil, fmt.Errorf("file name %q must be a plain name", name)
			}
			if err := os.WriteFile(filepath.Join(dir, name), b, 0o600); err != nil {
				return nil, err
			}
		}
		ctx, cancel := context.WithTimeout(ctx, timeout)
		defer cancel()
		cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
		cmd.Dir = dir
		out, err := cmd.Output()
		if ctx.Err() != nil {
			return out, fmt.Errorf("%s still running after %s: stopped", argv[0], timeout)
		}
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return out, fmt.Errorf("%s exited with status %d: %s", argv[0], ee.ExitCode(), lastLineOf(ee.Stderr))
		}
		return out, err
	}
}

func lastLineOf(b []byte) string {
	s := strings.TrimSpace(string(b))
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	return s
}
