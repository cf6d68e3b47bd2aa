package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	"github.com/theoremdb/theoremdb/ent/schema/gid"
)

// Appeal is a proposer's appeal of one decision on their problem, with their reason: human work
// in the appeals queue, once per decision. An upheld appeal that shows a criterion was wrong
// proposes a new version of that criterion (CriterionChange).
type Appeal struct{ ent.Schema }

// Annotations of the Appeal: it is read through the policy, not the generated API.
func (Appeal) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}

// Mixin of the Appeal.
func (Appeal) Mixin() []ent.Mixin { return []ent.Mixin{gid.WithPrefix(gid.Appeal)} }

// Fields of the Appeal.
func (Appeal) Fields() []ent.Field {
	return []ent.Field{
		field.String("decision_id").Immutable().Unique(),
		field.String("problem_id").Immutable(),
		field.String("proposer_id").Immutable(),
		field.Text("reason").Immutable(),
		field.Enum("state").Values("OPEN", "UPHELD", "DISMISSED").Default("OPEN"),
		field.Time("created_at").Immutable(),
		field.String("resolved_by_id").Optional().Nillable(),
		field.Time("resolved_at").Optional().Nillable(),
		field.Text("resolution").Default(""),
		field.String("criterion_change_id").Optional().Nillable(),
	}
}

// Indexes of the Appeal.
func (Appeal) Indexes() []ent.Index {
	return []ent.Index{index.Fields("state", "created_at"), index.Fields("problem_id")}
}

// CriterionChange is a proposed new version of one check's criterion: the text as it stood, the
// text proposed, why, and the appeal that showed the criterion wrong. Versions count from 2 per
// check (1 is the criterion the code states). The owner of the criteria adopts or declines a
// proposal with a reason; an adopted version applies to the problems submitted after decided_at.
type CriterionChange struct{ ent.Schema }

// Annotations of the CriterionChange: it is read through the policy, not the generated API.
func (CriterionChange) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}

// Mixin of the CriterionChange.
func (CriterionChange) Mixin() []ent.Mixin { return []ent.Mixin{gid.WithPrefix(gid.CriterionChange)} }

// Fields of the CriterionChange.
func (CriterionChange) Fields() []ent.Field {
	return []ent.Field{
		field.String("check").Immutable(),
		field.Int("version").Positive().Immutable(),
		field.Text("previous").Immutable(),
		field.Text("proposed").Immutable(),
		field.Text("why").Immutable(),
		field.String("appeal_id").Optional().Nillable().Immutable(),
		field.String("proposed_by_id").Immutable(),
		field.Enum("state").Values("PROPOSED", "ADOPTED", "DECLINED").Default("PROPOSED"),
		field.Time("created_at").Immutable(),
		field.String("decided_by_id").Optional().Nillable(),
		field.Time("decided_at").Optional().Nillable(),
		field.Text("decision_reason").Default(""),
	}
}

// Indexes of the CriterionChange.
func (CriterionChange) Indexes() []ent.Index {
	return []ent.Index{index.Fields("check", "version").Unique(), index.Fields("state", "decided_at")}
}
