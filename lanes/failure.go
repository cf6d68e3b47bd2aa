package lanes

import (
	"errors"
	"fmt"
)

// Failure is the stable code of one way a lane can fail to produce a usable answer. It is
// stored with the review and read by the review gate. A Failure is an error, so that
// errors.Is(err, lanes.FailureRefusal) tells the kinds apart.
type Failure string

// Configuration failures: the lane could not be called as configured.
const (
	FailureMissingKey    Failure = "MISSING_KEY"
	FailureInvalidConfig Failure = "INVALID_CONFIG"
	FailureInputTooLarge Failure = "INPUT_TOO_LARGE"
)

// Provider failures: the call did not return an intelligible answer.
const (
	FailureTimeout          Failure = "TIMEOUT"
	FailureCanceled         Failure = "CANCELED"
	FailureUnreachable      Failure = "UNREACHABLE"
	FailureRateLimited      Failure = "RATE_LIMITED"
	FailureServerError      Failure = "SERVER_ERROR"
	FailureRejected         Failure = "REQUEST_REJECTED"
	FailureResponseTooLarge Failure = "RESPONSE_TOO_LARGE"
	FailureProtocol         Failure = "PROTOCOL"
	FailureRefusal          Failure = "REFUSAL"
	FailureTruncated        Failure = "TRUNCATED"
	FailureEmptyOutput      Failure = "EMPTY_OUTPUT"
	FailureNotJSON          Failure = "NOT_JSON"
	FailureMalformedJSON    Failure = "MALFORMED_JSON"
	FailureProse            Failure = "PROSE_AROUND_JSON"
	FailureUnknownField     Failure = "UNKNOWN_FIELD"
	FailureDuplicateField   Failure = "DUPLICATE_FIELD"
	FailureMissingField     Failure = "MISSING_FIELD"
	FailureMissingCheck     Failure = "MISSING_CHECK"
	FailureUnknownCheck     Failure = "UNKNOWN_CHECK"
	FailureWrongType        Failure = "WRONG_TYPE"
	FailureInvalidValue     Failure = "INVALID_VALUE"
	// FailureUnclassified is an error that is not a lane's own; the gate reads it as a provider
	// failure.
	FailureUnclassified Failure = "UNCLASSIFIED"
)

// Failures lists every code, in the order above.
var Failures = []Failure{
	FailureMissingKey, FailureInvalidConfig, FailureInputTooLarge,
	FailureTimeout, FailureCanceled, FailureUnreachable, FailureRateLimited, FailureServerError,
	FailureRejected, FailureResponseTooLarge, FailureProtocol,
	FailureRefusal,
	FailureTruncated, FailureEmptyOutput, FailureNotJSON, FailureMalformedJSON, FailureProse,
	FailureUnknownField, FailureDuplicateField, FailureMissingField, FailureMissingCheck,
	FailureUnknownCheck, FailureWrongType, FailureInvalidValue, FailureUnclassified,
}

// Class groups failures by what the review gate says of them.
type Class string

// Classes.
const (
	// ClassConfig: the lane is misconfigured (a missing key, an invalid setting, an input
	// too large to send) — invalid configuration.
	ClassConfig Class = "CONFIG"
	// ClassProvider: the provider failed or could not be understood.
	ClassProvider Class = "PROVIDER"
	// ClassRefusal: the model declined to answer.
	ClassRefusal Class = "REFUSAL"
	// ClassOutput: the model answered, but not in the schema.
	ClassOutput Class = "OUTPUT"
)

// Class is f's class; an unknown code is a provider failure.
func (f Failure) Class() Class {
	switch f {
	case FailureMissingKey, FailureInvalidConfig, FailureInputTooLarge:
		return ClassConfig
	case FailureRefusal:
		return ClassRefusal
	case FailureTruncated, FailureEmptyOutput, FailureNotJSON, FailureMalformedJSON, FailureProse,
		FailureUnknownField, FailureDuplicateField, FailureMissingField, FailureMissingCheck,
		FailureUnknownCheck, FailureWrongType, FailureInvalidValue:
		return ClassOutput
	}
	return ClassProvider
}

// Error makes a Failure an error value for errors.Is.
func (f Failure) Error() string { return "lanes: " + string(f) }

// Error is a lane's failure with its detail: the field path of an output defect, the HTTP status
// of a provider's answer, the cause.
type Error struct {
	Failure Failure
	// Path is the JSON path of an output defect ("checks.dated_search.reason"), when there is one.
	Path string
	// Status is the last HTTP status the provider returned, when there was one.
	Status int
	// Detail is one line for the operator's log; it never holds a key.
	Detail string
	Err    error
}

func (e *Error) Error() string {
	s := "lanes: " + string(e.Failure)
	if e.Path != "" {
		s += " at " + e.Path
	}
	if e.Status != 0 {
		s += fmt.Sprintf(" (HTTP %d)", e.Status)
	}
	if e.Detail != "" {
		s += ": " + e.Detail
	}
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

// Is matches the Failure code.
func (e *Error) Is(target error) bool {
	f, ok := target.(Failure)
	return ok && f == e.Failure
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// FailureOf is the Failure code of err ("" for nil); an error that is not a lane's is
// UNCLASSIFIED.
func FailureOf(err error) Failure {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Failure
	}
	var f Failure
	if errors.As(err, &f) {
		return f
	}
	return FailureUnclassified
}

func fail(f Failure, format string, args ...any) *Error {
	return &Error{Failure: f, Detail: fmt.Sprintf(format, args...)}
}

func failAt(f Failure, path, format string, args ...any) *Error {
	return &Error{Failure: f, Path: path, Detail: fmt.Sprintf(format, args...)}
}
