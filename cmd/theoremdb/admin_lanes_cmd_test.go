package main

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/ent/lane"
	"github.com/theoremdb/theoremdb/policy"
)

// TestAdminLanesAndSwitches walks an operator through registering, listing, approving and
// disabling lanes and setting the switches from the command line, on both databases: each
// change is an event naming the operator, the list says whether a lane's key is set without
// showing it, and what an operator gets wrong is refused with a reason and changes nothing.
func TestAdminLanesAndSwitches(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		url := dbtest.URL(t, d)
		t.Setenv("DATABASE_URL", url)
		t.Setenv("THEOREMDB_LOG_LEVEL", "error")
		const secret = "sk-test-0123456789abcdef"
		t.Setenv("THEOREMDB_LANE_KEY_PRIOR_ART_A", secret)
		t.Setenv("THEOREMDB_LANE_KEY_CRITIQUE_A", "")
		if _, errs, err := admin(ctx, "", "account", "create", "--handle", "olga", "--role", "operator"); err != nil {
			t.Fatalf("account create: %v\n%s", err, errs)
		}
		if _, errs, err := admin(ctx, "", "account", "create", "--handle", "rita", "--role", "reviewer"); err != nil {
			t.Fatalf("account create: %v\n%s", err, errs)
		}
		svc := policyOn(t, url)
		olga, err := svc.AccountByHandle(ctx, "olga")
		if err != nil {
			t.Fatal(err)
		}

		out, errs, err := admin(ctx, "", "lane", "add", "--role", "prior_art", "--provider", "openai",
			"--base-url", "http://127.0.0.1:8000/v1", "--model", "model-a", "--model-version", "model-a-2026-01",
			"--prompt-version", "v1", "--identity", "prior-art.a", "--as", "olga")
		if err != nil {
			t.Fatalf("lane add: %v\n%s", err, errs)
		}
		if !strings.Contains(out, "registered lane") || !strings.Contains(out, "THEOREMDB_LANE_KEY_PRIOR_ART_A") ||
			!strings.Contains(out, "not approved yet") {
			t.Errorf("lane add printed %q; want the lane, its key's variable, and that it waits for approval", out)
		}
		// The contract's spelling: every flag, the flags in any order, no --as.
		if _, errs, err := admin(ctx, "", "lane", "add", "--identity", "critique.a", "--provider", "anthropic", "--role", "MATH_CRITIQUE",
			"--base-url", "https://api.anthropic.com", "--model", "model-c", "--model-version", "model-c-2026-03", "--prompt-version", "v1"); err != nil {
			t.Fatalf("lane add (anthropic): %v\n%s", err, errs)
		}
		// The baseline needs no base URL, model or prompt version.
		if _, errs, err := admin(ctx, "", "lane", "add", "--role", "formal-readiness", "--provider", "baseline", "--identity", "baseline.formal"); err != nil {
			t.Fatalf("lane add (baseline): %v\n%s", err, errs)
		}

		out, _, err = admin(ctx, "", "lane", "list")
		if err != nil {
			t.Fatalf("lane list: %v", err)
		}
		if strings.Contains(out, secret) {
			t.Fatalf("lane list shows a key:\n%s", out)
		}
		rows := map[string]string{}
		for _, line := range strings.Split(strings.TrimSpace(out), "\n")[1:] {
			rows[strings.Fields(line)[0]] = line
		}
		for identity, want := range map[string]string{
			"prior-art.a":     `PRIOR_ART\s+openai\s+model-a-2026-01\s+v1\s+no\s+yes\s+set \(THEOREMDB_LANE_KEY_PRIOR_ART_A\)\s+lan_`,
			"critique.a":      `MATH_CRITIQUE\s+anthropic\s+model-c-2026-03\s+v1\s+no\s+yes\s+missing \(THEOREMDB_LANE_KEY_CRITIQUE_A\)`,
			"baseline.formal": `FORMAL_READINESS\s+baseline\s+-\s+v1\s+no\s+yes\s+not needed`,
		} {
			if !regexp.MustCompile(want).MatchString(rows[identity]) {
				t.Errorf("lane list row of %s = %q; want it to match %s\nthe list:\n%s", identity, rows[identity], want, out)
			}
		}
		if !strings.HasPrefix(out, "IDENTITY") || !strings.Contains(out, "MODEL VERSION") || !strings.Contains(out, "APPROVED") {
			t.Errorf("lane list has no header:\n%s", out)
		}

		// Approve by identity and by ID; disable.
		if out, errs, err = admin(ctx, "", "lane", "approve", "prior-art.a", "--as", "olga"); err != nil || !strings.Contains(out, "approved lane prior-art.a") {
			t.Fatalf("lane approve = %q, %v\n%s", out, err, errs)
		}
		crit, err := svc.Client().Lane.Query().Where(lane.Identity("critique.a")).Only(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if out, errs, err = admin(ctx, "", "lane", "approve", "--as", "olga", crit.ID); err != nil || !strings.Contains(out, "approved lane critique.a") {
			t.Fatalf("lane approve ID = %q, %v\n%s", out, err, errs)
		}
		if !strings.Contains(errs, "THEOREMDB_LANE_KEY_CRITIQUE_A") {
			t.Errorf("approving a lane whose key is not set said %q; want a note naming the variable", errs)
		}
		if out, _, err = admin(ctx, "", "lane", "disable", "critique.a", "--as", "olga"); err != nil || !strings.Contains(out, "disabled lane critique.a") {
			t.Fatalf("lane disable = %q, %v", out, err)
		}
		out, _, _ = admin(ctx, "", "lane", "list")
		if !regexp.MustCompile(`prior-art\.a .*\s@olga \d{4}-\d\d-\d\dT\S+Z\s+yes\s`).MatchString(out) ||
			!regexp.MustCompile(`critique\.a .*\s@olga \S+Z\s+no\s`).MatchString(out) {
			t.Errorf("after approval and disabling the list reads:\n%s", out)
		}
		for kind, want := range map[string]int{policy.KindLaneAdded: 3, policy.KindLaneApproved: 2, policy.KindLaneDisabled: 1} {
			n, err := svc.Client().Event.Query().Where(event.Kind(kind)).Count(ctx)
			if err != nil || n != want {
				t.Errorf("%s events = %d, %v; want %d", kind, n, err, want)
			}
		}
		if n, _ := svc.Client().Event.Query().Where(event.KindIn(policy.KindLaneApproved, policy.KindLaneDisabled), event.Actor(olga.ID)).Count(ctx); n != 3 {
			t.Errorf("%d lane changes name @olga; want 3", n)
		}

		// The switches: off until set, each change an event with its operator and reason.
		out, _, err = admin(ctx, "", "switch", "list")
		if err != nil || strings.Count(out, "never set") != 3 || !strings.Contains(out, "automated review is closed") {
			t.Fatalf("switch list before any is set = %q, %v", out, err)
		}
		for _, sw := range [][]string{
			{"switch", "set", "master", "on", "--reason", "Pilot of the panel", "--as", "olga"},
			{"switch", "set", "--as", "olga", "agent-review", "on"},
			{"switch", "set", "audit-lane", "off", "--reason", "The audit provider is down"},
		} {
			if out, errs, err := admin(ctx, "", sw...); err != nil || !strings.Contains(out, " is o") {
				t.Fatalf("admin %s = %q, %v\n%s", strings.Join(sw, " "), out, err, errs)
			}
		}
		got, err := svc.Switches(ctx)
		if err != nil || got != (policy.Switches{Master: true, AgentReview: true}) {
			t.Errorf("Switches() = %+v, %v; want master and agent review on, the audit lane off", got, err)
		}
		out, _, _ = admin(ctx, "", "switch", "list")
		for _, want := range []string{`master\s+on\s+@olga\s+\S+\s+Pilot of the panel`, `agent-review\s+on\s+@olga\s+\S+\s+-`,
			`audit-lane\s+off\s+@importer\s+\S+\s+The audit provider is down`, `automated review is open; the audit lane is off`} {
			if !regexp.MustCompile(want).MatchString(out) {
				t.Errorf("switch list does not match %s:\n%s", want, out)
			}
		}
		if n, _ := svc.Client().Event.Query().Where(event.Kind(policy.KindSwitchSet), event.Actor(olga.ID)).Count(ctx); n != 2 {
			t.Errorf("%d switch events name @olga; want 2", n)
		}

		// What an operator gets wrong, and what they are told; nothing changes.
		before, _ := svc.Client().Event.Query().Count(ctx)
		add := func(extra ...string) []string {
			return append([]string{"lane", "add", "--role", "audit", "--provider", "openai", "--base-url", "http://127.0.0.1:9000/v1",
				"--model", "m", "--model-version", "m-1", "--identity", "audit.b"}, extra...)
		}
		tests := []struct {
			name string
			args []string
			want string
		}{
			{"unknown role", []string{"lane", "add", "--role", "critic", "--provider", "openai", "--identity", "x"}, `--role "critic" is not a role`},
			{"unknown provider", []string{"lane", "add", "--role", "audit", "--provider", "gemini", "--identity", "x"}, `--provider "gemini" is not a provider`},
			{"no identity", []string{"lane", "add", "--role", "audit", "--provider", "openai"}, "missing --identity"},
			{"nothing", []string{"lane", "add"}, "missing --role, --provider, --identity"},
			{"no base URL", []string{"lane", "add", "--role", "audit", "--provider", "openai", "--model", "m", "--model-version", "m-1", "--identity", "x"}, "needs --base-url"},
			{"bad identity", add("--identity", "audit lane"), "--identity: identity \"audit lane\""},
			{"unknown prompt", add("--prompt-version", "v9"), "v9"},
			{"bad base URL", add("--base-url", "ftp://example.org"), "not an http or https URL"},
			{"identity taken", add("--identity", "prior-art.a"), "prior-art.a exists"},
			{"stray argument", add("now"), `unexpected argument "now"`},
			{"unknown flag", add("--key", "sk-1"), "flag provided but not defined: -key"},
			{"not an operator", add("--as", "rita"), "@rita is not an operator"},
			{"no such account", add("--as", "nobody"), "@nobody"},
			{"approve nothing", []string{"lane", "approve"}, "usage: theoremdb admin lane approve ID|IDENTITY"},
			{"approve unknown", []string{"lane", "approve", "no-such-lane"}, `no lane "no-such-lane"`},
			{"approve again", []string{"lane", "approve", "prior-art.a"}, "already approved"},
			{"disable again", []string{"lane", "disable", "critique.a"}, "already disabled"},
			{"list with arguments", []string{"lane", "list", "all"}, "usage: theoremdb admin lane list"},
			{"unknown lane command", []string{"lane", "remove", "x"}, `unknown command "remove"`},
			{"no lane command", []string{"lane"}, "name a command"},
			{"unknown switch", []string{"switch", "set", "audit", "on"}, `"audit" is not a switch`},
			{"neither on nor off", []string{"switch", "set", "master", "yes"}, `"yes" is neither on nor off`},
			{"switch without state", []string{"switch", "set", "master"}, "usage: theoremdb admin switch set"},
			{"switch as a reviewer", []string{"switch", "set", "master", "off", "--as", "rita"}, "@rita is not an operator"},
		}
		for _, tt := range tests {
			_, _, err := admin(ctx, "", tt.args...)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("admin %s (%s) = %v; want an error mentioning %q", strings.Join(tt.args, " "), tt.name, err, tt.want)
			}
		}
		if after, _ := svc.Client().Event.Query().Count(ctx); after != before {
			t.Errorf("the refused commands wrote %d events", after-before)
		}
		// The command itself fails, so the process exits non-zero.
		if err := run(ctx, []string{"admin", "lane", "add", "--role", "critic"}, &strings.Builder{}, &strings.Builder{}); err == nil {
			t.Error("theoremdb admin lane add --role critic succeeded; want an error (exit status 1)")
		}
	})
}
