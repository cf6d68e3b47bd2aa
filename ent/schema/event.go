package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	"github.com/theoremdb/theoremdb/ent/schema/gid"
)

// Event is one entry of the append-only, hash-chained log. Every state
// change writes one in its own transaction. Seq is gap-free and increasing;
// Hash is SHA-256 over the canonical encoding of the event including
// PrevHash, so editing, deleting or reordering any event breaks the chain.
//
// HashVersion says which encoding Hash covers (policy.ChainHash). Version 1,
// the first, left out id and public, so hiding an event went unnoticed;
// version 2 covers every column but hash itself. Rows written before the
// column existed get 1 from its default and keep verifying as they were
// written, since rehashing them would erase the evidence the chain exists
// to keep; policy writes every new event at the current version, and a
// version never goes down along the chain.
type Event struct{ ent.Schema }

// Mixin of the Event.
func (Event) Mixin() []ent.Mixin { return []ent.Mixin{gid.WithPrefix(gid.Event)} }

// Fields of the Event.
func (Event) Fields() []ent.Field {
	return []ent.Field{
		field.Int64("seq").Unique().Immutable().Positive(),
		field.Time("at").Immutable(),
		field.String("actor").Immutable(),
		field.String("authority").Immutable(),
		field.String("kind").Immutable(),
		field.String("subject").Immutable(),
		field.Text("payload").Immutable(),
		field.String("prev_hash").Immutable(),
		field.String("hash").Immutable(),
		field.Bool("public").Default(true).Immutable().Annotations(entgql.Skip()),
		field.Int("hash_version").Default(1).Positive().Immutable().
			Annotations(entgql.Skip(entgql.SkipWhereInput, entgql.SkipOrderField)),
	}
}

// Indexes of the Event.
func (Event) Indexes() []ent.Index {
	return []ent.Index{index.Fields("subject", "seq")}
}
