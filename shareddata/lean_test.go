package shareddata

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestLoadLean(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	src := `/-
Copyright 2026 The Authors. Licensed under the Apache License, Version 2.0, which says a lot.
-/
/-!
# A module comment

It has twelve words or more, so it is fresh human text for carriers.
-/

/-- A definition's doc comment, which is not a statement of a theorem at all. -/
def f : Nat := 1

/--
The statement of a theorem, with $n$ a natural number.
-/
@[category research open, AMS 11]
theorem t (n : Nat) : n = n := rfl

/-- Short. -/
lemma l : True := trivial
`
	if err := os.WriteFile(filepath.Join(dir, "A.lean"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := LoadLean(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := []LeanFile{{
		Rel: "A.lean",
		Comments: []string{
			"# A module comment\n\nIt has twelve words or more, so it is fresh human text for carriers.",
			"A definition's doc comment, which is not a statement of a theorem at all.",
		},
		Theorems: []string{"The statement of a theorem, with $n$ a natural number.", "Short."},
	}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("LoadLean (-want +got):\n%s", diff)
	}
}
