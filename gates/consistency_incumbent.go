package gates

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/theoremdb/theoremdb/packet"
)

// Two more ways the requested target may already be met or answered. A statement that asks for
// an object "with at most 73 words" when the record states that the least such size is at most
// 73 asks for what the cited construction already is: an upper bound on a least size is met by
// a known object. And an unresolved target that asks about another size than the statement (a
// 4 × 4 square where the statement asks for a 3 × 3 one) asks a question the packet does not
// pose, often one the record says is answered. Both go to a person with the span of the target.

// incumbentUpperMeets asks a person about a requested "at most N" count of an object that a
// known upper bound on a named quantity already gives (the quantity at most N): the incumbent
// object has at most N of them. It reports whether it recorded a finding.
func incumbentUpperMeets(r *Revision, known []comparison, out *Report) bool {
	found := false
	for _, req := range requestedCounts(r) {
		if req.Op != cmpLE && req.Op != cmpLT {
			continue
		}
		for _, k := range known {
			if k.Op != cmpLE && k.Op != cmpLT || !namedQuantity(k) || strings.HasPrefix(k.Subject, "#") {
				continue
			}
			if !(k.Value <= req.Value && req.Op == cmpLE || k.Value < req.Value) {
				continue
			}
			found = true
			out.NeedsHuman(checkConsistencyIncumbent, SpanOf(req.Field, fieldText(r, req.Field), req.Start, req.End),
				fmt.Sprintf("The statement asks for an object with %s, but %s states %s: if %s is the least such size, a known object already has at most %g, and the incumbent meets the requested target.",
					req.Quote, k.Field, k.Quote, k.Subject, k.Value),
				"Ask for fewer than the known upper bound (for example at most one less), or correct the recorded incumbent.")
			break
		}
		if found {
			break
		}
	}
	return found
}

// targetSizeRe finds a size a target gives its object: "3 × 3", "$4 \times 4$", "order 10", "on
// 40 vertices", "length 72", "dimension 8".
var targetSizeRe = regexp.MustCompile(`(?i)([0-9]+)\s*\$?\s*(?:×|\\times)\s*\$?\s*([0-9]+)|\b(order|length|dimension|degree|genus|rank)\s+\$?([0-9]+)\b|\b(?:on|with)\s+\$?([0-9]+)\$?\s+(vertices|points|nodes|elements|crossings)\b`)

// targetSize is one size read by targetSizeRe, as a kind ("×", "order", "vertices") and a value.
type targetSize struct {
	kind, value string
	start, end  int
}

func targetSizes(s string) []targetSize {
	var out []targetSize
	for _, m := range targetSizeRe.FindAllStringSubmatchIndex(s, 20) {
		ts := targetSize{start: m[0], end: m[1]}
		switch {
		case m[2] >= 0:
			ts.kind, ts.value = "×", s[m[2]:m[3]]+"×"+s[m[4]:m[5]]
		case m[6] >= 0:
			ts.kind, ts.value = strings.ToLower(s[m[6]:m[7]]), s[m[8]:m[9]]
		default:
			ts.kind, ts.value = strings.ToLower(s[m[12]:m[13]]), s[m[10]:m[11]]
		}
		out = append(out, ts)
	}
	return out
}

// incumbentOtherSize asks a person about an unresolved target that gives its object a size of
// a kind the statement also gives, but a value the statement never names. It reports whether it
// recorded a finding.
func incumbentOtherSize(r *Revision, out *Report) bool {
	target := compared(r.OpenStatus.UnresolvedTarget)
	asked := map[string]map[string]bool{}
	for _, ts := range targetSizes(compared(r.Statement)) {
		if asked[ts.kind] == nil {
			asked[ts.kind] = map[string]bool{}
		}
		asked[ts.kind][ts.value] = true
	}
	for _, ts := range targetSizes(target) {
		values := asked[ts.kind]
		if values == nil || values[ts.value] {
			continue
		}
		var stmt []string
		for v := range values {
			stmt = append(stmt, v)
		}
		slices.Sort(stmt)
		answered := ""
		for i, e := range r.Exposition {
			if e.Kind == packet.Remark || e.Kind == packet.Example {
				for _, o := range targetSizes(compared(e.Body)) {
					if o.kind == ts.kind && o.value == ts.value {
						answered = fmt.Sprintf(" %s speaks of that size too, so the record may already answer it.", ExpositionField(i, "body"))
					}
				}
			}
		}
		out.NeedsHuman(checkConsistencyIncumbent, SpanOf(fieldOpenUnresolved, r.OpenStatus.UnresolvedTarget, ts.start, ts.end),
			fmt.Sprintf("The unresolved target asks about %s, a size the statement never gives its object (the statement asks about %s): the open question is not the one the statement poses.%s",
				target[ts.start:ts.end], strings.Join(stmt, ", "), answered),
			"Make the unresolved target the question the statement asks, with the statement's sizes.")
		return true
	}
	return false
}

