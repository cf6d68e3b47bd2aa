package records

import (
	"context"
	"time"
)

// Record is what a catalogue says about a work. Fields the catalogue does not give are zero, and
// Compare does not hold a claim against them.
type Record struct {
	ID      Identifier
	Title   string   // with the subtitle after a colon when the catalogue keeps it apart
	Authors []string // as the catalogue gives them ("Hilbert, David" or "David Hilbert")
	Year    int
	Licence string // the licence as the record states it (a URL or a name); empty when it does not
	URL     string
	// Resolver names where the record came from: crossref, datacite, arxiv, zbmath, openlibrary,
	// catalogue or text.
	Resolver  string
	FetchedAt time.Time
	// ETag and LastModified are the validators of the response, for conditional requests.
	ETag         string
	LastModified string
}

// Status is what a resolver could say about an identifier.
type Status string

// The statuses of a resolution.
const (
	// StatusFound: the record exists and Result.Record holds it.
	StatusFound Status = "FOUND"
	// StatusNotFound: the catalogue answered that it holds no such record.
	StatusNotFound Status = "NOT_FOUND"
	// StatusUnreachable: no definite answer (network error, timeout, 5xx or 429 after retries,
	// a malformed or oversized body). Never evidence that the record is missing.
	StatusUnreachable Status = "UNREACHABLE"
	// StatusNoResolver: the identifier is of a kind the record plane has no catalogue for (a
	// URL that is none of the reference texts), so it cannot be a record.
	StatusNoResolver Status = "NO_RESOLVER"
)

// Result is the answer of one resolution.
type Result struct {
	Status Status
	Record Record // when Status is StatusFound
	Reason string // for the other statuses: what the resolver saw, for logs and operators
}

// Resolver resolves identifiers of the kinds it serves. cached, when not nil, is the record
// stored from an earlier resolution by the same resolver: its validators make the request
// conditional, and a 304 answer returns it as found with a new FetchedAt.
type Resolver interface {
	Resolve(ctx context.Context, id Identifier, cached *Record) Result
}

func found(r Record) Result { return Result{Status: StatusFound, Record: r} }

func notFound(reason string) Result { return Result{Status: StatusNotFound, Reason: reason} }

func unreachable(reason string) Result { return Result{Status: StatusUnreachable, Reason: reason} }
