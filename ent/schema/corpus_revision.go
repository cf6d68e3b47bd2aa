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

// CorpusEdgeRef is one outgoing edge as a revision recorded it.
type CorpusEdgeRef struct {
	Kind string `json:"kind"`
	To   string `json:"to,omitempty"`
	Term string `json:"term,omitempty"`
}

// CorpusRevision is the immutable content of a corpus node at one point:
// its title, body (Markdown and TeX), the edges it declared, and the
// line diff from the revision before it.
type CorpusRevision struct{ ent.Schema }

// Annotations of the CorpusRevision.
func (CorpusRevision) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}

// Mixin of the CorpusRevision.
func (CorpusRevision) Mixin() []ent.Mixin { return []ent.Mixin{gid.WithPrefix(gid.CorpusRevision)} }

// Fields of the CorpusRevision. Nothing here changes after it is written.
func (CorpusRevision) Fields() []ent.Field {
	return []ent.Field{
		field.String("node_id").Immutable(),
		field.Int("number").Positive().Immutable(),
		field.String("title").NotEmpty().Immutable(),
		field.Text("body").NotEmpty().Immutable(),
		field.JSON("declared", []CorpusEdgeRef{}).Comment("The edges this revision declared.").Optional().Immutable(),
		field.Text("diff").Default("").Immutable(),
		field.JSON("small_cases", &DraftSmallCases{}).Optional().Immutable(),
		field.JSON("formal", &DraftFormal{}).Optional().Immutable(),
		field.String("change_request_id").Immutable(),
		field.Time("created_at").Immutable(),
	}
}

// Edges of the CorpusRevision.
func (CorpusRevision) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("node", CorpusNode.Type).Ref("revisions").Field("node_id").Unique().Required().Immutable(),
		edge.To("references", CorpusReference.Type),
	}
}

// Indexes of the CorpusRevision.
func (CorpusRevision) Indexes() []ent.Index {
	return []ent.Index{index.Fields("node_id", "number").Unique()}
}
