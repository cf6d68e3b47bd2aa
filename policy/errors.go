package policy

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/theoremdb/theoremdb/identity"
)

// Sentinel errors, matched with errors.Is.
var (
	// ErrNotFound: the problem, account or other entity does not exist.
	ErrNotFound = errors.New("not found")
	// ErrUnauthenticated: the operation needs a signed-in account. It is
	// identity's, which answers a session or token it does not know with it.
	ErrUnauthenticated = identity.ErrUnauthenticated
	// ErrForbidden: the account lacks the role the operation needs.
	ErrForbidden = errors.New("forbidden")
)

// Code classifies a FieldError; the values are the GraphQL UserErrorCode.
type Code string

// Codes of field errors.
const (
	CodeRequired               Code = "REQUIRED"
	CodeTooLong                Code = "TOO_LONG"
	CodeInvalid                Code = "INVALID"
	CodeNotFound               Code = "NOT_FOUND"
	CodeForbidden              Code = "FORBIDDEN"
	CodeConflict               Code = "CONFLICT"
	CodeInsufficientReputation Code = "INSUFFICIENT_REPUTATION"
	CodeIdempotencyMismatch    Code = "IDEMPOTENCY_MISMATCH"
	// CodeStaleRevision: a decision names a revision older than the current one.
	CodeStaleRevision Code = "STALE_REVISION"
	// CodeSelfReview: a reviewer decides on their own submission.
	CodeSelfReview Code = "SELF_REVIEW"
	// CodeAgentCannotResolve: an account with the agent role asks for a RESOLVES binding.
	CodeAgentCannotResolve Code = "AGENT_CANNOT_RESOLVE"
	// CodeGateNotRun: qualify names a gate or check that has not run, or could not run
	// (UNKNOWN), on the reviewed revision; it must run before anyone can say it passes.
	CodeGateNotRun Code = "GATE_NOT_RUN"
)

// FieldError is one problem with the input that the caller can fix. Field is
// the path of the input field ("references", "2", "identifier"); it is empty
// when the problem is with the request as a whole.
type FieldError struct {
	Field   []string
	Code    Code
	Message string
}

func (e FieldError) String() string {
	if len(e.Field) == 0 {
		return e.Message
	}
	return strings.Join(e.Field, ".") + ": " + e.Message
}

// ValidationError carries every field error of a refused operation. Nothing
// was written.
type ValidationError struct{ Errors []FieldError }

func (e *ValidationError) Error() string {
	parts := make([]string, len(e.Errors))
	for i, fe := range e.Errors {
		parts[i] = fe.String()
	}
	return "invalid input: " + strings.Join(parts, "; ")
}

// refuse returns a ValidationError with a single field error.
func refuse(code Code, msg string, field ...string) error {
	return &ValidationError{Errors: []FieldError{{Field: field, Code: code, Message: msg}}}
}

// FieldErrors extracts the field errors of err, or nil when err is not a
// ValidationError.
func FieldErrors(err error) []FieldError {
	var ve *ValidationError
	if errors.As(err, &ve) {
		return ve.Errors
	}
	return nil
}

// validator collects field errors in a deterministic order.
type validator struct{ errs []FieldError }

func (v *validator) add(code Code, msg string, field ...string) {
	v.errs = append(v.errs, FieldError{Field: append([]string(nil), field...), Code: code, Message: msg})
}

// line checks a single-line text field: required or optional, the
// characters a single-line field may hold (text.go), and a length limit
// counted in characters.
func (v *validator) line(s string, required bool, max int, field ...string) bool {
	return v.check(singleLine, s, required, max, field...)
}

// text checks a multi-line text field as line does a single-line one; it
// allows tabs and line breaks.
func (v *validator) text(s string, required bool, max int, field ...string) bool {
	return v.check(multiLine, s, required, max, field...)
}

// check reports at most one error per field, the first of: missing, bad
// characters, too long; it returns whether it reported none, so a caller
// can go on to parse the value.
func (v *validator) check(k textKind, s string, required bool, max int, field ...string) bool {
	if required && strings.TrimSpace(s) == "" {
		v.add(CodeRequired, "is required", field...)
		return false
	}
	if fault := textFault(s, k); fault != "" {
		v.add(CodeInvalid, fault, field...)
		return false
	}
	if n := utf8.RuneCountInString(s); n > max {
		v.add(CodeTooLong, fmt.Sprintf("is %d characters; the limit is %d", n, max), field...)
		return false
	}
	return true
}

// with adds the field errors of err, another check's refusal or nil, to
// v's and returns them all as err does; an error that is not a refusal is
// returned as it is.
func (v *validator) with(err error) error {
	if err != nil && FieldErrors(err) == nil {
		return err
	}
	v.errs = append(v.errs, FieldErrors(err)...)
	return v.err()
}

func (v *validator) err() error {
	if len(v.errs) == 0 {
		return nil
	}
	return &ValidationError{Errors: v.errs}
}
