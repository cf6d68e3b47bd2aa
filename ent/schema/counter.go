package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
)

// Counter is a named, monotonically increasing number. Incrementing a row
// inside a transaction both allocates the next value and serialises the
// writers that need it: problem numbers (TDB-<n>) and event sequence
// numbers are allocated this way on both databases.
type Counter struct{ ent.Schema }

// Annotations of the Counter.
func (Counter) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}

// Fields of the Counter.
func (Counter) Fields() []ent.Field {
	return []ent.Field{
		field.String("id").Immutable().NotEmpty(),
		field.Int64("value").NonNegative(),
		field.String("head").Default("").
			Comment("For the event counter: the hash of the newest event."),
	}
}
