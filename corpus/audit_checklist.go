package corpus

import (
	"github.com/theoremdb/theoremdb/corpus/audit"
)

// ChecklistItem is one property's question on the audit page of a node of
// some kind, with the time an auditor is expected to take on it.
type ChecklistItem struct {
	Property string
	Question string
	// Classes are the error classes the question can end in.
	Classes []string
	// TargetSeconds is the expected time; the page shows it and records the
	// time taken beside it.
	TargetSeconds int
}

// Checklist is the written checklist of a node of kind over the four
// properties, in their order.
func Checklist(kind string) []ChecklistItem {
	correct := "Is the statement true as written, with every hypothesis it needs?"
	classes := []string{ClassWrongDefinition, ClassDroppedHypothesis, ClassConventionNotStated}
	seconds := 8 * 60
	switch kind {
	case Proof:
		correct = "Does every step follow from the earlier ones, the nodes it uses and the statement it proves?"
		classes, seconds = []string{ClassStepDoesNotFollow, ClassDroppedHypothesis}, 15*60
	case Definition:
		correct = "Does the definition define what its term means in the literature, with its conventions stated?"
		classes = []string{ClassWrongDefinition, ClassConventionNotStated}
	case Example, Computation:
		correct = "Is the example or computation right, and is it an instance of what it illustrates?"
		classes = []string{ClassStepDoesNotFollow, ClassWrongDefinition}
	case Remark:
		correct, seconds = "Is the remark true?", 4*60
	}
	return []ChecklistItem{
		{Property: string(audit.Correctness), Question: correct, Classes: classes, TargetSeconds: seconds},
		{Property: string(audit.Fidelity), Question: "Does it say what its source says: no hypothesis dropped, nothing stronger, the name and attribution right?",
			Classes: []string{ClassStrongerThanSource, ClassDroppedHypothesis, ClassWrongNameOrAttrib}, TargetSeconds: 5 * 60},
		{Property: string(audit.Sourcing), Question: "Does each source exist, match its citation and, at its locator, support the node?",
			Classes: []string{ClassWrongSource, ClassWrongNameOrAttrib}, TargetSeconds: 4 * 60},
		{Property: string(audit.Style), Question: "Is the card well formed: title, notation and conventions stated as the style asks?",
			Classes: []string{ClassConventionNotStated, ClassWrongNameOrAttrib}, TargetSeconds: 2 * 60},
	}
}
