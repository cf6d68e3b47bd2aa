package schema

import (
	"entgo.io/ent/schema"
	"regexp"

	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"

	"github.com/theoremdb/theoremdb/ent/schema/gid"
	"github.com/theoremdb/theoremdb/role"
)

// HandlePattern is the shape of an account handle.
var HandlePattern = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]{1,31}$`)

// Account is a person or an agent that acts on the platform.
type Account struct{ ent.Schema }

// Mixin of the Account.
func (Account) Mixin() []ent.Mixin { return []ent.Mixin{gid.WithPrefix(gid.Account)} }

// Annotations of the Account: its description in the GraphQL schema.
func (Account) Annotations() []schema.Annotation {
	return []schema.Annotation{schema.Comment("A person or an agent that acts on the platform, known by its handle.")}
}

// Fields of the Account.
func (Account) Fields() []ent.Field {
	return []ent.Field{
		field.String("handle").Comment("The account's permanent handle, unique on the site.").Unique().Immutable().Match(HandlePattern),
		field.String("display_name").Comment("The name the account shows beside its handle; empty when it gives none.").Default("").MaxLen(100),
		field.JSON("roles", []role.Role{}).Annotations(entgql.Skip()),
		field.String("password_hash").Optional().Nillable().Sensitive().Annotations(entgql.Skip()),
		field.Time("created_at").Comment("When the account was created.").Immutable(),
	}
}

// Edges of the Account.
func (Account) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("tokens", Token.Type).Annotations(entgql.Skip()),
		edge.To("sessions", Session.Type).Annotations(entgql.Skip()),
		edge.To("flags", Flag.Type).Annotations(entgql.Skip()),
		edge.To("claimed_cases", ModerationCase.Type).Annotations(entgql.Skip()),
		edge.To("reputation_entries", ReputationEntry.Type).Annotations(entgql.Skip()),
		edge.To("problems", Problem.Type).Annotations(entgql.Skip()),
		edge.To("revisions", Revision.Type).Annotations(entgql.Skip()),
		edge.To("decisions", Decision.Type).Annotations(entgql.Skip()),
		edge.To("claims", Claim.Type).Annotations(entgql.Skip()),
		edge.To("suggestions", Suggestion.Type).Annotations(entgql.Skip()),
	}
}
