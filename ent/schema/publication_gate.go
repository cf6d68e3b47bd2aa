package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	"github.com/theoremdb/theoremdb/ent/schema/gid"
)

// PublicationGate is the versioned, public publication_gate record of one run of the review
// gate on a revision: the machine recommendation, the lanes that reviewed, the switches as they
// stood, the search window, the audit state and the reason codes. It holds no model reasoning.
type PublicationGate struct{ ent.Schema }

// Annotations of the PublicationGate: it is read through the policy, not the generated API.
func (PublicationGate) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}

// Mixin of the PublicationGate.
func (PublicationGate) Mixin() []ent.Mixin { return []ent.Mixin{gid.WithPrefix(gid.PublicationGate)} }

// Fields of the PublicationGate.
func (PublicationGate) Fields() []ent.Field {
	return []ent.Field{
		field.String("problem_id").Immutable(),
		field.String("revision_id").Immutable(),
		field.Int("version").Immutable().Comment("1, 2, … per problem"),
		field.String("gate_version").Immutable().Comment("the review gate's rules, e.g. v5.1"),
		field.String("recommendation").Immutable().Comment("RECOMMEND_EARLY_ACCEPTANCE, ADMINISTRATOR_REVIEW or NONE (gate closed): policy.GateRecommendations"),
		field.Text("lanes").Immutable().Comment("JSON: the reviews' role, provider, model and prompt versions, identity"),
		field.Text("switches").Immutable().Comment("JSON: master, agentReview, auditLane"),
		field.Int("search_window_days").Immutable(),
		field.String("audit_state").Immutable().Comment("policy.AuditStates"),
		field.Text("reason_codes").Immutable().Comment("JSON array"),
		field.Time("created_at").Immutable(),
	}
}

// Indexes of the PublicationGate.
func (PublicationGate) Indexes() []ent.Index {
	return []ent.Index{index.Fields("problem_id", "version").Unique(), index.Fields("created_at")}
}
