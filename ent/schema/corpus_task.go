package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	"github.com/theoremdb/theoremdb/ent/schema/gid"
)

// CorpusTaskKinds are the jobs a machine check leaves for a person: a
// small-case counterexample to read (is the statement false, or the
// program wrong?), two proof checkers that disagree, and model judges
// that disagree on a node or could not answer.
var CorpusTaskKinds = []string{"COUNTEREXAMPLE", "CHECKER_DISAGREEMENT", "JUDGE_DISAGREEMENT"}

// CorpusTask is one job in the corpus's queue for people, opened by a
// check that found something only a person can settle, and closed by the
// person who settles it.
type CorpusTask struct{ ent.Schema }

// Annotations of the CorpusTask.
func (CorpusTask) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}

// Mixin of the CorpusTask.
func (CorpusTask) Mixin() []ent.Mixin { return []ent.Mixin{gid.WithPrefix(gid.CorpusTask)} }

// Fields of the CorpusTask.
func (CorpusTask) Fields() []ent.Field {
	return []ent.Field{
		field.Enum("kind").Values(CorpusTaskKinds...).Immutable(),
		field.String("subject").Immutable().Comment("The change request or node the check found something in."),
		field.String("computation").Default("").Comment("The change request that opens the computation node holding the witness."),
		field.Text("summary").Immutable(),
		field.Enum("state").Values("OPEN", "DONE").Default("OPEN"),
		field.String("closed_by").Default(""),
		field.Time("created_at").Immutable(),
		field.Time("closed_at").Optional().Nillable(),
	}
}

// Indexes of the CorpusTask.
func (CorpusTask) Indexes() []ent.Index {
	return []ent.Index{index.Fields("state", "created_at"), index.Fields("subject")}
}
