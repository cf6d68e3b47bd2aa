// Package identity owns the secrets of TheoremDB and who a request is:
// password hashing (argon2id), the secrets of sessions and bearer tokens
// (made at random, stored only as digests), and the lookups that turn a
// password, a session cookie or a bearer token into an account.
//
// It must not record decisions or events, nor hold a rule of the review
// policy. The operations that are recorded (making an account, setting a
// password, issuing or revoking a token) stay in policy/, which calls this
// package for the hash, the secret and its digest, and writes the event in
// its own transaction. identity never imports policy.
package identity
