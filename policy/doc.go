// Package policy is the one place where the review policy is code: intake
// validation and submission, revisions, reviewer decisions, default
// acceptance at the deadline, reputation escrow, and the hash-chained event
// log that records every state change.
//
// Every exported operation runs in one database transaction that also writes
// its Event and, where it causes one, enqueues its job; a failure anywhere
// leaves nothing behind. Transports (GraphQL, pages, workers, the command
// line) call these functions and never re-implement a rule. Time comes from
// an injected Clock so that deadlines are testable without sleeping.
package policy
