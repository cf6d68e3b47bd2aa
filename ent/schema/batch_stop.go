package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	"github.com/theoremdb/theoremdb/ent/schema/gid"
)

// BatchStop stops the judging of a batch: while it is open, no candidate from its source (a
// generator named in provenance.generatedBy, or an importer) may be qualified, until the source
// is fixed and an operator lifts the stop.
type BatchStop struct{ ent.Schema }

// Annotations of the BatchStop: it is read through the policy, not the API.
func (BatchStop) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}

// Mixin of the BatchStop.
func (BatchStop) Mixin() []ent.Mixin { return []ent.Mixin{gid.WithPrefix(gid.BatchStop)} }

// Fields of the BatchStop.
func (BatchStop) Fields() []ent.Field {
	return []ent.Field{
		field.String("source").NotEmpty().MaxLen(1000).Immutable().
			Comment("generator:NAME for a provenance.generatedBy, import:SOURCE for an importer"),
		field.Text("reason").NotEmpty().Immutable(),
		field.String("stopped_by_id").Immutable(),
		field.Time("stopped_at").Immutable(),
		field.Time("lifted_at").Optional().Nillable(),
		field.String("lifted_by_id").Optional().Nillable(),
	}
}

// Indexes of the BatchStop.
func (BatchStop) Indexes() []ent.Index {
	return []ent.Index{index.Fields("source", "lifted_at")}
}
