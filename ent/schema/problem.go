package schema

import (
	"regexp"

	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// ProblemIDPattern is the shape of a permanent problem ID.
var ProblemIDPattern = regexp.MustCompile(`^TDB-[1-9][0-9]*$`)

// Problem is an open problem with a permanent ID. Its content lives in
// immutable revisions; the problem holds the lifecycle.
type Problem struct{ ent.Schema }

// Annotations of the Problem.
func (Problem) Annotations() []schema.Annotation {
	return []schema.Annotation{
		schema.Comment("An open mathematical problem with a permanent ID (TDB-n). Its content lives in immutable revisions; the problem holds its lifecycle: the seven-day challenge period, acceptance, archive, merge or removal."),
		entgql.RelayConnection(), // Query.problems is in graph/problem.graphqls: it also searches
	}
}

// Fields of the Problem.
func (Problem) Fields() []ent.Field {
	return []ent.Field{
		field.String("id").Comment("The permanent ID, TDB-n: never reused, and resolved for ever (a merged problem's ID leads to its survivor).").Immutable().Match(ProblemIDPattern),
		field.Int("number").Comment("The n of the permanent ID.").Unique().Immutable().Positive().
			Annotations(entgql.OrderField("NUMBER")),
		field.String("slug").Comment("The current title as a URL slug: /p/TDB-n/slug.").Unique().NotEmpty().MaxLen(120),
		field.String("title").NotEmpty().
			Comment("The current revision's title, kept here for lists and search.").
			Annotations(entgql.OrderField("TITLE")),
		field.Enum("acceptance_kind").Values("PROOF", "NUMERICAL", "SEARCH", "CLASSIFICATION").
			Comment("The current revision's acceptance kind, kept here for filtering."),
		field.Enum("provenance_kind").Values("IMPORTED", "REFORMULATION", "ORIGINAL").
			Comment("The current revision's provenance kind, kept here for filtering."),
		field.String("import_key").Optional().Nillable().Unique().Immutable().Annotations(entgql.Skip()).
			Comment("The source's key of an imported problem (erdos:123), so re-imports update it."),
		field.Enum("state").Comment("PROSPECTING during the challenge period; ACCEPTED when a reviewer qualifies it or the period ends without archive or merge; ARCHIVED, MERGED or REMOVED otherwise.").Values("PROSPECTING", "ACCEPTED", "ARCHIVED", "MERGED", "REMOVED").
			Default("PROSPECTING"),
		field.Time("submitted_at").Comment("When the problem was submitted.").Immutable().
			Annotations(entgql.OrderField("SUBMITTED_AT")),
		field.Time("deadline").Comment("When the challenge period ends: the problem is accepted by default then unless it is held, archived or merged.").
			Annotations(entgql.OrderField("DEADLINE")),
		field.Time("updated_at").Comment("When the problem last changed.").
			Annotations(entgql.OrderField("UPDATED_AT")),
		field.Time("accepted_at").Comment("When the problem was accepted; empty before.").Optional().Nillable(),
		field.Enum("acceptance_authority").Comment("Who accepted it: a REVIEWER's qualify, the CHALLENGE_WINDOW_ELAPSED by default, or STAFF.").Values("REVIEWER", "CHALLENGE_WINDOW_ELAPSED", "STAFF").
			Optional().Nillable(),
		field.Enum("stake_state").Values("ESCROWED", "RETURNED", "FORFEITED").Optional().Nillable().
			Comment("Empty for a trusted import, which stakes nothing.").
			Annotations(entgql.Skip()),
		field.Time("removed_at").Comment("When the problem was removed; empty unless it was.").Optional().Nillable(),
		field.String("removal_reason").Comment("The public reason for the removal; empty unless it was removed.").Optional().Nillable(),
		field.String("proposer_id").Comment("The ID of the proposer's account.").Immutable(),
		field.String("current_revision_id").Optional().Nillable().Annotations(entgql.Skip()),
		field.String("pending_revision_id").Optional().Nillable().Annotations(entgql.Skip()).
			Comment("A proposed revision of an accepted problem, waiting for a reviewer; the current one stays public."),
		field.String("merged_into_id").Optional().Nillable().Annotations(entgql.Skip()),
		// The presentation selectors (policy/presentation.go): which claim the packet shows as the
		// status of an open problem, and which as the answer of a resolved one. A reviewer or staff
		// sets them; each is validated when set and ignored when it no longer holds.
		field.String("status_record_id").Optional().Nillable().Annotations(entgql.Skip()),
		field.String("resolution_record_id").Optional().Nillable().Annotations(entgql.Skip()),
		field.String("headline_record_id").Optional().Nillable().Annotations(entgql.Skip()).
			Comment("A compatibility alias: when set it matches the state-specific selector, and it has no effect of its own."),
	}
}

// Edges of the Problem.
func (Problem) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("proposer", Account.Type).Comment("The account that submitted the problem (an importer's account for an import).").Ref("problems").Field("proposer_id").Unique().Required().Immutable(),
		edge.From("current_revision", Revision.Type).Comment("The revision the public page shows.").Ref("current_of").Field("current_revision_id").Unique(),
		edge.From("pending_revision", Revision.Type).Comment("A proposed revision of an accepted problem waiting for a reviewer; the current revision stays public meanwhile.").Ref("pending_of").Field("pending_revision_id").Unique(),
		edge.To("revisions", Revision.Type).Comment("Every revision of the problem, oldest first."),
		edge.To("merged_from", Problem.Type).Comment("The problems merged into this one.").
			From("merged_into").Comment("The problem this one was merged into, when it was.").Field("merged_into_id").Unique(),
		edge.To("slugs", Slug.Type).Annotations(entgql.Skip()),
		edge.To("decisions", Decision.Type).Comment("Every reviewer decision recorded on the problem."),
		edge.To("merge_decisions", Decision.Type).Annotations(entgql.Skip()),
		edge.To("claims", Claim.Type).Comment("The claims attached to the problem."),
		edge.To("bindings", Binding.Type).Annotations(entgql.Skip()),
		edge.To("reputation_entries", ReputationEntry.Type).Annotations(entgql.Skip()),
		edge.To("tags", Tag.Type).Comment("The problem's subject tags."),
		edge.To("flags", Flag.Type).Annotations(entgql.Skip()),
		edge.To("holds", Hold.Type).Annotations(entgql.Skip()),
		edge.To("suggestions", Suggestion.Type).Annotations(entgql.Skip()),
		edge.To("duplicate_flags", Flag.Type).Annotations(entgql.Skip()),
		edge.To("moderation_cases", ModerationCase.Type).Annotations(entgql.Skip()),
	}
}

// Indexes of the Problem.
func (Problem) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("state", "deadline"),
		// Every order of the list has an index that leads with its column and ends with the ID
		// (policy.pageColumns), so that a page after a cursor is read from the cursor's place in
		// it, as cheaply at the last page as at the first. NUMBER's unique index is its own.
		index.Fields("deadline", "id"),
		index.Fields("submitted_at", "id"),
		index.Fields("updated_at", "id"),
		index.Fields("title", "id"),
		// Search joins its candidates to problems by their revision, a thousand at a time, and
		// reads only these columns of each (search.pgCandidates): PostgreSQL answers them from
		// the index alone where the table's pages are all visible, one page a candidate fewer.
		index.Fields("current_revision_id", "state", "number", "id"),
		index.Fields("merged_into_id"), // the packet of a survivor lists what was merged into it
		index.Fields("proposer_id"),    // an account's page lists the problems it proposed
	}
}
