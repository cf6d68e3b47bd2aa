package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	"github.com/theoremdb/theoremdb/ent/schema/gid"
)

// HeroAsset is a registered pair of bespoke hero art for one problem: an SVG drawing and a WebP
// rendering of it, what it depicts and its rights basis, registered for the problem's slug. It
// reaches a public page only after a reviewer other than its registrant passes it for that problem
// (review policy v5, hero visual); until then, and after a FAIL, the page shows the neutral
// generated figure.
type HeroAsset struct{ ent.Schema }

// Annotations of the HeroAsset: it is read through the policy, not the generated API.
func (HeroAsset) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}

// Mixin of the HeroAsset.
func (HeroAsset) Mixin() []ent.Mixin { return []ent.Mixin{gid.WithPrefix(gid.HeroAsset)} }

// Fields of the HeroAsset.
func (HeroAsset) Fields() []ent.Field {
	return []ent.Field{
		field.String("problem_id").Immutable(),
		// slug is the problem's slug when the pair was registered: a pass holds for that slug.
		field.String("slug").Immutable(),
		field.Text("svg").Immutable(),
		field.Bytes("webp").Immutable(),
		field.Int("width").Positive().Immutable(),
		field.Int("height").Positive().Immutable(),
		field.Text("depicts").Immutable(),
		field.Text("rights_basis").Immutable(),
		field.String("registered_by_id").Immutable(),
		field.Time("created_at").Immutable(),
		field.Enum("state").Values("REGISTERED", "PASSED", "FAILED").Default("REGISTERED"),
		field.String("reviewed_by_id").Optional().Nillable(),
		field.Time("reviewed_at").Optional().Nillable(),
		field.Text("review_note").Default(""),
	}
}

// Indexes of the HeroAsset.
func (HeroAsset) Indexes() []ent.Index {
	return []ent.Index{index.Fields("problem_id", "created_at"), index.Fields("state", "created_at")}
}
