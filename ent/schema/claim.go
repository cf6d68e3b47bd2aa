package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	"github.com/theoremdb/theoremdb/ent/schema/gid"
)

// Claim is a research object attached to a problem: a lemma, bound, partial
// result or answer, with its own status.
type Claim struct{ ent.Schema }

// Mixin of the Claim.
func (Claim) Mixin() []ent.Mixin { return []ent.Mixin{gid.WithPrefix(gid.Claim)} }

// Fields of the Claim.
func (Claim) Fields() []ent.Field {
	return []ent.Field{
		field.String("problem_id").Immutable().Annotations(entgql.Skip()),
		field.String("author_id").Optional().Nillable().Immutable().Annotations(entgql.Skip()),
		field.Enum("object_type").Values("CLAIM", "LEMMA", "BOUND", "EXAMPLE", "COMPUTATION").Default("CLAIM").Immutable(),
		field.Enum("status").Values("PROPOSED", "ESTABLISHED", "REFUTED", "WITHDRAWN").Default("PROPOSED"),
		field.Text("summary").NotEmpty(),
		field.Text("scope").Default(""),
		field.String("superseded_by_id").Optional().Nillable().Annotations(entgql.Skip()),
		field.Time("created_at").Immutable(),
	}
}

// Edges of the Claim.
func (Claim) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("problem", Problem.Type).Ref("claims").Field("problem_id").Unique().Required().Immutable(),
		edge.From("author", Account.Type).Ref("claims").Field("author_id").Unique().Immutable(),
		edge.To("supersedes", Claim.Type).From("superseded_by").Field("superseded_by_id").Unique(),
		edge.To("bindings", Binding.Type),
	}
}

// Indexes of the Claim.
func (Claim) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("problem_id", "created_at"), // the problem packet reads a problem's claims
	}
}
