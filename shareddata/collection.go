package shareddata

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/theoremdb/theoremdb/copycheck"
)

// Collection is a reference collection read straight from a directory, with its licence class.
type Collection struct {
	Name    string
	Dir     string
	Licence copycheck.Licence
}

// Collections are the three corpora under root (the shared data's corpus directory) with their
// licence classes.
func Collections(root string) []Collection {
	return []Collection{
		{Name: "stacks-project", Dir: filepath.Join(root, "stacks-project"), Licence: copycheck.LicenceGFDL},
		{Name: "hott-book", Dir: filepath.Join(root, "hott-book"), Licence: copycheck.LicenceShareAlike},
		{Name: "openlogic", Dir: filepath.Join(root, "openlogic"), Licence: copycheck.LicenceOpen},
	}
}

// LoadCollection reads the LaTeX and Markdown files of a collection directory, in the order of a
// directory walk.
func LoadCollection(c Collection) ([]copycheck.Document, error) {
	var docs []copycheck.Document
	err := filepath.WalkDir(c.Dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		switch strings.ToLower(filepath.Ext(p)) {
		case ".tex", ".md", ".markdown":
		default:
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(c.Dir, p)
		rel = filepath.ToSlash(rel)
		docs = append(docs, copycheck.Document{
			Meta:   copycheck.DocMeta{ID: c.Name + "/" + rel, URI: "file:" + rel, Licence: c.Licence},
			Format: copycheck.FormatOf(p), Text: b})
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("load collection %s: %w", c.Name, err)
	}
	if len(docs) == 0 {
		return nil, fmt.Errorf("collection %s at %s has no documents: %w", c.Name, c.Dir, copycheck.ErrInvalid)
	}
	return docs, nil
}
