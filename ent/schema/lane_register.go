package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
)

// LaneRegisterStatuses are where a claim lane stands (AutoQA's claim lane register): DRAFT and
// RETIRED lanes never run; a SHADOW lane runs and is recorded but never counts toward a
// recommendation that publishes; an ACTIVE lane counts once an operator approved it.
var LaneRegisterStatuses = []string{"DRAFT", "SHADOW", "ACTIVE", "RETIRED"}

// LaneRegisterEntry is a lane's row in the claim lane register: the claim it judges, on what,
// from which record, on whose authority, what each kind of error costs and who owns the
// ambiguity and the outcome. A lane runs only with an entry. Its ID is the lane's.
type LaneRegisterEntry struct{ ent.Schema }

// Annotations of the LaneRegisterEntry: it is read through the policy, not the generated API.
func (LaneRegisterEntry) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}

// Fields of the LaneRegisterEntry.
func (LaneRegisterEntry) Fields() []ent.Field {
	return []ent.Field{
		field.String("id").NotEmpty().Immutable().Comment("the lane's ID"),
		field.Text("claim_text"),
		field.Text("unit_of_analysis"),
		field.Text("admitted_record"),
		field.Text("permitted_external_sources"),
		field.String("outcome_contract_version"),
		field.Text("authority"),
		field.Text("false_positive_consequence"),
		field.Text("false_negative_consequence"),
		field.String("ambiguity_owner"),
		field.String("accountable_owner"),
		field.Enum("status").Values(LaneRegisterStatuses...),
		field.String("updated_by_id"),
		field.Time("updated_at"),
	}
}
