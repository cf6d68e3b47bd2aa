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

// HoldReasons are why a problem is held for staff (administrator_review).
var HoldReasons = []string{"ANSWER_CLAIM", "DUPLICATE", "KNOWN_ANSWER", "REVIEWER", "DISAGREEMENT", "SOURCE_STATUS", "AGENT_PANEL"}

// Hold is a problem held for staff review: while it is open the problem stays prospecting with
// its public page, its default acceptance is suspended, and only a staff decision releases it.
type Hold struct{ ent.Schema }

// Mixin of the Hold.
func (Hold) Mixin() []ent.Mixin { return []ent.Mixin{gid.WithPrefix(gid.Hold)} }

// Annotations of the Hold: its description in the GraphQL schema.
func (Hold) Annotations() []schema.Annotation {
	return []schema.Annotation{schema.Comment("A problem held for staff: while it is open the problem stays in its challenge period and its default acceptance waits.")}
}

// Fields of the Hold.
func (Hold) Fields() []ent.Field {
	return []ent.Field{
		field.String("problem_id").Immutable().Annotations(entgql.Skip()),
		field.Enum("reason").Comment("Why the problem is held.").Values(HoldReasons...).Immutable(),
		field.String("authority").Immutable().Comment("Who opened it: publication_gate, reviewer, trusted_import, …"),
		field.Text("note").Comment("What the opener wrote about the hold.").Default("").Immutable(),
		field.String("claim_id").Optional().Nillable().Immutable().Annotations(entgql.Skip()),
		field.String("opened_by_id").Optional().Nillable().Immutable().Annotations(entgql.Skip()),
		field.Time("opened_at").Comment("When the hold was opened.").Immutable(),
		field.Time("released_at").Comment("When the hold was released; empty while it is open.").Optional().Nillable(),
		field.String("release_decision_id").Optional().Nillable().Annotations(entgql.Skip()),
	}
}

// Edges of the Hold.
func (Hold) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("problem", Problem.Type).Ref("holds").Field("problem_id").Unique().Required().Immutable().
			Annotations(entgql.Skip()),
		edge.To("claim", Claim.Type).Comment("The answer claim whose review the hold waits on, when it is one.").Field("claim_id").Unique().Immutable(),
	}
}

// Indexes of the Hold.
func (Hold) Indexes() []ent.Index {
	return []ent.Index{index.Fields("problem_id", "released_at"), index.Fields("released_at", "opened_at")}
}
