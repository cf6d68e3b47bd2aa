package shareddata

import (
	"fmt"

	"github.com/theoremdb/theoremdb/copycheck"
)

// Checker is the copy check over every collection of the reference corpus below root, with the
// default thresholds and phrases, as `theoremdb corpus build` makes it; it returns the documents
// it indexed too.
func Checker(root string) (*copycheck.Checker, []copycheck.Document, error) {
	var docs []copycheck.Document
	for _, col := range Collections(root) {
		ds, err := LoadCollection(col)
		if err != nil {
			return nil, nil, fmt.Errorf("corpus %s: %w", col.Name, err)
		}
		docs = append(docs, ds...)
	}
	x, err := copycheck.BuildIndex(docs, 0)
	if err != nil {
		return nil, nil, err
	}
	c, err := copycheck.NewChecker(x, copycheck.DefaultConfig(), copycheck.DefaultPhrases())
	if err != nil {
		return nil, nil, err
	}
	return c, docs, nil
}
