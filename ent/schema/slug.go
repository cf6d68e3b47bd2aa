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

// Slug is every slug a problem has had, so an old slug keeps resolving after
// a title change. A slug is never given to another problem.
type Slug struct{ ent.Schema }

// Annotations of the Slug.
func (Slug) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}

// Mixin of the Slug.
func (Slug) Mixin() []ent.Mixin { return []ent.Mixin{gid.WithPrefix(gid.Slug)} }

// Fields of the Slug.
func (Slug) Fields() []ent.Field {
	return []ent.Field{
		field.String("slug").Unique().Immutable().NotEmpty().MaxLen(120),
		field.String("problem_id").Immutable(),
		field.Time("created_at").Immutable(),
	}
}

// Edges of the Slug.
func (Slug) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("problem", Problem.Type).Ref("slugs").Field("problem_id").Unique().Required().Immutable(),
	}
}

// Indexes of the Slug.
func (Slug) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("problem_id"), // a problem's slugs, as the export lists them
	}
}
