package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	"github.com/theoremdb/theoremdb/ent/schema/gid"
	"github.com/theoremdb/theoremdb/packet"
)

// Decision is one reviewer decision on a revision, recorded with the note
// sections of the reviewer template and its authority. The idempotency key
// is unique per deciding account, not across the site: a retried request
// finds the decision it already made, and no reviewer can take, or probe
// for, a key another reviewer is about to use. For the same reason the key
// is the reviewer's own business and never leaves the server: it is
// sensitive (out of String and JSON) and skipped by GraphQL, so it is
// neither shown nor filterable.
type Decision struct{ ent.Schema }

// Mixin of the Decision.
func (Decision) Mixin() []ent.Mixin { return []ent.Mixin{gid.WithPrefix(gid.Decision)} }

// ReasonCodes are the stable archive reason codes of the review policy.
var ReasonCodes = []string{
	"KNOWN_ANSWER", "DIRECT_DUPLICATE", "ILL_DEFINED_STATEMENT", "UNEVALUABLE_ACCEPTANCE",
	"UNSUPPORTED_OPEN_STATUS", "UNRELIABLE_PROVENANCE", "INTERNAL_INCONSISTENCY",
	"PARAMETER_WITHOUT_RATIONALE", "OTHER",
}

// Annotations of the Decision: its description in the GraphQL schema.
func (Decision) Annotations() []schema.Annotation {
	return []schema.Annotation{schema.Comment("One reviewer's recorded decision on one revision of a problem: qualify, keep prospecting, archive or merge, with its grounds.")}
}

// Fields of the Decision.
func (Decision) Fields() []ent.Field {
	return []ent.Field{
		field.String("problem_id").Immutable().Annotations(entgql.Skip()),
		field.String("revision_id").Immutable().Annotations(entgql.Skip()),
		field.String("reviewer_id").Immutable().Annotations(entgql.Skip()),
		field.Enum("action").Comment("What the decision does: QUALIFY accepts the revision, KEEP_PROSPECTING leaves it in its challenge period with revision requests, ARCHIVE and MERGE remove it from the open list.").Values("QUALIFY", "KEEP_PROSPECTING", "ARCHIVE", "MERGE").Immutable(),
		field.Enum("reason_code").Comment("The stable reason code of an archive or a merge; empty for the other actions.").Values(ReasonCodes...).Optional().Nillable().Immutable(),
		field.JSON("notes", packet.DecisionNotes{}).Immutable().Annotations(entgql.Skip()),
		field.Strings("revision_requests").Comment("What the reviewer asks the proposer to change, one request an entry.").Optional().Immutable(),
		field.JSON("confirmations", []packet.FindingConfirmation{}).Optional().Immutable().Annotations(entgql.Skip()).
			Comment("The reviewer's answer to each finding of the reviewed revision a machine could not certify."),
		field.String("merge_into_id").Optional().Nillable().Immutable().Annotations(entgql.Skip()),
		field.String("second_review_of_id").Optional().Nillable().Immutable().Annotations(entgql.Skip()).
			Comment("The qualify decision this one reviews a second time."),
		field.Enum("disagreement").Values("INSTRUCTION", "ERROR", "EXPERTISE", "LEGITIMATE_SPLIT").Optional().Nillable().Immutable().
			Comment("When a second review splits from the first, the class of the split, kept rather than averaged."),
		field.Time("second_review_selected_at").Optional().Nillable().
			Comment("When the selector picked this qualify decision for a second review."),
		field.Enum("authority").Values("REVIEWER", "STAFF", "MODERATION", "TRUSTED_IMPORT").Immutable().
			Comment("TRUSTED_IMPORT: an import archived a record its source says is solved."),
		field.String("policy_version").Comment("The version of the review policy the decision was recorded under.").Immutable(),
		field.String("idempotency_key").Immutable().NotEmpty().MaxLen(200).Sensitive().Annotations(entgql.Skip()),
		field.String("input_digest").Immutable().Annotations(entgql.Skip()),
		field.Time("created_at").Comment("When the decision was recorded.").Immutable(),
	}
}

// Edges of the Decision.
func (Decision) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("problem", Problem.Type).Comment("The problem decided on.").Ref("decisions").Field("problem_id").Unique().Required().Immutable(),
		edge.From("revision", Revision.Type).Comment("The revision the decision qualifies, keeps or removes.").Ref("decisions").Field("revision_id").Unique().Required().Immutable(),
		// The reviewer is shown only to those who see reviewers (policy.SeesReviewers): graph/
		// resolves Decision.reviewer itself, and no filter names a reviewer.
		edge.From("reviewer", Account.Type).Ref("decisions").Field("reviewer_id").Unique().Required().Immutable().
			Annotations(entgql.Skip()),
		edge.From("merge_into", Problem.Type).Comment("The problem a MERGE decision merges this one into.").Ref("merge_decisions").Field("merge_into_id").Unique().Immutable(),
		edge.To("second_reviews", Decision.Type).Comment("The second reviews of this qualify decision.").From("second_review_of").Comment("The qualify decision this one reviews a second time.").Field("second_review_of_id").Unique().Immutable(),
	}
}

// Indexes of the Decision. The idempotency key is unique per reviewer.
func (Decision) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("problem_id", "created_at"),
		index.Fields("revision_id", "action"),
		index.Fields("reviewer_id", "idempotency_key").Unique(),
	}
}
