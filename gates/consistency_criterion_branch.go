package gates

import (
	"fmt"
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
	ends := consistencyCriterionEnds(r, out, budget)
	if budget -= ends; budget <= 0 || r.Acceptance.Kind != packet.Proof || strings.TrimSpace(crit) == "" ||
		!criterionBothAsked.MatchString(r.Statement) || criterionOtherBranch.MatchString(crit) {
		return 0
	}
	out.NeedsHuman(checkConsistencyBounds, Whole(fieldAcceptanceCriterion, crit),
		"The statement asks to prove or disprove (or to decide whether), but acceptance.criterion “"+clipText(crit, 120)+"” accepts only the proof of one answer, with no counterexample, disproof or other branch, so the answer that settles the problem the other way would not be accepted; a person must confirm which answers the criterion accepts.",
		"Add the other branch to acceptance.criterion (for example “…, or a counterexample with a proof that it is one”).")
	return ends + 1
}

// A criterion that locates a threshold between two ends a ≤ b asks for one behaviour below the
// lower end and the other above the upper end: "Q > 0 for every p < a and Q = 0 for every p >
// b". With the ends swapped ("for every p < b … for every p > a") the two ranges overlap on the
// whole interval between a and b, where the criterion asks for both behaviours at once, so
// only a = b could meet it. The reader finds the order of the two ends said in the criterion
// or the statement and two quantified ranges of one variable in the criterion, one below an
// end and one above the other; below the upper end and above the lower one goes to a person.

// criterionOrderRe reads an order between two letters: "a ≤ b", "a < b", "$a\le b$".
var criterionOrderRe = regexp.MustCompile(`(?:^|[^\p{L}\\])(\p{L})\s*(?:≤|<|⩽|\\le(?:q|qslant)?\b|\\lt\b)\s*(\p{L})(?:$|[^\p{L}\p{N}_(])`)

// criterionRangeRe reads a quantified range of a variable bounded by a letter: "for every p <
// b", "for all x ≥ a", "whenever t > a".
var criterionRangeRe = regexp.MustCompile(`(?i)(?:\bfor\s+(?:every|all|each|any)\s+|\bwhenever\s+)\$?(\p{L})\s*(<|≤|⩽|>|≥|⩾|\\le(?:q)?\b|\\ge(?:q)?\b|\\lt\b|\\gt\b)\s*(\p{L})(?:$|[^\p{L}\p{N}_(])`)

// consistencyCriterionEnds asks a person about a criterion whose ranges below and above a
// threshold run to the wrong ends. It returns the number of findings.
func consistencyCriterionEnds(r *Revision, out *Report, budget int) int {
	crit := r.Acceptance.Criterion
	if budget <= 0 || strings.TrimSpace(crit) == "" {
		return 0
	}
	below := map[[2]string]bool{} // pairs (lower end, upper end) said in order
	for _, m := range criterionOrderRe.FindAllStringSubmatch(crit+"\n"+r.Statement, 8) {
		if m[1] != m[2] {
			below[[2]string{m[1], m[2]}] = true
		}
	}
	type rng struct {
		v, end     string
		up         bool // the variable is bounded above by end
		start, fin int
	}
	var rs []rng
	for _, m := range criterionRangeRe.FindAllStringSubmatchIndex(crit, 6) {
		op := crit[m[4]:m[5]]
		up := strings.ContainsAny(op, "<≤⩽") || strings.HasPrefix(op, `\l`)
		rs = append(rs, rng{v: crit[m[2]:m[3]], end: crit[m[6]:m[7]], up: up, start: m[0], fin: m[7]})
	}
	for _, lo := range rs {
		for _, hi := range rs {
			// lo: the variable below an end; hi: the variable above an end. Swapped when the
			// end below which it lies is said to be at least the end above which it lies.
			if !lo.up || hi.up || lo.v != hi.v || lo.end == hi.end || !below[[2]string{hi.end, lo.end}] {
				continue
			}
			start, end := min(lo.start, hi.start), max(lo.fin, hi.fin)
			sp := SpanOf(fieldAcceptanceCriterion, crit, start, end)
			out.NeedsHuman(checkConsistencyBounds, sp,
				fmt.Sprintf("acceptance.criterion asks for one behaviour for every %s below %s and for another for every %s above %s, while %s ≤ %s: the two ranges overlap between %s and %s, where both would have to hold, so only %s = %s could meet the criterion; the ends look swapped (below %s, above %s). A person must confirm.",
					lo.v, lo.end, hi.v, hi.end, hi.end, lo.end, hi.end, lo.end, hi.end, lo.end, hi.end, lo.end),
				fmt.Sprintf("Ask for the behaviour below the lower end and the other above the upper end (for every %s < %s, for every %s > %s).", lo.v, hi.end, hi.v, lo.end))
			return 1
		}
	}
	return 0
}
