package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	"github.com/theoremdb/theoremdb/ent/schema/gid"
)

// NodeCitation is a problem, or one of its claims, citing a corpus node:
// a definition the problem's exposition rests on, a statement it builds
// on, or the theorem, lemma or proposition a claim is bound to. The
// problem page lists it, and the node page shows it as cited by.
type NodeCitation struct{ ent.Schema }

// Annotations of the NodeCitation.
func (NodeCitation) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}

// Mixin of the NodeCitation.
func (NodeCitation) Mixin() []ent.Mixin { return []ent.Mixin{gid.WithPrefix(gid.NodeCitation)} }

// Fields of the NodeCitation.
func (NodeCitation) Fields() []ent.Field {
	return []ent.Field{
		field.String("problem_id").Immutable().Comment("The citing problem, TDB-n."),
		field.String("claim_id").Optional().Nillable().Immutable().Comment("The claim bound to the node; empty for the problem's own citation."),
		field.String("node_id").Immutable().Comment("The cited corpus node, N-n."),
		field.String("account_id").Immutable().Comment("Who recorded the citation."),
		field.Time("created_at").Immutable(),
	}
}

// Indexes of the NodeCitation.
func (NodeCitation) Indexes() []ent.Index {
	return []ent.Index{index.Fields("problem_id"), index.Fields("node_id"), index.Fields("claim_id")}
}
