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
	_, pending, err := ConfirmReference(ctx, w.policy, w.plane, job.Args.ReferenceID)
	if errors.Is(err, policy.ErrNotFound) {
		return nil // the reference is gone (a test's database, a removal): nothing to confirm
	}
	if err != nil {
		return err
	}
	if pending {
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

// ConfirmReference confirms one reference now: from the source's record when it is fresh,
// otherwise by asking its catalogue (conditionally, when a record is held). It returns the outcome
// recorded, and whether it is still PENDING because the catalogue could not be reached. The job runs it, and
// so does `theoremdb records resolve`.
func ConfirmReference(ctx context.Context, p *policy.Service, plane *records.Plane, referenceID string) (records.Outcome, bool, error) {
	c, err := p.ReferenceConfirmation(ctx, referenceID)
	if err != nil {
		return records.Outcome{}, false, err
	}
	var res records.Result
	switch {
	case c.Fresh:
		res = records.Result{Status: records.StatusFound, Record: *c.Cached}
	default:
		res = plane.Resolve(ctx, c.Identifier, c.Cached)
	}
	var out records.Outcome
	if res.Status == records.StatusNoResolver && !c.Agent {
		// A person's web address is no catalogued record: it stays unconfirmed, neither
		// confirmed nor fabricated, and asking again would not change that. An agent's is a
		// proposal that does not resolve (K9.5), which Advance makes NOT_FOUND.
		out = records.Outcome{Confirmation: records.Pending, Reason: "a web address, not a catalogued record: nothing to confirm it against"}
	} else {
		out = records.Advance(c.Prev, res, c.Claimed)
	}
	record := p.RecordConfirmation
	if located(plane, c) {
		record = p.RecordLocated
	}
	if err := record(ctx, referenceID, res, out); err != nil {
		return records.Outcome{}, false, err
	}
	return out, out.Confirmation == records.Pending && res.Status == records.StatusUnreachable, nil
}

// located reports whether the record plane can read the reference's source and finds the cited
// place in it (a Stacks tag, a HoTT or Open Logic label). Anywhere else a locator stays
// unconfirmed until a person clears it.
func located(plane *records.Plane, c *policy.Confirmation) bool {
	if c.Locator == "" || c.LocatorConfirmed || plane.Texts == nil {
		return false
	}
	_, err := plane.Texts.Locate(c.Identifier, c.Locator)
	return err == nil
}
