package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/account"
	"github.com/theoremdb/theoremdb/ent/gateswitch"
	"github.com/theoremdb/theoremdb/imports"
	"github.com/theoremdb/theoremdb/lanes"
	"github.com/theoremdb/theoremdb/policy"
)

// laneUsage is what the lane and switch commands take; the roles, providers and switches are
// spelled from the policy's tables.
var laneUsage = `usage:
  theoremdb admin lane add --role ROLE --provider ` + providerArgs("|") + ` --base-url URL --model NAME
                           --model-version V [--prompt-version P] --identity ID [--as HANDLE]
  theoremdb admin lane approve ID|IDENTITY [--as HANDLE]
  theoremdb admin lane qualify ID|IDENTITY [--seed N] [--as HANDLE]
  theoremdb admin lane disable ID|IDENTITY [--as HANDLE]
  theoremdb admin lane list
  theoremdb admin switch set ` + switchArgs("|") + ` on|off [--reason TEXT] [--as HANDLE]
  theoremdb admin switch list
ROLE is ` + roleArgs() + `. A lane's API key is read from
THEOREMDB_LANE_KEY_<IDENTITY> (the identity upper-cased, every character other than A-Z and 0-9
replaced by an underscore). A judge, round_trip or hypotheses lane serves the corpus's merge
gates once approved; a judge judges only after qualify has measured its rate of rejecting the
planted wrong steps of the labelled set at 75% or more. --as names the operator account that
acts (default @importer, the operator account of the command line).`

// roleArgs are the lane roles as the command line spells them, in a sentence.
func roleArgs() string {
	args := make([]string, len(policy.LaneRoles))
	for i, r := range policy.LaneRoles {
		args[i] = strings.ToLower(r.Value)
	}
	return lanes.OneOf(args)
}

// providerArgs are the providers joined by sep.
func providerArgs(sep string) string { return strings.Join(policy.LaneProviders.Values(), sep) }

// switchArgs are the switches as the command line spells them, joined by sep.
func switchArgs(sep string) string {
	args := make([]string, len(policy.GateSwitches))
	for i, sw := range policy.GateSwitches {
		args[i] = sw.Arg
	}
	return strings.Join(args, sep)
}

// laneCommand runs `theoremdb admin lane …` and `theoremdb admin switch …`.
func laneCommand(ctx context.Context, group string, args []string, stdout, stderr io.Writer) error {
	verb, rest := "", []string(nil)
	if len(args) > 0 {
		verb, rest = args[0], args[1:]
	}
	switch group + " " + verb {
	case "lane add":
		return adminLaneAdd(ctx, rest, stdout, stderr)
	case "lane approve":
		return adminLaneChange(ctx, "approve", rest, stdout, stderr)
	case "lane disable":
		return adminLaneChange(ctx, "disable", rest, stdout, stderr)
	case "lane list":
		return adminLaneList(ctx, rest, stdout, stderr)
	case "lane qualify":
		return adminLaneQualify(ctx, rest, stdout, stderr)
	case "switch set":
		return adminSwitchSet(ctx, rest, stdout, stderr)
	case "switch list":
		return adminSwitchList(ctx, rest, stdout, stderr)
	}
	fmt.Fprintln(stderr, laneUsage)
	if verb == "" {
		return fmt.Errorf("admin %s: name a command", group)
	}
	return fmt.Errorf("admin %s: unknown command %q", group, verb)
}

