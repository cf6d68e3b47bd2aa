package shareddata

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// Dir is the shared data directory, ../shared/data beside the root of the module that holds the
// working directory.
func Dir() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("shared data: %w", err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, "..", "shared", "data"), nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("shared data: no go.mod above %s", dir)
		}
		dir = parent
	}
}

// Require returns the directory sub of the shared data for a test or benchmark that reads it.
// Outside CI a missing directory skips the test; with CI=true it fails, so that the data is never
// silently left out where it must be.
func Require(t testing.TB, sub string) string {
	t.Helper()
	dir, err := Dir()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, sub)
	if _, err := os.Stat(path); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("shared data missing at %s: %v", path, err)
		}
		t.Skipf("shared data missing at %s (set up ../shared/data to run this test)", path)
	}
	return path
}
