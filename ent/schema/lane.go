package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	"github.com/theoremdb/theoremdb/ent/schema/gid"
)

// LaneRoles are what a model lane is asked to judge: the three roles of the panel and the audit.
var LaneRoles = []string{"PRIOR_ART", "MATH_CRITIQUE", "FORMAL_READINESS", "AUDIT"}

// CheckRoles are the corpus's model checks a registered lane may serve instead: the judges, the
// formal round trip and the hypothesis check. A lane review is never one of them.
var CheckRoles = []string{"JUDGE", "ROUND_TRIP", "HYPOTHESES"}

// Lane is one configured model reviewer: a provider, a model version, a prompt version, a role
// and a distinct reviewer identity. Only a lane an operator approved can take part in a
// recommendation that publishes; a new model or prompt version is a new lane, approved anew.
type Lane struct{ ent.Schema }

// Annotations of the Lane: it is read through the policy, not the generated API.
func (Lane) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}

// Mixin of the Lane.
func (Lane) Mixin() []ent.Mixin { return []ent.Mixin{gid.WithPrefix(gid.Lane)} }

// Fields of the Lane.
func (Lane) Fields() []ent.Field {
	return []ent.Field{
		field.String("identity").NotEmpty().MaxLen(100).Unique().Immutable().
			Comment("the distinct reviewer identity; its key is THEOREMDB_LANE_KEY_<IDENTITY>"),
		field.Enum("role").Values(append(append([]string(nil), LaneRoles...), CheckRoles...)...).Immutable(),
		field.String("provider").NotEmpty().Immutable().Comment("openai, anthropic or baseline"),
		field.String("base_url").Default("").Immutable(),
		field.String("model").Default("").Immutable(),
		field.String("model_version").Default("").Immutable(),
		field.String("prompt_version").NotEmpty().Immutable(),
		field.Bool("enabled").Default(true),
		field.String("created_by_id").Immutable(),
		field.Time("created_at").Immutable(),
		field.String("approved_by_id").Optional().Nillable(),
		field.Time("approved_at").Optional().Nillable(),
	}
}

// Indexes of the Lane.
func (Lane) Indexes() []ent.Index {
	return []ent.Index{index.Fields("role", "enabled")}
}
