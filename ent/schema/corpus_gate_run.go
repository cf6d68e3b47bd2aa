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

// CorpusGateRun is one merge gate's run on one change request: its place in
// the fixed order, its version, its outcome and its findings. A rerun of
// the gates on a revised request writes new runs at a higher attempt.
type CorpusGateRun struct{ ent.Schema }

// Annotations of the CorpusGateRun.
func (CorpusGateRun) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}

// Mixin of the CorpusGateRun.
func (CorpusGateRun) Mixin() []ent.Mixin { return []ent.Mixin{gid.WithPrefix(gid.CorpusGateRun)} }

// Fields of the CorpusGateRun.
func (CorpusGateRun) Fields() []ent.Field {
	return []ent.Field{
		field.String("change_request_id").Immutable(),
		field.Int("attempt").Positive().Immutable(),
		field.Int("position").NonNegative().Immutable(),
		field.String("gate").Immutable(),
		field.String("version").Immutable(),
		field.Enum("outcome").Values("PASS", "FAIL", "NEEDS_HUMAN", "UNKNOWN").Immutable(),
		field.Time("created_at").Immutable(),
	}
}

// Edges of the CorpusGateRun.
func (CorpusGateRun) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("change_request", ChangeRequest.Type).Ref("gate_runs").Field("change_request_id").
			Unique().Required().Immutable(),
		edge.To("findings", CorpusFinding.Type),
	}
}

// Indexes of the CorpusGateRun.
func (CorpusGateRun) Indexes() []ent.Index {
	return []ent.Index{index.Fields("change_request_id", "attempt", "position").Unique()}
}
