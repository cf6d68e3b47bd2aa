package api

import (
	"github.com/99designs/gqlgen/graphql/errcode"

	"github.com/theoremdb/theoremdb/graph"
	"github.com/theoremdb/theoremdb/graph/generated"
	"github.com/theoremdb/theoremdb/graph/model"
)

// Close codes of a subscription's websocket, besides CloseTooMany.
const (
	CloseUnauthorized = graph.CloseUnauthorized
	CloseForbidden    = graph.CloseForbidden
)

// Page sizes of the connections (first:, last:).
const (
	DefaultPage = graph.DefaultPage
	MaxPage     = graph.MaxPage
)

// Code is an error code the transport answers with, and what it asks of
// the caller.
type Code struct {
	Code, Meaning string
}

// ErrorCodes are the extensions.code values of errors outside userErrors,
// in the order the API page lists them.
var ErrorCodes = []Code{
	{Code: errcode.ParseFailed, Meaning: "The document is not valid GraphQL."},
	{Code: errcode.ValidationFailed, Meaning: "The document does not fit the schema (an unknown field, a missing argument)."},
	{Code: graph.CodeBadUserInput, Meaning: "An argument has the wrong form, a cursor is not one this server gave out, or a page size is out of range."},
	{Code: graph.CodeUnauthenticated, Meaning: "The operation needs a signed-in account, or the bearer token is not valid (HTTP 401)."},
	{Code: graph.CodeForbidden, Meaning: "Your account lacks the role the operation needs."},
	{Code: graph.CodeNotFound, Meaning: "There is no problem or node with that ID."},
	{Code: graph.CodeRemoved, Meaning: "The node is part of a removed problem, whose content is withheld; the problem's tombstone stays readable by its ID."},
	{Code: codeDocumentLimit, Meaning: "The document is too long, or has too many fields or tokens."},
	{Code: codeDepthLimit, Meaning: "The selection nests too deeply."},
	{Code: codeComplexityLimit, Meaning: "The operation would cost too much; ask for smaller pages or fewer fields."},
	{Code: codeInputLimit, Meaning: "Arguments and variables nest too deeply or hold too many values."},
	{Code: codeMutationLimit, Meaning: "The request runs too many mutation fields."},
	{Code: codeRateLimited, Meaning: "Too many writes: wait as long as the Retry-After header says."},
	{Code: "PERSISTED_QUERY_NOT_FOUND", Meaning: "An automatic persisted query's hash is unknown: send the document with it once."},
	{Code: graph.CodeTimeout, Meaning: "The request took longer than the time limit and was stopped."},
	{Code: graph.CodeUnavailable, Meaning: "The database is busy or restarting (it refused a connection): try again after the Retry-After header's seconds (HTTP 503)."},
	{Code: graph.CodeInternal, Meaning: "Something failed on our side; it has been logged."},
}

// userErrorMeanings say what each userErrors code asks of the caller, where
// the schema's enum gives no description of its own.
var userErrorMeanings = map[model.UserErrorCode]string{
	model.UserErrorCodeRequired:               "A required field is missing or blank.",
	model.UserErrorCodeTooLong:                "A field is longer than its limit; the message names both lengths.",
	model.UserErrorCodeInvalid:                "A field's value has the wrong form or characters it may not hold.",
	model.UserErrorCodeNotFound:               "Something the input names (a problem, claim, revision) does not exist.",
	model.UserErrorCodeForbidden:              "Your account may not do this to this problem (only its proposer may revise it, say).",
	model.UserErrorCodeConflict:               "The record changed or is in a state that does not allow this; read it again before retrying.",
	model.UserErrorCodeInsufficientReputation: "Your available reputation does not cover the stake.",
	model.UserErrorCodeIdempotencyMismatch:    "The idempotency key was used before with different input.",
}

// UserErrorCodes are the codes of userErrors in the schema's order, each
// with the schema's description, or ours where it has none.
func UserErrorCodes() []Code {
	enum := generated.NewExecutableSchema(generated.Config{}).Schema().Types["UserErrorCode"]
	var codes []Code
	for _, c := range model.AllUserErrorCode {
		meaning := userErrorMeanings[c]
		if enum != nil {
			if ev := enum.EnumValues.ForName(string(c)); ev != nil && ev.Description != "" {
				meaning = ev.Description
			}
		}
		codes = append(codes, Code{Code: string(c), Meaning: meaning})
	}
	return codes
}
