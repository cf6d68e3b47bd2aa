package throttle

import "time"

// Limits bound what one client can make the server do. The defaults suit
// a public site; operators change them with THEOREMDB_* variables (see
// cmd/theoremdb). A zero field takes its default.
type Limits struct {
	// RequestTimeout ends a GraphQL query or mutation and a page, and with
	// it every SQL statement the request runs, so no request holds a
	// database connection longer.
	RequestTimeout time.Duration
	// SubscriptionsPerConnection is how many subscriptions one websocket
	// may hold open.
	SubscriptionsPerConnection int
	// SubscribesPerSecond and SubscribeBurst bound how fast one client
	// address starts subscriptions, each of which reads the database once
	// to begin, however often it reconnects.
	SubscribesPerSecond float64
	SubscribeBurst      int
	// ConnectionsPerAddress and ConnectionsPerAccount bound the websockets
	// open at once from one client address and for one account.
	ConnectionsPerAddress int
	ConnectionsPerAccount int
	// WritesPerMinute is the sustained rate of mutations and form
	// submissions of one account (or, signed out, one address); WriteBurst
	// is how many may come at once.
	WritesPerMinute float64
	WriteBurst      int
	// SignUpsPerHour and SignUpBurst bound the accounts created from one
	// client address.
	SignUpsPerHour float64
	SignUpBurst    int
	// RefusalsPerMinute and RefusalBurst bound the requests of one client
	// address that a limit refuses (a document, input, mutation, depth or
	// complexity limit; a websocket limit). Past them every GraphQL request
	// from the address is answered 429 at once, before its body is read,
	// until the allowance is earned back: refusing costs little, but a
	// client sending nothing else costs the others their share.
	RefusalsPerMinute float64
	RefusalBurst      int
	// SignInFreeFailures is how many failed sign-ins one client address makes, across handles,
	// before each further one doubles its wait; SignInFreeFailuresPerHandle is the same for one
	// handle from one address. No count is kept per handle alone, so that no one can lock a
	// handle's owner out.
	SignInFreeFailures          int
	SignInFreeFailuresPerHandle int
	// Proxies are the reverse proxies whose forwarding headers name the client address every
	// per-address limit counts by (THEOREMDB_TRUSTED_PROXIES).
	Proxies Proxies
}

// DefaultLimits are the limits of a server given none.
func DefaultLimits() Limits {
	return Limits{
		RequestTimeout:              15 * time.Second,
		SubscriptionsPerConnection:  50,
		SubscribesPerSecond:         10,
		SubscribeBurst:              100,
		ConnectionsPerAddress:       20,
		ConnectionsPerAccount:       10,
		WritesPerMinute:             30,
		WriteBurst:                  20,
		SignUpsPerHour:              5,
		SignUpBurst:                 3,
		RefusalsPerMinute:           30,
		RefusalBurst:                20,
		SignInFreeFailures:          20,
		SignInFreeFailuresPerHandle: 5,
	}
}

// WithDefaults is l with each unset field at its default.
func (l Limits) WithDefaults() Limits {
	d := DefaultLimits()
	if l.RequestTimeout <= 0 {
		l.RequestTimeout = d.RequestTimeout
	}
	if l.SubscriptionsPerConnection <= 0 {
		l.SubscriptionsPerConnection = d.SubscriptionsPerConnection
	}
	if l.SubscribesPerSecond <= 0 {
		l.SubscribesPerSecond = d.SubscribesPerSecond
	}
	if l.SubscribeBurst <= 0 {
		l.SubscribeBurst = d.SubscribeBurst
	}
	if l.ConnectionsPerAddress <= 0 {
		l.ConnectionsPerAddress = d.ConnectionsPerAddress
	}
	if l.ConnectionsPerAccount <= 0 {
		l.ConnectionsPerAccount = d.ConnectionsPerAccount
	}
	if l.WritesPerMinute <= 0 {
		l.WritesPerMinute = d.WritesPerMinute
	}
	if l.WriteBurst <= 0 {
		l.WriteBurst = d.WriteBurst
	}
	if l.SignUpsPerHour <= 0 {
		l.SignUpsPerHour = d.SignUpsPerHour
	}
	if l.SignUpBurst <= 0 {
		l.SignUpBurst = d.SignUpBurst
	}
	if l.RefusalsPerMinute <= 0 {
		l.RefusalsPerMinute = d.RefusalsPerMinute
	}
	if l.RefusalBurst <= 0 {
		l.RefusalBurst = d.RefusalBurst
	}
	if l.SignInFreeFailures <= 0 {
		l.SignInFreeFailures = d.SignInFreeFailures
	}
	if l.SignInFreeFailuresPerHandle <= 0 {
		l.SignInFreeFailuresPerHandle = d.SignInFreeFailuresPerHandle
	}
	return l
}

// Writes are the buckets of writes of a server with these limits: by
// writer (Writer), shared by the site's forms and the GraphQL mutations.
func (l Limits) Writes() *Buckets {
	l = l.WithDefaults()
	return NewBuckets(l.WritesPerMinute/60, l.WriteBurst)
}
