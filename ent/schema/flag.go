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

// FlagReasons are the reasons a community flag may give.
var FlagReasons = []string{"DUPLICATE", "INCORRECT_STATEMENT", "KNOWN_ANSWER", "INADEQUATE_SOURCING", "ABUSE", "OTHER"}

// Flag is one account's report about a public problem. It joins the open
// moderation case for the same problem and reason, or opens one. The
// flagger's identity is for moderators only.
type Flag struct{ ent.Schema }

// Mixin of the Flag.
func (Flag) Mixin() []ent.Mixin { return []ent.Mixin{gid.WithPrefix(gid.Flag)} }

// Annotations of the Flag: its description in the GraphQL schema.
func (Flag) Annotations() []schema.Annotation {
	return []schema.Annotation{schema.Comment("One account's report about a public problem, joined to the open moderation case for that problem and reason.")}
}

// Fields of the Flag.
func (Flag) Fields() []ent.Field {
	return []ent.Field{
		field.String("problem_id").Immutable().Annotations(entgql.Skip()),
		field.String("flagger_id").Immutable().Annotations(entgql.Skip()),
		field.String("case_id").Immutable().Annotations(entgql.Skip()),
		field.Enum("reason").Comment("Why the problem was flagged.").Values(FlagReasons...).Immutable(),
		field.Text("explanation").Comment("The flagger's words.").NotEmpty().Immutable(),
		field.String("duplicate_of_id").Optional().Nillable().Immutable().Annotations(entgql.Skip()),
		field.Time("created_at").Comment("When the flag was raised.").Immutable(),
	}
}

// Edges of the Flag.
func (Flag) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("problem", Problem.Type).Comment("The flagged problem.").Ref("flags").Field("problem_id").Unique().Required().Immutable(),
		edge.From("flagger", Account.Type).Ref("flags").Field("flagger_id").Unique().Required().Immutable().
			Annotations(entgql.Skip()),
		edge.From("case", ModerationCase.Type).Comment("The moderation case the flag joined.").Ref("flags").Field("case_id").Unique().Required().Immutable(),
		edge.From("duplicate_of", Problem.Type).Comment("For a duplicate flag, the problem it names as the original.").Ref("duplicate_flags").Field("duplicate_of_id").Unique().Immutable(),
	}
}

// Indexes of the Flag.
func (Flag) Indexes() []ent.Index {
	return []ent.Index{index.Fields("flagger_id", "created_at"), index.Fields("problem_id")}
}
