// Package server is the HTTP face of the platform: one route table, the
// pages, sessions, health and metrics. It mounts the GraphQL transport
// (api.Handler) at /graphql, in front of which browsers get the explorer
// page; GraphQL itself (its limits, websockets, bearer tokens) is api's.
// Handlers parse the request, call policy/ or the ent client, and render;
// no rule of the policy lives here.
package server
