package records

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestTextsLocate(t *testing.T) {
	ts, err := LoadTexts(filepath.Join("testdata", "corpus"))
	if err != nil {
		t.Fatal(err)
	}
	stacks := mustParse(t, "https://stacks.math.columbia.edu")
	tests := []struct {
		name, id, locator string
		wantLocator       string
		wantHeading       string
		wantExcerpt       string
	}{
		{"stacks tag", "https://stacks.math.columbia.edu", "Tag 000A", "000A", `\section{Classes}`, "Informally we use the notion of a {\\it class}"},
		{"stacks tag in the URL", "https://stacks.math.columbia.edu/tag/000a", "", "000A", `\section{Classes}`, ""},
		{"stacks longest chapter prefix", "https://stacks.math.columbia.edu", "0bbb", "0BBB", `\section{Sets with more}`, ""},
		{"hott section label", "https://homotopytypetheory.org/book/", "sec:equality", "sec:equality", `\section{Types are higher groupoids}`, "We now derive from the induction principle"},
		{"hott lemma with ref", "https://homotopytypetheory.org/book", `\ref{lem:opp}`, "lem:opp", `\begin{lem}`, "For every type $A$"},
		{"openlogic section", "https://openlogicproject.org", "sth/story/extensionality", "sth:story:extensionality", `\olsection{Extensionality}`, "The very first thing to say"},
		{"openlogic label", "https://builds.openlogicproject.org/", "sth:story:blv:lem:Fregeextensions", "sth:story:blv:lem:Fregeextensions", `\begin{lem}[in \emph{Grundgesetze}]`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ts.Locate(mustParse(t, tt.id), tt.locator)
			if err != nil {
				t.Fatalf("Locate(%s, %q) = %v", tt.id, tt.locator, err)
			}
			if got.Locator != tt.wantLocator || got.Heading != tt.wantHeading || !strings.Contains(got.Excerpt, tt.wantExcerpt) {
				t.Errorf("Locate(%s, %q) = %+v; want locator %s, heading %s, excerpt with %q", tt.id, tt.locator, got, tt.wantLocator, tt.wantHeading, tt.wantExcerpt)
			}
		})
	}
	for _, bad := range []struct{ id, locator string }{
		{"https://stacks.math.columbia.edu", "ZZZZ"},
		{"https://stacks.math.columbia.edu", "0AAA"}, // a tag whose label is not in its chapter
		{"https://homotopytypetheory.org/book", "sec:no-such-section"},
		{"https://openlogicproject.org", "sth:story:nothing"},
	} {
		if _, err := ts.Locate(mustParse(t, bad.id), bad.locator); !errors.Is(err, ErrNoLocator) {
			t.Errorf("Locate(%s, %q) = %v; want ErrNoLocator", bad.id, bad.locator, err)
		}
	}
	if _, err := ts.Locate(mustParse(t, "10.1007/BF01444162"), "Theorem 1"); !errors.Is(err, ErrNotLocal) {
		t.Errorf("Locate(DOI) = %v; want ErrNotLocal", err)
	}
	rec, ok := ts.Lookup(stacks)
	if !ok || rec.Title != "The Stacks project" || rec.Licence != "GFDL-1.2" || rec.Resolver != "text" {
		t.Errorf("Lookup(stacks) = %+v, %v", rec, ok)
	}
	if _, ok := ts.Lookup(mustParse(t, "https://example.org/stacks")); ok {
		t.Errorf("Lookup(example.org) found a text")
	}
}

// TestSharedCorpus runs against the copy check's corpus when this checkout sits next to it.
func TestSharedCorpus(t *testing.T) {
	root := filepath.Join("..", "..", "shared", "data", "corpus")
	if _, err := os.Stat(root); err != nil {
		t.Skipf("no shared corpus at %s", root)
	}
	ts, err := LoadTexts(root)
	if err != nil {
		t.Fatal(err)
	}
	if ts.Len() != 3 {
		t.Fatalf("LoadTexts found %d texts; want 3", ts.Len())
	}
	for _, c := range []struct{ id, locator, heading string }{
		{"https://stacks.math.columbia.edu/tag/01JA", "", `\section{Glueing schemes}`},
		{"https://stacks.math.columbia.edu", "0A1B", `\begin{theorem}`},
		{"https://homotopytypetheory.org/book", "sec:equality", `\section{Types are higher groupoids}`},
		{"https://openlogicproject.org", "sfr:set:rus", `\olsection{Russell's Paradox}`},
	} {
		got, err := ts.Locate(mustParse(t, c.id), c.locator)
		if err != nil || !strings.HasPrefix(got.Heading, c.heading) {
			t.Errorf("Locate(%s, %q) = %+v, %v; want heading %s", c.id, c.locator, got, err, c.heading)
		}
	}
}
