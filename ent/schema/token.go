package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"

	"github.com/theoremdb/theoremdb/ent/schema/gid"
)

// Token is a bearer token for agents and API use. Only its SHA-256 digest is
// stored; the token itself is shown once when it is made.
type Token struct{ ent.Schema }

// Annotations of the Token: never exposed over GraphQL.
func (Token) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}

// Mixin of the Token.
func (Token) Mixin() []ent.Mixin { return []ent.Mixin{gid.WithPrefix(gid.Token)} }

// Fields of the Token.
func (Token) Fields() []ent.Field {
	return []ent.Field{
		field.String("account_id").Immutable(),
		field.String("digest").Unique().Immutable().Sensitive(),
		field.String("label").Default("").MaxLen(100),
		field.Time("created_at").Immutable(),
		field.Time("revoked_at").Optional().Nillable(),
	}
}

// Edges of the Token.
func (Token) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("account", Account.Type).Ref("tokens").Field("account_id").Unique().Required().Immutable(),
	}
}
