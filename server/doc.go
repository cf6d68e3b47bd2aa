// Package server is the HTTP face of the platform: one route table, the
// pages, sessions, health and metrics. It mounts the GraphQL transport
// (api.Handler) at /graphql, in front of which browsers get the explorer
// page; GraphQL itself (its limits, websockets, bearer tokens) is api's.
// Handlers parse the request (form.go), call policy/, and render; no rule of
// the policy lives here. Pages read through the small reads interface
// (reads.go) that *policy.Service satisfies: the site holds no database client
// and imports none of the generated ent packages.
package server
