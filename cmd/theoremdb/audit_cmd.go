package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/policy"
)

const auditUsage = `usage: theoremdb audit draw --month YYYY-MM [--seed S]     draw the month's corpus audit samples
       theoremdb audit verify --month YYYY-MM                hold the stored samples to their draw
       theoremdb audit publish --release R --month YYYY-MM   freeze the month's rates as release R's snapshot
       theoremdb audit budget --month YYYY-MM [--hours H]    set the month's review budget (or show it) beside the audit's hours`

// runAudit runs `theoremdb audit …`: the corpus's monthly sample audit.
func runAudit(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprintln(stderr, auditUsage)
		return errors.New("audit: name a command (draw, verify, publish or budget)")
	}
	switch args[0] {
	case "draw", "verify", "publish", "budget":
	default:
		fmt.Fprintln(stderr, auditUsage)
		return fmt.Errorf("audit: unknown command %q (draw, verify, publish or budget)", args[0])
	}
	fs := flag.NewFlagSet("audit "+args[0], flag.ContinueOnError)
	fs.SetOutput(stderr)
	month := fs.String("month", "", "the `YYYY-MM` of the audit")
	seed := fs.String("seed", "", "the draw's seed (default a fresh random one, recorded in the draw's event)")
	release := fs.String("release", "", "the release whose snapshot publish writes")
	hours := fs.Float64("hours", 0, "the month's review budget in reviewer hours (budget)")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if *month == "" || fs.NArg() > 0 {
		fmt.Fprintln(stderr, auditUsage)
		return errors.New("audit: --month YYYY-MM is required")
	}
	a, err := open(ctx, stderr, false)
	if err != nil {
		return err
	}
	defer a.close()
	svc := corpus.New(a.policy)
	switch args[0] {
	case "draw":
		d, err := svc.Draw(ctx, policy.SystemActor, *month, *seed)
		if err != nil {
			return err
		}
		return writeDraw(stdout, d)
	case "verify":
		if err := svc.VerifyDraw(ctx, *month); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "The %s audit sample matches its draw.\n", *month)
		return nil
	case "publish":
		sn, err := svc.PublishRates(ctx, policy.SystemActor, *release, *month)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "release %s: the %s rates, sha256 %s\n", sn.Release, sn.Month, sn.SHA256)
		return nil
	case "budget":
		var b *corpus.Budget
		if *hours != 0 {
			b, err = svc.SetReviewBudget(ctx, policy.SystemActor, *month, *hours)
		} else {
			b, err = svc.ReviewBudget(ctx, *month)
		}
		if err != nil {
			return err
		}
		return writeBudget(stdout, b)
	}
	return fmt.Errorf("audit: unknown command %q", args[0])
}

// writeBudget prints a month's review budget beside its audit, a row per configuration.
func writeBudget(w io.Writer, b *corpus.Budget) error {
	switch {
	case b.Set && b.Left < 0:
		fmt.Fprintf(w, "The %s review budget is %.1f hours; the audit of %d samples takes %.1f, %.1f hours more: no agent configuration may write.\n",
			b.Month, b.Hours, b.Samples, b.AuditHours, -b.Left)
	case b.Set:
		fmt.Fprintf(w, "The %s review budget is %.1f hours; the audit of %d samples takes %.1f; %.1f are left.\n",
			b.Month, b.Hours, b.Samples, b.AuditHours, b.Left)
	default:
		fmt.Fprintf(w, "No review budget is set for %s; the audit of %d samples takes %.1f hours.\n", b.Month, b.Samples, b.AuditHours)
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "configuration\tsamples\thours\twrites")
	for _, c := range b.Configurations {
		writes := "yes"
		if !c.Allowed {
			writes = "no: the budget does not cover its audit"
		}
		fmt.Fprintf(tw, "%s\t%d\t%.1f\t%s\n", c.Name(), c.Samples, c.Hours, writes)
	}
	return tw.Flush()
}

// writeDraw prints a draw: its seed, then a row per stratum.
func writeDraw(w io.Writer, d *corpus.MonthDraw) error {
	state := "drawn now"
	if d.Existing {
		state = "drawn before; nothing was drawn again"
	}
	fmt.Fprintf(w, "Audit of %s (%s), seed %s, thresholds %s\n", d.Month, state, d.Seed, d.Thresholds)
	if len(d.Strata) == 0 {
		fmt.Fprintln(w, "No node merged in the month: there is nothing to audit.")
		return nil
	}
	tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "stratum\tmonths\tmerges\tsample\t")
	total := 0
	for _, s := range d.Strata {
		size := fmt.Sprint(s.Size)
		if s.Full {
			size += " (all)"
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%s\t\n", s.Stratum, s.Months, s.Population, size)
		total += s.Size
	}
	fmt.Fprintf(tw, "%d strata\t\t\t%d\t\n", len(d.Strata), total)
	return tw.Flush()
}
