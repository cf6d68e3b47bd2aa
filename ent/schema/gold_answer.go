package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	"github.com/theoremdb/theoremdb/ent/schema/gid"
)

// GoldAnswer is a reviewer's decision on a blind gold item: a gold packet that reached their
// review queue as an ordinary item, with the machine's provisional verdict hidden. It is graded
// against the packet's known answer when it is recorded; it decides nothing about any problem.
type GoldAnswer struct{ ent.Schema }

// Annotations of the GoldAnswer: it is read through the policy, not the generated API.
func (GoldAnswer) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}

// Mixin of the GoldAnswer.
func (GoldAnswer) Mixin() []ent.Mixin { return []ent.Mixin{gid.WithPrefix(gid.GoldAnswer)} }

// Fields of the GoldAnswer.
func (GoldAnswer) Fields() []ent.Field {
	return []ent.Field{
		field.String("reviewer_id").Immutable(),
		field.String("packet_id").Immutable(),
		field.String("action").Immutable(),
		field.Bool("right").Immutable(),
		field.Text("reason").Immutable(),
		field.Time("created_at").Immutable(),
	}
}

// Indexes of the GoldAnswer: one answer a reviewer and packet.
func (GoldAnswer) Indexes() []ent.Index {
	return []ent.Index{index.Fields("reviewer_id", "packet_id").Unique(), index.Fields("created_at")}
}
