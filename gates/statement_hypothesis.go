package gates

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// A statement's hypotheses may exclude one another, so that nothing satisfies them and the
// question is empty. The one exclusion a reader can see without the mathematics is between
// cliques: a graph that contains K_m as a subgraph contains K_n as a subgraph, a topological
// minor and a minor for every n ≤ m, so "contains K_8 and has no K_7 minor" holds of no graph;
// and a K_m minor is a K_n minor. The reader finds the cliques a sentence names ("$K_8$",
// "K₈", "K_{8}", "a triangle"), how each is contained (subgraph, topological minor, minor) and
// whether the clause asserts or denies it ("contains …", "has no …", "… -free", "without …").
// Reading a clause's polarity is a reading of prose, so what it finds goes to a person.

// stCliqueRe finds a clique: K_8, K_{8}, K₈, $K_8$, or the word triangle (K_3).
var stCliqueRe = regexp.MustCompile(`K_\{?([0-9]{1,3})\}?|K([₀-₉]{1,3})|\btriangles?\b`)

// Containment kinds, each implying the next: a subgraph is a topological minor is a minor.
const (
	stContainSubgraph = iota
	stContainTopological
	stContainMinor
)

// stClique is one clique a sentence names with how the clause holds it.
type stClique struct {
	size, kind int
	positive   bool
	start, end int
	sentence   int
}

// stClauseStops end the clause a clique is read in, looking back from it.
var stClauseStops = []string{" and ", " but ", " or ", ", ", "; ", " that ", " which ", " such that ", " whether ", " then ", " while ", "("}

// stNegations in the clause before a clique deny it.
var stNegations = []string{"no ", "not ", "without ", "free of ", "excludes ", "exclude ", "excluding ", "avoids ", "avoid ", "avoiding ", "never "}

// stAssertions in the clause before a clique assert it.
var stAssertions = []string{"contains", "contain", "containing", "has ", "have ", "having ", "with "}

func stSubscriptNumber(s string) int {
	n := 0
	for _, r := range s {
		n = n*10 + int(r-'₀')
	}
	return n
}

// stCliques reads the cliques of a text with their polarity, leaving out those whose clause
// neither asserts nor denies them.
func stCliques(s string) []stClique {
	var out []stClique
	low := strings.ToLower(s)
	for _, m := range stCliqueRe.FindAllStringSubmatchIndex(s, 16) {
		size := 3
		switch {
		case m[2] >= 0:
			size, _ = strconv.Atoi(s[m[2]:m[3]])
		case m[4] >= 0:
			size = stSubscriptNumber(s[m[4]:m[5]])
		}
		if size < 2 {
			continue
		}
		end := m[1]
		for end < len(s) && (s[end] == '}' || s[end] == '$') {
			end++
		}
		after := low[end:min(len(low), end+40)]
		if i := strings.IndexAny(after, ",;."); i >= 0 {
			after = after[:i]
		}
		if i := strings.Index(after, " and "); i >= 0 {
			after = after[:i]
		}
		kind := stContainSubgraph
		switch {
		case strings.Contains(after, "topological minor"):
			kind = stContainTopological
		case strings.Contains(after, "minor"):
			kind = stContainMinor
		case strings.Contains(after, "immersion") || strings.Contains(after, "subdivision") || strings.Contains(after, "induced"):
			continue
		}
		// The clause before the clique, back to its last stop.
		from := max(0, m[0]-80)
		before := low[from:m[0]]
		for _, stop := range stClauseStops {
			if i := strings.LastIndex(before, stop); i >= 0 {
				before = before[i+len(stop):]
			}
		}
		before = " " + before
		positive, known := false, false
		if strings.HasPrefix(after, "-free") || strings.HasPrefix(after, "–free") || strings.HasPrefix(after, " free") || strings.HasPrefix(after, "-minor-free") {
			positive, known = false, true
		} else {
			for _, w := range stNegations {
				if strings.Contains(before, " "+w) {
					positive, known = false, true
					break
				}
			}
			if !known {
				for _, w := range stAssertions {
					if strings.Contains(before, " "+w) {
						positive, known = true, true
						break
					}
				}
			}
		}
		if strings.HasPrefix(after, "-minor-free") || strings.HasPrefix(after, "-minor free") {
			kind = stContainMinor
		}
		if !known {
			continue
		}
		sa, _ := arithSentence(s, m[0], m[1])
		out = append(out, stClique{size: size, kind: kind, positive: positive, start: m[0], end: end, sentence: sa})
	}
	return out
}

// stCliqueHypotheses asks a person about a sentence that asserts a clique and denies a smaller
// or equal one in a way the first implies. It returns how many it asked about.
func stCliqueHypotheses(statement string, out *Report) int {
	s := compared(statement)
	cl := stCliques(s)
	for _, pos := range cl {
		if !pos.positive {
			continue
		}
		for _, neg := range cl {
			if neg.positive || neg.sentence != pos.sentence || pos.size < neg.size || pos.kind > neg.kind {
				continue
			}
			a, b := min(pos.start, neg.start), max(pos.end, neg.end)
			if strings.Contains(strings.ToLower(s[a:b]), " or ") {
				continue // a disjunction: either may hold
			}
			kinds := []string{"subgraph", "topological minor", "minor"}
			out.NeedsHuman(stCheckDomain, SpanOf(FieldStatement, statement, a, b),
				fmt.Sprintf("The statement asks for a graph containing a clique on %d vertices (as a %s) with no clique on %d vertices as a %s, but the first contains the second as a %s, so no graph satisfies the hypothesis; a person must confirm what is meant.",
					pos.size, kinds[pos.kind], neg.size, kinds[neg.kind], kinds[neg.kind]),
				"Correct the hypothesis so that some graph can satisfy it (check the sizes of the two cliques and which containment each means).")
			return 1
		}
	}
	return 0
}
