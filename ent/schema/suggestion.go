package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	"github.com/theoremdb/theoremdb/ent/schema/gid"
	"github.com/theoremdb/theoremdb/packet"
)

// Suggestion is an edit suggested by someone who may not revise a problem: the whole content it
// proposes, based on one revision, which the proposer accepts as a new revision or declines with
// a reason, on the record.
type Suggestion struct{ ent.Schema }

// Mixin of the Suggestion.
func (Suggestion) Mixin() []ent.Mixin { return []ent.Mixin{gid.WithPrefix(gid.Suggestion)} }

// Fields of the Suggestion.
func (Suggestion) Fields() []ent.Field {
	return []ent.Field{
		field.String("problem_id").Immutable(),
		field.String("author_id").Immutable(),
		field.String("base_revision_id").Immutable().Comment("The revision the suggestion edits."),
		field.JSON("content", packet.Content{}).Immutable(),
		field.Text("note").NotEmpty().Immutable().Comment("What the suggestion changes and why."),
		field.Enum("state").Values("OPEN", "ACCEPTED", "DECLINED").Default("OPEN"),
		field.String("decided_by_id").Optional().Nillable(),
		field.Time("decided_at").Optional().Nillable(),
		field.Text("decline_reason").Default(""),
		field.String("revision_id").Optional().Nillable().Comment("The revision an accepted suggestion became."),
		field.Time("created_at").Immutable(),
	}
}

// Edges of the Suggestion.
func (Suggestion) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("problem", Problem.Type).Ref("suggestions").Field("problem_id").Unique().Required().Immutable(),
		edge.From("author", Account.Type).Ref("suggestions").Field("author_id").Unique().Required().Immutable(),
	}
}

// Indexes of the Suggestion.
func (Suggestion) Indexes() []ent.Index {
	return []ent.Index{index.Fields("problem_id", "created_at"), index.Fields("author_id", "created_at")}
}

// Annotations of the Suggestion: not in the GraphQL schema; suggested edits are made on the site.
func (Suggestion) Annotations() []schema.Annotation { return []schema.Annotation{entgql.Skip()} }
