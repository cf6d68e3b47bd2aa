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

// ChangeRequestStates are the states of a change request: PENDING while its
// gates run, FAILED when one stopped it (it stays open for revision),
// MERGED, and WITHDRAWN.
var ChangeRequestStates = []string{"PENDING", "FAILED", "MERGED", "WITHDRAWN"}

// ChangeRequest is the only way a body enters the corpus or changes: one or
// more node drafts from one writer, through the merge gates in their fixed
// order. Its writer and configuration are the stratum of every node it
// merges.
type ChangeRequest struct{ ent.Schema }

// Annotations of the ChangeRequest.
func (ChangeRequest) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}

// Mixin of the ChangeRequest.
func (ChangeRequest) Mixin() []ent.Mixin { return []ent.Mixin{gid.WithPrefix(gid.ChangeRequest)} }

// Fields of the ChangeRequest.
func (ChangeRequest) Fields() []ent.Field {
	return []ent.Field{
		field.Enum("state").Values(ChangeRequestStates...).Default("PENDING"),
		field.Text("note").Default(""),
		field.String("opener").Immutable().Comment("The account, importer or agent lane that opened it."),
		field.Enum("writer_kind").Values(WriterKinds...).Immutable(),
		field.String("model").Default("").Immutable(),
		field.String("prompt_version").Default("").Immutable(),
		field.String("layer").Default("").Immutable(),
		field.String("failed_gate").Default("").Comment("The gate that stopped it, when FAILED."),
		field.Time("created_at").Immutable(),
		field.Time("updated_at"),
		field.Time("merged_at").Optional().Nillable(),
	}
}

// Edges of the ChangeRequest.
func (ChangeRequest) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("drafts", NodeDraft.Type),
		edge.To("gate_runs", CorpusGateRun.Type),
	}
}

// Indexes of the ChangeRequest.
func (ChangeRequest) Indexes() []ent.Index {
	return []ent.Index{index.Fields("state", "updated_at")}
}
