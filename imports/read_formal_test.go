package imports

import (
	"errors"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"
)

// brokenFS fails to open one file, as a file with bad permissions would. It has Open alone, so
// that every read goes through it.
type brokenFS struct {
	files  fstest.MapFS
	broken string
}

func (b brokenFS) Open(name string) (fs.File, error) {
	if name == b.broken {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrPermission}
	}
	return b.files.Open(name)
}

// TestReadFormal parses the .lean files below the directory in path order, leaves everything
// else, and reports a file it cannot read or parse as an issue, not an error.
func TestReadFormal(t *testing.T) {
	t.Parallel()
	open := "/-- Is it? -/\n@[category research open, AMS 11]\ntheorem %s : True := sorry\n"
	fsys := brokenFS{files: fstest.MapFS{
		"Wikipedia/Sunflower.lean": {Data: []byte(strings.Replace(open, "%s", "sunflower", 1))},
		"ErdosProblems/3.lean":     {Data: []byte(strings.Replace(open, "%s", "erdos_3", 1))},
		"ErdosProblems/README.md":  {Data: []byte("theorem not_lean : True := sorry\n")},
		"Util/Broken.lean":         {Data: []byte("/-- never closed\ntheorem t : True := sorry\n")},
		"Util/Locked.lean":         {Data: []byte("theorem locked : True := sorry\n")},
	}, broken: "Util/Locked.lean"}
	files, issues, err := ReadFormal(fsys)
	if err != nil {
		t.Fatalf("ReadFormal() = %v", err)
	}
	var paths []string
	var theorems []string
	for _, f := range files {
		paths = append(paths, f.Path)
		for _, th := range f.Theorems {
			theorems = append(theorems, th.Name)
		}
	}
	if diff := cmp.Diff([]string{"ErdosProblems/3.lean", "Util/Broken.lean", "Wikipedia/Sunflower.lean"}, paths); diff != "" {
		t.Errorf("ReadFormal() files (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"erdos_3", "sunflower"}, theorems); diff != "" {
		t.Errorf("ReadFormal() theorems (-want +got):\n%s", diff)
	}
	var got []string
	for _, is := range issues {
		got = append(got, is.String())
	}
	want := []string{
		"Util/Broken.lean:1: docstring is never closed with -/",
		"Util/Locked.lean:0: open Util/Locked.lean: permission denied",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("ReadFormal() issues (-want +got):\n%s", diff)
	}
}

// TestReadFormalMissingDirectory is an error: there is nothing to import.
func TestReadFormalMissingDirectory(t *testing.T) {
	t.Parallel()
	fsys := brokenFS{files: fstest.MapFS{"A.lean": {Data: []byte("")}}, broken: "."}
	files, issues, err := ReadFormal(fsys)
	if !errors.Is(err, fs.ErrPermission) || files != nil || issues != nil {
		t.Errorf("ReadFormal(unreadable directory) = %v, %v, %v; want a permission error", files, issues, err)
	}
}
