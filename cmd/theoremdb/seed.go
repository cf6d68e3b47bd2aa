package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/seed"
)

// runSeed loads the demo problems into an empty database. A database that
// already has problems is left alone, so `make run` can call it every time.
func runSeed(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("seed", flag.ContinueOnError)
	fs.SetOutput(stderr)
	if err := fs.Parse(args); err != nil {
		return err
	}
	a, err := open(ctx, stderr, false)
	if err != nil {
		return err
	}
	defer a.close()
	// The demo's copy check runs over the operator's index when one is built (make run builds
	// it first from the shared corpora), else over the demo's own reference catalogue.
	env, closeEnv, err := gateEnv(a.cfg, a.cfg.log)
	if err != nil {
		return err
	}
	defer closeEnv()
	sum, err := seed.Run(ctx, a.db, policy.Config{ChallengeWindow: a.cfg.challengeWindow}, a.jobs, time.Now(), a.cfg.log,
		seed.WithCopies(env.Copies))
	if errors.Is(err, seed.ErrNotEmpty) {
		fmt.Fprintln(stdout, "database already has problems; nothing seeded")
		return nil
	}
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, seedSummary(sum))
	return nil
}

func seedSummary(s seed.Summary) string {
	deadlines := ""
	if n := len(s.Deadlines); n > 0 {
		deadlines = fmt.Sprintf(" (deadlines from %s to %s)",
			s.Deadlines[0].UTC().Format("2006-01-02 15:04 UTC"), s.Deadlines[n-1].UTC().Format("2006-01-02 15:04 UTC"))
	}
	return fmt.Sprintf("Seeded %d demo problems and %d demo accounts. %d are in their challenge period%s, "+
		"%d were accepted by default when their window elapsed, %d were accepted early by a reviewer, "+
		"%d archived and %d merged; %d has a second revision, and reviewers recorded %d decisions. "+
		"To act as a demo account, create a token for it: theoremdb admin token create --handle demo-reviewer.",
		s.Problems, s.Accounts, s.Prospecting, deadlines, s.AcceptedByDefault, s.AcceptedByReviewer,
		s.Archived, s.Merged, s.Revised, s.Decisions)
}
