package policy

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"time"

	"entgo.io/contrib/entgql"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/schema"
)

// A cursor into a list of problems means something only under the order it
// was made for: it holds the last row's ID and its value of the order's
// field, and the next page is the rows after that pair in that order.
// entgql's cursor does not say which field or direction the value belongs
// to, so a cursor made under one order and sent back with another is
// compared with the wrong column, or in the wrong direction, and yields a
// wrong page without any error; two string-valued or time-valued fields
// cannot be told apart by the value. The cursors handed out are therefore
// sealed with their order (SealProblemCursors), and a cursor is opened only
// under the order it was sealed with (OpenProblemCursor). Any transport
// that pages through problems can use the pair.

// ErrBadCursor: the cursor was not made by SealProblemCursors.
var ErrBadCursor = errors.New("the cursor is not one this server gave out")

// CursorOrderError is a cursor sent back with another order than the one
// it was made for. A nil order is the default one (no order asked for).
type CursorOrderError struct{ Made, Asked *ent.ProblemOrder }

func (e *CursorOrderError) Error() string {
	return fmt.Sprintf("the cursor was made for order %s, not %s", orderKey(e.Made), orderKey(e.Asked))
}

// orderKey names an order exactly: its field and its direction.
func orderKey(o *ent.ProblemOrder) string {
	field, dir := "ID", entgql.OrderDirectionAsc
	if o != nil {
		dir = o.Direction
		if o.Field != nil && o.Field.String() != "" {
			field = o.Field.String()
		}
	}
	return field + " " + string(dir)
}

// orderOfKey is the order orderKey named, nil for the default one.
func orderOfKey(key string) (*ent.ProblemOrder, bool) {
	field, dir, ok := strings.Cut(key, " ")
	d := entgql.OrderDirection(dir)
	if !ok || d.Validate() != nil {
		return nil, false
	}
	if field == "ID" {
		if d != entgql.OrderDirectionAsc {
			return nil, false
		}
		return nil, true
	}
	var f ent.ProblemOrderField
	if f.UnmarshalGQL(field) != nil {
		return nil, false
	}
	return &ent.ProblemOrder{Field: &f, Direction: d}, true
}

// SealProblemCursors marks every cursor of conn, made under order (by
// keysetPage, or ent's Paginate), as belonging to that order.
func SealProblemCursors(conn *ent.ProblemConnection, order *ent.ProblemOrder) {
	key := orderKey(order)
	for _, e := range conn.Edges {
		e.Cursor.ID = key + ":" + e.Cursor.ID
	}
	if n := len(conn.Edges); n > 0 {
		conn.PageInfo.StartCursor = &conn.Edges[0].Cursor
		conn.PageInfo.EndCursor = &conn.Edges[n-1].Cursor
	}
}

// OpenProblemCursor returns the cursor a page read takes for c, a cursor
// SealProblemCursors sealed, when it is sent back with order; nil for nil.
// A cursor sealed with another order is a *CursorOrderError; one that was
// not sealed here, or whose value is not of the order's field, is
// ErrBadCursor, so that nothing a client forges reaches the database.
func OpenProblemCursor(c *ent.Cursor, order *ent.ProblemOrder) (*ent.Cursor, error) {
	if c == nil {
		return nil, nil
	}
	i := strings.LastIndexByte(c.ID, ':')
	if i < 0 || !schema.ProblemIDPattern.MatchString(c.ID[i+1:]) {
		return nil, ErrBadCursor
	}
	made, ok := orderOfKey(c.ID[:i])
	switch {
	case !ok:
		return nil, ErrBadCursor
	case c.ID[:i] != orderKey(order):
		return nil, &CursorOrderError{Made: made, Asked: order}
	}
	open := &ent.Cursor{ID: c.ID[i+1:], Value: c.Value}
	if order == nil || order.Field == nil || order.Field.String() == "" {
		if open.Value != nil {
			return nil, ErrBadCursor
		}
		return open, nil
	}
	want, err := order.Field.Value(&ent.Problem{})
	if err != nil {
		return nil, fmt.Errorf("order value: %w", err)
	}
	switch want.(type) {
	case string:
		if s, ok := open.Value.(string); !ok || !storable(s) {
			return nil, ErrBadCursor
		}
	case time.Time:
		t, ok := open.Value.(time.Time)
		if !ok {
			return nil, ErrBadCursor
		}
		open.Value = t.UTC() // as stored; the decoder gives local time
	case int:
		switch reflect.ValueOf(open.Value).Kind() {
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		default:
			return nil, ErrBadCursor
		}
	default:
		return nil, fmt.Errorf("no cursor check for order field %s of type %T", order.Field, want)
	}
	return open, nil
}
