// Package e2e tests the built theoremdb binary from the outside, as its
// users meet it: the command line, the GraphQL endpoint over real HTTP, the
// graphql-http conformance audit run with Node.js, graceful shutdown, and
// the load benchmarks of `make bench`. Every test builds the binary once and
// starts it on its own database.
package e2e
