// Package api is the GraphQL transport: POST and GET, websocket
// (graphql-transport-ws and graphql-ws), live fan-out of subscriptions
// shared by the sockets that ask the same, complexity, depth, shape and
// token limits, per-client limits on writes, sockets and refused requests,
// bearer tokens, and the response cache of answers read from cached
// packets. It exposes one Handler, which the site mounts at /graphql, and
// the numbers and codes the site's API page documents.
//
// The executor is gqlgen's, over the schema and resolvers of graph/; the
// resolvers call policy/. It owns no rule of the policy and no page: the
// GraphQL explorer a browser gets at /graphql, the schema download and the
// API documentation are the site's (server/), as is the session cookie,
// which the site resolves before a request reaches the Handler.
package api
