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

// Claim is a research object attached to a problem: a lemma, bound, partial
// result or answer, with its own status.
type Claim struct{ ent.Schema }

// Mixin of the Claim.
func (Claim) Mixin() []ent.Mixin { return []ent.Mixin{gid.WithPrefix(gid.Claim)} }

// Annotations of the Claim: its description in the GraphQL schema.
func (Claim) Annotations() []schema.Annotation {
	return []schema.Annotation{schema.Comment("A research object attached to a problem: a lemma, a bound, a partial result, an example or a computation, with its status.")}
}

// Fields of the Claim.
func (Claim) Fields() []ent.Field {
	return []ent.Field{
		field.String("problem_id").Immutable().Annotations(entgql.Skip()),
		field.String("author_id").Optional().Nillable().Immutable().Annotations(entgql.Skip()),
		field.Enum("object_type").Comment("What kind of research object the claim is.").Values("CLAIM", "LEMMA", "BOUND", "EXAMPLE", "COMPUTATION").Default("CLAIM").Immutable(),
		field.Enum("status").Comment("PROPOSED until a review establishes or refutes it; WITHDRAWN by its author.").Values("PROPOSED", "ESTABLISHED", "REFUTED", "WITHDRAWN").Default("PROPOSED"),
		field.Text("summary").Comment("The claim in a sentence or a paragraph, Markdown with TeX.").NotEmpty(),
		field.Text("scope").Comment("What the claim covers when it is narrower than the problem (a range, a special case); empty when it is the whole problem.").Default(""),
		field.Text("source").Comment("Where the claim is stated or proved: a DOI, an arXiv identifier or a URL, with the place in it; empty when the author gives none.").Default("").Immutable(),
		field.String("superseded_by_id").Optional().Nillable().Annotations(entgql.Skip()),
		field.Time("created_at").Comment("When the claim was attached.").Immutable(),
	}
}

// Edges of the Claim.
func (Claim) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("problem", Problem.Type).Comment("The problem the claim is attached to.").Ref("claims").Field("problem_id").Unique().Required().Immutable(),
		edge.From("author", Account.Type).Comment("The account that attached the claim; empty for a claim an import brought with its source.").Ref("claims").Field("author_id").Unique().Immutable(),
		edge.To("supersedes", Claim.Type).Comment("The claims this one replaces.").From("superseded_by").Comment("The claim that replaces this one, when there is one.").Field("superseded_by_id").Unique(),
		edge.To("bindings", Binding.Type).Comment("The problems this claim is bound to, and how."),
	}
}

// Indexes of the Claim.
func (Claim) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("problem_id", "created_at"), // the problem packet reads a problem's claims
	}
}
