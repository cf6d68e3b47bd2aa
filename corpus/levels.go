package corpus

// Confirmation kinds, as stored.
const (
	ConfirmStatement = "STATEMENT_SOURCE"
	ConfirmProof     = "PROOF_STEPS"
	ConfirmBinding   = "BINDING"
)

// Record is what a node's levels are computed from (POLICY.md section 5):
// how it merged, people's confirmations of its current revision, its
// references' locators, what it uses, and its formal bindings. Nothing
// else raises a level; no one sets one.
type Record struct {
	// Merged is true once a change request merged the current revision.
	Merged bool
	// Retired is true for a retired node, which counts as evidence for
	// nothing.
	Retired bool
	// GatesClean is true when every merge gate of that request ran to an
	// outcome (none UNKNOWN): the node merged through every gate.
	GatesClean bool
	// Confirmations are people's confirmations of the current revision.
	Confirmations []Confirmation
	// Locators says, per reference of the current revision, whether its
	// locator is confirmed.
	Locators []bool
	// Uses are the nodes it uses, each with its level and closure flag.
	Uses []Use
	// Bindings are its formal bindings.
	Bindings []Binding
	// Refuted is true when a reader's report of an error in the current
	// revision was confirmed: evidence for nothing until a revision fixes it.
	Refuted bool
	// ProofSteps is how many steps the current revision's body has
	// (ProofSteps): a person confirming a proof step by step counts once
	// they confirmed every one of them.
	ProofSteps int
}

// Confirmation is one person's confirmation of one section.
type Confirmation struct {
	Kind    string // ConfirmStatement, ConfirmProof or ConfirmBinding
	Account string
	Blind   bool
	// Binding is the binding a ConfirmBinding confirmation is of.
	Binding string
	// Section is the part confirmed: a proof's step ("step-2") confirms
	// that step alone; a proof confirmation under any other section
	// confirms the whole proof.
	Section string
}

// Use is a node a node uses, as the levels read it.
type Use struct {
	Level int
	// Sorry is true when its own uses closure has a node below E2.
	Sorry bool
}

// Binding is a formal binding as the levels read it.
type Binding struct {
	ID string
	// Formal is true for a node imported from a formal library: its
	// statement is the formal one, so it needs no round trip.
	Formal    bool
	RoundTrip bool
	// Checkers are the independent proof checkers that accepted the proof.
	Checkers []string
	// Disagreement is an open incident: the checkers reached different
	// verdicts on the proof.
	Disagreement bool
}

// Level is the node's evidence level, E0 to E5:
//   - E0 unless it merged through every gate;
//   - E2 when one person confirmed it (its statement against a source at a
//     confirmed locator, or its proof step by step) and every node it uses
//     is E1 or better; E3 when two people did, one of them blind to the
//     other, and every locator is confirmed;
//   - E4 when a proof kernel checked it (a formal node, or against a
//     binding at F1 or better); E5 when a second, independent checker
//     agrees and, for a node stated in prose, the binding is at F2;
//   - at most E3 while the checkers of a binding disagree.
//
// The human track (E2, E3) and the kernel track (E4, E5) are read
// separately and the level is the higher.
func Level(r Record) int {
	if !r.Merged || !r.GatesClean || r.Retired || r.Refuted {
		return E0
	}
	level := E1
	people, blind := confirmers(r)
	usesOK := true
	for _, u := range r.Uses {
		usesOK = usesOK && u.Level >= E1
	}
	if len(people) >= 1 && usesOK {
		level = E2
		if len(people) >= 2 && blind && allTrue(r.Locators) {
			level = E3
		}
	}
	for _, b := range r.Bindings {
		if b.Disagreement {
			// Checkers that disagree referee nothing: the node drops to E3
			// at most until a person looks.
			return min(level, E3)
		}
	}
	for _, b := range r.Bindings {
		f := bindingFidelity(r, b)
		if len(distinct(b.Checkers)) >= 1 && (b.Formal || f >= 1) {
			level = max(level, E4)
		}
		if len(distinct(b.Checkers)) >= 2 && (b.Formal || f >= 2) {
			level = max(level, E5)
		}
	}
	return level
}

// Fidelity is the best fidelity of the node's bindings: F0 none, F1 the
// formal round trip passed (or the node is formal), F2 a person confirmed
// the binding, F3 two people did.
func Fidelity(r Record) int {
	f := 0
	for _, b := range r.Bindings {
		f = max(f, bindingFidelity(r, b))
	}
	return f
}

func bindingFidelity(r Record, b Binding) int {
	if !b.RoundTrip && !b.Formal {
		return 0
	}
	var people []string
	for _, c := range r.Confirmations {
		if c.Kind == ConfirmBinding && c.Binding == b.ID {
			people = append(people, c.Account)
		}
	}
	return 1 + min(2, len(distinct(people)))
}

// SorryInClosure reports whether some node of the uses closure is below E2.
func SorryInClosure(r Record) bool {
	for _, u := range r.Uses {
		if u.Level < E2 || u.Sorry {
			return true
		}
	}
	return false
}

// LocatorUnconfirmed reports whether a reference's locator is unconfirmed.
func LocatorUnconfirmed(r Record) bool { return !allTrue(r.Locators) }

// confirmers are the people whose confirmation of the statement or proof
// counts, and whether one of those confirmations was blind: a statement
// checked against a source counts only when some locator is confirmed, and
// a proof confirmed step by step only once every step of the current
// revision is, by the same person (each step its own record).
func confirmers(r Record) ([]string, bool) {
	anyLocator := false
	for _, l := range r.Locators {
		anyLocator = anyLocator || l
	}
	var people []string
	blind := false
	steps := map[string]map[int]bool{}
	stepsBlind := map[string]bool{}
	var stepPeople []string
	for _, c := range r.Confirmations {
		switch k := stepOf(c.Section); {
		case c.Kind == ConfirmProof && k > 0:
			if steps[c.Account] == nil {
				steps[c.Account] = map[int]bool{}
				stepPeople = append(stepPeople, c.Account)
			}
			if k <= r.ProofSteps {
				steps[c.Account][k] = true
			}
			stepsBlind[c.Account] = stepsBlind[c.Account] || c.Blind
		case c.Kind == ConfirmProof || c.Kind == ConfirmStatement && anyLocator:
			people = append(people, c.Account)
			blind = blind || c.Blind
		}
	}
	for _, a := range stepPeople {
		if r.ProofSteps > 0 && len(steps[a]) == r.ProofSteps {
			people = append(people, a)
			blind = blind || stepsBlind[a]
		}
	}
	return distinct(people), blind
}

func allTrue(xs []bool) bool {
	for _, x := range xs {
		if !x {
			return false
		}
	}
	return true
}

func distinct(xs []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}
