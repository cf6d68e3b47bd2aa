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

// ReputationEntry is one row of the append-only reputation ledger. Balances
// are derived from it, never stored. Amount is always positive; the kind says
// which way it moves: a grant adds to the available balance, an escrow moves a
// point from available to escrowed, a return moves it back, a forfeit removes
// it from escrow.
type ReputationEntry struct{ ent.Schema }

// Mixin of the ReputationEntry.
func (ReputationEntry) Mixin() []ent.Mixin { return []ent.Mixin{gid.WithPrefix(gid.ReputationEntry)} }

// Annotations of the ReputationEntry: its description in the GraphQL schema.
func (ReputationEntry) Annotations() []schema.Annotation {
	return []schema.Annotation{schema.Comment("One entry of an account's reputation ledger: a grant, a stake escrowed on a submission, and its return or forfeit.")}
}

// Fields of the ReputationEntry.
func (ReputationEntry) Fields() []ent.Field {
	return []ent.Field{
		field.String("account_id").Comment("The ID of the account whose ledger this is.").Immutable(),
		field.String("problem_id").Comment("The ID of the problem the stake is on; empty for a grant.").Optional().Nillable().Immutable(),
		field.Enum("kind").Comment("GRANT, ESCROW (a stake on a submission), RETURN (the stake back) or FORFEIT (the stake lost).").Values("GRANT", "ESCROW", "RETURN", "FORFEIT").Immutable(),
		field.Int("amount").Comment("The number of points moved.").Positive().Immutable(),
		field.Time("at").Comment("When the entry was made.").Immutable(),
		field.String("grant_of").Optional().Nillable().Unique().Immutable().Annotations(entgql.Skip()).
			Comment("The account, on its grant entry only: makes the one-time grant unique."),
	}
}

// Edges of the ReputationEntry.
func (ReputationEntry) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("account", Account.Type).Ref("reputation_entries").Field("account_id").Unique().Required().Immutable().
			Annotations(entgql.Skip()),
		edge.From("problem", Problem.Type).Comment("The problem the stake is on.").Ref("reputation_entries").Field("problem_id").Unique().Immutable(),
	}
}

// Indexes of the ReputationEntry. With grant_of they make the stake
// transitions exactly-once in the database itself: one entry of each kind
// per problem, one grant per account.
func (ReputationEntry) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("account_id", "at"),
		index.Fields("problem_id", "kind").Unique(),
	}
}
