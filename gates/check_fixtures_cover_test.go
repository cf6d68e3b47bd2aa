package gates

import (
	"slices"
	"testing"
)

// alwaysHuman are the checks that hand every packet to a person: they have no input on which
// they pass, so their negative fixture is that they never fail (TestAlwaysHumanNeverFail).
var alwaysHuman = []string{"statement.explicit-objects", "open-status.target-absent", "open-status.uncertainty",
	"duplicate.equivalent-formulations"}

// TestEveryCheckHasBothFixtures holds the fixture tables to the checks, as a linter's tests hold
// each rule to an input that must trigger it and one that must not: every check of every gate
// has a fixture on which it reports something other than a pass, and one on which it passes.
// A new check without both fails here, naming it.
func TestEveryCheckHasBothFixtures(t *testing.T) {
	t.Parallel()
	fires, passes := map[string]int{}, map[string]int{}
	for _, fx := range allCheckFixtures() {
		if len(fx.want) == 0 {
			t.Errorf("fixture %q asserts no finding", fx.name)
			continue
		}
		pass := true
		for _, w := range fx.want {
			if w.Check != fx.check {
				t.Errorf("fixture %q of %s wants a finding of %s", fx.name, fx.check, w.Check)
			}
			if w.Verdict != Pass {
				pass = false
			}
		}
		if pass {
			passes[fx.check]++
		} else {
			fires[fx.check]++
		}
	}
	for _, g := range All() {
		for _, c := range g.Checks {
			if fires[c.ID] == 0 {
				t.Errorf("%s has no fixture on which it fires", c.ID)
			}
			if passes[c.ID] == 0 && !slices.Contains(alwaysHuman, c.ID) {
				t.Errorf("%s has no fixture on which it passes", c.ID)
			}
		}
	}
}

// TestAlwaysHumanNeverFail: a check that hands every packet to a person neither passes nor
// fails one, on either clean packet or on any fixture's packet.
func TestAlwaysHumanNeverFail(t *testing.T) {
	t.Parallel()
	for _, fx := range allCheckFixtures() {
		r, env := fx.packet()
		for _, g := range All() {
			for _, c := range g.Checks {
				if !slices.Contains(alwaysHuman, c.ID) {
					continue
				}
				if v, _ := checkVerdict(t, g, r, env, c.ID); v != NeedsHuman {
					t.Errorf("%s on fixture %q = %s, want %s", c.ID, fx.name, v, NeedsHuman)
				}
			}
		}
	}
}

// allCheckFixtures are the fixtures of every check.
func allCheckFixtures() []checkFixture {
	return slices.Concat(gateCheckFixtures(), passCheckFixtures(), statementCheckFixtures(), variedCheckFixtures(), classCheckFixtures())
}
