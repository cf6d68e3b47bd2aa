package kernel

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/sandbox"
	"github.com/theoremdb/theoremdb/shareddata"
)

// cExec is how tests run the C verifier: in the sandbox where the machine has one, else
// directly. Under CI=true both the program and the sandbox are required.
func cExec(t testing.TB) Exec {
	t.Helper()
	ci := os.Getenv("CI") == "true"
	if _, err := exec.LookPath("metamath"); err != nil {
		if ci {
			t.Fatalf("Debian's metamath is not installed: %v", err)
		}
		t.Skip("Debian's metamath is not installed (apt-get install metamath)")
	}
	if err := sandbox.Available(); err != nil {
		if ci {
			t.Fatalf("the sandbox is needed to run metamath: %v", err)
		}
		t.Logf("running metamath without the sandbox: %v", err)
		return DirectExec(time.Minute)
	}
	return SandboxExec
}

// sharedDB reads one database of the shared data.
func sharedDB(t testing.TB, name string) []byte {
	t.Helper()
	dir := shareddata.Require(t, "metamath")
	b, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func readFile(t testing.TB, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// compare runs both checkers on src.
func compare(t testing.TB, src []byte) *Comparison {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c, err := Compare(ctx, cExec(t), src)
	if err != nil && !errors.Is(err, ErrNoProofs) {
		t.Fatal(err)
	}
	return c
}
