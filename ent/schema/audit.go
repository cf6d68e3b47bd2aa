package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	"github.com/theoremdb/theoremdb/ent/schema/gid"
)

// AuditProperties are the four properties of a node an audit judges.
var AuditProperties = []string{"CORRECTNESS", "FIDELITY", "SOURCING", "STYLE"}

// StopProperties are what can stop a configuration: an audited property
// whose error bound passed its threshold, or CANARY, its share of the
// month's canaries (false statements) it "proved" passing 5%.
var StopProperties = []string{"CORRECTNESS", "FIDELITY", "SOURCING", "STYLE", "CANARY"}

// AuditErrorClasses are the classes of an error an audit or a report finds.
var AuditErrorClasses = []string{"WRONG_DEFINITION", "DROPPED_HYPOTHESIS", "STRONGER_THAN_SOURCE",
	"WRONG_NAME_OR_ATTRIBUTION", "CONVENTION_NOT_STATED", "STEP_DOES_NOT_FOLLOW", "WRONG_SOURCE"}

// stratumFields are the five coordinates of a stratum (POLICY.md section
// 5), copied from the record of the change request that merged a node.
func stratumFields() []ent.Field {
	return []ent.Field{
		field.String("kind").Immutable(),
		field.String("writer").Immutable().Comment("PERSON for people; the importer or agent lane otherwise."),
		field.String("model").Default("").Immutable(),
		field.String("prompt_version").Default("").Immutable(),
		field.String("layer").Default("").Immutable(),
		field.String("stratum").Immutable().Comment("The five coordinates joined: the key rates group by."),
	}
}

// AuditSample is one node drawn for a month's blind audit. The rows of a
// month are written once, with the draw's event, and never added to or
// dropped: the event holds each stratum's digest, which a changed sample
// no longer matches.
type AuditSample struct{ ent.Schema }

// Annotations of the AuditSample.
func (AuditSample) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}

// Mixin of the AuditSample.
func (AuditSample) Mixin() []ent.Mixin { return []ent.Mixin{gid.WithPrefix(gid.AuditSample)} }

// Fields of the AuditSample.
func (AuditSample) Fields() []ent.Field {
	return append([]ent.Field{
		field.String("month").Immutable().Comment("YYYY-MM of the draw."),
		field.String("node_id").Immutable(),
		field.String("revision_id").Immutable().Comment("The revision the audit judges."),
		field.Int("position").Immutable().Comment("Its place in its stratum's draw."),
		field.String("seed").Immutable(),
		field.Time("created_at").Immutable(),
	}, stratumFields()...)
}

// Indexes of the AuditSample.
func (AuditSample) Indexes() []ent.Index {
	return []ent.Index{index.Fields("month", "stratum", "node_id").Unique(), index.Fields("node_id")}
}

// AuditAnswer is one auditor's answer on one property of one sample, with
// the time it took.
type AuditAnswer struct{ ent.Schema }

// Annotations of the AuditAnswer.
func (AuditAnswer) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}

// Mixin of the AuditAnswer.
func (AuditAnswer) Mixin() []ent.Mixin { return []ent.Mixin{gid.WithPrefix(gid.AuditAnswer)} }

// Fields of the AuditAnswer.
func (AuditAnswer) Fields() []ent.Field {
	return []ent.Field{
		field.String("sample_id").Immutable(),
		field.Enum("property").Values(AuditProperties...).Immutable(),
		field.Bool("error").Immutable(),
		field.Enum("error_class").Values(AuditErrorClasses...).Optional().Nillable().Immutable(),
		field.Text("note").Default("").Immutable(),
		field.String("auditor_id").Immutable(),
		field.Int("seconds").Min(0).Immutable().Comment("The time the auditor took, measured by the page."),
		field.Time("created_at").Immutable(),
	}
}

// Indexes of the AuditAnswer.
func (AuditAnswer) Indexes() []ent.Index {
	return []ent.Index{index.Fields("sample_id", "property", "auditor_id").Unique()}
}

// ReaderReportStates are where a reader's report stands.
var ReaderReportStates = []string{"OPEN", "CONFIRMED", "DISMISSED"}

// ReaderReport is a reader's report that a property of a node is wrong
// (K9.8). A confirmed one is an error the audit missed.
type ReaderReport struct{ ent.Schema }

// Annotations of the ReaderReport.
func (ReaderReport) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}

// Mixin of the ReaderReport.
func (ReaderReport) Mixin() []ent.Mixin { return []ent.Mixin{gid.WithPrefix(gid.ReaderReport)} }

