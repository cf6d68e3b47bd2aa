package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"

	"github.com/theoremdb/theoremdb/ent/schema/gid"
)

// Tag is a subject label ("number theory"). A problem carries the tags of
// its current revision, so lists can filter by them.
type Tag struct{ ent.Schema }

// Mixin of the Tag.
func (Tag) Mixin() []ent.Mixin { return []ent.Mixin{gid.WithPrefix(gid.Tag)} }

// Annotations of the Tag: its description in the GraphQL schema.
func (Tag) Annotations() []schema.Annotation {
	return []schema.Annotation{schema.Comment("A subject tag problems carry, such as number-theory.")}
}

// Fields of the Tag.
func (Tag) Fields() []ent.Field {
	return []ent.Field{
		field.String("name").Comment("The tag as it is written in URLs and lists.").Unique().Immutable().NotEmpty().MaxLen(60),
	}
}

// Edges of the Tag.
func (Tag) Edges() []ent.Edge {
	return []ent.Edge{edge.From("problems", Problem.Type).Comment("The problems that carry the tag.").Ref("tags")}
}
