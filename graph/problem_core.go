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

// briefFields are, by type, the fields a packet's brief answers
// (policy.ProblemBriefPacket: the core with every column of the problem
// and a few of its current revision, references and sources): what a
// read of a problem's title and statement and of its cited identifiers
// asks for. Each field here must read only columns the brief holds
// (policy's briefColumns); TestProblemMissAndHitAnswerAlike holds every
// one of them to the whole packet's answer.
var briefFields = map[string]map[string]bool{
	"Problem":   coreFields["Problem"],
	"Revision":  set("__typename", "id", "problemID", "number", "title", "statement", "authorID", "createdAt", "references"),
	"Reference": set("__typename", "id", "position", "role", "source"),
	"Source":    set("__typename", "id", "identifier", "kind", "licenceClass", "confirmation"),
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
func coreSelection(ctx context.Context) bool { return selectionIn(ctx, coreFields) }

// briefSelection reports whether everything the field being resolved asks
// of the problem it returns is in the problem's brief.
func briefSelection(ctx context.Context) bool { return selectionIn(ctx, briefFields) }

func selectionIn(ctx context.Context, fields map[string]map[string]bool) bool {
	fc := graphql.GetFieldContext(ctx)
	oc := graphql.GetOperationContext(ctx)
	if fc == nil || fc.Field.Field == nil || oc == nil {
		return false
	}
	return fieldsIn(oc, fc.Field.Selections, "Problem", fields)
}

// coreSet reports whether sel, on typ, asks for nothing beyond the core.
func coreSet(oc *graphql.OperationContext, sel ast.SelectionSet, typ string) bool {
	return fieldsIn(oc, sel, typ, coreFields)
}

// fieldsIn reports whether sel, on typ, asks for nothing beyond fields.
func fieldsIn(oc *graphql.OperationContext, sel ast.SelectionSet, typ string, fields map[string]map[string]bool) bool {
	if valueTypes[typ] {
		return true
	}
	allowed := fields[typ]
	if allowed == nil {
		return false
	}
	// The types a fragment may be on, as the executor collects them: each
	// of these types implements Node alone.
	for _, f := range graphql.CollectFields(oc, sel, []string{typ, "Node"}) {
		if !allowed[f.Name] {
			return false
		}
		if len(f.Selections) > 0 && (f.Definition == nil || !fieldsIn(oc, f.Selections, f.Definition.Type.Name(), fields)) {
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
