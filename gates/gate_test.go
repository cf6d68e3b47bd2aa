package gates

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestRunGateIsolatesFailures: a gate that panics, overruns its time or forgets a check is
// recorded UNKNOWN with the reason, never PASS, and the other gates still run.
func TestRunGateIsolatesFailures(t *testing.T) {
	check := Check{ID: "test.one", Criterion: "one", Certifies: true}
	two := Check{ID: "test.two", Criterion: "two", Certifies: true}
	tests := []struct {
		name    string
		run     func(ctx context.Context, r *Revision, env Env, out *Report)
		timeout time.Duration
		want    Outcome
		reason  string
	}{
		{"panics", func(context.Context, *Revision, Env, *Report) { panic("boom") }, 0, OutcomeUnknown, "internal error: boom"},
		{"overruns", func(ctx context.Context, _ *Revision, _ Env, _ *Report) {
			<-ctx.Done()
			time.Sleep(10 * time.Millisecond)
		},
			20 * time.Millisecond, OutcomeUnknown, "did not finish within 20ms"},
		{"forgets a check", func(_ context.Context, _ *Revision, _ Env, out *Report) {
			out.Pass("test.one", Absent("title"), "fine")
		},
			0, OutcomeUnknown, ""},
		{"passes", func(_ context.Context, _ *Revision, _ Env, out *Report) {
			out.Pass("test.one", Absent("title"), "fine")
			out.Pass("test.two", Absent("title"), "fine")
		}, 0, OutcomePass, ""},
		{"needs a person", func(_ context.Context, r *Revision, _ Env, out *Report) {
			out.Pass("test.one", Absent("title"), "fine")
			out.NeedsHuman("test.two", Whole(FieldStatement, r.Statement), "a person must read it", "state it plainly")
		}, 0, OutcomeNeedsHuman, ""},
		{"fails", func(_ context.Context, r *Revision, _ Env, out *Report) {
			out.NeedsHuman("test.one", Whole(FieldStatement, r.Statement), "a person must read it", "state it plainly")
			out.Fail("test.two", SpanOf(FieldStatement, r.Statement, 0, 5), "it is wrong", "fix it")
		}, 0, OutcomeFail, ""},
	}
	for _, tt := range tests {
		t.Run(strings.ReplaceAll(tt.name, " ", "_"), func(t *testing.T) {
			g := &Gate{Name: "TEST", Version: "1", Checks: []Check{check, two}, run: tt.run}
			res := RunGate(context.Background(), g, clean(), testEnv(), tt.timeout)
			if res.Outcome != tt.want || !strings.Contains(res.Reason, tt.reason) {
				t.Errorf("RunGate() = %s (%q); want %s with a reason containing %q", res.Outcome, res.Reason, tt.want, tt.reason)
			}
			for _, f := range res.Findings {
				if f.Verdict == Fail && (f.Consequence != BlocksQualify || f.Fix == "" || f.Evidence != Contradicts) {
					t.Errorf("failing finding %+v lacks its consequence, fix or evidence", f)
				}
				if f.Verdict == Pass && (f.Fix != "" || f.Consequence != "") {
					t.Errorf("passing finding %+v carries a fix or consequence", f)
				}
				if f.Criterion == "" || f.Policy != PolicyVersion {
					t.Errorf("finding %+v does not quote its criterion and policy", f)
				}
			}
		})
	}
}

// TestEveryCheckIsDeclaredOnce: check IDs are unique and carry their gate's prefix, and every
// check quotes a criterion (plant_test.go, built with the calibrate tag, holds every check that
// may FAIL to a planter).
func TestEveryCheckIsDeclaredOnce(t *testing.T) {
	seen := map[string]bool{}
	for _, g := range All() {
		if g.Version == "" || g.Version == "0" {
			t.Errorf("%s has no version", g.Name)
		}
		for _, c := range g.Checks {
			if seen[c.ID] {
				t.Errorf("check %s is declared twice", c.ID)
			}
			seen[c.ID] = true
			if c.Criterion == "" {
				t.Errorf("%s quotes no criterion", c.ID)
			}
		}
	}
}
