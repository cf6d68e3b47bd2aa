package packet

import (
	"io"
	"time"
)

// ProvenanceKind distinguishes an imported problem, a reformulation and an
// original question.
type ProvenanceKind string

// Provenance kinds.
const (
	Imported      ProvenanceKind = "IMPORTED"
	Reformulation ProvenanceKind = "REFORMULATION"
	Original      ProvenanceKind = "ORIGINAL"
)

// Values lists the kinds.
func (ProvenanceKind) Values() []string {
	return []string{string(Imported), string(Reformulation), string(Original)}
}

// Valid reports whether k is a known kind.
func (k ProvenanceKind) Valid() bool { return valid(k) }

// MarshalGQL writes the kind as a GraphQL enum value.
func (k ProvenanceKind) MarshalGQL(w io.Writer) { marshalEnum(k, w) }

// UnmarshalGQL reads a GraphQL enum value.
func (k *ProvenanceKind) UnmarshalGQL(v any) error { return unmarshalEnum(k, v) }

// Provenance records where a problem comes from and on what rights basis it
// is published.
type Provenance struct {
	Kind          ProvenanceKind `json:"kind"`
	Attribution   string         `json:"attribution"`
	SourceLocator string         `json:"sourceLocator"`
	RightsBasis   string         `json:"rightsBasis"`
	// GeneratedBy names who or what generated the record, and what earlier
	// work motivated its parameters; required for generated records.
	GeneratedBy string `json:"generatedBy,omitempty"`
	// Motivation is the earlier work that motivated a generated record's parameters.
	Motivation string `json:"motivation,omitempty"`
}

// ReferenceSearch is the dated prior-art search behind a record.
type ReferenceSearch struct {
	CheckedOn time.Time `json:"checkedOn"`
	Databases []string  `json:"databases"`
	Queries   []string  `json:"queries"`
	Coverage  string    `json:"coverage"`
}
