package graph

import (
	"context"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
)

// coreFields are, by type, the fields a packet's core answers from what it
// holds (policy.ProblemCorePacket: the problem, its current revision, and
// that revision's references with their sources), with no other read.
// Anything else a query asks of a problem needs its whole packet.
var coreFields = map[string]map[string]bool{
	"Problem": set("__typename", "id", "number", "slug", "title", "acceptanceKind", "provenanceKind", "state", "submittedAt",
		"deadline", "updatedAt", "acceptedAt", "acceptanceAuthority", "removedAt", "removalReason", "proposerID",
		"inChallengePeriod", "removal", "currentRevision"),
	"Revision": set("__typename", "id", "problemID", "number", "title", "statement", "tags", "heroBrief", "heroAlt", "heroCaption",
		"heroRightsBasis", "heroBespoke", "note", "authorID", "createdAt", "exposition", "acceptance", "provenance",
		"referenceSearch", "openStatus", "hero", "computation", "references"),
	"Reference": set("__typename", "id", "position", "citation", "locator", "relevance", "role", "locatorConfirmed",
		"claimedTitle", "claimedAuthors", "claimedYear", "confirmation", "confirmationReason", "rejected", "rejectionReason",
		"source"),
	"Source": set("__typename", "id", "identifier", "kind", "title", "authors", "year", "licenceClass", "confirmation",
		"licence", "url", "resolver", "fetchedAt", "createdAt"),
}

// valueTypes are the plain values of a revision (its JSON columns) and a
// removal: any selection of them is read from the value itself.
var valueTypes = set("ExpositionEntry", "Acceptance", "Provenance", "ReferenceSearch", "OpenStatus", "Hero", "Computation",
	"CodeRef", "Removal")

func set(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// coreSelection reports whether everything the field being resolved asks
// of the problem it returns is in the problem's core.
func coreSelection(ctx context.Context) bool {
	fc := graphql.GetFieldContext(ctx)
	oc := graphql.GetOperationContext(ctx)
	if fc == nil || fc.Field.Field == nil || oc == nil {
		return false
	}
	return coreSet(oc, fc.Field.Selections, "Problem")
}

func coreSet(oc *graphql.OperationContext, sel ast.SelectionSet, typ string) bool {
	if valueTypes[typ] {
		return true
	}
	allowed := coreFields[typ]
	if allowed == nil {
		return false
	}
	// The types a fragment may be on, as the executor collects them: each
	// of these types implements Node alone.
	for _, f := range graphql.CollectFields(oc, sel, []string{typ, "Node"}) {
		if !allowed[f.Name] {
			return false
		}
		if len(f.Selections) > 0 && (f.Definition == nil || !coreSet(oc, f.Selections, f.Definition.Type.Name())) {
			return false
		}
	}
	return true
}

// coreConnection reports whether everything the connection field being
// resolved asks of its nodes is in their packets' cores: its edges' nodes
// ask nothing else, and the rest of it (counts, cursors, page info) is
// the page's own.
func coreConnection(ctx context.Context) bool {
	fc := graphql.GetFieldContext(ctx)
	oc := graphql.GetOperationContext(ctx)
	if fc == nil || fc.Field.Field == nil || oc == nil {
		return false
	}
	for _, f := range graphql.CollectFields(oc, fc.Field.Selections, []string{"ProblemConnection"}) {
		switch f.Name {
		case "__typename", "totalCount", "totalCountIsLowerBound", "pageInfo":
		case "edges":
			for _, e := range graphql.CollectFields(oc, f.Selections, []string{"ProblemEdge"}) {
				switch e.Name {
				case "__typename", "cursor":
				case "node":
					if !coreSet(oc, e.Selections, "Problem") {
						return false
					}
				default:
					return false
				}
			}
		default:
			return false
		}
	}
	return true
}
