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

// Confirmations are the outcomes of confirming a source against what was claimed of it.
var Confirmations = []string{"PENDING", "CONFIRMED", "MISMATCH", "NOT_FOUND"}

// Reference is one row of a revision's bibliography: which source, where in
// it, why it matters to this problem, and in what role.
type Reference struct{ ent.Schema }

// Mixin of the Reference.
func (Reference) Mixin() []ent.Mixin { return []ent.Mixin{gid.WithPrefix(gid.Reference)} }

// Annotations of the Reference: its description in the GraphQL schema.
func (Reference) Annotations() []schema.Annotation {
	return []schema.Annotation{schema.Comment("One source a revision cites, with the locator, what the source is cited for and whether the record confirms it.")}
}

// Fields of the Reference.
func (Reference) Fields() []ent.Field {
	return []ent.Field{
		field.String("revision_id").Immutable().Annotations(entgql.Skip()),
		field.String("source_id").Immutable().Annotations(entgql.Skip()),
		field.Int("position").Comment("The reference's place in its revision's list, from 0.").NonNegative().Immutable(),
		field.Text("citation").Comment("The citation as the proposer wrote it.").NotEmpty().Immutable(),
		field.String("locator").Comment("Where in the source the cited statement is (a theorem, a page, a section); empty when none was given.").Default("").Immutable(),
		field.Text("relevance").Comment("What the source is cited for, in the proposer's words.").NotEmpty().Immutable(),
		field.Enum("role").Comment("PRIMARY for the problem's source, SECONDARY for further reading, STATUS_EVIDENCE for what supports the stated open status.").Values("PRIMARY", "SECONDARY", "STATUS_EVIDENCE").Immutable(),
		field.Bool("locator_confirmed").Comment("Whether a reviewer confirmed that the locator points at the cited statement.").Default(false),
		// What the proposer claims the source is (optional for members, required of agents); the
		// record plane compares it with the source's record.
		field.String("claimed_title").Comment("The title the proposer says the source has; empty when none was given.").Default("").Immutable(),
		field.Strings("claimed_authors").Comment("The authors the proposer says the source has.").Optional().Immutable(),
		field.Int("claimed_year").Comment("The year the proposer says the source has.").Optional().Nillable().Immutable(),
		field.Enum("confirmation").Values(Confirmations...).Default("PENDING").
			Comment("This reference's claim against its source's record: MISMATCH and NOT_FOUND count as fabricated."),
		field.Text("confirmation_reason").Comment("Why the record plane confirmed or rejected the citation, in words.").Default(""),
		field.Bool("rejected").Default(false).Comment("An agent's fabricated reference: kept in the record, never shown as a reference."),
		field.Text("rejection_reason").Comment("Why an agent's reference was rejected as fabricated; empty otherwise.").Default(""),
	}
}

// Edges of the Reference.
func (Reference) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("revision", Revision.Type).Comment("The revision that cites the source.").Ref("references").Field("revision_id").Unique().Required().Immutable(),
		edge.From("source", Source.Type).Comment("The cited source, shared by every reference to it.").Ref("references").Field("source_id").Unique().Required().Immutable(),
	}
}

// Indexes of the Reference.
func (Reference) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("revision_id", "position").Unique(),
		// A source's citations are found by it (its confirmation, whether it is withheld),
		// and a source row written again by an upsert is checked against its citing rows: on
		// SQLite that check read every row of the table without this index.
		index.Fields("source_id"),
	}
}
