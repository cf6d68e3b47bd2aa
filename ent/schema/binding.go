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

// Binding ties a claim to the problem it targets. Agents may write
// ADDRESSES only; RESOLVES comes from a review, a resolution, a verifier or a
// trusted import.
type Binding struct{ ent.Schema }

// Mixin of the Binding.
func (Binding) Mixin() []ent.Mixin { return []ent.Mixin{gid.WithPrefix(gid.Binding)} }

// Annotations of the Binding: its description in the GraphQL schema.
func (Binding) Annotations() []schema.Annotation {
	return []schema.Annotation{schema.Comment("A claim's tie to the problem it addresses or resolves.")}
}

// Fields of the Binding.
func (Binding) Fields() []ent.Field {
	return []ent.Field{
		field.String("claim_id").Immutable().Annotations(entgql.Skip()),
		field.String("problem_id").Immutable().Annotations(entgql.Skip()),
		field.Enum("relation").Comment("ADDRESSES when the claim bears on the problem; RESOLVES when it says it settles it.").Values("ADDRESSES", "RESOLVES").Immutable(),
		field.Time("created_at").Comment("When the binding was made.").Immutable(),
	}
}

// Edges of the Binding.
func (Binding) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("claim", Claim.Type).Comment("The claim that is bound.").Ref("bindings").Field("claim_id").Unique().Required().Immutable(),
		edge.From("target", Problem.Type).Comment("The problem the claim is bound to.").Ref("bindings").Field("problem_id").Unique().Required().Immutable(),
	}
}

// Indexes of the Binding.
func (Binding) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("claim_id"), // the problem packet reads its claims' bindings
	}
}
