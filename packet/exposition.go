package packet

import "io"

// ExpositionKind is the exact kind of one exposition entry. The policy allows
// exactly these four; a definition must name the term it defines.
type ExpositionKind string

// Exposition kinds.
const (
	Definition ExpositionKind = "DEFINITION"
	Convention ExpositionKind = "CONVENTION"
	Remark     ExpositionKind = "REMARK"
	Example    ExpositionKind = "EXAMPLE"
)

// Values lists the kinds in display order.
func (ExpositionKind) Values() []string {
	return []string{string(Definition), string(Convention), string(Remark), string(Example)}
}

// Valid reports whether k is a known kind.
func (k ExpositionKind) Valid() bool { return valid(k) }

// MarshalGQL writes the kind as a GraphQL enum value.
func (k ExpositionKind) MarshalGQL(w io.Writer) { marshalEnum(k, w) }

// UnmarshalGQL reads a GraphQL enum value.
func (k *ExpositionKind) UnmarshalGQL(v any) error { return unmarshalEnum(k, v) }

// ExpositionEntry is one labelled piece of textbook setup around the statement.
type ExpositionEntry struct {
	Kind ExpositionKind `json:"kind"`
	// Term is the term or symbol a definition assigns meaning to; empty for
	// the other kinds.
	Term string `json:"term,omitempty"`
	Body string `json:"body"`
}
