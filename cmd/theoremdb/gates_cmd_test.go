package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/gaterun"
	"github.com/theoremdb/theoremdb/gates"
)

// TestGatesRerun: `theoremdb gates rerun` marks the named gate (or every gate) pending again on
// the current revision of one problem (or every one), refuses an unknown gate by name, and reads
// the freshness window from the environment.
func TestGatesRerun(t *testing.T) {
	ctx := context.Background()
	url := dbtest.URL(t, "sqlite3")
	t.Setenv("DATABASE_URL", url)
	t.Setenv("THEOREMDB_LOG_LEVEL", "error")
	var out, errs bytes.Buffer
	if err := runSeed(ctx, nil, &out, &errs); err != nil {
		t.Fatalf("seed: %v\n%s", err, errs.String())
	}
	svc := policyOn(t, url)
	pending := func() int {
		n, err := svc.Client().GateRun.Query().Where(gaterun.OutcomeEQ(gaterun.OutcomePENDING)).Count(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := pending(); n != 0 {
		t.Fatalf("%d runs pending after the seed ran every gate", n)
	}
	rerun := func(args ...string) (string, error) {
		var out, errs bytes.Buffer
		err := runGates(ctx, append([]string{"rerun"}, args...), &out, &errs)
		return out.String() + errs.String(), err
	}
	if got, err := rerun("--gate", "hero", "--problem", "TDB-1"); err != nil || !strings.Contains(got, "the hero gate on 1 revision") {
		t.Fatalf("rerun --gate hero --problem TDB-1 = %q, %v", got, err)
	}
	if n := pending(); n != 1 {
		t.Errorf("%d runs pending after rerunning one gate on one problem; want 1", n)
	}
	got, err := rerun()
	if err != nil {
		t.Fatal(err)
	}
	problems, _ := svc.Client().Problem.Query().Count(ctx)
	if !strings.Contains(got, "every gate on") || pending() != problems*len(gates.All()) {
		t.Errorf("rerun = %q with %d runs pending; want every gate of the %d problems", got, pending(), problems)
	}
	if got, err := rerun("--gate", "beauty"); err == nil || !strings.Contains(err.Error(), "no gate") || !strings.Contains(err.Error(), "open_status") {
		t.Errorf("rerun --gate beauty = %q, %v; want the gates listed", got, err)
	}
	for in, want := range map[string]time.Duration{"365d": 365 * 24 * time.Hour, "720h": 720 * time.Hour} {
		if d, err := parseFreshness(in); err != nil || d != want {
			t.Errorf("parseFreshness(%q) = %v, %v; want %v", in, d, err, want)
		}
	}
	for _, bad := range []string{"soon", "0d", "-3d", "1.5d"} {
		if _, err := parseFreshness(bad); err == nil {
			t.Errorf("parseFreshness(%q) succeeded", bad)
		}
	}
}
