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

// CorpusFinding is one auditable unit of a merge gate's run, as a problem
// gate's Finding is: the check and its criterion, the span (a field path
// into the request's drafts, offsets and the quote), the behaviour, the
// evidence, the verdict, the fix and the consequence.
type CorpusFinding struct{ ent.Schema }

// Annotations of the CorpusFinding.
func (CorpusFinding) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}

// Mixin of the CorpusFinding.
func (CorpusFinding) Mixin() []ent.Mixin { return []ent.Mixin{gid.WithPrefix(gid.CorpusFinding)} }

// Fields of the CorpusFinding.
func (CorpusFinding) Fields() []ent.Field {
	return []ent.Field{
		field.String("gate_run_id").Immutable(),
		field.Int("position").NonNegative().Immutable(),
		field.String("check").Immutable(),
		field.Text("criterion").Immutable(),
		field.Enum("verdict").Values("PASS", "FAIL", "NEEDS_HUMAN", "UNKNOWN").Immutable(),
		field.Enum("evidence").Values("SUPPORTS", "CONTRADICTS", "INSUFFICIENT").Immutable(),
		field.Text("behaviour").Immutable(),
		field.Text("fix").Default("").Immutable(),
		field.String("consequence").Default("").Immutable(),
		field.String("code").Default("").Immutable().Comment("The stable error code of an intake failure (CYCLE, MISSING_TARGET, …)."),
		field.String("span_field").Immutable(),
		field.Int("span_start").Immutable(),
		field.Int("span_end").Immutable(),
		field.Text("span_quote").Default("").Immutable(),
	}
}

// Edges of the CorpusFinding.
func (CorpusFinding) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("run", CorpusGateRun.Type).Ref("findings").Field("gate_run_id").Unique().Required().Immutable(),
	}
}

// Indexes of the CorpusFinding.
func (CorpusFinding) Indexes() []ent.Index {
	return []ent.Index{index.Fields("gate_run_id", "position").Unique()}
}
