package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"

	"github.com/theoremdb/theoremdb/ent/schema/gid"
)

// Session is a signed-in browser session. The cookie carries a random
// token; only its SHA-256 digest is stored, so a database leak does not
// hand out sessions.
type Session struct{ ent.Schema }

// Annotations of the Session: never exposed over GraphQL.
func (Session) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}

// Mixin of the Session.
func (Session) Mixin() []ent.Mixin { return []ent.Mixin{gid.WithPrefix(gid.Session)} }

// Fields of the Session.
func (Session) Fields() []ent.Field {
	return []ent.Field{
		field.String("account_id").Immutable(),
		field.String("digest").Unique().Immutable().Sensitive(),
		field.Time("created_at").Immutable(),
		field.Time("expires_at"),
	}
}

// Edges of the Session.
func (Session) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("account", Account.Type).Ref("sessions").Field("account_id").Unique().Required().Immutable(),
	}
}
