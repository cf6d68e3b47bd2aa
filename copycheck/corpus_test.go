package copycheck

import (
	"os"
	"path/filepath"
	"sort"
	"testing"
)

// sharedCorpus returns the shared reference corpus directory, ../shared/data/corpus from the
// module root. Outside CI a missing corpus skips the test; with CI=true it fails.
func sharedCorpus(t testing.TB) string {
	t.Helper()
	return sharedData(t, "corpus")
}

// sharedData returns ../shared/data/sub from the module root, skipping or failing as
// sharedCorpus does when it is absent.
func sharedData(t testing.TB, sub string) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test directory")
		}
		dir = parent
	}
	path := filepath.Join(dir, "..", "shared", "data", sub)
	if _, err := os.Stat(path); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("shared data missing at %s: %v", path, err)
		}
		t.Skipf("shared data missing at %s (set up ../shared/data to run this test)", path)
	}
	return path
}

// sampleCorpusFiles returns up to n LaTeX files spread over the three shared corpora.
func sampleCorpusFiles(t testing.TB, n int) []string {
	t.Helper()
	root := sharedCorpus(t)
	var all []string
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && filepath.Ext(p) == ".tex" {
			all = append(all, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(all)
	if len(all) <= n {
		return all
	}
	out := make([]string, 0, n)
	for k := 0; k < n; k++ {
		out = append(out, all[k*len(all)/n])
	}
	return out
}

func readFile(t testing.TB, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
