package seed

import (
	"fmt"

	"github.com/theoremdb/theoremdb/copycheck"
	"github.com/theoremdb/theoremdb/gates"
)

// Option changes how Run seeds.
type Option func(*options)

type options struct {
	copies gates.CopyChecker
}

// WithCopies runs the demo's copy check over c, the operator's built copy-check index, instead
// of the demo's own reference catalogue.
func WithCopies(c gates.CopyChecker) Option {
	return func(o *options) {
		if c != nil {
			o.copies = c
		}
	}
}

// demoCopies is the copy check over the demo's own reference corpus: the statements of its
// catalogue of solved problems, as records whose words must not be reused. The demo reviewers
// qualify problems, and qualify waits for every check to run; with no operator's index the copy
// check runs over this corpus, and says so in its finding.
func demoCopies() (gates.CopyChecker, error) {
	docs := make([]copycheck.Document, len(solved))
	for i, s := range solved {
		docs[i] = copycheck.Document{Meta: copycheck.DocMeta{ID: s.Key, URI: "demo:" + s.Key, Licence: copycheck.LicenceRecord},
			Format: copycheck.LaTeX, Text: []byte(s.Title + "\n\n" + s.Statement)}
	}
	x, err := copycheck.BuildIndex(docs, 0)
	if err != nil {
		return nil, fmt.Errorf("seed: the demo copy-check index: %w", err)
	}
	c, err := copycheck.NewChecker(x, copycheck.DefaultConfig(), copycheck.DefaultPhrases())
	if err != nil {
		return nil, fmt.Errorf("seed: the demo copy-check index: %w", err)
	}
	return c, nil
}
