package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
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

// Annotations of the Revision: its description in the GraphQL schema.
func (Revision) Annotations() []schema.Annotation {
	return []schema.Annotation{schema.Comment("The immutable content of a problem at one point: title, statement, references and the rest of its packet. A change is a new revision.")}
}

// Fields of the Revision. Nothing here changes after it is written.
func (Revision) Fields() []ent.Field {
	return []ent.Field{
		field.String("problem_id").Comment("The ID of the problem.").Immutable(),
		field.Int("number").Comment("The revision's number within its problem, from 1.").Positive().Immutable(),
		field.String("title").Comment("The problem's title in this revision.").NotEmpty().Immutable(),
		field.Text("statement").Comment("The problem's statement, Markdown with TeX.").NotEmpty().Immutable(),
		field.JSON("exposition", []packet.ExpositionEntry{}).Immutable().Annotations(entgql.Skip()),
		field.JSON("acceptance", packet.Acceptance{}).Immutable().Annotations(entgql.Skip()),
		field.JSON("provenance", packet.Provenance{}).Immutable().Annotations(entgql.Skip()),
		field.JSON("reference_search", packet.ReferenceSearch{}).Immutable().Annotations(entgql.Skip()),
		field.Strings("tags").Comment("The subject tags the revision gives.").Optional().Immutable(),
		field.Text("hero_brief").Comment("The proposer's brief for the problem's picture.").Default("").Immutable(),
		field.Text("hero_alt").Comment("The picture's text alternative.").Default("").Immutable(),
		field.Text("hero_caption").Comment("The picture's caption.").Default("").Immutable(),
		field.Text("hero_rights_basis").Comment("The rights basis of bespoke art; empty for the generated figure.").Default("").Immutable(),
		field.Bool("hero_bespoke").Comment("Whether the revision asks for bespoke art rather than the generated figure.").Default(false).Immutable(),
		field.JSON("open_status", packet.OpenStatus{}).Optional().Immutable().Annotations(entgql.Skip()),
		field.JSON("computation", &packet.Computation{}).Optional().Immutable().Annotations(entgql.Skip()),
		field.String("note").Default("").Immutable().
			Comment("Who applied the revision and why, when it was not the proposer."),
		field.String("author_id").Comment("The ID of the account that wrote the revision.").Immutable(),
		field.Time("created_at").Comment("When the revision was made.").Immutable(),
	}
}

// Edges of the Revision.
func (Revision) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("problem", Problem.Type).Comment("The problem the revision belongs to.").Ref("revisions").Field("problem_id").Unique().Required().Immutable(),
		edge.From("author", Account.Type).Comment("The account that wrote the revision.").Ref("revisions").Field("author_id").Unique().Required().Immutable(),
		edge.To("references", Reference.Type).Comment("The sources the revision cites, in order."),
		edge.To("current_of", Problem.Type).Annotations(entgql.Skip()),
		edge.To("pending_of", Problem.Type).Annotations(entgql.Skip()),
		edge.To("decisions", Decision.Type).Annotations(entgql.Skip()),
		edge.To("checks", GateRun.Type).Annotations(entgql.Skip()),
	}
}

// Indexes of the Revision.
func (Revision) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("problem_id", "number").Unique(),
		index.Fields("author_id"), // the source rate of an author counts its revisions' references
	}
}
