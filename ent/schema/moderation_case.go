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

// ModerationCase gathers the flags on one problem for one reason until a
// moderator claims it and dismisses it, removes the problem, or hands a
// duplicate to the reviewers to merge.
type ModerationCase struct{ ent.Schema }

// Mixin of the ModerationCase.
func (ModerationCase) Mixin() []ent.Mixin { return []ent.Mixin{gid.WithPrefix(gid.ModerationCase)} }

// Annotations of the ModerationCase: its description in the GraphQL schema.
func (ModerationCase) Annotations() []schema.Annotation {
	return []schema.Annotation{schema.Comment("One problem's open or settled moderation case: the flags raised for one reason, joined, and what a moderator did about them.")}
}

// Fields of the ModerationCase.
func (ModerationCase) Fields() []ent.Field {
	return []ent.Field{
		field.String("problem_id").Immutable().Annotations(entgql.Skip()),
		field.Enum("reason").Comment("The reason every flag of the case gives.").Values(FlagReasons...).Immutable(),
		field.Enum("state").Comment("OPEN until a moderator claims it; CLAIMED while one works on it; DISMISSED, REMOVED or HANDED_TO_MERGE (a duplicate handed to the reviewers to merge) once settled.").Values("OPEN", "CLAIMED", "DISMISSED", "REMOVED", "HANDED_TO_MERGE").Default("OPEN"),
		field.String("claimed_by_id").Optional().Nillable().Annotations(entgql.Skip()),
		field.Time("opened_at").Comment("When the first flag opened the case.").Immutable(),
		field.Time("claimed_at").Comment("When a moderator claimed the case; empty until then.").Optional().Nillable(),
		field.Time("resolved_at").Comment("When the case was settled; empty until then.").Optional().Nillable(),
		field.Text("resolution").Default("").Comment("The dismissal note, the public removal reason, or the note handing a duplicate to merge."),
	}
}

// Edges of the ModerationCase.
func (ModerationCase) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("problem", Problem.Type).Comment("The flagged problem.").Ref("moderation_cases").Field("problem_id").Unique().Required().Immutable(),
		edge.From("claimed_by", Account.Type).Comment("The moderator who claimed the case.").Ref("claimed_cases").Field("claimed_by_id").Unique(),
		edge.To("flags", Flag.Type).Comment("The flags joined in the case."),
	}
}

// Indexes of the ModerationCase.
func (ModerationCase) Indexes() []ent.Index {
	return []ent.Index{index.Fields("state", "opened_at"), index.Fields("problem_id", "reason", "state")}
}
