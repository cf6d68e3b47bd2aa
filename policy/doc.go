// Package policy is the one place where the review policy is code: intake
// validation and submission, revisions, reviewer decisions, default
// acceptance at the deadline, reputation escrow, holds, moderation, the
// publication-gate record, lane switches, who may do what, and the
// hash-chained event log that records every state change. Beside the rules
// it keeps the read side every transport shares: the packet, the lists, the
// queues and the views built from them, with their caches, and the closed
// vocabularies (vocabulary.go) and form field tables (form_fields.go) that
// pages and validation read alike.
//
// Every exported operation runs in one database transaction that also writes
// its Event and, where it causes one, enqueues its job; a failure anywhere
// leaves nothing behind. Transports (GraphQL, pages, workers, the command
// line) call these functions and never re-implement a rule. Time comes from
// an injected Clock so that deadlines are testable without sleeping.
//
// What must not be here: a transport (HTTP, GraphQL and gqlgen, websockets,
// the command line) or anything that knows one; secrets and authentication
// (password hashing, session and token secrets, sign-in and bearer lookup
// are identity/'s; the recorded operations on them, setting a password and
// issuing or revoking a token, are here and call it); full-text search
// (search/'s, which the list read calls); the checks of a gate (gates/ and
// its neighbours: pure, packet in, findings out); and the corpus (corpus/).
package policy
