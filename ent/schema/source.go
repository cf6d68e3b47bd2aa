package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"

	"github.com/theoremdb/theoremdb/ent/schema/gid"
)

// Source is a bibliographic record in the record plane, shared by every
// reference that cites the same work. Its identifier is normalised
// ("doi:10.…", "arxiv:2101.00001", "isbn:…", "zbmath:…", "url:https://…") so
// that duplicate DOI and URL identities collapse into one source.
type Source struct{ ent.Schema }

// Mixin of the Source.
func (Source) Mixin() []ent.Mixin { return []ent.Mixin{gid.WithPrefix(gid.Source)} }

// Fields of the Source.
func (Source) Fields() []ent.Field {
	return []ent.Field{
		field.String("identifier").Unique().Immutable().NotEmpty().MaxLen(500),
		field.Enum("kind").Values("DOI", "ARXIV", "ZBMATH", "ISBN", "URL").Immutable(),
		field.String("title").Default("").MaxLen(500),
		field.Strings("authors").Optional(),
		field.Int("year").Optional().Nillable(),
		field.Enum("licence_class").
			Values("OPEN", "RECORD", "VERBATIM", "SHARE_ALIKE_NC", "SHARE_ALIKE", "GFDL").
			Default("RECORD").
			Comment("What the licence the record states allows (records.LicenceClassOf); RECORD until a record is read, or when it states none that allows reuse."),
		field.Enum("confirmation").Values(Confirmations...).Default("PENDING").
			Comment("Whether the record exists: PENDING until resolved, NOT_FOUND when no record exists, else CONFIRMED. Whether a citation's claims match the record is its reference's confirmation; a source is never MISMATCH."),
		// The record as the record plane last read it: its licence, address, which resolver
		// answered, when, and the validators for a conditional request.
		field.String("licence").Default(""),
		field.String("url").Default(""),
		field.String("resolver").Default(""),
		field.Time("fetched_at").Optional().Nillable(),
		field.String("etag").Default("").Annotations(entgql.Skip()),
		field.String("last_modified").Default("").Annotations(entgql.Skip()),
		field.Time("created_at").Immutable(),
	}
}

// Edges of the Source.
func (Source) Edges() []ent.Edge {
	return []ent.Edge{edge.To("references", Reference.Type), edge.To("corpus_references", CorpusReference.Type).Annotations(entgql.Skip())}
}
