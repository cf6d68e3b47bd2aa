// Package scalar holds the GraphQL scalars of the API. Each one decodes
// its input itself, so that a value of the wrong form is an *Error that the
// error presenter reports as BAD_USER_INPUT naming the field and the form
// expected, never as an internal error. It knows nothing of the schema's
// types; gqlgen.yml binds the schema's scalars to these functions.
package scalar

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/99designs/gqlgen/graphql"
)

// Error is an input value that does not have its scalar's form.
type Error struct {
	// Expected says the form wanted, as a user would write it.
	Expected string
	// Got is the value received, shortened.
	Got string
	// Fault, when set, is the whole message: what is wrong with a value of
	// the right type.
	Fault string
}

func (e *Error) Error() string {
	if e.Fault != "" {
		return e.Fault
	}
	return fmt.Sprintf("expected %s; got %s", e.Expected, e.Got)
}

func refuse(expected string, v any) *Error {
	got := "null"
	if v != nil {
		b, err := json.Marshal(v)
		if err != nil {
			b = []byte(fmt.Sprintf("%v", v))
		}
		got = string(b)
		if len(got) > 60 {
			got = got[:57] + "…"
		}
	}
	return &Error{Expected: expected, Got: got}
}

// Date formats.
const (
	dateLayout = "2006-01-02"
	timeLayout = time.RFC3339Nano
)

// MarshalDate writes a date as 2026-11-30.
func MarshalDate(t time.Time) graphql.Marshaler {
	return graphql.WriterFunc(func(w io.Writer) {
		_, _ = io.WriteString(w, strconv.Quote(t.UTC().Format(dateLayout)))
	})
}

// UnmarshalDate takes a plain date (2026-11-30), which is what a
// reference search's checked_on is, or a full RFC 3339 timestamp, whose
// date in UTC it keeps.
func UnmarshalDate(v any) (time.Time, error) {
	const want = `a date such as "2026-11-30" (or a timestamp such as "2026-11-30T12:00:00Z")`
	s, ok := v.(string)
	if !ok {
		return time.Time{}, refuse(want, v)
	}
	if t, err := time.Parse(dateLayout, s); err == nil {
		return t, nil
	}
	t, err := time.Parse(timeLayout, s)
	if err != nil {
		return time.Time{}, refuse(want, v)
	}
	y, m, d := t.UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC), nil
}

// MarshalTime writes a timestamp in RFC 3339, UTC.
func MarshalTime(t time.Time) graphql.Marshaler { return graphql.MarshalTime(t.UTC()) }

// UnmarshalTime takes an RFC 3339 timestamp.
func UnmarshalTime(v any) (time.Time, error) {
	if s, ok := v.(string); ok {
		if t, err := time.Parse(timeLayout, s); err == nil {
			return t, nil
		}
	}
	return time.Time{}, refuse(`a timestamp such as "2026-11-30T12:00:00Z"`, v)
}

// MarshalInt writes an Int.
func MarshalInt(i int) graphql.Marshaler { return graphql.MarshalInt(i) }

// UnmarshalInt takes a whole number within GraphQL's 32 bits.
func UnmarshalInt(v any) (int, error) {
	n, err := unmarshalInt(v)
	return int(n), err
}

// MarshalInt64 writes an Int held in 64 bits.
func MarshalInt64(i int64) graphql.Marshaler { return graphql.MarshalInt64(i) }

// UnmarshalInt64 takes a whole number within GraphQL's 32 bits.
func UnmarshalInt64(v any) (int64, error) { return unmarshalInt(v) }

func unmarshalInt(v any) (int64, error) {
	const want = "a whole number between -2147483648 and 2147483647"
	var n int64
	switch x := v.(type) {
	case int:
		n = int64(x)
	case int32:
		n = int64(x)
	case int64:
		n = x
	case json.Number:
		i, err := strconv.ParseInt(string(x), 10, 64)
		if err != nil {
			return 0, refuse(want, x)
		}
		n = i
	case float64:
		if x != float64(int64(x)) {
			return 0, refuse(want, v)
		}
		n = int64(x)
	default:
		return 0, refuse(want, v)
	}
	if n < -1<<31 || n > 1<<31-1 {
		return 0, refuse(want, v)
	}
	return n, nil
}

// MarshalFloat writes a Float.
func MarshalFloat(f float64) graphql.Marshaler { return graphql.MarshalFloat(f) }

// UnmarshalFloat takes a number.
func UnmarshalFloat(v any) (float64, error) {
	switch x := v.(type) {
	case json.Number:
		if f, err := x.Float64(); err == nil {
			return f, nil
		}
	case float64:
		return x, nil
	case int:
		return float64(x), nil
	case int64:
		return float64(x), nil
	}
	return 0, refuse("a number", v)
}

// MarshalString writes a String.
func MarshalString(s string) graphql.Marshaler { return graphql.MarshalString(s) }

// UnmarshalString takes a string, and nothing else: a number where text
// belongs is a mistake to report, not to convert. A string no database
// can store (invalid UTF-8, a NUL) is refused here, wherever it is used:
// in a filter, an ID or a field that policy checks further.
func UnmarshalString(v any) (string, error) {
	s, ok := v.(string)
	if !ok {
		return "", refuse("a string", v)
	}
	n := 0
	for i, r := range s {
		n++
		switch {
		case r == utf8.RuneError && !strings.HasPrefix(s[i:], "\uFFFD"):
			return "", &Error{Fault: fmt.Sprintf("is not valid UTF-8 at character %d; send text in UTF-8", n)}
		case r == 0:
			return "", &Error{Fault: fmt.Sprintf("contains U+0000 (NULL) at character %d; remove it", n)}
		}
	}
	return s, nil
}

// MarshalBoolean writes a Boolean.
func MarshalBoolean(b bool) graphql.Marshaler { return graphql.MarshalBoolean(b) }

// UnmarshalBoolean takes true or false.
func UnmarshalBoolean(v any) (bool, error) {
	if b, ok := v.(bool); ok {
		return b, nil
	}
	return false, refuse("true or false", v)
}

// MarshalID writes an ID.
func MarshalID(s string) graphql.Marshaler { return graphql.MarshalID(s) }

// UnmarshalID takes an ID, written as a string (or a whole number).
func UnmarshalID(v any) (string, error) {
	switch x := v.(type) {
	case string:
		return UnmarshalString(x)
	case json.Number:
		return string(x), nil
	case int:
		return strconv.Itoa(x), nil
	case int64:
		return strconv.FormatInt(x, 10), nil
	}
	return "", refuse("an ID, as a string", v)
}
