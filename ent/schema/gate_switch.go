package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	"github.com/theoremdb/theoremdb/ent/schema/gid"
)

// GateSwitchNames are the switches of automated review: the master feature switch and the
// agent-review switch (either closes the gate) and the audit lane's (a selected sample cannot
// publish while it is closed).
var GateSwitchNames = []string{"MASTER", "AGENT_REVIEW", "AUDIT_LANE"}

// GateSwitch is the current state of one switch; a switch with no row is off. Every change is
// also an event naming the operator.
type GateSwitch struct{ ent.Schema }

// Annotations of the GateSwitch: it is read through the policy, not the generated API.
func (GateSwitch) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}

// Mixin of the GateSwitch.
func (GateSwitch) Mixin() []ent.Mixin { return []ent.Mixin{gid.WithPrefix(gid.GateSwitch)} }

// Fields of the GateSwitch.
func (GateSwitch) Fields() []ent.Field {
	return []ent.Field{
		field.Enum("name").Values(GateSwitchNames...).Immutable(),
		field.Bool("enabled").Default(false),
		field.Text("reason").Default(""),
		field.String("set_by_id"),
		field.Time("set_at"),
	}
}

// Indexes of the GateSwitch: one row a switch.
func (GateSwitch) Indexes() []ent.Index { return []ent.Index{index.Fields("name").Unique()} }