// Fields of the ReaderReport.
func (ReaderReport) Fields() []ent.Field {
	return append([]ent.Field{
		field.String("node_id").Immutable(),
		field.String("revision_id").Immutable(),
		field.Enum("property").Values(AuditProperties...).Immutable(),
		field.Text("explanation").NotEmpty().Immutable(),
		field.String("account_id").Immutable(),
		field.Int("level").Immutable().Comment("The node's level when reported: a false E5 goes first."),
		field.Enum("state").Values(ReaderReportStates...).Default("OPEN"),
		field.String("decided_by").Default(""),
		field.Time("decided_at").Optional().Nillable(),
		field.Time("created_at").Immutable(),
	}, stratumFields()...)
}

// Indexes of the ReaderReport.
func (ReaderReport) Indexes() []ent.Index {
	return []ent.Index{index.Fields("state", "level"), index.Fields("node_id"), index.Fields("stratum")}
}

// ConfigurationStop is a configuration stopped because a stratum's upper
// bound passed its threshold: its change requests are refused while it
// stands.
type ConfigurationStop struct{ ent.Schema }

// Annotations of the ConfigurationStop.
func (ConfigurationStop) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}

// Mixin of the ConfigurationStop.
func (ConfigurationStop) Mixin() []ent.Mixin {
	return []ent.Mixin{gid.WithPrefix(gid.ConfigurationStop)}
}

// Fields of the ConfigurationStop.
func (ConfigurationStop) Fields() []ent.Field {
	return append([]ent.Field{
		field.String("month").Immutable(),
		field.Enum("property").Values(StopProperties...).Immutable(),
		field.Int("errors").Immutable(),
		field.Int("n").Immutable(),
		field.Float("high").Immutable(),
		field.Float("threshold").Immutable(),
		field.String("thresholds_version").Immutable(),
		field.Time("created_at").Immutable(),
		field.Time("lifted_at").Optional().Nillable(),
		field.String("lifted_by").Default("").Comment("The operator who lifted the stop."),
		field.Text("lift_reason").Default("").Comment("Why the operator lifted it: what changed in the configuration."),
		field.String("change_request_id").Default("").Immutable().Comment("The change request the stop generated, holding its quarantined output."),
	}, stratumFields()...)
}

// Indexes of the ConfigurationStop.
func (ConfigurationStop) Indexes() []ent.Index {
	return []ent.Index{index.Fields("month", "stratum", "property").Unique(), index.Fields("writer", "model", "prompt_version")}
}

// QuarantineResolutions are what a person decides for a quarantined node.
var QuarantineResolutions = []string{"FIX", "RERUN", "RETIRE"}

// Quarantine marks a node held back by a stop: its own unconfirmed output
// (QUARANTINED) or a dependant of it (FLAGGED), until a person decides to
// fix, rerun or retire it.
type Quarantine struct{ ent.Schema }

// Annotations of the Quarantine.
func (Quarantine) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}

// Mixin of the Quarantine.
func (Quarantine) Mixin() []ent.Mixin { return []ent.Mixin{gid.WithPrefix(gid.Quarantine)} }

// Fields of the Quarantine.
func (Quarantine) Fields() []ent.Field {
	return []ent.Field{
		field.String("node_id").Immutable(),
		field.String("stop_id").Immutable(),
		field.Enum("mark").Values("QUARANTINED", "FLAGGED").Immutable(),
		field.String("change_request_id").Default("").Immutable().Comment("The generated change request a person decides on."),
		field.Enum("resolution").Values(QuarantineResolutions...).Optional().Nillable(),
		field.String("decided_by").Default("").Comment("The person who decided to fix, rerun or retire the node."),
		field.Time("resolved_at").Optional().Nillable().Comment("When the node stopped being held: fixed, retired, or rerun and merged again."),
		field.Time("created_at").Immutable(),
	}
}

// Indexes of the Quarantine.
func (Quarantine) Indexes() []ent.Index {
	return []ent.Index{index.Fields("node_id", "stop_id").Unique(), index.Fields("stop_id")}
}

// RateSnapshot is a release's published error rates: the JSON exactly as
// published and its SHA-256. Written once; a later fix is a later release.
type RateSnapshot struct{ ent.Schema }

// Annotations of the RateSnapshot.
func (RateSnapshot) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}

// Mixin of the RateSnapshot.
func (RateSnapshot) Mixin() []ent.Mixin { return []ent.Mixin{gid.WithPrefix(gid.RateSnapshot)} }

// Fields of the RateSnapshot.
func (RateSnapshot) Fields() []ent.Field {
	return []ent.Field{
		field.String("release").Unique().NotEmpty().Immutable(),
		field.String("month").Immutable(),
		field.Text("content").Immutable(),
		field.String("sha256").Immutable(),
		field.Time("created_at").Immutable(),
	}
}
