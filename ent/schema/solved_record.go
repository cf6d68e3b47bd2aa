package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// SolvedRecord is a record whose source says its problem is solved: the catalogue the duplicate
// gate's known-answer check searches. Imports keep every solved candidate they skip here
// (formal-conjectures "research solved", Erdős problems proved, disproved or solved), keyed as
// the import would have keyed the problem; a re-import updates it.
type SolvedRecord struct{ ent.Schema }

// Annotations of the SolvedRecord: it is evidence for the gates, not part of the API.
func (SolvedRecord) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}

// Fields of the SolvedRecord.
func (SolvedRecord) Fields() []ent.Field {
	return []ent.Field{
		field.String("id").NotEmpty().MaxLen(500).Immutable().Comment("The import key: erdos:N, formal-conjectures:PATH#NAME, …"),
		field.String("source").NotEmpty(),
		field.String("title").Default(""),
		field.Text("statement").NotEmpty(),
		field.String("status").NotEmpty().Comment("As the source says it: proved, disproved, solved, research solved."),
		field.String("locator").Default(""),
		field.Time("updated_at"),
	}
}

// Indexes of the SolvedRecord.
func (SolvedRecord) Indexes() []ent.Index {
	return []ent.Index{index.Fields("updated_at")}
}
