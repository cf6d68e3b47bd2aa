// Package server is the HTTP face of the platform: one route table, the
// GraphQL endpoint with its limits, bearer-token authentication, health and
// metrics. Handlers parse the request, call policy/ or the ent client, and
// render; no rule of the policy lives here.
package server
