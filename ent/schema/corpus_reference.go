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

// CorpusReference is one source a node revision cites, through the record
// plane's Source: the locator, what the writer claimed of the source, and
// whether the locator is confirmed (only confirmed locators count towards
// E2 and E3).
type CorpusReference struct{ ent.Schema }

// Annotations of the CorpusReference.
func (CorpusReference) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}

// Mixin of the CorpusReference.
func (CorpusReference) Mixin() []ent.Mixin { return []ent.Mixin{gid.WithPrefix(gid.CorpusReference)} }

// Fields of the CorpusReference.
func (CorpusReference) Fields() []ent.Field {
	return []ent.Field{
		field.String("revision_id").Immutable(),
		field.String("source_id").Immutable(),
		field.Int("position").NonNegative().Immutable(),
		field.Text("citation").Immutable(),
		field.String("locator").Default("").Immutable(),
		field.String("claimed_title").Default("").Immutable(),
		field.Strings("claimed_authors").Optional().Immutable(),
		field.Int("claimed_year").Optional().Nillable().Immutable(),
		field.Bool("locator_confirmed").Default(false),
	}
}

// Edges of the CorpusReference.
func (CorpusReference) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("revision", CorpusRevision.Type).Ref("references").Field("revision_id").Unique().Required().Immutable(),
		edge.From("source", Source.Type).Ref("corpus_references").Field("source_id").Unique().Required().Immutable(),
	}
}

// Indexes of the CorpusReference.
func (CorpusReference) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("revision_id", "position").Unique(),
		// A source's citations are found by it (its confirmation, whether it is withheld),
		// and a source row written again by an upsert is checked against its citing rows: on
		// SQLite that check read every row of the table without this index.
		index.Fields("source_id"),
	}
}
