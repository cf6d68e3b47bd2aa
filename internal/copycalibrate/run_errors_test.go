package copycalibrate

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/copycheck"
	"github.com/theoremdb/theoremdb/shareddata"
)

// TestRunRefuses stops before any check, with an invalid-input error, when there is no fresh
// human text or no collection of the given names, and passes on an unreadable collection's error.
func TestRunRefuses(t *testing.T) {
	t.Parallel()
	lean := t.TempDir()
	if err := os.WriteFile(filepath.Join(lean, "A.lean"), []byte("/-- A doc comment of a theorem, fresh human text of twelve words or more, as the loader wants. -/\ntheorem a : True := trivial\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	col := t.TempDir()
	if err := os.WriteFile(filepath.Join(col, "c.tex"), []byte(`\begin{document}Some text.\end{document}`), 0o600); err != nil {
		t.Fatal(err)
	}
	cols := []shareddata.Collection{{Name: "one", Dir: col, Licence: copycheck.LicenceOpen}}
	for _, tc := range []struct {
		name string
		o    Options
		want string
	}{
		{"no fresh text", Options{Collections: cols, Fresh: t.TempDir()}, "no doc comments"},
		{"no collection", Options{Fresh: lean}, "no collection named"},
		{"no collection of that name", Options{Collections: cols, Check: []string{"two"}, Fresh: lean}, "no collection named [two]"},
	} {
		var progress bytes.Buffer
		tc.o.Progress = &progress
		tc.o.Config, tc.o.Phrases = copycheck.DefaultConfig(), copycheck.DefaultPhrases()
		rep, err := Run(context.Background(), tc.o)
		if rep != nil || !errors.Is(err, copycheck.ErrInvalid) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: Run = %v, %v; want %q, an invalid-input error", tc.name, rep, err, tc.want)
		}
		if progress.Len() != 0 {
			t.Errorf("%s: progress %q before anything was checked", tc.name, progress.String())
		}
	}
	missing := []shareddata.Collection{{Name: "gone", Dir: filepath.Join(col, "absent"), Licence: copycheck.LicenceOpen}}
	if _, err := Run(context.Background(), Options{Collections: missing, Fresh: lean}); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Run over a missing collection = %v; want its error", err)
	}
}

// TestMathMaskEdges: an unclosed formula runs to the end, an escaped dollar opens none, an
// environment that is no math or is never named is text.
func TestMathMaskEdges(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ s, want string }{
		{`a $x`, "x"},
		{`\$5 and $y$`, "y"},
		{`$a\$b$ c`, `a\$b`},
		{`\begin{itemize}q\end{itemize}`, ""},
		{`\begin{equation`, ""},
		{`\begin{equation}e\end{equation} t`, "e"},
		{`\(p\) \[q`, "pq"},
		{`x\\$m$`, "m"},
	} {
		mask := mathMask(tc.s)
		var in []byte
		for i := range tc.s {
			if mask[i] {
				in = append(in, tc.s[i])
			}
		}
		if string(in) != tc.want {
			t.Errorf("mathMask(%q) marks %q; want %q", tc.s, in, tc.want)
		}
	}
}

// TestSplitBodiesEdges cuts a text without blank lines at a line end, keeps Markdown whole (it has
// no preamble) and drops a fragment under an eighth of the size.
func TestSplitBodiesEdges(t *testing.T) {
	t.Parallel()
	lines := strings.Repeat(strings.Repeat("x", 99)+"\n", 30) // 3000 bytes, no blank line
	bodies := splitBodies(copycheck.Document{Format: copycheck.Markdown, Text: []byte(lines)}, 1000)
	total := 0
	for _, b := range bodies {
		total += len(b)
		if len(b)%100 != 99 {
			t.Errorf("a body of %d bytes is not cut at a line end", len(b))
		}
	}
	if len(bodies) != 3 || total < 2900 {
		t.Errorf("%d bodies of %d bytes; want three, the whole text", len(bodies), total)
	}
	md := "\\begin{document}\n" + strings.Repeat("word ", 100) + "\n\\end{document}"
	if got := splitBodies(copycheck.Document{Format: copycheck.Markdown, Text: []byte(md)}, 4096); len(got) != 1 || !bytes.HasPrefix(got[0], []byte(`\begin{document}`)) {
		t.Errorf("Markdown lost its first line: %q", got)
	}
	tail := strings.Repeat("y", 990) + "\n\n" + strings.Repeat("z", 20)
	if got := splitBodies(copycheck.Document{Format: copycheck.Markdown, Text: []byte(tail)}, 1000); len(got) != 1 || string(got[0]) != strings.Repeat("y", 990) {
		t.Errorf("splitBodies kept the 20-byte tail of a 1000-byte split: %q", got)
	}
}
