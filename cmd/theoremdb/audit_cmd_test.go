package main

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/role"
)

// TestAuditDrawCommand: an auditor account is made with --role auditor;
// audit draw prints each stratum with its sample, and a second draw of the
// month prints the recorded one, seed and all, whatever seed it is given.
func TestAuditDrawCommand(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		url := dbtest.URL(t, d)
		t.Setenv("DATABASE_URL", url)
		t.Setenv("THEOREMDB_LOG_LEVEL", "error")
		if _, errs, err := admin(ctx, "", "account", "create", "--handle", "audrey", "--role", "auditor"); err != nil {
			t.Fatalf("account create --role auditor: %v\n%s", err, errs)
		}
		svc := policyOn(t, url)
		a, err := svc.AccountByHandle(ctx, "audrey")
		if err != nil || !role.Has(a.Roles, role.Auditor) || !corpus.CanAudit(a) {
			t.Fatalf("audrey = %+v, %v; want an auditor", a, err)
		}
		cs := corpus.New(svc)
		w := corpus.Writer{Kind: corpus.WriterAgent, ID: "lane.prover", Model: "m-9", PromptVersion: "p-1"}
		var drafts []corpus.Draft
		for i := range 3 {
			drafts = append(drafts, corpus.Draft{Kind: corpus.Theorem, Label: fmt.Sprintf("t%d", i), Title: fmt.Sprintf("Identity %d", i),
				Body: fmt.Sprintf("A group of order %d has exactly one identity element.", i+2)})
		}
		res, err := cs.Open(ctx, corpus.Request{Writer: w, Drafts: drafts})
		if err != nil || res.Request.State != corpus.StateMerged {
			t.Fatalf("Open = %+v, %v", res, err)
		}
		month := time.Now().UTC().Format("2006-01")
		var out, errs bytes.Buffer
		if err := run(ctx, []string{"audit", "draw", "--month", month, "--seed", "s-1"}, &out, &errs); err != nil {
			t.Fatalf("audit draw: %v\n%s", err, errs.String())
		}
		for _, want := range []string{"seed s-1", "theorem × lane.prover × m-9 × p-1 × -", "3 (all)", "drawn now"} {
			if !strings.Contains(out.String(), want) {
				t.Errorf("audit draw printed\n%s\nwithout %q", out.String(), want)
			}
		}
		out.Reset()
		if err := run(ctx, []string{"audit", "draw", "--month", month, "--seed", "s-2"}, &out, &errs); err != nil {
			t.Fatalf("audit draw again: %v\n%s", err, errs.String())
		}
		if !strings.Contains(out.String(), "seed s-1") || !strings.Contains(out.String(), "drawn before") {
			t.Errorf("the second draw printed\n%s", out.String())
		}
		out.Reset()
		if err := run(ctx, []string{"audit", "verify", "--month", month}, &out, &errs); err != nil || !strings.Contains(out.String(), "matches") {
			t.Errorf("audit verify: %v\n%s", err, out.String())
		}
		out.Reset()
		if err := run(ctx, []string{"audit", "budget", "--month", month, "--hours", "120"}, &out, &errs); err != nil ||
			!strings.Contains(out.String(), "review budget is 120.0 hours") || !strings.Contains(out.String(), "lane.prover × m-9 × p-1 × -") {
			t.Errorf("audit budget: %v\n%s", err, out.String())
		}
		if err := run(ctx, []string{"audit", "budget", "--month", month, "--hours", "-3"}, &out, &errs); err == nil {
			t.Error("audit budget --hours -3 succeeded")
		}
		if err := run(ctx, []string{"audit", "draw", "--month", "12-2026"}, &out, &errs); err == nil {
			t.Error("audit draw --month 12-2026 succeeded")
		}
	})
}
