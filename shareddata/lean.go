package shareddata

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/theoremdb/theoremdb/copycheck"
)

// LeanFile is the human prose of one Lean file: every doc comment (module and declaration) of
// twelve words or more and, of all its doc comments, the ones that state a theorem.
type LeanFile struct {
	Rel      string // slash-separated, relative to the directory read
	Comments []string
	Theorems []string
}

var (
	leanComment   = regexp.MustCompile(`(?s)/-[-!](.*?)-/`)
	beforeTheorem = regexp.MustCompile(`^\s*(?:@\[[^\n]*\]\s*)*(?:(?:private|protected|noncomputable|nonrec)\s+)*(?:theorem|lemma)\s`)
)

// LoadLean reads the doc comments of the Lean files under dir, in the order of a directory walk.
// Copyright notices are left out.
func LoadLean(dir string) ([]LeanFile, error) {
	var out []LeanFile
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(p) != ".lean" {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		f := LeanFile{Rel: filepath.ToSlash(rel)}
		for _, m := range leanComment.FindAllSubmatchIndex(b, -1) {
			s := strings.TrimSpace(string(b[m[2]:m[3]]))
			if strings.Contains(s, "Copyright") {
				continue
			}
			if len(strings.Fields(s)) >= 12 {
				f.Comments = append(f.Comments, s)
			}
			// A theorem's doc comment starts with /-- and is followed by the declaration.
			if b[m[0]+2] == '-' && beforeTheorem.Match(b[m[1]:]) {
				f.Theorems = append(f.Theorems, s)
			}
		}
		out = append(out, f)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("load fresh text: %w", err)
	}
	return out, nil
}

// LoadFresh gathers the doc comments of the Lean files under dir: human-written mathematical
// prose that none of the reference collections contains.
func LoadFresh(dir string) ([]string, error) {
	files, err := LoadLean(dir)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, f := range files {
		out = append(out, f.Comments...)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no doc comments under %s: %w", dir, copycheck.ErrInvalid)
	}
	return out, nil
}
