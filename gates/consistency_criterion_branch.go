package gates

import (
	"regexp"
	"strings"

	"github.com/theoremdb/theoremdb/packet"
)

// A statement that asks to prove or disprove, or to decide whether, is settled by either
// answer, and its acceptance criterion must accept both: "a proof that …, or a counterexample
// with a proof". A criterion that names only the proof of one answer ("A proof that ch′(G) =
// χ′(G) for every G") turns the problem into a conjecture to be proved and refuses the answer
// that would settle it the other way. The shape is a proof criterion with no second branch: no
// "or", no disproof, counterexample, refutation or negative answer, no word that lets the answer
// go either way. The criterion may mean both answers in words the reader does not know, so the
// finding goes to a person.

// criterionBothAsked finds a statement asking for either answer.
var criterionBothAsked = regexp.MustCompile(`(?i)\b(?:prove\s+or\s+disprove|disprove\s+or\s+prove|decide\s+whether|determine\s+whether|settle\s+whether|prove\s+or\s+refute)\b`)

// criterionOtherBranch finds a criterion's second branch or a word that accepts either answer.
var criterionOtherBranch = regexp.MustCompile(`(?i)\b(?:or|either|whichever|disproof|disprov\w*|counter-?examples?|refut\w*|false|fails?|failing|negative\w*|settl\w*|resolv\w*|answers?|decid\w*|determin\w*|whether|not|no|none|never|exhibit\w*|witness\w*)\b`)

// consistencyCriterionBranch asks a person about a proof criterion that accepts only one answer
// to a statement asking for either. It returns the number of findings.
func consistencyCriterionBranch(r *Revision, out *Report, budget int) int {
	crit := r.Acceptance.Criterion
	if budget <= 0 || r.Acceptance.Kind != packet.Proof || strings.TrimSpace(crit) == "" ||
		!criterionBothAsked.MatchString(r.Statement) || criterionOtherBranch.MatchString(crit) {
		return 0
	}
	out.NeedsHuman(checkConsistencyBounds, Whole(fieldAcceptanceCriterion, crit),
		"The statement asks to prove or disprove (or to decide whether), but acceptance.criterion “"+clipText(crit, 120)+"” accepts only the proof of one answer, with no counterexample, disproof or other branch, so the answer that settles the problem the other way would not be accepted; a person must confirm which answers the criterion accepts.",
		"Add the other branch to acceptance.criterion (for example “…, or a counterexample with a proof that it is one”).")
	return 1
}
