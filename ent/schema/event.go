package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
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
// version never goes down along the chain. Version 3 hashes a commitment
// to the actor (SHA-256 of ActorSalt and Actor) in place of the actor, so
// that anyone can check an event's hash from what GraphQL shows of it
// while the account stays hidden where the pages hide it.
type Event struct{ ent.Schema }

// Mixin of the Event.
func (Event) Mixin() []ent.Mixin { return []ent.Mixin{gid.WithPrefix(gid.Event)} }

// Annotations of the Event: its description in the GraphQL schema.
func (Event) Annotations() []schema.Annotation {
	return []schema.Annotation{schema.Comment("One entry of the append-only, hash-chained event log: every change of state on the site is one event, and the chain of hashes, which the site's operators verify (theoremdb admin verify-log), shows that none was altered or dropped.")}
}

// Fields of the Event.
func (Event) Fields() []ent.Field {
	return []ent.Field{
		field.Int64("seq").Comment("The event's place in the log, from 1, without gaps.").Unique().Immutable().Positive(),
		field.Time("at").Comment("When the event happened.").Immutable(),
		// GraphQL shows the actor by handle, by one rule (policy.ActorShown): graph/problem.graphqls.
		field.String("actor").Comment("The ID of the account that acted, or system for what the platform did by itself (a deadline, a gate, a job).").Immutable().
			Annotations(entgql.Skip()),
		field.String("authority").Comment("By what right the actor acted: submitter, reviewer, staff, moderation, community, operator, challenge_window_elapsed, publication_gate, record_plane, trusted_import, writer, merge_gates.").Immutable(),
		field.String("kind").Comment("What happened, as a dotted name such as problem.submitted, decision.recorded or claim.attached; /api#events lists every kind with its meaning and its payload's keys.").Immutable(),
		field.String("subject").Comment("The ID of what the event is about: a problem's TDB-n, a node's N-n, an account, a case, a change request, …").Immutable(),
		field.Text("payload").Comment("The event's details: a JSON object whose keys depend on its kind, as /api#events lists them; {\"withheld\": …} on a removed problem's events other than moderation's.").Immutable(),
		field.String("prev_hash").Comment("The hash of the event before this one (64 zeros for the first), which chains the log.").Immutable(),
		field.String("hash").Comment("SHA-256, hex, over the canonical encoding of this event including prevHash.").Immutable(),
		field.Bool("public").Default(true).Immutable().Annotations(entgql.Skip()),
		field.Int("hash_version").Comment("Which fields the hash covers: 1 for events written before the id and visibility were hashed, 2 for every column but the hash, 3 for every column but the hash with actorCommitment in place of the account that acted.").Default(1).Positive().Immutable().
			Annotations(entgql.Skip(entgql.SkipWhereInput, entgql.SkipOrderField)),
		// A random salt, hex, for the actor's commitment (hash version 3; empty before): it keeps
		// the commitment from being matched against a list of account IDs. Never shown.
		field.String("actor_salt").Default("").Immutable().Annotations(entgql.Skip()),
	}
}

// Indexes of the Event.
func (Event) Indexes() []ent.Index {
	return []ent.Index{index.Fields("subject", "seq")}
}