// parseInterleaved parses flags that may come before, between or after the positional
// arguments, and returns the positional ones. Everything after a `--` is positional, whatever
// it looks like. A flag whose value is literally `--` must therefore be written `--flag=--`:
// `--flag --` gives the flag that value but also ends the flags there.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if used := len(args) - len(rest); used > 0 && args[used-1] == "--" {
			return append(pos, rest...), nil
		}
		if len(rest) == 0 {
			return pos, nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// operatorAccount is the account a lane or switch command acts as: the named one, which must be
// an operator, or the command line's operator account @importer.
func operatorAccount(ctx context.Context, a *app, handle string) (*ent.Account, error) {
	if handle == "" {
		return imports.ImporterAccount(ctx, a.policy)
	}
	acc, err := a.policy.AccountByHandle(ctx, handle)
	if err != nil {
		return nil, err
	}
	if !policy.CanStaff(acc) {
		return nil, fmt.Errorf("@%s is not an operator; lanes and switches are changed by operators: %w", acc.Handle, policy.ErrForbidden)
	}
	return acc, nil
}

// refusal words a policy refusal for the command line: its field errors alone.
func refusal(what string, err error) error {
	fes := policy.FieldErrors(err)
	if fes == nil {
		return err
	}
	parts := make([]string, len(fes))
	for i, fe := range fes {
		parts[i] = fe.String()
	}
	return fmt.Errorf("%s refused: %s", what, strings.Join(parts, "; "))
}

func adminLaneAdd(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("admin lane add", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var in policy.LaneInput
	fs.StringVar(&in.Role, "role", "", "the `ROLE`: "+roleArgs()+" (required)")
	fs.StringVar(&in.Provider, "provider", "", "openai (chat completions), anthropic (Messages API) or baseline (required)")
	fs.StringVar(&in.BaseURL, "base-url", "", "the provider's base `URL`, e.g. https://api.openai.com/v1 (not for baseline)")
	fs.StringVar(&in.Model, "model", "", "the model `NAME` sent to the provider (not for baseline)")
	fs.StringVar(&in.ModelVersion, "model-version", "", "the pinned model `VERSION` being approved (not for baseline)")
	fs.StringVar(&in.PromptVersion, "prompt-version", "", "the role's prompt `VERSION`, e.g. v1 (default the role's latest)")
	fs.StringVar(&in.Identity, "identity", "", "the distinct reviewer identity `ID`, which names the key's variable (required)")
	as := fs.String("as", "", "the operator account that registers the lane (default @importer)")
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return fmt.Errorf("admin lane add: unexpected argument %q (every value is a flag)\n%s", pos[0], laneUsage)
	}
	var missing []string
	for _, f := range []struct{ name, value string }{{"--role", in.Role}, {"--provider", in.Provider}, {"--identity", in.Identity}} {
		if strings.TrimSpace(f.value) == "" {
			missing = append(missing, f.name)
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("admin lane add: missing %s\n%s", strings.Join(missing, ", "), laneUsage)
	}
	r, err := lanes.ParseRole(in.Role)
	if err != nil {
		return fmt.Errorf("admin lane add: --role %q is not a role: use %s", in.Role, roleArgs())
	}
	in.Role = string(r)
	switch p := lanes.Provider(strings.ToLower(strings.TrimSpace(in.Provider))); p {
	case lanes.OpenAI, lanes.Anthropic:
		for _, f := range []struct{ name, value string }{{"--base-url", in.BaseURL}, {"--model", in.Model}, {"--model-version", in.ModelVersion}} {
			if strings.TrimSpace(f.value) == "" {
				missing = append(missing, f.name)
			}
		}
		if len(missing) > 0 {
			return fmt.Errorf("admin lane add: a %s lane needs %s", p, strings.Join(missing, ", "))
		}
	case lanes.Baseline:
	default:
		return fmt.Errorf("admin lane add: --provider %q is not a provider: use %s", in.Provider, lanes.OneOf(lanes.Providers))
	}
	if err := lanes.ValidateIdentity(strings.TrimSpace(in.Identity)); err != nil {
		return fmt.Errorf("admin lane add: --identity: %s", strings.TrimPrefix(err.Error(), "lanes: "))
	}
	a, err := open(ctx, stderr, false)
	if err != nil {
		return err
	}
	defer a.close()
	actor, err := operatorAccount(ctx, a, *as)
	if err != nil {
		return err
	}
	l, err := a.policy.AddLane(ctx, actor, in)
	if err != nil {
		return refusal("admin lane add", err)
	}
	fmt.Fprintf(stdout, "registered lane %s (%s): %s, %s, %s, prompt %s; not approved yet\n",
		l.ID, l.Identity, l.Role, l.Provider, orDash(l.ModelVersion), l.PromptVersion)
	if l.Provider != string(lanes.Baseline) {
		fmt.Fprintf(stdout, "its key is read from %s; approve it with: theoremdb admin lane approve %s\n", lanes.KeyEnvName(l.Identity), l.Identity)
	} else {
		fmt.Fprintf(stdout, "the baseline calls nothing and can never publish; approve it with: theoremdb admin lane approve %s\n", l.Identity)
	}
	return nil
}

// adminLaneChange approves or disables one lane, named by its ID or identity.
func adminLaneChange(ctx context.Context, verb string, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("admin lane "+verb, flag.ContinueOnError)
	fs.SetOutput(stderr)
	as := fs.String("as", "", "the operator account that acts (default @importer)")
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return fmt.Errorf("usage: theoremdb admin lane %s ID|IDENTITY [--as HANDLE] (theoremdb admin lane list shows them)", verb)
	}
	a, err := open(ctx, stderr, false)
	if err != nil {
		return err
	}
	defer a.close()
	actor, err := operatorAccount(ctx, a, *as)
	if err != nil {
		return err
	}
	change, done := a.policy.ApproveLane, "approved"
	if verb == "disable" {
		change, done = a.policy.DisableLane, "disabled"
	}
	l, err := change(ctx, actor, pos[0])
	if err != nil {
		return refusal("admin lane "+verb, err)
	}
	fmt.Fprintf(stdout, "%s lane %s (%s, %s %s) as @%s\n", done, l.Identity, l.Role, l.Provider, orDash(l.ModelVersion), actor.Handle)
	if verb == "approve" && l.Provider != string(lanes.Baseline) {
		if os.Getenv(lanes.KeyEnvName(l.Identity)) == "" {
			fmt.Fprintf(stderr, "note: %s is not set here; the server that runs the panel needs it\n", lanes.KeyEnvName(l.Identity))
		}
	}
	return nil
}

func adminLaneList(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) > 0 {
		return errors.New("usage: theoremdb admin lane list")
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
	ls, err := a.policy.Lanes(ctx, actor)
	if err != nil {
		return err
	}
	if len(ls) == 0 {
		fmt.Fprintln(stdout, "no lanes are registered; add one with: theoremdb admin lane add --role ROLE --provider … --identity ID")
		return nil
	}
	var ids []string
	for _, l := range ls {
		if l.ApprovedByID != nil {
			ids = append(ids, *l.ApprovedByID)
		}
	}
	handles, err := accountHandles(ctx, a.policy.Client(), ids)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "IDENTITY\tROLE\tPROVIDER\tMODEL VERSION\tPROMPT\tAPPROVED\tENABLED\tKEY\tID")
	for _, l := range ls {
		approved := "no"
		if l.ApprovedAt != nil {
			approved = handles[deref(l.ApprovedByID)] + " " + l.ApprovedAt.UTC().Format(time.RFC3339)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", l.Identity, l.Role, l.Provider, orDash(l.ModelVersion),
			l.PromptVersion, approved, yesNo(l.Enabled), keyState(l), l.ID)
	}
	return tw.Flush()
}

