package corpus

import (
	"slices"
	"testing"
)

// TestConfirmers pins whose confirmation counts toward a level: a whole
// proof always; a statement only once some locator of its references is
// confirmed; a proof step by step only once the same person confirmed every
// step of the current revision (a step past the last, a repeated one or
// someone else's does not fill the gap); each person once, in the order
// they first counted, with blind if any counting confirmation was.
func TestConfirmers(t *testing.T) {
	t.Parallel()
	whole := func(a string, blind bool) Confirmation {
		return Confirmation{Kind: ConfirmProof, Account: a, Blind: blind}
	}
	step := func(a string, n string, blind bool) Confirmation {
		return Confirmation{Kind: ConfirmProof, Account: a, Section: "step-" + n, Blind: blind}
	}
	stmt := func(a string) Confirmation { return Confirmation{Kind: ConfirmStatement, Account: a} }
	for _, tc := range []struct {
		name   string
		r      Record
		people []string
		blind  bool
	}{
		{"nothing", Record{}, nil, false},
		{"a whole proof", Record{Confirmations: []Confirmation{whole("ada", false)}}, []string{"ada"}, false},
		{"a blind whole proof", Record{Confirmations: []Confirmation{whole("ada", true)}}, []string{"ada"}, true},
		{"a proof under a section not a step", Record{Confirmations: []Confirmation{{Kind: ConfirmProof, Account: "ada", Section: "step-0"}}},
			[]string{"ada"}, false},
		{"a statement without a confirmed locator", Record{Locators: []bool{false, false}, Confirmations: []Confirmation{stmt("ada")}},
			nil, false},
		{"a statement without references", Record{Confirmations: []Confirmation{stmt("ada")}}, nil, false},
		{"a statement with one confirmed locator", Record{Locators: []bool{false, true}, Confirmations: []Confirmation{stmt("ada")}},
			[]string{"ada"}, false},
		{"a binding's confirmation", Record{Locators: []bool{true}, Confirmations: []Confirmation{{Kind: ConfirmBinding, Account: "ada", Binding: "b1"}}},
			nil, false},
		{"every step", Record{ProofSteps: 3, Confirmations: []Confirmation{step("bob", "2", false), step("bob", "1", false), step("bob", "3", true)}},
			[]string{"bob"}, true},
		{"a step short", Record{ProofSteps: 3, Confirmations: []Confirmation{step("bob", "1", false), step("bob", "2", false), step("bob", "2", false)}},
			nil, false},
		{"a step past the last fills no gap", Record{ProofSteps: 2, Confirmations: []Confirmation{step("bob", "1", false), step("bob", "3", false)}},
			nil, false},
		{"two people's steps never add up", Record{ProofSteps: 2, Confirmations: []Confirmation{step("bob", "1", false), step("cy", "2", false)}},
			nil, false},
		{"steps of a body without steps", Record{ProofSteps: 0, Confirmations: []Confirmation{step("bob", "1", false)}}, nil, false},
		{"a blind step of an incomplete walk", Record{ProofSteps: 2, Confirmations: []Confirmation{whole("ada", false), step("bob", "1", true)}},
			[]string{"ada"}, false},
		{"each person once, whole before steps", Record{ProofSteps: 1, Locators: []bool{true}, Confirmations: []Confirmation{
			step("bob", "1", false), whole("ada", false), stmt("ada"), whole("cy", false), step("ada", "1", false)}},
			[]string{"ada", "cy", "bob"}, false},
	} {
		people, blind := confirmers(tc.r)
		if !slices.Equal(people, tc.people) || blind != tc.blind {
			t.Errorf("%s: confirmers = %q, blind %v; want %q, blind %v", tc.name, people, blind, tc.people, tc.blind)
		}
	}
}

// TestBindingFidelity: a binding with neither a round trip nor a formal
// statement has fidelity 0; otherwise 1, plus one per distinct person who
// confirmed this binding, up to 3.
func TestBindingFidelity(t *testing.T) {
	t.Parallel()
	conf := func(a, b string) Confirmation { return Confirmation{Kind: ConfirmBinding, Account: a, Binding: b} }
	r := func(cs ...Confirmation) Record { return Record{Confirmations: cs} }
	for _, tc := range []struct {
		name string
		r    Record
		b    Binding
		want int
	}{
		{"unchecked", r(conf("ada", "b1"), conf("bob", "b1")), Binding{ID: "b1"}, 0},
		{"round trip", r(), Binding{ID: "b1", RoundTrip: true}, 1},
		{"formal", r(), Binding{ID: "b1", Formal: true}, 1},
		{"one person", r(conf("ada", "b1")), Binding{ID: "b1", RoundTrip: true}, 2},
		{"one person twice", r(conf("ada", "b1"), conf("ada", "b1")), Binding{ID: "b1", RoundTrip: true}, 2},
		{"another binding's", r(conf("ada", "b2")), Binding{ID: "b1", RoundTrip: true}, 1},
		{"a proof confirmation", r(Confirmation{Kind: ConfirmProof, Account: "ada", Binding: "b1"}), Binding{ID: "b1", Formal: true}, 1},
		{"two people", r(conf("ada", "b1"), conf("bob", "b1")), Binding{ID: "b1", Formal: true}, 3},
		{"three people, capped", r(conf("ada", "b1"), conf("bob", "b1"), conf("cy", "b1")), Binding{ID: "b1", Formal: true, RoundTrip: true}, 3},
	} {
		if got := bindingFidelity(tc.r, tc.b); got != tc.want {
			t.Errorf("%s: bindingFidelity = %d; want %d", tc.name, got, tc.want)
		}
	}
}
