package gates

import (
	"context"
	"time"

	"github.com/theoremdb/theoremdb/copycheck"
	"github.com/theoremdb/theoremdb/similar"
)

// Env is what the gates read from outside the packet. Any part may be nil: a check that needs a
// missing part reports UNKNOWN, never PASS.
type Env struct {
	// Now is the time of the run (the freshness window of the reference search is measured
	// from it); zero means the wall clock.
	Now func() time.Time
	// FreshnessWindow is how old a reference search may be (DefaultFreshnessWindow when zero).
	FreshnessWindow time.Duration
	// Problems finds other problems whose statement resembles one.
	Problems Similar
	// Solved finds records whose source says they are solved (known-answer candidates).
	Solved Similar
	// Claims lists the claims attached to a problem.
	Claims Claims
	// Copies runs the copy check on a body; nil when no index is built.
	Copies CopyChecker
}

// DefaultFreshnessWindow is the policy's default (POLICY.md section 2, December 2026).
const DefaultFreshnessWindow = 365 * 24 * time.Hour

func (e Env) now() time.Time {
	if e.Now == nil {
		return time.Now().UTC()
	}
	return e.Now().UTC()
}

func (e Env) freshness() time.Duration {
	if e.FreshnessWindow <= 0 {
		return DefaultFreshnessWindow
	}
	return e.FreshnessWindow
}

// Candidate is a record whose statement resembles the one searched for: the similarity
// index's answer (package similar), named here because the duplicate gate reads it.
type Candidate = similar.Candidate

// Similar finds the records most like a statement, best first, excluding the problem itself.
type Similar interface {
	Similar(ctx context.Context, title, statement, exclude string, limit int) ([]Candidate, error)
}

// Claim is a claim attached to the problem, as the duplicate gate reads it.
type Claim struct {
	ID      string
	Summary string
	// Answer is true when the claim meets the four machine-readable-answer conditions (object
	// type claim, status established, current binding RESOLVES, not superseded), as decided by
	// the policy.
	Answer bool
}

// Claims lists the claims attached to a problem.
type Claims interface {
	Claims(ctx context.Context, problemID string) ([]Claim, error)
}

// CopyChecker runs the copy check on one body (LaTeX or Markdown source).
type CopyChecker interface {
	Check(ctx context.Context, body []byte, f copycheck.Format) (*copycheck.Result, error)
}
