package graph

import (
	"context"
	"fmt"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/account"
	"github.com/theoremdb/theoremdb/ent/binding"
	"github.com/theoremdb/theoremdb/ent/claim"
	"github.com/theoremdb/theoremdb/ent/decision"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/ent/reference"
	"github.com/theoremdb/theoremdb/ent/reputationentry"
	"github.com/theoremdb/theoremdb/ent/revision"
	"github.com/theoremdb/theoremdb/ent/schema"
	"github.com/theoremdb/theoremdb/ent/schema/gid"
	"github.com/theoremdb/theoremdb/ent/source"
	"github.com/theoremdb/theoremdb/policy"
)

// tables maps a global ID's prefix to the table of its entity.
var tables = map[string]string{
	"TDB":               problem.Table,
	gid.Account:         account.Table,
	gid.ReputationEntry: reputationentry.Table,
	gid.Revision:        revision.Table,
	gid.Source:          source.Table,
	gid.Reference:       reference.Table,
	gid.Claim:           claim.Table,
	gid.Binding:         binding.Table,
	gid.Decision:        decision.Table,
	gid.Event:           event.Table,
}

// nodeType tells ent's noder which table an ID lives in.
func nodeType(_ context.Context, id string) (string, error) {
	p, ok := gid.Prefix(id)
	if t := tables[p]; ok && t != "" {
		return t, nil
	}
	return "", fmt.Errorf("%q is not a TheoremDB ID: %w", id, policy.ErrNotFound)
}

var withNodeType = ent.WithNodeType(nodeType)

// corpusID reports whether id is a corpus node's N-<n>, which corpus/
// reads rather than ent's noder.
func corpusID(id string) bool { return schema.CorpusNodeIDPattern.MatchString(id) }
