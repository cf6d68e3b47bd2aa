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

// CorpusNodeIDPattern is the shape of a permanent corpus node ID.
var CorpusNodeIDPattern = regexp.MustCompile(`^N-[1-9][0-9]*$`)

// CorpusLabelPattern is the shape of a node's label: a lower-case slug.
var CorpusLabelPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)

// CorpusKinds are the kinds of a corpus node.
var CorpusKinds = []string{"DEFINITION", "THEOREM", "LEMMA", "PROPOSITION", "PROOF", "EXAMPLE", "REMARK", "COMPUTATION"}

// WriterKinds are who wrote a node or opened a change request.
var WriterKinds = []string{"PERSON", "IMPORTER", "AGENT"}

// CorpusNode is a node of the corpus (K09) with a permanent ID, N-<n>,
// allocated from the "node" counter and never reused. Its content lives in
// immutable revisions; the node holds what lists and the closure read: the
// current title, the writer and stratum of the change request that merged
// it, and its levels and flags, which corpus/ computes from the record and
// stores here so a recursive query over a million nodes can read them. No
// one sets a level: corpus/ rewrites them whenever an input changes.
type CorpusNode struct{ ent.Schema }

// Annotations of the CorpusNode.
func (CorpusNode) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}

// Fields of the CorpusNode.
func (CorpusNode) Fields() []ent.Field {
	return []ent.Field{
		field.String("id").Immutable().Match(CorpusNodeIDPattern),
		field.Int("number").Unique().Immutable().Positive(),
		field.Enum("kind").Values(CorpusKinds...).Immutable(),
		field.String("label").Unique().NotEmpty().MaxLen(120).Match(CorpusLabelPattern),
		field.String("title").NotEmpty().Comment("The current revision's title, kept here for lists and search."),
		field.String("term").Default("").Comment("For a definition: the term it fixes (its defines edge)."),
		field.String("current_revision_id").Optional().Nillable(),
		field.Enum("writer_kind").Values(WriterKinds...).Immutable(),
		field.String("writer").Immutable().Comment("The account, importer or agent lane that wrote the first revision."),
		field.String("model").Default("").Immutable(),
		field.String("prompt_version").Default("").Immutable(),
		field.String("layer").Default(""),
		field.String("licence").Default(""),
		field.Text("attribution").Default(""),
		field.String("import_key").Optional().Nillable().Unique().Immutable().
			Comment("The importer's key of an imported node (openlogic:sfr/set/rus/thm:russell), so re-imports find it."),
		field.Int("level").Default(0).Min(0).Max(5).Comment("E0..E5, computed by corpus/ from the record."),
		field.Int("fidelity").Default(0).Min(0).Max(3).Comment("F0..F3, computed by corpus/ from the record."),
		field.Bool("sorry_in_closure").Default(false).Comment("Some node of the uses closure is below E2."),
		field.Int("closure_size").Default(0).Min(0).Comment("How many nodes the uses closure holds, itself excluded; not current while closure_pending."),
		field.Bool("closure_pending").Default(false).
			Comment("The uses closure changed shape and its size is being counted by a job after the merge; closure_size is not current."),
		field.Int("closure_generation").Default(0).Min(0).
			Comment("Raised with each change of the closure's shape; a count lands only when none came after it started."),
		field.Int("closure_lowest").Default(-1).Min(-1).Max(5).Comment("The lowest level in the uses closure; -1 when it is empty."),
		field.Bool("locator_unconfirmed").Default(false),
		field.Bool("retired").Default(false),
		field.String("successor_id").Optional().Nillable(),
		field.String("merged_by_id").Optional().Nillable().Comment("The change request that merged the current revision."),
		field.Time("created_at").Immutable(),
		field.Time("updated_at"),
	}
}

// Edges of the CorpusNode.
func (CorpusNode) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("revisions", CorpusRevision.Type),
		edge.To("out_edges", CorpusEdge.Type),
		edge.To("in_edges", CorpusEdge.Type),
		edge.To("confirmations", CorpusConfirmation.Type),
		edge.To("bindings", CorpusBinding.Type),
	}
}

// Indexes of the CorpusNode.
func (CorpusNode) Indexes() []ent.Index {
	return []ent.Index{index.Fields("updated_at"), index.Fields("kind")}
}
