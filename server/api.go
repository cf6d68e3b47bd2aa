package server

import (
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/99designs/gqlgen/graphql/errcode"

	"github.com/theoremdb/theoremdb/graph"
	"github.com/theoremdb/theoremdb/graph/generated"
	"github.com/theoremdb/theoremdb/graph/model"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/ui"
)

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

// topLevelCodes are the extensions.code values of errors outside
// userErrors, in the order the page lists them.
var topLevelCodes = []ui.APICode{
	{Code: errcode.ParseFailed, Meaning: "The document is not valid GraphQL."},
	{Code: errcode.ValidationFailed, Meaning: "The document does not fit the schema (an unknown field, a missing argument)."},
	{Code: graph.CodeBadUserInput, Meaning: "An argument has the wrong form, a cursor is not one this server gave out, or a page size is out of range."},
	{Code: graph.CodeUnauthenticated, Meaning: "The operation needs a signed-in account, or the bearer token is not valid (HTTP 401)."},
	{Code: graph.CodeForbidden, Meaning: "Your account lacks the role the operation needs."},
	{Code: graph.CodeNotFound, Meaning: "There is no problem or node with that ID."},
	{Code: codeDocumentLimit, Meaning: "The document is too long, or has too many fields or tokens."},
	{Code: codeDepthLimit, Meaning: "The selection nests too deeply."},
	{Code: "COMPLEXITY_LIMIT_EXCEEDED", Meaning: "The operation would cost too much; ask for smaller pages or fewer fields."},
	{Code: codeInputLimit, Meaning: "Arguments and variables nest too deeply or hold too many values."},
	{Code: codeMutationLimit, Meaning: "The request runs too many mutation fields."},
	{Code: codeRateLimited, Meaning: "Too many writes: wait as long as the Retry-After header says."},
	{Code: "PERSISTED_QUERY_NOT_FOUND", Meaning: "An automatic persisted query's hash is unknown: send the document with it once."},
	{Code: graph.CodeTimeout, Meaning: "The request took longer than the time limit and was stopped."},
	{Code: graph.CodeInternal, Meaning: "Something failed on our side; it has been logged."},
}

// apiDocs is /api: how to authenticate, the limits, the error codes,
// idempotency, subscriptions and pagination, with the numbers this server
// runs with.
func (s *Server) apiDocs(w http.ResponseWriter, r *http.Request) error {
	g := s.guard.Limits
	v := ui.APIView{
		TokenPrefix:     policy.TokenPrefix,
		SessionLifetime: apiDays(policy.SessionLifetime),
		DefaultPage:     graph.DefaultPage,
		MaxPage:         graph.MaxPage,
		Example:         explorerExample,
		HTTPLimits: []ui.APIFact{
			{Name: "Request body", Value: apiMiB(MaxRequestBody), Detail: "larger bodies are answered 413 unread"},
			{Name: "Document", Value: apiKiB(MaxQueryBytes) + ", " + apiCount(MaxTokens) + " tokens",
				Detail: "put a submission's content in variables, not in the document"},
			{Name: "Depth", Value: strconv.Itoa(MaxDepth), Detail: "levels of nested selections"},
			{Name: "Complexity", Value: apiCount(MaxComplexity),
				Detail: "list fields cost their page size: a full packet is about 1,300, a page of 100 problems with revisions and references about 10,000"},
			{Name: "Fields", Value: apiCount(MaxFields) + " in all, " + strconv.Itoa(MaxSelections) + " per selection set",
				Detail: fmt.Sprintf("once fragments are expanded; at most %d share one response name", MaxSameName)},
			{Name: "Input", Value: apiCount(MaxInputValues) + " values, " + strconv.Itoa(MaxInputDepth) + " levels deep",
				Detail: "in arguments and variables together"},
			{Name: "Mutations", Value: strconv.Itoa(MaxMutations) + " per request"},
			{Name: "Writes", Value: fmt.Sprintf("%g a minute, bursts of %d", g.WritesPerMinute, g.WriteBurst),
				Detail: "per account (signed out: per address), mutations and forms alike; past it RATE_LIMITED with Retry-After"},
			{Name: "Time", Value: g.RequestTimeout.String() + " per query or mutation", Detail: "then TIMEOUT"},
			{Name: "Refused requests", Value: fmt.Sprintf("%g a minute, bursts of %d", g.RefusalsPerMinute, g.RefusalBurst),
				Detail: "requests a limit refuses, per address; past it every request from the address is answered 429 until the allowance is earned back"},
		},
		SocketLimits: []ui.APIFact{
			{Name: "Connections", Value: fmt.Sprintf("%d per address, %d per account", g.ConnectionsPerAddress, g.ConnectionsPerAccount)},
			{Name: "Subscriptions", Value: strconv.Itoa(g.SubscriptionsPerConnection) + " per connection"},
			{Name: "Subscribing", Value: fmt.Sprintf("%g a second per address, bursts of %d", g.SubscribesPerSecond, g.SubscribeBurst)},
			{Name: "Messages", Value: apiKiB(wsReadLimit) + " each"},
			{Name: "connection_init", Value: "within " + wsInitTimeout.String(), Detail: "pings every " + wsKeepAlive.String()},
		},
		TooMany:      closeTooMany,
		Unauthorized: graph.CloseUnauthorized,
		Forbidden:    graph.CloseForbidden,
		TopCodes:     topLevelCodes,
	}
	enum := generated.NewExecutableSchema(generated.Config{}).Schema().Types["UserErrorCode"]
	for _, c := range model.AllUserErrorCode {
		meaning := userErrorMeanings[c]
		if enum != nil {
			if ev := enum.EnumValues.ForName(string(c)); ev != nil && ev.Description != "" {
				meaning = ev.Description
			}
		}
		v.UserErrors = append(v.UserErrors, ui.APICode{Code: string(c), Meaning: meaning})
	}
	s.render(w, r, http.StatusOK, page(r, "API documentation"), ui.APIPage(v))
	return nil
}

func apiDays(d time.Duration) string { return strconv.Itoa(int(d.Hours()/24)) + " days" }

func apiMiB(n int) string { return strconv.Itoa(n>>20) + " MiB" }

func apiKiB(n int) string { return strconv.Itoa(n>>10) + " KiB" }

// apiCount writes n with thousands separators, as the pages do.
func apiCount(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
