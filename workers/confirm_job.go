package workers

import (
	"context"
	"errors"
	"time"

	"github.com/riverqueue/river"

	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/records"
)

// QueueRecords is the queue of the record plane's jobs: they wait on other sites' APIs, so they
// have workers of their own and never hold up the gates or default acceptance.
const QueueRecords = "records"

// ConfirmReferenceArgs asks the record plane to confirm one reference's source.
type ConfirmReferenceArgs struct {
	ReferenceID string `json:"reference_id"`
}

// Kind names the job.
func (ConfirmReferenceArgs) Kind() string { return "confirm_reference" }

// InsertOpts puts the job on the records queue. A source whose catalogue cannot be reached is
// asked again later, many times: it stays PENDING, never fabricated, meanwhile.
func (ConfirmReferenceArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueRecords, MaxAttempts: 50}
}

// RecordsConfig adapts a record plane's configuration to jobs: one request and one quick retry
// per run, since the job itself is retried later with a growing wait — a catalogue that cannot
// be reached costs a run seconds, not minutes, and a worker stopping is not held up.
func RecordsConfig(cfg records.Config) records.Config {
	cfg.MaxAttempts = min(cfg.MaxAttempts, 2)
	if cfg.MaxDelay <= 0 || cfg.MaxDelay > 5*time.Second {
		cfg.MaxDelay = 5 * time.Second
	}
	return cfg
}

// ConfirmReferenceWorker resolves a reference's source, compares it with what was claimed and
// records the outcome.
type ConfirmReferenceWorker struct {
	river.WorkerDefaults[ConfirmReferenceArgs]
	policy *policy.Service
	plane  *records.Plane
}

// Work confirms the reference; an unreachable catalogue snoozes the job for a retry.
func (w *ConfirmReferenceWorker) Work(ctx context.Context, job *river.Job[ConfirmReferenceArgs]) error {
	got, err := ConfirmReference(ctx, w.policy, w.plane, job.Args.ReferenceID)
	if errors.Is(err, policy.ErrNotFound) {
		return nil // the reference is gone (a test's database, a removal): nothing to confirm
	}
	if err != nil {
		return err
	}
	if got.Retry {
		return river.JobSnooze(retryAfter(job.Attempt))
	}
	return nil
}

// NextRetry is when River retries a failed confirmation: the same backoff as a snooze.
func (w *ConfirmReferenceWorker) NextRetry(job *river.Job[ConfirmReferenceArgs]) time.Time {
	return time.Now().Add(retryAfter(job.Attempt))
}

// retryAfter is the wait before the attempt-th retry: a minute, doubling, at most six hours.
func retryAfter(attempt int) time.Duration {
	d := time.Minute
	for i := 1; i < attempt && d < 6*time.Hour; i++ {
		d *= 2
	}
	return min(d, 6*time.Hour)
}

// Confirmed is what confirming one reference came to.
type Confirmed struct {
	Outcome records.Outcome
	// Retry says the outcome is still PENDING because the catalogue could not be reached.
	Retry bool
	// Source is the source's identifier, and Resolver what answered for it: the source's fresh
	// record's resolver (catalogue for a record `records import` loaded, text for a reference
	// text, crossref, datacite, arxiv, zbmath, openlibrary), or, when nothing answered with a
	// record, ResolvedNotFound, ResolvedUnreachable or ResolvedNoResolver.
	Source   string
	Resolver string
	// Locator is what became of the reference's locator: LocatorFound (the place was found and
	// bears the reference out), LocatorUnconfirmed (the plane read the source but the place is
	// missing or does not bear it out: Outcome.Reason says why), or empty (no locator to
	// check, one already confirmed, or a source the plane cannot read).
	Locator string
}

// What answered for a source when no record did.
const (
	ResolvedNotFound    = "not-found"
	ResolvedUnreachable = "unreachable"
	ResolvedNoResolver  = "no-resolver"
)

// What became of a locator.
const (
	LocatorFound       = "found"
	LocatorUnconfirmed = "unconfirmed"
)

// ConfirmReference confirms one reference now: from the source's record when it is fresh,
// otherwise by asking its catalogue (conditionally, when a record is held); and, when the source
// is a reference text the record plane can read, finds the cited place and compares it with what
// the reference cites it for. The job runs it, and so does `theoremdb records resolve`.
func ConfirmReference(ctx context.Context, p *policy.Service, plane *records.Plane, referenceID string) (Confirmed, error) {
	c, err := p.ReferenceConfirmation(ctx, referenceID)
	if err != nil {
		return Confirmed{}, err
	}
	got := Confirmed{Source: c.Identifier.Key}
	var res records.Result
	switch {
	case c.Fresh:
		res = records.Result{Status: records.StatusFound, Record: *c.Cached}
	default:
		res = plane.Resolve(ctx, c.Identifier, c.Cached)
	}
	switch res.Status {
	case records.StatusFound:
		got.Resolver = res.Record.Resolver
	case records.StatusNotFound:
		got.Resolver = ResolvedNotFound
	case records.StatusUnreachable:
		got.Resolver = ResolvedUnreachable
	default:
		got.Resolver = ResolvedNoResolver
	}
	if res.Status == records.StatusNoResolver && !c.Agent {
		// A person's web address is no catalogued record: it stays unconfirmed, neither
		// confirmed nor fabricated, and asking again would not change that. An agent's is a
		// proposal that does not resolve (K9.5), which Advance makes NOT_FOUND.
		got.Outcome = records.Outcome{Confirmation: records.Pending, Reason: "a web address, not a catalogued record: nothing to confirm it against"}
	} else {
		got.Outcome = records.Advance(c.Prev, res, c.Claimed)
	}
	record := p.RecordConfirmation
	if check, checked := checkLocator(plane, c); checked {
		switch {
		case check.Consistent:
			got.Locator, record = LocatorFound, p.RecordLocated
		default:
			got.Locator = LocatorUnconfirmed
			if got.Outcome.Confirmation == records.Confirmed {
				// The source is what was claimed; why its cited place is not is the reason a
				// reviewer reads beside the unconfirmed locator.
				got.Outcome.Reason = check.Reason
			}
		}
	}
	if err := record(ctx, referenceID, res, got.Outcome); err != nil {
		return Confirmed{}, err
	}
	got.Retry = got.Outcome.Confirmation == records.Pending && res.Status == records.StatusUnreachable
	return got, nil
}

// checkLocator finds the reference's locator in its source when the record plane can read the
// source (a Stacks tag, a HoTT or Open Logic label) and compares the item there with what the
// reference cites it for; checked is false when there is no locator to check, a person already
// confirmed it, or the source is none of the reference texts. Anywhere else a locator stays
// unconfirmed until a person clears it.
func checkLocator(plane *records.Plane, c *policy.Confirmation) (records.LocatorCheck, bool) {
	if c.Locator == "" || c.LocatorConfirmed || plane.Texts == nil {
		return records.LocatorCheck{}, false
	}
	check, err := plane.Texts.CheckLocator(c.Identifier, records.Citing{Locator: c.Locator, Citation: c.Citation, Relevance: c.Relevance})
	switch {
	case err == nil, errors.Is(err, records.ErrNoLocator):
		return check, true
	}
	return records.LocatorCheck{}, false
}
