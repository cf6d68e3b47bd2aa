package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/theoremdb/theoremdb/imports"
	"github.com/theoremdb/theoremdb/policy"
)

const reportUsage = `usage: theoremdb report lanes [--since DATE] [--until DATE] [--json]
DATE is YYYY-MM-DD (UTC; --until includes that day) or an RFC 3339 time. The period is the
last 30 days by default.`

// runReport runs `theoremdb report …`: the operators' reports.
func runReport(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] != "lanes" {
		fmt.Fprintln(stderr, reportUsage)
		return errors.New("report: name a report (lanes)")
	}
	fs := flag.NewFlagSet("report lanes", flag.ContinueOnError)
	fs.SetOutput(stderr)
	since := fs.String("since", "", "the first `DATE` of the period (default 30 days before --until)")
	until := fs.String("until", "", "the last `DATE` of the period, included (default now)")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("report lanes: unexpected argument %q\n%s", fs.Arg(0), reportUsage)
	}
	start, end, err := policy.ReportPeriod(*since, *until, time.Now())
	if err != nil {
		return reportRefusal(err)
	}
	a, err := open(ctx, stderr, false)
	if err != nil {
		return err
	}
	defer a.close()
	actor, err := imports.ImporterAccount(ctx, a.policy)
	if err != nil {
		return err
	}
	r, err := a.policy.LaneReport(ctx, actor, start, end)
	if err != nil {
		return reportRefusal(err)
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(r)
	}
	return writeLaneReport(stdout, r)
}

// reportRefusal words a refusal by its field errors ("--until: …").
func reportRefusal(err error) error {
	fes := policy.FieldErrors(err)
	if len(fes) == 0 {
		return err
	}
	parts := make([]string, len(fes))
	for i, fe := range fes {
		parts[i] = "--" + strings.Join(fe.Field, ".") + ": " + fe.Message
	}
	return fmt.Errorf("report lanes: %s", strings.Join(parts, "; "))
}

// writeLaneReport prints the report as two tables, what the lanes did and how they measure, and
// the notes that say what a missing figure means.
func writeLaneReport(w io.Writer, r *policy.LaneReport) error {
	fmt.Fprintf(w, "Lanes from %s to %s (UTC); blind gold graded against %d packets.\n\n",
		r.Since.UTC().Format(time.RFC3339), r.Until.UTC().Format(time.RFC3339), r.GoldPackets)
	if len(r.Lanes) == 0 {
		fmt.Fprintln(w, "No lanes are registered and none reviewed in this period.")
		return nil
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "LANE\tROLE\tPROVIDER\tMODEL VERSION\tPROMPT\tSTATE\tREVIEWS\tGOLD\tFAILED\tLATENCY MEAN/P95\tTOKENS IN/OUT")
	for _, l := range r.Lanes {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%d\t%d\t%s\t%s\t%d/%d\n", l.Identity, l.Role, l.ProviderIdentity,
			dashIfEmpty(l.ModelVersion), l.PromptVersion, laneState(l), l.Reviews, l.GoldReviews, failedCell(l),
			latencyCell(l), l.InputTokens, l.OutputTokens)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(w)
	tw = tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "LANE\tAGREES WITH HUMANS\tESCALATED\tSTAFF CHANGED OUTCOME\tGOLD ACCURACY (95% WILSON)")
	for _, l := range r.Lanes {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", l.Identity, shareCell(l.Agreement.Agreed), shareCell(l.Escalation.Escalated),
			shareCell(l.Escalation.Changed), goldCell(l.Gold))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(w)
	for _, l := range r.Lanes {
		notes := l.Notes()
		if len(notes) == 0 {
			continue
		}
		fmt.Fprintf(w, "%s:\n", l.Identity)
		for _, n := range notes {
			fmt.Fprintf(w, "  %s\n", n)
		}
	}
	fmt.Fprintln(w, "\nAgreement compares each recommendation with the first human decision after it on the same revision, or else")
	fmt.Fprintln(w, "on the problem; the change rate counts escalated panels settled by staff whose decision differs from the lane's.")
	return nil
}

func laneState(l policy.LaneReportRow) string {
	var s []string
	if l.Approved {
		s = append(s, "approved")
	} else {
		s = append(s, "unapproved")
	}
	if !l.Enabled {
		s = append(s, "disabled")
	}
	if l.Baseline {
		s = append(s, "baseline")
	}
	return strings.Join(s, ",")
}

func failedCell(l policy.LaneReportRow) string {
	if l.Failed == 0 {
		return "0"
	}
	var parts []string
	for _, f := range l.Failures {
		parts = append(parts, strings.ToLower(string(f.Class))+" "+strconv.Itoa(f.Count))
	}
	return fmt.Sprintf("%d (%s)", l.Failed, strings.Join(parts, ", "))
}

func latencyCell(l policy.LaneReportRow) string {
	if l.Calls == 0 {
		return "-"
	}
	return l.LatencyMean.Round(time.Millisecond).String() + "/" + l.LatencyP95.Round(time.Millisecond).String()
}

// shareCell is "2/3 66.7%", or a dash that says nothing was counted: never a 0% that stands
// for nothing.
func shareCell(s policy.Share) string {
	if !s.Known() {
		return "— (none to count)"
	}
	return fmt.Sprintf("%d/%d %s", s.Count, s.Of, s.Percent())
}

func goldCell(g policy.LaneGold) string {
	if !g.Right.Known() {
		return "— (none graded)"
	}
	return fmt.Sprintf("%d/%d %s [%s]", g.Right.Count, g.Right.Of, g.Right.Percent(), g.Right.Interval())
}

func dashIfEmpty(s string) string {
	if strings.TrimSpace(s) == "" {
		return "-"
	}
	return s
}
