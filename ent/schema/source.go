package schema

import (
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
			Default("RECORD"),
		field.Enum("confirmation").Values("UNCONFIRMED", "CONFIRMED", "FABRICATED").Default("UNCONFIRMED"),
		field.Time("created_at").Immutable(),
	}
}

// Edges of the Source.
func (Source) Edges() []ent.Edge {
	return []ent.Edge{edge.To("references", Reference.Type)}
}
