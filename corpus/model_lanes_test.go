package corpus_test

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/lanes"
	"github.com/theoremdb/theoremdb/lanes/lanestest"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
)

// TestRegisteredLanesServeTheModelChecks: with WithRegisteredLanes, as the server and the
// workers run, the hypothesis check calls the lane an operator registered for it once it is
// approved and never before, a registered judge that was never measured is not called, and a
// disabled lane is called no more; each request reads the register afresh.
func TestRegisteredLanesServeTheModelChecks(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		ctx := context.Background()
		var hyCalls, judgeCalls atomic.Int64
		srv := lanestest.New(func(c lanestest.Call) lanestest.Reply {
			var ji lanes.JudgeInput
			if lanestest.Document(c.User, &ji) == nil && len(ji.Steps) > 0 {
				judgeCalls.Add(1)
				return lanestest.Reply{Text: lanestest.JudgeAnswer(len(ji.Steps))}
			}
			hyCalls.Add(1)
			return lanestest.Reply{Text: `{"hypotheses": [{"hypothesis": "finite", "needed": false, "evidence": "A group of order 2 is finite."}]}`}
		})
		t.Cleanup(srv.Close)
		f := newFixture(t, dialectName, nil)
		f.svc = corpus.New(f.pol, corpus.WithCopies(clearCopies{}),
			corpus.WithRegisteredLanes(lanes.WithEnv(func(string) (string, bool) { return "sk-test", true })))
		op := f.accountWith(t, "otto", role.Operator)
		for _, in := range []policy.LaneInput{
			{Identity: "check.hypotheses", Role: "HYPOTHESES", Provider: "anthropic", BaseURL: srv.URL, Model: "m", ModelVersion: "m-1"},
			{Identity: "judge.unmeasured", Role: "judge", Provider: "openai", BaseURL: srv.URL, Model: "m", ModelVersion: "m-1"},
		} {
			if _, err := f.pol.AddLane(ctx, op, in); err != nil {
				t.Fatalf("AddLane %s: %v", in.Identity, err)
			}
		}
		stmt := func(label string) corpus.Draft {
			return corpus.Draft{Kind: corpus.Theorem, Label: label, Title: "Groups of order two " + label, Body: "Every finite group of order 2 is abelian."}
		}

		// Registered, not approved: no model check runs.
		res := f.open(t, person, stmt("a"))
		if hyCalls.Load() != 0 || res.Request.State != corpus.StateMerged {
			t.Fatalf("unapproved: %d calls, %s; want none, merged", hyCalls.Load(), res.Request.State)
		}
		for _, id := range []string{"check.hypotheses", "judge.unmeasured"} {
			if _, err := f.pol.ApproveLane(ctx, op, id); err != nil {
				t.Fatal(err)
			}
		}
		res = f.open(t, person, stmt("b"))
		g := gateOf(res, corpus.GateHypotheses)
		if hyCalls.Load() != 1 || g == nil || g.Outcome != gates.OutcomeNeedsHuman ||
			!strings.Contains(findingText(g.Findings), "check.hypotheses") {
			t.Fatalf("approved: %d calls, gate %+v; want one call and the remark naming the lane", hyCalls.Load(), g)
		}
		if judgeCalls.Load() != 0 {
			t.Errorf("the unmeasured judge was called %d times", judgeCalls.Load())
		}
		if _, err := f.pol.DisableLane(ctx, op, "check.hypotheses"); err != nil {
			t.Fatal(err)
		}
		f.open(t, person, stmt("c"))
		if hyCalls.Load() != 1 {
			t.Errorf("disabled: %d calls; want none after the first", hyCalls.Load())
		}
	})
}
