package server

import (
	"cmp"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/theoremdb/theoremdb/api"
	"github.com/theoremdb/theoremdb/identity"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/ui"
)

// apiDocs is /api: how to authenticate, the limits, the error codes,
// idempotency, subscriptions and pagination, with the numbers this server
// runs with.
func (s *Server) apiDocs(w http.ResponseWriter, r *http.Request) error {
	g := s.guard.Limits
	v := ui.APIView{
		TokenPrefix:     identity.TokenPrefix,
		SessionLifetime: apiDays(identity.SessionLifetime),
		DefaultPage:     api.DefaultPage,
		MaxPage:         api.MaxPage,
		Example:         explorerExample,
		HTTPLimits: []ui.APIFact{
			{Name: "Request body", Value: apiMiB(api.MaxRequestBody), Detail: "larger bodies are answered 413 unread"},
			{Name: "Document", Value: apiKiB(api.MaxQueryBytes) + ", " + apiCount(api.MaxTokens) + " tokens",
				Detail: "put a submission's content in variables, not in the document"},
			{Name: "Depth", Value: strconv.Itoa(api.MaxDepth), Detail: "levels of nested selections"},
			{Name: "Complexity", Value: apiCount(api.MaxComplexity),
				Detail: "list fields cost their page size: a full packet is about 1,300, a page of 100 problems with revisions and references about 10,000"},
			{Name: "Fields", Value: apiCount(api.MaxFields) + " in all, " + strconv.Itoa(api.MaxSelections) + " per selection set",
				Detail: fmt.Sprintf("once fragments are expanded; at most %d share one response name", api.MaxSameName)},
			{Name: "Input", Value: apiCount(api.MaxInputValues) + " values, " + strconv.Itoa(api.MaxInputDepth) + " levels deep",
				Detail: "in arguments and variables together"},
			{Name: "Mutations", Value: strconv.Itoa(api.MaxMutations) + " per request"},
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
			{Name: "Messages", Value: apiKiB(api.MaxMessageBytes) + " each"},
			{Name: "connection_init", Value: "within " + api.InitTimeout.String(), Detail: "pings every " + api.KeepAlive.String()},
		},
		EventKinds:   policy.EventKinds,
		TooMany:      api.CloseTooMany,
		Unauthorized: api.CloseUnauthorized,
		Forbidden:    api.CloseForbidden,
	}
	v.BaseURL = s.baseURL()
	v.Socket = "ws" + strings.TrimPrefix(v.BaseURL, "http")
	for _, g := range exampleGroups() {
		vg := ui.APIExampleGroup{ID: "examples-" + strings.ToLower(strings.Fields(g.Title)[0]), Title: g.Title, Lead: g.Lead}
		for _, e := range g.Examples {
			x := ui.APIExample{Name: e.Name, Use: e.Use, Query: e.Query, Variables: cmp.Or(e.Variables, "{}"),
				Subscription: operationKind(e.Query) == "subscription", Token: e.Signed}
			body, err := json.MarshalIndent(map[string]any{"query": e.Query, "variables": json.RawMessage(x.Variables)}, "", "  ")
			if err != nil {
				return fmt.Errorf("example %s: %w", e.Name, err)
			}
			x.Body = string(body)
			vg.Examples = append(vg.Examples, x)
		}
		v.ExampleGroups = append(v.ExampleGroups, vg)
	}
	for _, c := range api.ErrorCodes {
		v.TopCodes = append(v.TopCodes, ui.APICode{Code: c.Code, Meaning: c.Meaning})
	}
	for _, c := range api.UserErrorCodes() {
		v.UserErrors = append(v.UserErrors, ui.APICode{Code: c.Code, Meaning: c.Meaning})
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

// operationKind is the keyword an example's operation starts with, past its comments:
// query, mutation or subscription.
func operationKind(doc string) string {
	for _, line := range strings.Split(doc, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		kind, _, _ := strings.Cut(line, " ")
		return kind
	}
	return ""
}
