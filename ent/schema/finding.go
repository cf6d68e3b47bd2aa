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

// Finding is one auditable unit of a gate run (POLICY.md section 6): the check and the criterion
// it applied, the span it looked at, what it observed, the evidence class, the verdict, the fix a
// proposer can apply and, only where the gate has the authority, the consequence.
type Finding struct{ ent.Schema }

// Mixin of the Finding.
func (Finding) Mixin() []ent.Mixin { return []ent.Mixin{gid.WithPrefix(gid.Finding)} }

// Annotations of the Finding: its description in the GraphQL schema.
func (Finding) Annotations() []schema.Annotation {
	return []schema.Annotation{schema.Comment("One auditable unit of a gate run: the check and its criterion, the span it read, the behaviour it saw, the evidence, the verdict and the fix.")}
}

// Fields of the Finding.
func (Finding) Fields() []ent.Field {
	return []ent.Field{
		field.String("gate_run_id").Immutable().Annotations(entgql.Skip()),
		field.Int("position").Comment("The finding's place among its run's findings, from 0.").NonNegative().Immutable(),
		field.String("check").Comment("The stable name of the check that produced the finding, such as statement.variable-domain.").Immutable(),
		field.Text("criterion").Comment("The rule of the policy the check applies, in words.").Immutable(),
		field.String("policy_version").Comment("The version of the policy the criterion was read from.").Immutable(),
		field.Enum("verdict").Comment("PASS, FAIL, NEEDS_HUMAN (a person must read the span) or UNKNOWN (the check could not run).").Values("PASS", "FAIL", "NEEDS_HUMAN", "UNKNOWN").Immutable(),
		field.Enum("evidence").Comment("Whether what the check read SUPPORTS or CONTRADICTS the criterion, or is INSUFFICIENT to tell.").Values("SUPPORTS", "CONTRADICTS", "INSUFFICIENT").Immutable(),
		field.Text("behaviour").Comment("What the check saw, in words, quoting the span.").Immutable(),
		field.Text("fix").Comment("What the proposer can change to meet the criterion; empty on a pass.").Default("").Immutable(),
		field.String("consequence").Comment("What the verdict does to the problem (holds it, blocks qualify, nothing); empty when it does nothing.").Default("").Immutable(),
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
