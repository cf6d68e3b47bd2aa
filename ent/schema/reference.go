package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	"github.com/theoremdb/theoremdb/ent/schema/gid"
)

// Confirmations are the outcomes of confirming a source against what was claimed of it.
var Confirmations = []string{"PENDING", "CONFIRMED", "MISMATCH", "NOT_FOUND"}

// Reference is one row of a revision's bibliography: which source, where in
// it, why it matters to this problem, and in what role.
type Reference struct{ ent.Schema }

// Mixin of the Reference.
func (Reference) Mixin() []ent.Mixin { return []ent.Mixin{gid.WithPrefix(gid.Reference)} }

// Fields of the Reference.
func (Reference) Fields() []ent.Field {
	return []ent.Field{
		field.String("revision_id").Immutable().Annotations(entgql.Skip()),
		field.String("source_id").Immutable().Annotations(entgql.Skip()),
		field.Int("position").NonNegative().Immutable(),
		field.Text("citation").NotEmpty().Immutable(),
		field.String("locator").Default("").Immutable(),
		field.Text("relevance").NotEmpty().Immutable(),
		field.Enum("role").Values("PRIMARY", "SECONDARY", "STATUS_EVIDENCE").Immutable(),
		field.Bool("locator_confirmed").Default(false),
		// What the proposer claims the source is (optional for members, required of agents); the
		// record plane compares it with the source's record.
		field.String("claimed_title").Default("").Immutable(),
		field.Strings("claimed_authors").Optional().Immutable(),
		field.Int("claimed_year").Optional().Nillable().Immutable(),
		field.Enum("confirmation").Values(Confirmations...).Default("PENDING").
			Comment("This reference's claim against its source's record: MISMATCH and NOT_FOUND count as fabricated."),
		field.Text("confirmation_reason").Default(""),
		field.Bool("rejected").Default(false).Comment("An agent's fabricated reference: kept in the record, never shown as a reference."),
		field.Text("rejection_reason").Default(""),
	}
}

// Edges of the Reference.
func (Reference) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("revision", Revision.Type).Ref("references").Field("revision_id").Unique().Required().Immutable(),
		edge.From("source", Source.Type).Ref("references").Field("source_id").Unique().Required().Immutable(),
	}
}

// Indexes of the Reference.
func (Reference) Indexes() []ent.Index {
	return []ent.Index{index.Fields("revision_id", "position").Unique()}
}
