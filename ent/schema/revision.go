package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	"github.com/theoremdb/theoremdb/ent/schema/gid"
	"github.com/theoremdb/theoremdb/packet"
)

// Revision is the immutable content of a problem at one point in time.
type Revision struct{ ent.Schema }

// Mixin of the Revision.
func (Revision) Mixin() []ent.Mixin { return []ent.Mixin{gid.WithPrefix(gid.Revision)} }

// Fields of the Revision. Nothing here changes after it is written.
func (Revision) Fields() []ent.Field {
	return []ent.Field{
		field.String("problem_id").Immutable(),
		field.Int("number").Positive().Immutable(),
		field.String("title").NotEmpty().Immutable(),
		field.Text("statement").NotEmpty().Immutable(),
		field.JSON("exposition", []packet.ExpositionEntry{}).Immutable().Annotations(entgql.Skip()),
		field.JSON("acceptance", packet.Acceptance{}).Immutable().Annotations(entgql.Skip()),
		field.JSON("provenance", packet.Provenance{}).Immutable().Annotations(entgql.Skip()),
		field.JSON("reference_search", packet.ReferenceSearch{}).Immutable().Annotations(entgql.Skip()),
		field.Strings("tags").Optional().Immutable(),
		field.Text("hero_brief").Default("").Immutable(),
		field.Text("hero_alt").Default("").Immutable(),
		field.Text("hero_caption").Default("").Immutable(),
		field.Text("hero_rights_basis").Default("").Immutable(),
		field.Bool("hero_bespoke").Default(false).Immutable(),
		field.JSON("open_status", packet.OpenStatus{}).Optional().Immutable().Annotations(entgql.Skip()),
		field.JSON("computation", &packet.Computation{}).Optional().Immutable().Annotations(entgql.Skip()),
		field.String("note").Default("").Immutable().
			Comment("Who applied the revision and why, when it was not the proposer."),
		field.String("author_id").Immutable(),
		field.Time("created_at").Immutable(),
	}
}

// Edges of the Revision.
func (Revision) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("problem", Problem.Type).Ref("revisions").Field("problem_id").Unique().Required().Immutable(),
		edge.From("author", Account.Type).Ref("revisions").Field("author_id").Unique().Required().Immutable(),
		edge.To("references", Reference.Type),
		edge.To("current_of", Problem.Type).Annotations(entgql.Skip()),
		edge.To("pending_of", Problem.Type).Annotations(entgql.Skip()),
		edge.To("decisions", Decision.Type).Annotations(entgql.Skip()),
		edge.To("checks", GateRun.Type).Annotations(entgql.Skip()),
	}
}

// Indexes of the Revision.
func (Revision) Indexes() []ent.Index {
	return []ent.Index{index.Fields("problem_id", "number").Unique()}
}
