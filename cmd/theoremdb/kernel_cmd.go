package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"text/tabwriter"

	"github.com/theoremdb/theoremdb/kernel"
)

// kernelExec runs the C verifier; tests replace it to run without the sandbox.
var kernelExec kernel.Exec = kernel.SandboxExec

// runKernel runs `theoremdb kernel check [--json] FILE`: both proof checkers on a Metamath
// database, one verdict of each per $p label. It fails when any proof fails in either checker or
// the checkers disagree.
func runKernel(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	const usage = "usage: theoremdb kernel check [--json] FILE"
	if len(args) == 0 || args[0] != "check" {
		return fmt.Errorf("missing or unknown subcommand\n%s", usage)
	}
	fs := flag.NewFlagSet("kernel check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print one JSON object per $p label")
	pos, err := parseInterspersed(fs, args[1:])
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return errors.New(usage)
	}
	src, err := os.ReadFile(pos[0])
	if err != nil {
		return fmt.Errorf("read database: %w", err)
	}
	c, err := kernel.Compare(ctx, kernelExec, src)
	if err != nil {
		return fmt.Errorf("kernel check %s: %w", pos[0], err)
	}
	if len(c.Rows) == 0 {
		return fmt.Errorf("kernel check %s: neither checker could read the database: metamath: %v; second checker: %v",
			pos[0], c.MetamathErr, c.SecondErr)
	}
	if *asJSON {
		err = writeKernelJSON(stdout, c)
	} else {
		err = writeKernelReport(stdout, pos[0], c)
	}
	if err != nil {
		return err
	}
	if n := c.Failed(); n > 0 {
		return fmt.Errorf("kernel check %s: %d of %d proofs fail or the checkers disagree (%d disagreements)",
			pos[0], n, len(c.Rows), c.Disagreements())
	}
	return nil
}

// kernelLine is one line of `kernel check --json`.
type kernelLine struct {
	Label    string `json:"label"`
	Metamath string `json:"metamath"`
	Second   string `json:"second"`
	Agree    bool   `json:"agree"`
	Reason   string `json:"reason"`
}

// passOrFail is a verdict as the JSON lines give it: an incomplete proof is a failure there, and
// its reason says it is incomplete.
func passOrFail(s kernel.Status) string {
	if s == kernel.Pass {
		return "pass"
	}
	return "fail"
}

func writeKernelJSON(w io.Writer, c *kernel.Comparison) error {
	enc := json.NewEncoder(w)
	for _, r := range c.Rows {
		if err := enc.Encode(kernelLine{Label: r.Label, Metamath: passOrFail(r.Metamath.Status),
			Second: passOrFail(r.Second.Status), Agree: r.Agree, Reason: r.Reason()}); err != nil {
			return err
		}
	}
	return nil
}

func writeKernelReport(w io.Writer, name string, c *kernel.Comparison) error {
	count := func(col func(kernel.Row) kernel.Status) (pass, fail, incomplete int) {
		for _, r := range c.Rows {
			switch col(r) {
			case kernel.Pass:
				pass++
			case kernel.Incomplete:
				incomplete++
			default:
				fail++
			}
		}
		return
	}
	fmt.Fprintf(w, "%s: %d proofs\n", name, len(c.Rows))
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "checker\tpass\tfail\tincomplete")
	p, f, i := count(func(r kernel.Row) kernel.Status { return r.Metamath.Status })
	fmt.Fprintf(tw, "metamath\t%d\t%d\t%d\n", p, f, i)
	p, f, i = count(func(r kernel.Row) kernel.Status { return r.Second.Status })
	fmt.Fprintf(tw, "second\t%d\t%d\t%d\n", p, f, i)
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(w, "disagreements: %d\n", c.Disagreements())
	if c.MetamathErr != nil {
		fmt.Fprintf(w, "metamath could not check the database: %v\n", c.MetamathErr)
	}
	if c.SecondErr != nil {
		fmt.Fprintf(w, "the second checker could not read the database: %v\n", c.SecondErr)
	}
	if c.Failed() == 0 {
		fmt.Fprintln(w, "every proof passes both checkers")
		return nil
	}
	fmt.Fprintf(w, "\nnot passed by both (%d):\n", c.Failed())
	for _, r := range c.Rows {
		if r.OK() {
			continue
		}
		line := ""
		if r.Second.Line > 0 {
			line = fmt.Sprintf(" (line %d)", r.Second.Line)
		}
		fmt.Fprintf(w, "  %s%s  metamath: %s  second: %s\n    %s\n", r.Label, line, r.Metamath.Status, r.Second.Status, r.Reason())
	}
	return nil
}
