package gates

import (
	"fmt"
	"regexp"
	"strings"
)

// The open status records what is known and what is still open. A record whose strongest known
// result states, without restriction, what the unresolved target asks ("Every asymptotic basis
// of order two has r_B unbounded" beside "Whether r_B is unbounded for every asymptotic additive
// basis of order two") claims a result that settles the problem, and contradicts its own open
// status. The shape is a clause of strongestKnown that holds nearly all the subject words of a
// yes-or-no target and no word that restricts or hedges it (only, not, partial, special cases,
// a number or a bound). It goes to a person: a record may restate the question in passing.

// statusQuestionRe finds a yes-or-no target: "Whether …", "Is every …?", "Prove or disprove
// that …".
var statusQuestionRe = regexp.MustCompile(`(?i)^\s*(?:whether\b|(?:is|are|does|do)\b[^?]*\?\s*$|(?:prove\s+or\s+disprove|decide\s+whether)\b)`)

// statusHedgeRe finds a word by which a clause restricts or hedges what it states.
var statusHedgeRe = regexp.MustCompile(`(?i)\b(?:only|not|no|never|unknown|open|conjectur\w*|partial\w*|special|some|certain|if|unless|assuming|conditional\w*|under|small|large|except|almost|heuristic\w*|expected|believed|claimed|announced|whether|up to|below|above|bounded by|at least|at most)\b|[0-9≤≥<>=≠]|\\(?:le|ge|leq|geq|neq)\b`)

// statusAsides are the brackets of a clause (an attribution, a year), read as no part of it.
var statusAsides = regexp.MustCompile(`\([^()]*\)`)

// consistencyStatusSettles asks a person about a clause of openStatus.strongestKnown that states
// what the unresolved target asks. It returns the number of findings.
func consistencyStatusSettles(r *Revision, out *Report, budget int) int {
	target := r.OpenStatus.UnresolvedTarget
	if budget <= 0 || !statusQuestionRe.MatchString(target) {
		return 0
	}
	asked := map[string]bool{}
	for _, s := range stContentStems(stPlainWords(target)) {
		asked[s] = true
	}
	if len(asked) < 3 {
		return 0
	}
	known := r.OpenStatus.StrongestKnown
	for from := 0; from < len(known); {
		to := len(known)
		if i := strings.IndexAny(known[from:], ";"); i >= 0 {
			to = from + i
		}
		if i := strings.Index(known[from:to], ". "); i >= 0 {
			to = from + i
		}
		clause := known[from:to]
		start := from
		from = to + 1
		plain := statusAsides.ReplaceAllString(clause, " ")
		if statusHedgeRe.MatchString(plain) {
			continue
		}
		shared := map[string]bool{}
		for _, s := range stContentStems(stPlainWords(plain)) {
			if asked[s] {
				shared[s] = true
			}
		}
		if 5*len(shared) < 4*len(asked) {
			continue
		}
		sp := SpanOf(fieldOpenStrongestKnown, known, start, to)
		out.NeedsHuman(checkConsistencyBounds, sp,
			fmt.Sprintf("openStatus.strongestKnown states “%s” without restriction, which holds %d of the %d subject words of the unresolved target (“%s”): the record may claim as known what it asks, a result that would settle the problem; a person must compare them.", strings.TrimSpace(sp.Quote), len(shared), len(asked), clipText(target, 100)),
			"State in openStatus.strongestKnown only what is proved (with its restriction), or correct the unresolved target if the question is settled.")
		return 1
	}
	return 0
}
