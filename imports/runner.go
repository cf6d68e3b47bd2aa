package imports

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
)

// Importer is the trusted import path of the policy; *policy.Service
// implements it.
type Importer interface {
	Import(ctx context.Context, actor *ent.Account, key, source string, in policy.ProblemInput) (*ent.Problem, policy.ImportOutcome, error)
	ImportSolved(ctx context.Context, actor *ent.Account, key, source string, in policy.ProblemInput, st policy.SourceStatus) (*ent.Problem, policy.ImportOutcome, error)
	RecordSolved(ctx context.Context, actor *ent.Account, recs []policy.Solved) (int, error)
}

// Runner hands the records of a plan to the policy one by one, as Actor,
// an operator.
type Runner struct {
	Importer Importer
	Actor    *ent.Account
	// Progress, when not nil, hears how far a long import has got, every
	// Every records (default 100) or Interval (default a second), whichever
	// comes first.
	Progress io.Writer
	Every    int
	Interval time.Duration
}

// Summary counts what an import did.
type Summary struct {
	// Created are the new open problems; Answered the new records their
	// source marks solved, held for staff with their answer claim (staff
	// compare its scope and archive them); Held the problems held for staff
	// because the sources disagree or the source of a problem imported as
	// open now marks it solved.
	Created, Answered, Held, Updated, Unchanged int
	// Solved counts the solved candidates kept for the known-answer check.
	Solved int
	// Skipped are the candidates not imported: those the plan skipped, and
	// records the policy's intake refused.
	Skipped []Skip
}

func (s Summary) String() string {
	out := fmt.Sprintf("created %d, answered %d (held for staff with the source's answer), held %d, updated %d, unchanged %d, skipped %d",
		s.Created, s.Answered, s.Held, s.Updated, s.Unchanged, len(s.Skipped))
	if s.Solved > 0 {
		out += fmt.Sprintf(" (%d solved kept for the known-answer check)", s.Solved)
	}
	return out
}

// Run imports the plan's records: open ones through Import, those whose
// sources do not both call them open through ImportSolved. A record the
// policy refuses as invalid is skipped with the policy's reason; any other
// error stops the import and is returned with the summary so far, so a
// re-run picks up where it stopped (the import is idempotent).
func (r Runner) Run(ctx context.Context, plan Plan) (Summary, error) {
	sum := Summary{Skipped: append([]Skip(nil), plan.Skips...)}
	if !policy.CanImport(r.Actor) {
		return sum, fmt.Errorf("import: the importing account needs the operator role: %w", policy.ErrForbidden)
	}
	every, interval := r.Every, r.Interval
	if every <= 0 {
		every = 100
	}
	if interval <= 0 {
		interval = time.Second
	}
	total := len(plan.Records)
	last, lastN := time.Now(), 0
	report := func(done int) {
		if r.Progress != nil {
			fmt.Fprintf(r.Progress, "import: %d/%d records (%s)\n", done, total, sum)
		}
		last, lastN = time.Now(), done
	}
	for i, rec := range plan.Records {
		if err := ctx.Err(); err != nil {
			return sum, fmt.Errorf("import stopped after %d of %d records: %w", i, total, err)
		}
		var (
			outcome policy.ImportOutcome
			err     error
		)
		if rec.Status != nil {
			_, outcome, err = r.Importer.ImportSolved(ctx, r.Actor, rec.Key, rec.Source, rec.Input, *rec.Status)
		} else {
			_, outcome, err = r.Importer.Import(ctx, r.Actor, rec.Key, rec.Source, rec.Input)
		}
		var ve *policy.ValidationError
		switch {
		case errors.As(err, &ve):
			sum.Skipped = append(sum.Skipped, Skip{rec.Key, rec.Loc, "refused by intake: " + ve.Error()})
		case err != nil:
			return sum, fmt.Errorf("import %s (%s): %w", rec.Key, rec.Loc, err)
		case outcome == policy.Created:
			sum.Created++
		case outcome == policy.AnswerHeld:
			sum.Answered++
		case outcome == policy.HeldForStaff:
			sum.Held++
		case outcome == policy.Updated:
			sum.Updated++
		default:
			sum.Unchanged++
		}
		if done := i + 1; done-lastN >= every || time.Since(last) >= interval {
			report(done)
		}
	}
	if total > 0 && lastN != total {
		report(total)
	}
	if len(plan.Solved) > 0 {
		n, err := r.Importer.RecordSolved(ctx, r.Actor, plan.Solved)
		sum.Solved = n
		if err != nil {
			return sum, fmt.Errorf("import: solved records: %w", err)
		}
	}
	return sum, nil
}

// ImporterHandle is the account imports are made as.
const ImporterHandle = "importer"

// Accounts is what ImporterAccount needs of the policy.
type Accounts interface {
	AccountByHandle(ctx context.Context, handle string) (*ent.Account, error)
	CreateAccount(ctx context.Context, handle, displayName string, roles []role.Role) (*ent.Account, error)
}

// ImporterAccount returns the operator account "importer", creating it the
// first time. An existing account of that name without the operator role
// is refused rather than promoted: granting roles is an operator's act.
func ImporterAccount(ctx context.Context, accounts Accounts) (*ent.Account, error) {
	a, err := accounts.AccountByHandle(ctx, ImporterHandle)
	if errors.Is(err, policy.ErrNotFound) {
		a, err = accounts.CreateAccount(ctx, ImporterHandle, "Importer", []role.Role{role.Operator})
	}
	if err != nil {
		return nil, fmt.Errorf("importer account: %w", err)
	}
	if !policy.CanImport(a) {
		return nil, fmt.Errorf("account @%s exists without the operator role: %w", ImporterHandle, policy.ErrForbidden)
	}
	return a, nil
}
