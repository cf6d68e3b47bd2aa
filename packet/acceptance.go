package packet

import "io"

// AcceptanceKind says what sort of evidence settles a problem.
type AcceptanceKind string

// Acceptance kinds.
const (
	Proof          AcceptanceKind = "PROOF"
	Numerical      AcceptanceKind = "NUMERICAL"
	Search         AcceptanceKind = "SEARCH"
	Classification AcceptanceKind = "CLASSIFICATION"
)

// Values lists the kinds.
func (AcceptanceKind) Values() []string {
	return []string{string(Proof), string(Numerical), string(Search), string(Classification)}
}

// Valid reports whether k is a known kind.
func (k AcceptanceKind) Valid() bool { return valid(k) }

// MarshalGQL writes the kind as a GraphQL enum value.
func (k AcceptanceKind) MarshalGQL(w io.Writer) { marshalEnum(k, w) }

// UnmarshalGQL reads a GraphQL enum value.
func (k *AcceptanceKind) UnmarshalGQL(v any) error { return unmarshalEnum(k, v) }

// Acceptance is the condition that says exactly what evidence would settle
// the problem. Which of the optional parts are required depends on Kind.
type Acceptance struct {
	Kind      AcceptanceKind `json:"kind"`
	Criterion string         `json:"criterion"`
	// Precision and certification requirement of a numerical target.
	Precision string `json:"precision,omitempty"`
	// SearchSpace of a search target.
	SearchSpace string `json:"searchSpace,omitempty"`
	// Certificate is the witness or impossibility certificate of a search
	// target, or the certification path of a computation.
	Certificate string `json:"certificate,omitempty"`
	// Equivalence and completeness notion of a classification target.
	Equivalence string `json:"equivalence,omitempty"`
}
