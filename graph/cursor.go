package graph

import (
	"errors"
	"fmt"
	"strings"

	"github.com/theoremdb/theoremdb/policy"
)

// pageError says what is wrong with a request for a page of problems:
// a cursor made under another order or search, or not made here, and the
// field errors of the request, are the caller's to change.
func pageError(err error) error {
	var (
		ce *policy.CursorError
		oe *policy.CursorOrderError
	)
	switch {
	case err == nil:
		return nil
	case errors.As(err, &ce) && errors.As(err, &oe) && oe.Made == nil:
		return errBadInput{fmt.Sprintf("the %s cursor was made without orderBy; ask again without it or without orderBy", ce.Name)}
	case errors.As(err, &ce) && errors.As(err, &oe):
		return errBadInput{fmt.Sprintf("the %s cursor was made for orderBy {field: %s, direction: %s}; ask again without it or with the same orderBy",
			ce.Name, oe.Made.Field, oe.Made.Direction)}
	case errors.As(err, &ce):
		return errBadInput{fmt.Sprintf("the %s cursor is not one this server gave out; ask again without it", ce.Name)}
	}
	if fes := policy.FieldErrors(err); fes != nil {
		return errBadInput{strings.Join(fes[0].Field, ".") + ": " + fes[0].Message}
	}
	return err
}
