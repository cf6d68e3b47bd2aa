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
		entgql.RelayConnection(), // Query.problems is in graph/problem.graphqls: it also searches
	}
}

// Fields of the Problem.
func (Problem) Fields() []ent.Field {
	return []ent.Field{
		field.String("id").Immutable().Match(ProblemIDPattern),
		field.Int("number").Unique().Immutable().Positive().
			Annotations(entgql.OrderField("NUMBER")),
		field.String("slug").Unique().NotEmpty().MaxLen(120),
		field.String("title").NotEmpty().
			Comment("The current revision's title, kept here for lists and search.").
			Annotations(entgql.OrderField("TITLE")),
		field.Enum("acceptance_kind").Values("PROOF", "NUMERICAL", "SEARCH", "CLASSIFICATION").
			Comment("The current revision's acceptance kind, kept here for filtering."),
		field.Enum("provenance_kind").Values("IMPORTED", "REFORMULATION", "ORIGINAL").
			Comment("The current revision's provenance kind, kept here for filtering."),
		field.String("import_key").Optional().Nillable().Unique().Immutable().Annotations(entgql.Skip()).
			Comment("The source's key of an imported problem (erdos:123), so re-imports update it."),
		field.Enum("state").Values("PROSPECTING", "ACCEPTED", "ARCHIVED", "MERGED", "REMOVED").
			Default("PROSPECTING"),
		field.Time("submitted_at").Immutable().
			Annotations(entgql.OrderField("SUBMITTED_AT")),
		field.Time("deadline").
			Annotations(entgql.OrderField("DEADLINE")),
		field.Time("updated_at").
			Annotations(entgql.OrderField("UPDATED_AT")),
		field.Time("accepted_at").Optional().Nillable(),
		field.Enum("acceptance_authority").Values("REVIEWER", "CHALLENGE_WINDOW_ELAPSED", "STAFF").
			Optional().Nillable(),
		field.Enum("stake_state").Values("ESCROWED", "RETURNED", "FORFEITED").Optional().Nillable().
			Comment("Empty for a trusted import, which stakes nothing.").
			Annotations(entgql.Skip()),
		field.Time("removed_at").Optional().Nillable(),
		field.String("removal_reason").Optional().Nillable(),
		field.String("proposer_id").Immutable(),
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
		edge.From("proposer", Account.Type).Ref("problems").Field("proposer_id").Unique().Required().Immutable(),
		edge.From("current_revision", Revision.Type).Ref("current_of").Field("current_revision_id").Unique(),
		edge.From("pending_revision", Revision.Type).Ref("pending_of").Field("pending_revision_id").Unique(),
		edge.To("revisions", Revision.Type),
		edge.To("merged_from", Problem.Type).
			From("merged_into").Field("merged_into_id").Unique(),
		edge.To("slugs", Slug.Type).Annotations(entgql.Skip()),
		edge.To("decisions", Decision.Type),
		edge.To("merge_decisions", Decision.Type).Annotations(entgql.Skip()),
		edge.To("claims", Claim.Type),
		edge.To("bindings", Binding.Type).Annotations(entgql.Skip()),
		edge.To("reputation_entries", ReputationEntry.Type).Annotations(entgql.Skip()),
		edge.To("tags", Tag.Type),
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
		index.Fields("submitted_at"),
		index.Fields("updated_at"),
		index.Fields("current_revision_id"), // search joins its matches to problems by it
		index.Fields("merged_into_id"),      // the packet of a survivor lists what was merged into it
	}
}
