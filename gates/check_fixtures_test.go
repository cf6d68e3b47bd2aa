package gates

import (
	"context"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/theoremdb/theoremdb/similar"
)

// The fixtures in this file are the checks' short examples, one or more for every check: a
// packet with one thing changed, and the findings the check must report for it, each with its
// check, verdict and span. TestCleanFixtures holds every check to its verdict on the clean
// packets. They record what the checks do; a change in a finding's verdict or span shows here.

// fixtureFinding is what a fixture asserts of one finding.
type fixtureFinding struct {
	Check   string
	Verdict Verdict
	Span    Span
}

// checkFixture is a packet with one defect and the findings its check reports that are not a
// pass (all of the check's findings when every one passes).
type checkFixture struct {
	name   string
	gate   *Gate
	base   func() *Revision
	change func(r *Revision)
	env    func() Env
	copies bool // the environment has the copy-check index of copyEnv
	check  string
	want   []fixtureFinding
}

// fixtureFindings runs the fixture's gate and returns the findings of its check that are not a
// pass, or all of them when each passes.
func fixtureFindings(t *testing.T, g *Gate, r *Revision, env Env, check string) []fixtureFinding {
	t.Helper()
	res := RunGate(context.Background(), g, r, env, 0)
	if res.Reason != "" {
		t.Fatalf("RunGate(%s) reason = %q", g.Name, res.Reason)
	}
	var all, bad []fixtureFinding
	for _, f := range res.Findings {
		if f.Check != check {
			continue
		}
		ff := fixtureFinding{Check: f.Check, Verdict: f.Verdict, Span: f.Span}
		all = append(all, ff)
		if f.Verdict != Pass {
			bad = append(bad, ff)
		}
	}
	if len(bad) > 0 {
		return bad
	}
	return all
}

// fixtureEnv is the fixtures' environment: the fixture's clock, an index of two unrelated
// problems, an empty catalogue of solved records and no attached claims.
func fixtureEnv() Env {
	env := testEnv()
	x := similar.NewIndex()
	x.Add("TDB-2", "Collatz conjecture", collatz, "ACCEPTED", "")
	x.Add("TDB-3", "Sidon sets", sidon, "PROSPECTING", "")
	env.Problems, env.Solved, env.Claims = x, similar.NewIndex(), StaticClaims{}
	return env
}

// packet returns the fixture's packet, its base with its change, and its environment (without
// the copy-check index, which copyEnv builds).
func (fx checkFixture) packet() (*Revision, Env) {
	base := fx.base
	if base == nil {
		base = clean
	}
	r := base()
	if fx.change != nil {
		fx.change(r)
	}
	env := fixtureEnv()
	if fx.env != nil {
		env = fx.env()
	}
	return r, env
}

func runCheckFixtures(t *testing.T, fixtures []checkFixture) {
	t.Helper()
	for _, fx := range fixtures {
		t.Run(fx.name, func(t *testing.T) {
			t.Parallel()
			r, env := fx.packet()
			if fx.copies {
				env.Copies = copyEnv(t).Copies
			}
			got := fixtureFindings(t, fx.gate, r, env, fx.check)
			if diff := cmp.Diff(fx.want, got); diff != "" {
				t.Errorf("%s on %q (-want +got):\n%s", fx.check, fx.name, diff)
			}
		})
	}
}

// statement sets the statement.
func statement(s string) func(r *Revision) { return func(r *Revision) { r.Statement = s } }

// cleanVerdicts runs every gate on a fresh base packet and returns each check's worst verdict.
func cleanVerdicts(t *testing.T, base func() *Revision, env Env) map[string]Verdict {
	t.Helper()
	out := map[string]Verdict{}
	for _, g := range All() {
		for _, c := range g.Checks {
			v, _ := checkVerdict(t, g, base(), env, c.ID)
			out[c.ID] = v
		}
	}
	return out
}

// TestCleanFixtures is every check's negative fixture: on the clean packets every check passes,
// but for those that always hand their question to a person (statement.explicit-objects,
// open-status.target-absent and .uncertainty, duplicate.equivalent-formulations) and the
// consistency checks that ask a person to compare what the packet states: both clean packets
// state an incumbent (openStatus.strongestKnown, consistency.incumbent), and the computational
// one a computation as well (consistency.computation-object).
func TestCleanFixtures(t *testing.T) {
	t.Parallel()
	env := fixtureEnv()
	env.Copies = copyEnv(t).Copies
	human := []string{"statement.explicit-objects", "open-status.target-absent", "open-status.uncertainty",
		"duplicate.equivalent-formulations", "consistency.incumbent"}
	for _, tt := range []struct {
		name  string
		base  func() *Revision
		human []string
	}{
		{"clean", clean, human},
		{"computational", computationalClean, append(slices.Clone(human), "consistency.computation-object")},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			want := map[string]Verdict{}
			for _, g := range All() {
				for _, c := range g.Checks {
					want[c.ID] = Pass
				}
			}
			for _, id := range tt.human {
				want[id] = NeedsHuman
			}
			if diff := cmp.Diff(want, cleanVerdicts(t, tt.base, env)); diff != "" {
				t.Errorf("verdicts on the %s packet (-want +got):\n%s", tt.name, diff)
			}
		})
	}
}
