package shareddata

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/copycheck"
)

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestLoadCollection reads the LaTeX and Markdown files of a collection, in walk order, as
// documents of its licence class, and nothing else.
func TestLoadCollection(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"b/lemmas.tex":     `\begin{lemma}A lemma.\end{lemma}`,
		"a.md":             "# Notes\n\nSome prose.",
		"c/NOTES.MARKDOWN": "More prose.",
		"Makefile":         "all:",
		"figure.pdf":       "%PDF",
	})
	docs, err := LoadCollection(Collection{Name: "notes", Dir: dir, Licence: copycheck.LicenceShareAlike})
	if err != nil {
		t.Fatal(err)
	}
	want := []copycheck.Document{
		{Meta: copycheck.DocMeta{ID: "notes/a.md", URI: "file:a.md", Licence: copycheck.LicenceShareAlike},
			Format: copycheck.Markdown, Text: []byte("# Notes\n\nSome prose.")},
		{Meta: copycheck.DocMeta{ID: "notes/b/lemmas.tex", URI: "file:b/lemmas.tex", Licence: copycheck.LicenceShareAlike},
			Format: copycheck.LaTeX, Text: []byte(`\begin{lemma}A lemma.\end{lemma}`)},
		{Meta: copycheck.DocMeta{ID: "notes/c/NOTES.MARKDOWN", URI: "file:c/NOTES.MARKDOWN", Licence: copycheck.LicenceShareAlike},
			Format: copycheck.Markdown, Text: []byte("More prose.")},
	}
	if diff := cmp.Diff(want, docs); diff != "" {
		t.Errorf("LoadCollection (-want +got):\n%s", diff)
	}
}

// TestLoadCollectionEmpty refuses a directory without documents and one that is not there.
func TestLoadCollectionEmpty(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"README.txt": "nothing to index"})
	if docs, err := LoadCollection(Collection{Name: "empty", Dir: dir}); !errors.Is(err, copycheck.ErrInvalid) || docs != nil {
		t.Errorf("LoadCollection(no documents) = %d documents, %v; want ErrInvalid", len(docs), err)
	}
	missing := filepath.Join(dir, "missing")
	if docs, err := LoadCollection(Collection{Name: "missing", Dir: missing}); !errors.Is(err, os.ErrNotExist) || docs != nil {
		t.Errorf("LoadCollection(missing directory) = %d documents, %v; want a not-exist error", len(docs), err)
	}
}

// TestCollections names the three shared corpora with the licence classes the copy check
// treats them by.
func TestCollections(t *testing.T) {
	t.Parallel()
	got := Collections("/data/corpus")
	want := []Collection{
		{Name: "stacks-project", Dir: filepath.FromSlash("/data/corpus/stacks-project"), Licence: copycheck.LicenceGFDL},
		{Name: "hott-book", Dir: filepath.FromSlash("/data/corpus/hott-book"), Licence: copycheck.LicenceShareAlike},
		{Name: "openlogic", Dir: filepath.FromSlash("/data/corpus/openlogic"), Licence: copycheck.LicenceOpen},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Collections (-want +got):\n%s", diff)
	}
}

// TestLoadFreshNeedsComments refuses Lean files without doc comments long enough to be prose.
func TestLoadFreshNeedsComments(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"A.lean": "/-- Short. -/\ntheorem t : True := trivial\n"})
	if got, err := LoadFresh(dir); !errors.Is(err, copycheck.ErrInvalid) || got != nil {
		t.Errorf("LoadFresh(no prose) = %q, %v; want ErrInvalid", got, err)
	}
	writeFiles(t, dir, map[string]string{"B/C.lean": "/-! A module comment of twelve words or more, which makes it fresh human text. -/\n"})
	got, err := LoadFresh(dir)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"A module comment of twelve words or more, which makes it fresh human text."}, got); diff != "" {
		t.Errorf("LoadFresh (-want +got):\n%s", diff)
	}
}

// TestDir finds the module root above the test's directory and the shared data beside it.
func TestDir(t *testing.T) {
	root, err := ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("ModuleRoot() = %s, which has no go.mod: %v", root, err)
	}
	dir, err := Dir()
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(root, "..", "shared", "data"); dir != want {
		t.Errorf("Dir() = %s; want %s", dir, want)
	}
}
