package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/theoremdb/theoremdb/imports"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/server"
)

const exportUsage = `Usage:
  theoremdb export [--format jsonl|csv] FILE   write every public problem to FILE (- for standard output)
  theoremdb import export FILE                 load an export into a database with no problems yet

The export is the download of /export/problems.jsonl or .csv, published under CC BY-SA 4.0;
only the JSONL form can be imported. Permanent URLs in it are made under THEOREMDB_BASE_URL.
`

// runExport writes the public record to a file, as the site's download does.
func runExport(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("export", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, exportUsage) }
	format := fs.String("format", "jsonl", "`jsonl` or csv")
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		fs.Usage()
		return fmt.Errorf("export: want one FILE, got %d", len(pos))
	}
	if *format != "jsonl" && *format != "csv" {
		return fmt.Errorf("export: --format %q: want jsonl or csv", *format)
	}
	base, err := loadBaseURL(os.Getenv)
	if err != nil {
		return err
	}
	var write func(context.Context, io.Writer, policy.ExportOptions) error
	a, err := open(ctx, stderr, false)
	if err != nil {
		return err
	}
	defer a.close()
	switch *format {
	case "jsonl":
		write = a.policy.ExportJSONL
	case "csv":
		write = a.policy.ExportCSV
	default:
		return fmt.Errorf("export: --format %q: want jsonl or csv", *format)
	}
	out := stdout
	var f *os.File
	if pos[0] != "-" {
		if f, err = os.Create(pos[0]); err != nil {
			return fmt.Errorf("export: %w", err)
		}
		out = f
	}
	start := time.Now()
	err = write(ctx, out, policy.ExportOptions{BaseURL: base, Reviewers: true})
	if f != nil {
		err = errors.Join(err, f.Close())
	}
	if err != nil {
		return err
	}
	a.cfg.log.Info("export written", "file", pos[0], "format", *format, "took", time.Since(start).Round(time.Millisecond))
	return nil
}

// runRestore loads a JSONL export into an empty database as the operator account "importer".
func runRestore(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("import export", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, exportUsage) }
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		fs.Usage()
		return fmt.Errorf("import export: want one FILE, got %d", len(pos))
	}
	f, err := os.Open(pos[0])
	if err != nil {
		return fmt.Errorf("import export: %w", err)
	}
	defer f.Close()
	a, err := open(ctx, stderr, false)
	if err != nil {
		return err
	}
	defer a.close()
	actor, err := imports.ImporterAccount(ctx, a.policy)
	if err != nil {
		return err
	}
	sum, err := a.policy.Restore(ctx, actor, f)
	if err != nil {
		return fmt.Errorf("import export %s: %w", pos[0], err)
	}
	fmt.Fprintf(stdout, "restored %d problems with %d revisions and %d decisions; made %d accounts for the handles it names\n",
		sum.Problems, sum.Revisions, sum.Decisions, sum.Accounts)
	return nil
}

// loadBaseURL reads the site's public address, THEOREMDB_BASE_URL: an http or https URL with a
// host and no query, under which permanent URLs are made (default server.DefaultBaseURL).
func loadBaseURL(getenv func(string) string) (string, error) {
	v := getenv("THEOREMDB_BASE_URL")
	if v == "" {
		return server.DefaultBaseURL, nil
	}
	u, err := url.Parse(v)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
		return "", fmt.Errorf("THEOREMDB_BASE_URL=%q: want the site's address, such as https://theoremdb.org", v)
	}
	return strings.TrimRight(v, "/"), nil
}