// sizeKeyRe finds a parameter a sentence fixes: "n = 3", "$q = 4$", "for order 10"; with
// targetSizeRe it names the case a count speaks of.
var sizeKeyRe = regexp.MustCompile(`\b([a-zA-Z])\s*\$?\s*=\s*\$?\s*([0-9]+)\b`)

// sizeKeys are the sizes and fixed parameters of one sentence, as "kind=value" strings.
func sizeKeys(s string) map[string]bool {
	out := map[string]bool{}
	for _, ts := range targetSizes(s) {
		out[ts.kind+"="+ts.value] = true
	}
	for _, m := range sizeKeyRe.FindAllStringSubmatch(s, 10) {
		out[m[1]+"="+m[2]] = true
	}
	return out
}

// smallCasesBelowExample asks a person about a small case that bounds a count of some objects
// from above ("for n = 3 at most five points") for a case an example of the packet shows more
// of ("in the 3 × 3 grid the six points …"): the example is a witness against the small case.
// Both sentences must fix the same size. It returns the number of findings.
func smallCasesBelowExample(r *Revision, c *packet.Computation, out *Report, budget int) int {
	small := compared(c.SmallCases)
	n := 0
	for _, sc := range upperCounts(fieldComputationSmallCases, small) {
		if n >= budget {
			break
		}
		s0, s1 := arithSentence(small, sc.Start, sc.End)
		keys := sizeKeys(small[s0:s1])
		if len(keys) == 0 {
			continue
		}
		for i, e := range r.Exposition {
			if e.Kind != packet.Example {
				continue
			}
			body := compared(e.Body)
			hit := false
			for _, ec := range shownCounts(ExpositionField(i, "body"), body) {
				if ec.Noun != sc.Noun || !(ec.Value > sc.Value || sc.Op == cmpLT && ec.Value == sc.Value) {
					continue
				}
				e0, e1 := arithSentence(body, ec.Start, ec.End)
				shared := false
				for k := range sizeKeys(body[e0:e1]) {
					shared = shared || keys[k]
				}
				if !shared {
					continue
				}
				hit = true
				n++
				out.NeedsHuman(checkCompSmallCases, SpanOf(fieldComputationSmallCases, c.SmallCases, sc.Start, sc.End),
					fmt.Sprintf("computation.smallCases says %s for a case that %s shows with %s: the example contradicts the small case, or the two speak of different objects; a person must confirm which.",
						sc.Quote, ExpositionField(i, "body"), ec.Quote),
					"Correct the small case or the example so that they agree; a small case tests the formulation only if the packet's own examples satisfy it.")
				break
			}
			if hit {
				break
			}
		}
	}
	return n
}

// upperCountRe finds an upper bound on a count: "at most five points", "fewer than $7$ cells".
var upperCountRe = regexp.MustCompile(`(?i)\b(at\s+most|no\s+more\s+than|not\s+more\s+than|fewer\s+than|less\s+than)\s+\$?\s*([0-9]+|[a-z]+)\s*\$?\s+`)

// upperCounts reads the upper bounds on counts of a field, wherever a number before them would
// hide them from counts ("for n = 3 at most five points").
func upperCounts(field, text string) []count {
	var out []count
	for _, m := range upperCountRe.FindAllStringSubmatchIndex(text, maxCounts) {
		num := text[m[4]:m[5]]
		v, err := strconv.ParseFloat(num, 64)
		if err != nil {
			w, ok := countWords[strings.ToLower(num)]
			if !ok {
				continue
			}
			v = w
		}
		noun, end := countNoun(text, m[1])
		if noun == "" {
			continue
		}
		q := strings.Join(strings.Fields(strings.ToLower(text[m[2]:m[3]])), " ")
		out = append(out, count{Noun: stStem(noun), Word: noun, Op: countQualifiers[q], Bound: true, Value: v,
			Field: field, Start: m[0], End: end, Quote: text[m[0]:end]})
	}
	return out
}

// shownCounts reads the counts an example shows, whatever word comes before them ("the six
// points", "give five rows"), leaving out bounds, ranges, lists and counts a clause denies.
func shownCounts(field, text string) []count {
	var out []count
	for _, m := range countRe.FindAllStringSubmatchIndex(text, maxCounts) {
		if m[2] >= 0 {
			continue
		}
		num := strings.Trim(text[m[4]:m[5]], "$ \t")
		v, err := strconv.ParseFloat(num, 64)
		if err != nil {
			w, ok := countWords[strings.ToLower(num)]
			if !ok {
				continue
			}
			v = w
		}
		noun, end := countNoun(text, m[6])
		if noun == "" || countPartOfRange(text, m[4]) {
			continue
		}
		before := text[:m[4]]
		if countNegationRe.MatchString(before[max(0, strings.LastIndexAny(before, ".;,:")+1):]) {
			continue
		}
		out = append(out, count{Noun: stStem(noun), Word: noun, Op: cmpEQ, Value: v, Field: field, Start: m[4], End: end, Quote: text[m[4]:end]})
	}
	return out
}
