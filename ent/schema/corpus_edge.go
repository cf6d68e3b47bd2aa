package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	"github.com/theoremdb/theoremdb/ent/schema/gid"
)

// CorpusEdgeKinds are the typed edges between corpus nodes.
var CorpusEdgeKinds = []string{"USES", "PROVES", "DEFINES", "EXAMPLE_OF"}

// CorpusEdge is one typed edge of a node's current revision: USES (what a
// statement or proof depends on), PROVES (a proof to its statement),
// EXAMPLE_OF (an example to what it illustrates) and DEFINES (a definition
// to the term it fixes, which is text: such an edge has a term and no
// target). A revision replaces its node's edges; the revision keeps the
// ones it declared.
type CorpusEdge struct{ ent.Schema }

// Annotations of the CorpusEdge.
func (CorpusEdge) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}

// Mixin of the CorpusEdge.
func (CorpusEdge) Mixin() []ent.Mixin { return []ent.Mixin{gid.WithPrefix(gid.CorpusEdge)} }

// Fields of the CorpusEdge.
func (CorpusEdge) Fields() []ent.Field {
	return []ent.Field{
		field.String("from_id").Immutable(),
		field.Enum("kind").Values(CorpusEdgeKinds...).Immutable(),
		field.String("to_id").Optional().Nillable().Immutable(),
		field.String("term").Default("").Immutable(),
	}
}

// Edges of the CorpusEdge.
func (CorpusEdge) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("from", CorpusNode.Type).Ref("out_edges").Field("from_id").Unique().Required().Immutable(),
		edge.From("to", CorpusNode.Type).Ref("in_edges").Field("to_id").Unique().Immutable(),
	}
}

// Indexes of the CorpusEdge: the closure walks uses forwards from a node
// and dependants backwards to it.
func (CorpusEdge) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("from_id", "kind", "to_id"),
		index.Fields("to_id", "kind", "from_id"),
	}
}
