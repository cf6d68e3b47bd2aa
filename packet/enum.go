package packet

import (
	"fmt"
	"io"
	"slices"
	"strconv"
)

// enum is implemented by the string kinds below; it gives them one shared
// GraphQL and validation behaviour.
type enum interface {
	~string
	Values() []string
}

// valid reports whether v is one of the values of its enum.
func valid[E enum](v E) bool { return slices.Contains(v.Values(), string(v)) }

func marshalEnum[E enum](v E, w io.Writer) { _, _ = io.WriteString(w, strconv.Quote(string(v))) }

func unmarshalEnum[E enum](p *E, v any) error {
	s, ok := v.(string)
	if !ok {
		return fmt.Errorf("enum must be a string, got %T", v)
	}
	e := E(s)
	if !valid(e) {
		return fmt.Errorf("%q is not one of %v", s, e.Values())
	}
	*p = e
	return nil
}