// keyState says whether the lane's key variable is set in this environment; the key itself is
// never shown.
func keyState(l *ent.Lane) string {
	if l.Provider == string(lanes.Baseline) {
		return "not needed"
	}
	name := lanes.KeyEnvName(l.Identity)
	if os.Getenv(name) != "" {
		return "set (" + name + ")"
	}
	return "missing (" + name + ")"
}

// accountHandles maps account IDs to "@handle"; the system's own actor is "system".
func accountHandles(ctx context.Context, c *ent.Client, ids []string) (map[string]string, error) {
	out := map[string]string{policy.SystemActor: "system"}
	if len(ids) == 0 {
		return out, nil
	}
	accs, err := c.Account.Query().Where(account.IDIn(ids...)).All(ctx)
	if err != nil {
		return nil, err
	}
	for _, a := range accs {
		out[a.ID] = "@" + a.Handle
	}
	for _, id := range ids {
		if _, ok := out[id]; !ok {
			out[id] = id
		}
	}
	return out, nil
}

func adminSwitchSet(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("admin switch set", flag.ContinueOnError)
	fs.SetOutput(stderr)
	reason := fs.String("reason", "", "why, for the record")
	as := fs.String("as", "", "the operator account that acts (default @importer)")
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	usage := "usage: theoremdb admin switch set " + switchArgs("|") + " on|off [--reason TEXT]"
	if len(pos) != 2 {
		return errors.New(usage)
	}
	sw, ok := policy.SwitchNamed(pos[0])
	if !ok {
		return fmt.Errorf("admin switch set: %q is not a switch: %s", pos[0], policy.SwitchArgs())
	}
	name := sw.Value
	var on bool
	switch strings.ToLower(pos[1]) {
	case "on":
		on = true
	case "off":
	default:
		return fmt.Errorf("admin switch set: %q is neither on nor off; %s", pos[1], usage)
	}
	a, err := open(ctx, stderr, false)
	if err != nil {
		return err
	}
	defer a.close()
	actor, err := operatorAccount(ctx, a, *as)
	if err != nil {
		return err
	}
	if err := a.policy.SetSwitch(ctx, actor, name, on, *reason); err != nil {
		return refusal("admin switch set", err)
	}
	state, err := a.policy.Switches(ctx)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s is %s (as @%s); automated review is %s\n", switchLabel(sw), onOff(on), actor.Handle, gateState(state))
	return nil
}

