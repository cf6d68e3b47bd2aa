package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"
	"time"

	"github.com/theoremdb/theoremdb/copycheck"
	"github.com/theoremdb/theoremdb/gates"
)

// runGates runs `theoremdb gates rerun [--gate NAME] [--problem TDB-n]`: the named gate (every
// gate by default) is run again at its current version on the current revision of one problem
// (every problem not removed by default), by the workers, which `serve` or `work` runs.
func runGates(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] != "rerun" {
		return errors.New("usage: theoremdb gates rerun [--gate NAME] [--problem TDB-n]")
	}
	fs := flag.NewFlagSet("gates rerun", flag.ContinueOnError)
	fs.SetOutput(stderr)
	gate := fs.String("gate", "", "the `GATE` to rerun: "+strings.ToLower(strings.Join(gateNames(), ", "))+" (default every gate)")
	ref := fs.String("problem", "", "the `PROBLEM` (ID or slug) whose current revision to check again (default every problem)")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("gates rerun: unexpected argument %q", fs.Arg(0))
	}
	name := gates.Name(strings.ToUpper(strings.ReplaceAll(*gate, "-", "_")))
	if _, ok := gates.ByName(name); !ok && *gate != "" {
		return fmt.Errorf("gates rerun: no gate %q; the gates are %s", *gate, strings.ToLower(strings.Join(gateNames(), ", ")))
	}
	a, err := open(ctx, stderr, false)
	if err != nil {
		return err
	}
	defer a.close()
	n, err := a.policy.RerunGates(ctx, name, *ref)
	if err != nil {
		return err
	}
	what := "every gate"
	if name != "" {
		what = "the " + strings.ToLower(string(name)) + " gate"
	}
	fmt.Fprintf(stdout, "Scheduled %s on %d %s; the workers run them (theoremdb serve or work).\n", what, n, plural(n, "revision", "revisions"))
	return nil
}

func gateNames() []string {
	var out []string
	for _, g := range gates.All() {
		out = append(out, string(g.Name))
	}
	return out
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// gateEnv is what the workers' gates read from outside a packet: the copy-check index of
// THEOREMDB_CORPUS when one is built (without one the copy check is UNKNOWN, and says so) and
// the freshness window of the reference search. The returned function closes the index.
func gateEnv(cfg config, log *slog.Logger) (gates.Env, func(), error) {
	env := gates.Env{FreshnessWindow: cfg.freshness}
	c := copycheck.Corpus{Dir: corpusDir()}
	x, err := c.Open()
	if errors.Is(err, copycheck.ErrNoIndex) || errors.Is(err, os.ErrNotExist) {
		log.Info("gates: no copy-check index is built; the copy check reports UNKNOWN until `theoremdb corpus build` has run", "corpus", c.Dir)
		return env, func() {}, nil
	}
	if err != nil {
		return env, nil, fmt.Errorf("copy-check index: %w", err)
	}
	ccfg, err := c.Config()
	if err != nil {
		x.Close()
		return env, nil, err
	}
	phrases, err := c.Phrases()
	if err != nil {
		x.Close()
		return env, nil, err
	}
	ck, err := copycheck.NewChecker(x, ccfg, phrases)
	if err != nil {
		x.Close()
		return env, nil, err
	}
	env.Copies = ck
	return env, func() { x.Close() }, nil
}

// parseFreshness reads THEOREMDB_FRESHNESS_WINDOW: days ("365d") or a Go duration.
func parseFreshness(v string) (time.Duration, error) {
	if d, ok := strings.CutSuffix(v, "d"); ok {
		var n int
		if _, err := fmt.Sscanf(d, "%d", &n); err == nil && n > 0 && fmt.Sprint(n) == d {
			return time.Duration(n) * 24 * time.Hour, nil
		}
	} else if dur, err := time.ParseDuration(v); err == nil && dur > 0 {
		return dur, nil
	}
	return 0, fmt.Errorf("THEOREMDB_FRESHNESS_WINDOW=%q: want a number of days such as 365d, or a duration such as 8760h", v)
}
