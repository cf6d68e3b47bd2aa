package shareddata

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// Dir is the shared data directory, ../shared/data beside the module root.
func Dir() (string, error) {
	root, err := ModuleRoot()
	if err != nil {
		return "", fmt.Errorf("shared data: %w", err)
	}
	return filepath.Join(root, "..", "shared", "data"), nil
}

// ModuleRoot is the directory of the go.mod that holds the working directory: where the tools
// run from, and where they write what they build.
func ModuleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no go.mod above %s", dir)
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
