package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/theoremdb/theoremdb/imports"
)

const importUsage = `Usage:
  theoremdb import erdos FILE [--formal-conjectures DIR] [--commit REV] [--dry-run]
  theoremdb import formal-conjectures DIR [--erdos FILE] [--as-of YYYY-MM-DD] [--commit REV] [--dry-run]

FILE is the Erdős problems database's problems.yaml; DIR is the FormalConjectures
directory of a formal-conjectures checkout. problems.yaml has no statement text, so
import erdos imports only the problems whose statement DIR has.
`

// runImport imports an outside collection through the policy's trusted
// import path as the operator account "importer", and prints what it did.
func runImport(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, importUsage)
		return errors.New("import: name a source, erdos or formal-conjectures")
	}
	kind := args[0]
	fs := flag.NewFlagSet("import "+kind, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, importUsage) }
	var (
		formalDir = fs.String("formal-conjectures", "", "FormalConjectures `DIR` to take Erdős statements from")
		erdosFile = fs.String("erdos", "", "problems.yaml `FILE` of the Erdős database to join by number")
		asOf      = fs.String("as-of", "", "`DATE` (YYYY-MM-DD) of the formal-conjectures revision: the reference-search date")
		commit    = fs.String("commit", "", "formal-conjectures `REV` the files come from, for their URLs (default main)")
		dryRun    = fs.Bool("dry-run", false, "plan and report without writing to the database")
	)
	pos, err := parseInterspersed(fs, args[1:])
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		fs.Usage()
		return fmt.Errorf("import %s: want one FILE or DIR, got %d", kind, len(pos))
	}
	opt := imports.Options{Commit: *commit}
	if *asOf != "" {
		if opt.AsOf, err = time.Parse(time.DateOnly, *asOf); err != nil {
			return fmt.Errorf("import: --as-of %q: want a date such as 2026-05-01", *asOf)
		}
	}

	var plan imports.Plan
	switch kind {
	case "erdos":
		if *erdosFile != "" {
			return errors.New("import erdos: --erdos is for import formal-conjectures; the FILE is the Erdős database")
		}
		problems, issues, err := readErdos(pos[0])
		if err != nil {
			return err
		}
		var files []imports.LeanFile
		if *formalDir != "" {
			var more []imports.Issue
			if files, more, err = imports.ReadFormal(os.DirFS(*formalDir)); err != nil {
				return err
			}
			issues = append(issues, more...)
			if files == nil {
				files = []imports.LeanFile{}
			}
		}
		plan = imports.PlanErdos(problems, issues, files, opt)
	case "formal-conjectures":
		if *formalDir != "" {
			return errors.New("import formal-conjectures: --formal-conjectures is for import erdos; the DIR is the statements")
		}
		if opt.AsOf.IsZero() {
			return errors.New("import formal-conjectures: --as-of YYYY-MM-DD is required: the date of the formal-conjectures revision, " +
				"recorded as the date of each record's reference search (the same date on every run keeps re-imports unchanged)")
		}
		files, issues, err := imports.ReadFormal(os.DirFS(pos[0]))
		if err != nil {
			return err
		}
		var byNumber map[string]imports.ErdosProblem
		if *erdosFile != "" {
			problems, more, err := readErdos(*erdosFile)
			if err != nil {
				return err
			}
			issues = append(issues, more...)
			byNumber = map[string]imports.ErdosProblem{}
			for _, p := range problems {
				byNumber[p.Number] = p
			}
		}
		plan = imports.PlanFormal(files, issues, byNumber, opt)
	default:
		fs.Usage()
		return fmt.Errorf("import: unknown source %q; want erdos or formal-conjectures", kind)
	}

	var sum imports.Summary
	if *dryRun {
		sum = imports.Summary{Skipped: plan.Skips}
		open, solved, disputed := plan.Statuses()
		fmt.Fprintf(stdout, "dry run: would import %d records: %d open; %d solved at their source, archived as known answers "+
			"(or held for staff if imported before as open); %d on which the sources disagree, held for staff\n",
			len(plan.Records), open, solved, disputed)
	} else {
		a, err := open(ctx, stderr, false)
		if err != nil {
			return err
		}
		defer a.close()
		actor, err := imports.ImporterAccount(ctx, a.policy)
		if err != nil {
			return err
		}
		start := time.Now()
		sum, err = imports.Runner{Importer: a.policy, Actor: actor, Progress: stderr}.Run(ctx, plan)
		a.cfg.log.Info("import finished", "source", kind, "records", len(plan.Records), "took", time.Since(start).Round(time.Millisecond))
		if err != nil {
			fmt.Fprintln(stdout, sum)
			return err
		}
	}
	fmt.Fprintln(stdout, sum)
	if len(sum.Skipped) > 0 {
		fmt.Fprintln(stdout, "skipped (.lean paths are relative to the FormalConjectures directory):")
		for _, s := range sum.Skipped {
			fmt.Fprintln(stdout, "  "+s.String())
		}
	}
	return nil
}

func readErdos(name string) ([]imports.ErdosProblem, []imports.Issue, error) {
	b, err := os.ReadFile(name)
	if err != nil {
		return nil, nil, fmt.Errorf("import: %w", err)
	}
	problems, issues := imports.ParseErdos(name, b)
	return problems, issues, nil
}
