package sandbox

import (
	"os"
	"os/exec"
	"testing"
)

// Require is for a test that runs programs in the sandbox: where the
// machine cannot sandbox, or lacks an interpreter the test names, it skips
// the test, except in CI (CI=true), where it fails, so that a missing
// bubblewrap or Python is never silently left out where it must be.
func Require(t testing.TB, interpreters ...string) {
	t.Helper()
	miss := func(err error) {
		t.Helper()
		if os.Getenv("CI") == "true" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	if err := Available(); err != nil {
		miss(err)
	}
	for _, name := range interpreters {
		if _, err := exec.LookPath(name); err != nil {
			miss(err)
		}
	}
}
