// Package throttle bounds what one client can make the server do: the
// Limits an operator configures, token buckets by key (writes, sign-ups,
// subscriptions started, refused requests) and counters of open things by
// key (websockets). The site's forms and the GraphQL transport draw on the
// same buckets where a limit is shared, so that a writer is bounded however
// it writes.
//
// It owns no rule of the policy and speaks no protocol: what a refusal
// looks like (a page, a GraphQL error, a close frame) is its caller's.
package throttle
