package corpus

import (
	"context"
	"fmt"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/changerequest"
	"github.com/theoremdb/theoremdb/ent/corpusnode"
	"github.com/theoremdb/theoremdb/ent/nodedraft"
)

// Imported is what the corpus holds under an importer's key: the node,
// when one merged, and the newest draft still open (FAILED or PENDING),
// so that an importer run again changes only what changed.
type Imported struct {
	// Node is the merged node, or nil.
	Node *NodeView
	// Open is the newest open draft under the key, or nil.
	Open *Draft
}

// ImportedAs reads what the corpus holds under an import key.
func (s *Service) ImportedAs(ctx context.Context, key string) (*Imported, error) {
	out := &Imported{}
	n, err := s.client.CorpusNode.Query().Where(corpusnode.ImportKey(key)).Only(ctx)
	switch {
	case err == nil:
		if out.Node, err = s.nodeView(ctx, n); err != nil {
			return nil, err
		}
	case !ent.IsNotFound(err):
		return nil, fmt.Errorf("imported %s: %w", key, err)
	}
	d, err := s.client.NodeDraft.Query().Where(nodedraft.ImportKey(key),
		nodedraft.HasChangeRequestWith(changerequest.StateIn(changerequest.StateFAILED, changerequest.StatePENDING))).
		Order(ent.Desc(nodedraft.FieldID)).First(ctx)
	switch {
	case err == nil:
		out.Open = &Draft{Kind: string(d.Kind), Title: d.Title, Body: d.Body, Label: d.Label, Term: d.Term, Uses: d.Uses,
			Proves: d.Proves, ExampleOf: d.ExampleOf, References: d.References, Revises: d.Revises, Licence: d.Licence,
			Attribution: d.Attribution, ImportKey: d.ImportKey}
	case !ent.IsNotFound(err):
		return nil, fmt.Errorf("imported %s: %w", key, err)
	}
	return out, nil
}
