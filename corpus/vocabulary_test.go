package corpus_test

import (
	"slices"
	"testing"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/ent/schema"
)

// TestVocabularyIsTheSchemas holds the corpus's closed sets to the database enums they are
// stored in: a kind, a writer or a state added on one side only fails here.
func TestVocabularyIsTheSchemas(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name       string
		got, store []string
	}{
		{"kinds", corpus.Kinds, schema.CorpusKinds},
		{"writers", []string{corpus.WriterPerson, corpus.WriterImporter, corpus.WriterAgent}, schema.WriterKinds},
		{"states", []string{corpus.StatePending, corpus.StateFailed, corpus.StateMerged, corpus.StateWithdrawn}, schema.ChangeRequestStates},
		{"quarantine resolutions", corpus.Resolutions, schema.QuarantineResolutions},
	} {
		if !slices.Equal(slices.Sorted(slices.Values(tt.got)), slices.Sorted(slices.Values(tt.store))) {
			t.Errorf("corpus %s %v; the database stores %v", tt.name, tt.got, tt.store)
		}
	}
}
