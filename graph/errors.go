package graph

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/graph/model"
	"github.com/theoremdb/theoremdb/graph/scalar"
	"github.com/theoremdb/theoremdb/policy"
)

// Stable extensions.code values of top-level errors.
const (
	CodeNotFound        = "NOT_FOUND"
	CodeUnauthenticated = "UNAUTHENTICATED"
	CodeForbidden       = "FORBIDDEN"
	CodeBadUserInput    = "BAD_USER_INPUT"
	CodeInternal        = "INTERNAL"
	CodeTimeout         = "TIMEOUT"
	CodeCancelled       = "CANCELLED"
	// CodeUnavailable: the database refused or lost a connection; the transport answers 503
	// with Retry-After.
	CodeUnavailable = "UNAVAILABLE"
)

// errBadInput is a request the caller must change, outside any mutation's
// userErrors (a page size over the limit, say).
type errBadInput struct{ msg string }

func (e errBadInput) Error() string { return e.msg }

// ErrorPresenter maps every resolver error to a GraphQL error with a stable
// extensions.code, in one place. Internal details are logged, never sent.
func ErrorPresenter(log *slog.Logger) graphql.ErrorPresenterFunc {
	return func(ctx context.Context, err error) *gqlerror.Error {
		gerr := graphql.DefaultErrorPresenter(ctx, err)
		var wrapped *gqlerror.Error
		if errors.As(err, &wrapped) && wrapped.Err != nil {
			err = wrapped.Err // the resolver's own error, without the path prefix
		}
		var (
			bad     errBadInput
			already *gqlerror.Error
			coerce  *scalar.Error
		)
		code, msg := "", ""
		switch {
		case errors.Is(err, policy.ErrWithheld):
			code, msg = CodeRemoved, err.Error()
		case policy.DatabaseUnavailable(err):
			log.WarnContext(ctx, "graphql request: the database is unavailable", "path", graphql.GetPath(ctx), "err", err)
			code, msg = CodeUnavailable, "the database is busy or restarting; try again in a few seconds (see Retry-After)"
		case errors.Is(err, policy.ErrNotFound), ent.IsNotFound(err):
			code, msg = CodeNotFound, notFoundMessage(err)
		case errors.Is(err, policy.ErrUnauthenticated):
			code, msg = CodeUnauthenticated, "sign in or send a bearer token (Authorization: Bearer …)"
		case errors.Is(err, policy.ErrForbidden):
			code, msg = CodeForbidden, err.Error()
		case errors.As(err, &bad):
			code, msg = CodeBadUserInput, bad.msg
		case errors.As(err, &coerce):
			// An argument or input field of the wrong form, named by its path.
			code, msg = CodeBadUserInput, coerce.Error()
			if p := gerr.Path.String(); p != "" {
				msg = p + ": " + msg
			}
		case strings.HasPrefix(err.Error(), "cannot decode cursor"):
			// entgql's cursor decoding error has no type of its own.
			code, msg = CodeBadUserInput, "the cursor is not one this server gave out"
		case errors.As(err, &already) && already.Err == nil:
			return gerr // parse, validation and limit errors carry their own codes
		case errors.Is(ctx.Err(), context.Canceled):
			// The client went away (whatever error that caused below); no one
			// reads this and nothing failed here.
			log.DebugContext(ctx, "graphql request cancelled", "path", graphql.GetPath(ctx))
			code, msg = CodeCancelled, "the request was cancelled"
		case errors.Is(ctx.Err(), context.DeadlineExceeded):
			log.WarnContext(ctx, "graphql request timed out", "path", graphql.GetPath(ctx), "err", err)
			code, msg = CodeTimeout, "the request took too long and was stopped; ask for less at once"
		default:
			log.ErrorContext(ctx, "graphql resolver failed", "path", graphql.GetPath(ctx), "err", err)
			code, msg = CodeInternal, "internal error; it has been logged"
		}
		gerr.Message = msg
		if gerr.Extensions == nil {
			gerr.Extensions = map[string]any{}
		}
		gerr.Extensions["code"] = code
		return gerr
	}
}

func notFoundMessage(err error) string {
	var gerr *gqlerror.Error
	switch {
	case errors.Is(err, policy.ErrNotFound):
		return err.Error()
	case errors.As(err, &gerr):
		return gerr.Message // entgql's "could not resolve to a node …"
	}
	return "not found"
}

// userErrors turns a policy refusal into the payload's userErrors; any
// other error is returned for the presenter.
func userErrors(err error) ([]*model.UserError, error) {
	fes := policy.FieldErrors(err)
	if fes == nil {
		return nil, err
	}
	out := make([]*model.UserError, len(fes))
	for i, fe := range fes {
		f := fe.Field
		if f == nil {
			f = []string{}
		}
		out[i] = &model.UserError{Field: f, Message: fe.Message, Code: model.UserErrorCode(fe.Code)}
	}
	return out, nil
}

// Page sizes of lists: the default when none is asked for, and the most.
const (
	DefaultPage = 20
	MaxPage     = 100
)

func pageSize(n *int, name string) (int, error) {
	switch {
	case n == nil:
		return MaxPage, nil
	case *n < 0 || *n > MaxPage:
		return 0, errBadInput{fmt.Sprintf("%s must be between 0 and %d", name, MaxPage)}
	}
	return *n, nil
}

func checkPage(first, last *int) error {
	if _, err := pageSize(first, "first"); err != nil {
		return err
	}
	_, err := pageSize(last, "last")
	return err
}
