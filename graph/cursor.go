package graph

import (
	"errors"
	"fmt"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/policy"
)

// openCursor opens the after or before cursor (name) of Query.problems
// under orderBy (policy.OpenProblemCursor): a cursor made under another
// order, or not made here, is the caller's to change, and the message says
// which orderBy it belongs to.
func openCursor(name string, c *ent.Cursor, orderBy *ent.ProblemOrder) (*ent.Cursor, error) {
	open, err := policy.OpenProblemCursor(c, orderBy)
	var oe *policy.CursorOrderError
	switch {
	case errors.As(err, &oe) && oe.Made == nil:
		return nil, errBadInput{fmt.Sprintf("the %s cursor was made without orderBy; ask again without it or without orderBy", name)}
	case errors.As(err, &oe):
		return nil, errBadInput{fmt.Sprintf("the %s cursor was made for orderBy {field: %s, direction: %s}; ask again without it or with the same orderBy",
			name, oe.Made.Field, oe.Made.Direction)}
	case errors.Is(err, policy.ErrBadCursor):
		return nil, errBadInput{fmt.Sprintf("the %s cursor is not one this server gave out; ask again without it", name)}
	}
	return open, err
}
