// Package e2e tests the built theoremdb binary from the outside, as its
// users meet it: the command line, the GraphQL endpoint over real HTTP and
// websockets, the graphql-http conformance audit and the graphql-ws client
// run with Node.js, Chromium driving the pages, several instances on one
// PostgreSQL, graceful shutdown, and the load benchmarks of `make bench`. Every test builds the binary once and
// starts it on its own database.
package e2e
