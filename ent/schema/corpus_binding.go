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

// CorpusBinding is a node's formal binding (a Metamath database and label)
// with what machines found of it: whether the formal round trip passed and
// each proof checker's verdict on the formal proof. People's confirmations
// of the binding are CorpusConfirmations of kind BINDING. A node imported
// from a formal library is Formal: its statement is the formal one.
type CorpusBinding struct{ ent.Schema }

// Annotations of the CorpusBinding.
func (CorpusBinding) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}

// Mixin of the CorpusBinding.
func (CorpusBinding) Mixin() []ent.Mixin { return []ent.Mixin{gid.WithPrefix(gid.CorpusBinding)} }

// Fields of the CorpusBinding.
func (CorpusBinding) Fields() []ent.Field {
	return []ent.Field{
		field.String("node_id").Immutable(),
		field.String("system").Immutable(),
		field.String("label").Immutable(),
		field.String("database").Default("").Immutable().
			Comment("The formal library's database file the label is in."),
		field.Bool("formal").Default(false).Immutable(),
		field.Bool("round_trip_passed").Default(false),
		field.Strings("checkers_passed").Optional().Comment("The independent proof checkers that accepted the formal proof."),
		field.Bool("disagreement").Default(false).
			Comment("The proof checkers disagree on the proof: an incident a person must look at; the kernel track counts for nothing meanwhile."),
		field.Time("checked_at").Optional().Nillable().Comment("When the checkers last ran on the proof."),
		field.Time("created_at").Immutable(),
	}
}

// Edges of the CorpusBinding.
func (CorpusBinding) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("node", CorpusNode.Type).Ref("bindings").Field("node_id").Unique().Required().Immutable(),
	}
}

// Indexes of the CorpusBinding.
func (CorpusBinding) Indexes() []ent.Index {
	return []ent.Index{index.Fields("node_id")}
}
