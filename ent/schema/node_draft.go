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

// DraftReference is a reference a draft cites, as its writer gave it.
type DraftReference struct {
	Identifier string   `json:"identifier"`
	Citation   string   `json:"citation"`
	Locator    string   `json:"locator,omitempty"`
	Relevance  string   `json:"relevance,omitempty"`
	Role       string   `json:"role,omitempty"`
	Title      string   `json:"title,omitempty"`
	Authors    []string `json:"authors,omitempty"`
	Year       *int     `json:"year,omitempty"`
}

// DraftSmallCases is a statement's small-case test: a program in Language
// (PYTHON or GP) that enumerates instances up to Bound.
type DraftSmallCases struct {
	Language string `json:"language"`
	Program  string `json:"program"`
	Bound    int    `json:"bound,omitempty"`
}

// DraftFormal is a statement's formal binding: a database of System (the
// formal library's file name, never a path) and the label of its statement.
type DraftFormal struct {
	System   string `json:"system"`
	Database string `json:"database"`
	Label    string `json:"label"`
}

// NodeDraft is one node of a change request, new or a revision of an
// existing node, exactly as its writer gave it. Targets are kept as written
// (N-<n> or a label, possibly of another draft of the same request) and
// resolved by the intake gate each time the gates run.
type NodeDraft struct{ ent.Schema }

// Annotations of the NodeDraft.
func (NodeDraft) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}

// Mixin of the NodeDraft.
func (NodeDraft) Mixin() []ent.Mixin { return []ent.Mixin{gid.WithPrefix(gid.NodeDraft)} }

// Fields of the NodeDraft.
func (NodeDraft) Fields() []ent.Field {
	return []ent.Field{
		field.String("change_request_id").Immutable(),
		field.Int("position").NonNegative().Immutable(),
		field.Enum("kind").Values(CorpusKinds...).Immutable(),
		field.String("label").Default("").Immutable(),
		field.Text("title").Immutable(),
		field.Text("body").Immutable(),
		field.String("term").Default("").Immutable(),
		field.Strings("uses").Optional().Immutable(),
		field.String("proves").Default("").Immutable(),
		field.String("example_of").Default("").Immutable(),
		field.JSON("references", []DraftReference{}).Optional().Immutable(),
		field.String("revises").Default("").Immutable(),
		field.String("base_revision_id").Default("").Immutable().
			Comment("The revision of the node it revises that was current when the request opened."),
		field.String("licence").Default("").Immutable(),
		field.Text("attribution").Default("").Immutable(),
		field.String("import_key").Default("").Immutable(),
		field.JSON("small_cases", &DraftSmallCases{}).Optional().Immutable().
			Comment("The statement's small-case test, when it has one."),
		field.JSON("formal", &DraftFormal{}).Optional().Immutable().
			Comment("The statement's formal binding, when it has one."),
		field.String("node_id").Default("").Comment("The node it created or revised, once merged."),
	}
}

// Edges of the NodeDraft.
func (NodeDraft) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("change_request", ChangeRequest.Type).Ref("drafts").Field("change_request_id").
			Unique().Required().Immutable(),
	}
}

// Indexes of the NodeDraft.
func (NodeDraft) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("change_request_id", "position").Unique(),
		index.Fields("revises"),
		index.Fields("import_key"),
	}
}
