package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/imports"
	"github.com/theoremdb/theoremdb/policy"
)

// TestReportLanes: a baseline lane sent blind gold shows in the table with its accuracy and
// interval, says that it has nothing to compare with humans instead of printing 0%, and the
// JSON writes the unmeasured rates as null.
func TestReportLanes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		url := dbtest.URL(t, d)
		t.Setenv("DATABASE_URL", url)
		t.Setenv("THEOREMDB_LOG_LEVEL", "error")
		var out, errs bytes.Buffer
		if err := run(ctx, []string{"report", "lanes"}, &out, &errs); err != nil || !strings.Contains(out.String(), "No lanes are registered") {
			t.Fatalf("report lanes on a new database: %v\n%s%s", err, out.String(), errs.String())
		}
		out.Reset()
		svc := policyOn(t, url)
		op, err := imports.ImporterAccount(ctx, svc)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.AddLane(ctx, op, policy.LaneInput{Identity: "base.mc", Role: "MATH_CRITIQUE", Provider: "baseline"}); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.RunGold(ctx, policy.PanelConfig{}, 2); err != nil {
			t.Fatal(err)
		}
		if err := run(ctx, []string{"report", "lanes"}, &out, &errs); err != nil {
			t.Fatalf("report lanes: %v\n%s", err, errs.String())
		}
		text := out.String()
		for _, want := range []string{"base.mc", "MATH_CRITIQUE", "— (none to count)", "No reviews of problems in this period.", "/2 "} {
			if !strings.Contains(text, want) {
				t.Errorf("report lanes printed\n%s\nwithout %q", text, want)
			}
		}
		out.Reset()
		if err := run(ctx, []string{"report", "lanes", "--since", "2000-01-01", "--json"}, &out, &errs); err != nil {
			t.Fatalf("report lanes --json: %v\n%s", err, errs.String())
		}
		var r struct {
			Lanes []struct {
				Identity  string
				Agreement struct{ Agreed struct{ Rate *float64 } }
				Gold      struct {
					Reviews int
					Right   struct {
						Of                    int
						WilsonLow, WilsonHigh *float64
					}
				}
			}
		}
		if err := json.Unmarshal(out.Bytes(), &r); err != nil || len(r.Lanes) != 1 {
			t.Fatalf("report lanes --json = %s (%v)", out.String(), err)
		}
		l := r.Lanes[0]
		if l.Agreement.Agreed.Rate != nil || l.Gold.Reviews != 2 || l.Gold.Right.Of != 2 || l.Gold.Right.WilsonLow == nil ||
			l.Gold.Right.WilsonHigh == nil {
			t.Errorf("report lanes --json lane %+v", l)
		}
		if err := run(ctx, []string{"report", "lanes", "--until", "yesterday"}, &out, &errs); err == nil {
			t.Error("report lanes --until yesterday was accepted")
		}
	})
}
