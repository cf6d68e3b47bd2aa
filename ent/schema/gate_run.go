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

// GateNames are the publication gates of gates/, in the policy's order.
var GateNames = []string{"STATEMENT", "ACCEPTANCE", "PROVENANCE", "OPEN_STATUS", "DUPLICATE", "REFERENCES",
	"CONSISTENCY", "HERO", "COMPUTATIONAL"}

// GateRun is one gate's run on one revision at one gate version. It is written PENDING in the
// transaction that writes the revision, and completed by the worker that runs the gate; a rerun
// of the same version replaces its findings, so the run is idempotent per revision, gate and
// version.
type GateRun struct{ ent.Schema }

// Mixin of the GateRun.
func (GateRun) Mixin() []ent.Mixin { return []ent.Mixin{gid.WithPrefix(gid.GateRun)} }

// Annotations of the GateRun: its description in the GraphQL schema.
func (GateRun) Annotations() []schema.Annotation {
	return []schema.Annotation{schema.Comment("One publication gate's run on one revision at one gate version, with its outcome.")}
}

// Fields of the GateRun.
func (GateRun) Fields() []ent.Field {
	return []ent.Field{
		field.String("revision_id").Immutable().Annotations(entgql.Skip()),
		field.String("problem_id").Immutable().Annotations(entgql.Skip()),
		field.Enum("gate").Comment("Which publication gate ran.").Values(GateNames...).Immutable(),
		field.String("version").Comment("The gate's version: a changed gate runs again on the revisions it concerns.").Immutable(),
		field.Enum("outcome").Comment("PENDING while the run is queued or running; then its worst verdict.").Values("PENDING", "PASS", "FAIL", "NEEDS_HUMAN", "UNKNOWN").Default("PENDING"),
		field.String("inputs_digest").Default("").Annotations(entgql.Skip()),
		field.Text("reason").Default("").
			Comment("Why the outcome is UNKNOWN when no finding says so: a panic or a timeout."),
		field.Int("attempts").Default(0).Annotations(entgql.Skip()),
		field.Time("created_at").Comment("When the run was queued.").Immutable(),
		field.Time("started_at").Comment("When the run started; empty while it waits.").Optional().Nillable(),
		field.Time("finished_at").Comment("When the run finished; empty until then.").Optional().Nillable(),
	}
}

// Edges of the GateRun.
func (GateRun) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("revision", Revision.Type).Ref("checks").Field("revision_id").Unique().Required().Immutable().
			Annotations(entgql.Skip()),
		edge.To("findings", Finding.Type).Annotations(entgql.Skip()),
	}
}

// Indexes of the GateRun.
func (GateRun) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("revision_id", "gate", "version").Unique(),
		index.Fields("problem_id"),
		index.Fields("outcome"),
	}
}
