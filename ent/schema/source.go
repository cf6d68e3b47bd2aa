package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
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

// Annotations of the Source: its description in the GraphQL schema.
func (Source) Annotations() []schema.Annotation {
	return []schema.Annotation{schema.Comment("A work cited by references (a DOI, an arXiv paper, a zbMATH record, a book, a web page), with what the record plane read of its record.")}
}

// Fields of the Source.
func (Source) Fields() []ent.Field {
	return []ent.Field{
		field.String("identifier").Comment("The source's identifier in its kind's form: 10.x/y, arXiv:2101.00001, zbMATH 1234.56789, an ISBN or a URL.").Unique().Immutable().NotEmpty().MaxLen(500),
		field.Enum("kind").Comment("Which kind of identifier it is.").Values("DOI", "ARXIV", "ZBMATH", "ISBN", "URL").Immutable(),
		field.String("title").Comment("The title the record gives; empty until a record is read.").Default("").MaxLen(500),
		field.Strings("authors").Comment("The authors the record gives.").Optional(),
		field.Int("year").Comment("The year the record gives.").Optional().Nillable(),
		field.Enum("licence_class").
			Values("OPEN", "RECORD", "VERBATIM", "SHARE_ALIKE_NC", "SHARE_ALIKE", "GFDL").
			Default("RECORD").
			Comment("What the licence the record states allows (records.LicenceClassOf); RECORD until a record is read, or when it states none that allows reuse."),
		field.Enum("confirmation").Values(Confirmations...).Default("PENDING").
			Comment("Whether the record exists: PENDING until resolved, NOT_FOUND when no record exists, else CONFIRMED. Whether a citation's claims match the record is its reference's confirmation; a source is never MISMATCH."),
		// The record as the record plane last read it: its licence, address, which resolver
		// answered, when, and the validators for a conditional request.
		field.String("licence").Comment("The licence the record states; empty when it states none.").Default(""),
		field.String("url").Comment("The record's address.").Default(""),
		field.String("resolver").Comment("Which resolver answered for the record (crossref, arxiv, zbmath, …).").Default(""),
		field.Time("fetched_at").Comment("When the record was last read; empty until it is.").Optional().Nillable(),
		field.String("etag").Default("").Annotations(entgql.Skip()),
		field.String("last_modified").Default("").Annotations(entgql.Skip()),
		field.Time("created_at").Comment("When the source was first cited on the site.").Immutable(),
	}
}

// Edges of the Source.
func (Source) Edges() []ent.Edge {
	return []ent.Edge{edge.To("references", Reference.Type).Comment("Every reference that cites the source."), edge.To("corpus_references", CorpusReference.Type).Annotations(entgql.Skip())}
}
