package corpus_test

import (
	"math/rand/v2"
	"testing"

	"github.com/theoremdb/theoremdb/corpus"
)

// supports says, independently of Level, whether a record supports level
// l: each level's own conditions of POLICY.md section 5.
func supports(r corpus.Record, l int) bool {
	gated := r.Merged && r.GatesClean && !r.Retired
	confirmedLocator := false
	allLocators := true
	for _, ok := range r.Locators {
		confirmedLocator = confirmedLocator || ok
		allLocators = allLocators && ok
	}
	people := map[string]bool{}
	blind := false
	for _, c := range r.Confirmations {
		if c.Kind == corpus.ConfirmProof || c.Kind == corpus.ConfirmStatement && confirmedLocator {
			people[c.Account] = true
			blind = blind || c.Blind
		}
	}
	usesE1 := true
	for _, u := range r.Uses {
		usesE1 = usesE1 && u.Level >= corpus.E1
	}
	bindingPeople := func(b corpus.Binding) int {
		ps := map[string]bool{}
		for _, c := range r.Confirmations {
			if c.Kind == corpus.ConfirmBinding && c.Binding == b.ID {
				ps[c.Account] = true
			}
		}
		return len(ps)
	}
	checkers := func(b corpus.Binding) int {
		cs := map[string]bool{}
		for _, c := range b.Checkers {
			cs[c] = true
		}
		return len(cs)
	}
	switch l {
	case corpus.E0:
		return true
	case corpus.E1:
		return gated
	case corpus.E2:
		return gated && len(people) >= 1 && usesE1
	case corpus.E3:
		return gated && len(people) >= 2 && blind && allLocators && usesE1
	case corpus.E4, corpus.E5:
		for _, b := range r.Bindings {
			prose := b.RoundTrip && (l == corpus.E4 || bindingPeople(b) >= 1)
			need := 1
			if l == corpus.E5 {
				need = 2
			}
			if gated && checkers(b) >= need && (b.Formal || prose) {
				return true
			}
		}
	}
	return false
}

func randomRecord(rng *rand.Rand) corpus.Record {
	accounts := []string{"a", "b", "c"}
	r := corpus.Record{Merged: rng.IntN(8) > 0, GatesClean: rng.IntN(6) > 0, Retired: rng.IntN(12) == 0}
	for range rng.IntN(4) {
		r.Locators = append(r.Locators, rng.IntN(2) == 0)
	}
	for range rng.IntN(4) {
		r.Uses = append(r.Uses, corpus.Use{Level: rng.IntN(6), Sorry: rng.IntN(3) == 0})
	}
	for i := range rng.IntN(3) {
		b := corpus.Binding{ID: string(rune('x' + i)), Formal: rng.IntN(4) == 0, RoundTrip: rng.IntN(2) == 0}
		for range rng.IntN(3) {
			b.Checkers = append(b.Checkers, []string{"mm", "mm-alt", "mm"}[rng.IntN(3)])
		}
		r.Bindings = append(r.Bindings, b)
	}
	kinds := []string{corpus.ConfirmStatement, corpus.ConfirmProof, corpus.ConfirmBinding}
	for range rng.IntN(5) {
		c := corpus.Confirmation{Kind: kinds[rng.IntN(3)], Account: accounts[rng.IntN(3)], Blind: rng.IntN(2) == 0}
		if c.Kind == corpus.ConfirmBinding && len(r.Bindings) > 0 {
			c.Binding = r.Bindings[rng.IntN(len(r.Bindings))].ID
		}
		r.Confirmations = append(r.Confirmations, c)
	}
	return r
}

// A level never exceeds what its record supports, and is the highest level
// the record supports on either track.
func TestLevelNeverExceedsRecord(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		r := randomRecord(rng)
		l := corpus.Level(r)
		if !supports(r, l) {
			t.Fatalf("Level(%+v) = E%d; the record does not support it", r, l)
		}
		for higher := l + 1; higher <= corpus.E5; higher++ {
			if supports(r, higher) && (higher <= corpus.E3) == (l <= corpus.E3) {
				t.Fatalf("Level(%+v) = E%d; the record supports E%d", r, l, higher)
			}
		}
		// Taking evidence away never raises a level.
		if len(r.Confirmations) > 0 {
			less := r
			less.Confirmations = r.Confirmations[:len(r.Confirmations)-1]
			if corpus.Level(less) > l {
				t.Fatalf("removing a confirmation raised E%d to E%d: %+v", l, corpus.Level(less), r)
			}
		}
	}
}

// Fidelity above F1 needs people; F1 is a machine's round trip.
func TestFidelityNeedsPeopleAboveF1(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		r := randomRecord(rng)
		f := corpus.Fidelity(r)
		people := map[string]bool{}
		for _, c := range r.Confirmations {
			if c.Kind == corpus.ConfirmBinding {
				people[c.Account] = true
			}
		}
		if f >= 2 && len(people) < f-1 {
			t.Fatalf("Fidelity(%+v) = F%d with %d people confirming a binding", r, f, len(people))
		}
		if f >= 1 {
			machine := false
			for _, b := range r.Bindings {
				machine = machine || b.RoundTrip || b.Formal
			}
			if !machine {
				t.Fatalf("Fidelity(%+v) = F%d with no round trip", r, f)
			}
		}
	}
}
