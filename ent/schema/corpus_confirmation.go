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

// ConfirmationKinds are what a person can confirm of a node (K9.6): a
// statement against its source at a locator, a proof read step by step,
// or a formal binding.
var ConfirmationKinds = []string{"STATEMENT_SOURCE", "PROOF_STEPS", "BINDING"}

// CorpusConfirmation is one person's confirmation of one section of one
// node revision, recorded per section (never per session). Blind is true
// when the person could not see an earlier confirmation.
type CorpusConfirmation struct{ ent.Schema }

// Annotations of the CorpusConfirmation.
func (CorpusConfirmation) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}

// Mixin of the CorpusConfirmation.
func (CorpusConfirmation) Mixin() []ent.Mixin {
	return []ent.Mixin{gid.WithPrefix(gid.CorpusConfirmation)}
}

// Fields of the CorpusConfirmation.
func (CorpusConfirmation) Fields() []ent.Field {
	return []ent.Field{
		field.String("node_id").Immutable(),
		field.String("revision_id").Immutable(),
		field.Enum("kind").Values(ConfirmationKinds...).Immutable(),
		field.String("section").Default("").Immutable(),
		field.String("account_id").Immutable(),
		field.Bool("blind").Default(false).Immutable(),
		field.Time("created_at").Immutable(),
	}
}

// Edges of the CorpusConfirmation.
func (CorpusConfirmation) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("node", CorpusNode.Type).Ref("confirmations").Field("node_id").Unique().Required().Immutable(),
	}
}

// Indexes of the CorpusConfirmation.
func (CorpusConfirmation) Indexes() []ent.Index {
	return []ent.Index{index.Fields("node_id", "revision_id")}
}
