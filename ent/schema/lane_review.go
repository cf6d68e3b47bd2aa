package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	"github.com/theoremdb/theoremdb/ent/schema/gid"
)

// LaneReview is one isolated review call of a lane on one revision: who answered (the lane's
// identity, provider, model and prompt versions as they were), what it read and sent (digests),
// the parsed answer or the failure, and what it cost. It is the operators' record; the public
// publication_gate record names the lanes and holds no model reasoning.
type LaneReview struct{ ent.Schema }

// Annotations of the LaneReview: it is read through the policy, not the generated API.
func (LaneReview) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}

// Mixin of the LaneReview.
func (LaneReview) Mixin() []ent.Mixin { return []ent.Mixin{gid.WithPrefix(gid.LaneReview)} }

// Fields of the LaneReview.
func (LaneReview) Fields() []ent.Field {
	return []ent.Field{
		field.String("lane_id").Immutable(),
		field.String("problem_id").Immutable().Comment("empty for a gold packet"),
		field.String("revision_id").Immutable().Comment("empty for a gold packet"),
		field.String("gold_id").Default("").Immutable().Comment("the gold packet graded, for blind gold"),
		field.Bool("audit").Default(false).Immutable(),
		field.String("identity").Immutable(),
		field.Enum("role").Values(LaneRoles...).Immutable(),
		field.String("provider").Immutable(),
		field.String("model").Default("").Immutable(),
		field.String("model_version").Default("").Immutable(),
		field.String("prompt_version").Immutable(),
		field.String("prompt_digest").Immutable(),
		field.String("packet_digest").Default("").Immutable(),
		field.String("input_digest").Default("").Immutable(),
		field.String("request_digest").Default("").Immutable(),
		field.Text("answer").Default("").Immutable().Comment("the parsed answer as JSON; empty on failure"),
		field.String("recommendation").Default("").Immutable(),
		field.String("failure").Default("").Immutable(),
		field.Text("detail").Default("").Immutable(),
		field.Int("latency_ms").Default(0).Immutable(),
		field.Int("attempts").Default(0).Immutable(),
		field.Int("input_tokens").Default(0).Immutable(),
		field.Int("output_tokens").Default(0).Immutable(),
		field.Time("created_at").Immutable(),
	}
}

// Indexes of the LaneReview.
func (LaneReview) Indexes() []ent.Index {
	return []ent.Index{index.Fields("revision_id"), index.Fields("lane_id", "created_at"), index.Fields("gold_id")}
}
