package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	"github.com/theoremdb/theoremdb/ent/schema/gid"
)

// Finding is one auditable unit of a gate run (POLICY.md section 6): the check and the criterion
// it applied, the span it looked at, what it observed, the evidence class, the verdict, the fix a
// proposer can apply and, only where the gate has the authority, the consequence.
type Finding struct{ ent.Schema }

// Mixin of the Finding.
func (Finding) Mixin() []ent.Mixin { return []ent.Mixin{gid.WithPrefix(gid.Finding)} }

// Fields of the Finding.
func (Finding) Fields() []ent.Field {
	return []ent.Field{
		field.String("gate_run_id").Immutable().Annotations(entgql.Skip()),
		field.Int("position").NonNegative().Immutable(),
		field.String("check").Immutable(),
		field.Text("criterion").Immutable(),
		field.String("policy_version").Immutable(),
		field.Enum("verdict").Values("PASS", "FAIL", "NEEDS_HUMAN", "UNKNOWN").Immutable(),
		field.Enum("evidence").Values("SUPPORTS", "CONTRADICTS", "INSUFFICIENT").Immutable(),
		field.Text("behaviour").Immutable(),
		field.Text("fix").Default("").Immutable(),
		field.String("consequence").Default("").Immutable(),
		field.String("span_field").Immutable().Annotations(entgql.Skip()),
		field.Int("span_start").Immutable().Annotations(entgql.Skip()),
		field.Int("span_end").Immutable().Annotations(entgql.Skip()),
		field.Text("span_quote").Default("").Immutable().Annotations(entgql.Skip()),
	}
}

// Edges of the Finding.
func (Finding) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("run", GateRun.Type).Ref("findings").Field("gate_run_id").Unique().Required().Immutable().
			Annotations(entgql.Skip()),
	}
}

// Indexes of the Finding.
func (Finding) Indexes() []ent.Index {
	return []ent.Index{index.Fields("gate_run_id", "position").Unique()}
}