func adminSwitchList(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) > 0 {
		return errors.New("usage: theoremdb admin switch list")
	}
	a, err := open(ctx, stderr, false)
	if err != nil {
		return err
	}
	defer a.close()
	rows, err := a.policy.Client().GateSwitch.Query().All(ctx)
	if err != nil {
		return err
	}
	byName := map[gateswitch.Name]*ent.GateSwitch{}
	var ids []string
	for _, r := range rows {
		byName[r.Name] = r
		ids = append(ids, r.SetByID)
	}
	handles, err := accountHandles(ctx, a.policy.Client(), ids)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "SWITCH\tSTATE\tSET BY\tSET AT\tREASON")
	for _, sw := range policy.GateSwitches {
		r := byName[gateswitch.Name(sw.Value)]
		if r == nil {
			fmt.Fprintf(tw, "%s\toff\t-\t-\tnever set\n", sw.Arg)
			continue
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", sw.Arg, onOff(r.Enabled), handles[r.SetByID], r.SetAt.UTC().Format(time.RFC3339), orDash(r.Reason))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	sw, err := a.policy.Switches(ctx)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "automated review is %s\n", gateState(sw))
	return nil
}

// switchLabel names a switch in a sentence: "the agent-review switch".
func switchLabel(sw policy.GateSwitch) string {
	return "the " + strings.ToLower(sw.Label[:1]) + sw.Label[1:]
}

func gateState(sw policy.Switches) string {
	switch {
	case !sw.GateOpen():
		return "closed (the master and agent-review switches must both be on)"
	case !sw.AuditLane:
		return "open; the audit lane is off, so a sample selected for audit goes to administrator review"
	}
	return "open, with the audit lane"
}

func onOff(on bool) string {
	if on {
		return "on"
	}
	return "off"
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func orDash(s string) string {
	if strings.TrimSpace(s) == "" {
		return "-"
	}
	return s
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// adminLaneQualify measures a judge lane on the labelled set built from the corpus's imported
// proofs and records the measurement (corpus.judge.measured), which /admin/lanes shows with its
// Wilson interval and which lets the lane judge when it reaches the bar. It exits non-zero when
// the lane does not qualify.
func adminLaneQualify(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("admin lane qualify", flag.ContinueOnError)
	fs.SetOutput(stderr)
	seed := fs.Uint64("seed", corpus.JudgeSetSeed, "the `SEED` that picks where the wrong steps are planted")
	as := fs.String("as", "", "the operator account that measures (default @importer)")
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return errors.New("usage: theoremdb admin lane qualify ID|IDENTITY [--seed N] [--as HANDLE] (theoremdb admin lane list shows them)")
	}
	a, err := open(ctx, stderr, false)
	if err != nil {
		return err
	}
	defer a.close()
	actor, err := operatorAccount(ctx, a, *as)
	if err != nil {
		return err
	}
	l, err := a.policy.LaneNamed(ctx, actor, pos[0])
	if err != nil {
		return refusal("admin lane qualify", err)
	}
	switch {
	case lanes.Role(l.Role) != lanes.JudgeRole:
		return fmt.Errorf("admin lane qualify: %s is a %s lane; only a judge lane is measured on the labelled set", l.Identity, l.Role)
	case !l.Enabled:
		return fmt.Errorf("admin lane qualify: %s is disabled; register a new lane for a new model or prompt version", l.Identity)
	case os.Getenv(lanes.KeyEnvName(l.Identity)) == "":
		return fmt.Errorf("admin lane qualify: %s is not set here; the lane cannot be called without its key", lanes.KeyEnvName(l.Identity))
	}
	j, err := lanes.NewJudge(policy.LaneConfig(l))
	if err != nil {
		return fmt.Errorf("admin lane qualify: %w", err)
	}
	cs := corpus.New(a.policy)
	set, err := cs.CorpusJudgeSet(ctx, *seed)
	if err != nil {
		return err
	}
	if len(set.Items) == 0 {
		return errors.New("admin lane qualify: the corpus has no imported proof to build the labelled set from; import a corpus first (theoremdb corpus import)")
	}
	fmt.Fprintf(stderr, "measuring %s on %d items of the labelled set %s…\n", l.Identity, len(set.Items), set.Version)
	m, err := cs.MeasureJudge(ctx, actor.ID, j, set)
	if err != nil {
		return err
	}
	printMeasure(stdout, m, len(set.Items))
	if !m.Qualified {
		return fmt.Errorf("admin lane qualify: %s did not qualify (%.1f%% < %.0f%%); it may not judge", l.Identity, 100*m.Rate(), 100*corpus.JudgeBar)
	}
	return nil
}

// printMeasure says what a judge's measurement found, as /admin/lanes shows it.
func printMeasure(w io.Writer, m corpus.JudgeMeasure, items int) {
	fmt.Fprintf(w, "judge %s (%s, model version %s, prompt %s) on the labelled set %s (digest %.12s, %d items)\n",
		m.Identity, m.Provider, m.ModelVersion, m.PromptVersion, m.Set, m.Digest, items)
	fmt.Fprintf(w, "  rejected %d of %d planted wrong steps: %.1f%% (Wilson 95%%: %.1f%%–%.1f%%)\n", m.Caught, m.Wrong, 100*m.Rate(),
		100*m.Low, 100*m.High)
	fmt.Fprintf(w, "  rejected %d of %d untouched proofs: %.1f%%\n", m.Flagged, m.Clean, 100*m.FlagRate())
	if m.Failed > 0 {
		fmt.Fprintf(w, "  no verdict on %d calls (malformed, failed or timed out; counted as not rejected)\n", m.Failed)
	}
	if m.Qualified {
		fmt.Fprintf(w, "qualified: the lane may judge (the bar is %.0f%%)\n", 100*corpus.JudgeBar)
	} else {
		fmt.Fprintf(w, "not qualified: the lane may not judge (the bar is %.0f%%)\n", 100*corpus.JudgeBar)
	}
}
