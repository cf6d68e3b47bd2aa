package gates

import (
	"fmt"
	"math"
	"regexp"
	"strings"

	"github.com/theoremdb/theoremdb/packet"
)

// The record may exclude a kind of object below a bound: "no odd weird number is below 10²¹",
// "an odd perfect number would exceed 10^{1500}". An example that presents an object with the
// kind's distinguishing word ("the odd number 945") below the bound, and does not deny that it
// is of the kind, presents what the record says does not exist: it calls the object what it
// cannot be, or the record's bound is wrong. The reading needs the kind's first word (the
// adjective that sets it apart: odd, even, prime, square-free), a number of the example below the
// bound in one sentence with it, and no negation in that sentence ("not", "fails", "neither").
// It goes to a person, since the example may speak of the adjective's objects in general.

// excludedKindRe reads a kind the record excludes below a bound: "no odd weird number is below
// 10²¹", "an odd perfect number would exceed 10^{1500}", "any odd counterexample must exceed 4·10^{18}".
var excludedKindRe = regexp.MustCompile(`(?i)\b(?:no|an?|any|every)\s+(\p{L}[\p{L}-]+)\s+((?:\p{L}[\p{L}-]+\s+){0,2}?\p{L}[\p{L}-]+)\s+(?:(?:is|are|exists?|lies?)\s+(?:below|under|less than|smaller than)|(?:would|must|will)\s+(?:exceed|be\s+(?:at least|above|larger than|greater than|beyond))|exceeds|is\s+(?:at least|above|larger than|greater than|beyond))\s*\$?\s*(` + rangeNumber + `)`)

// excludedAdjectiveSkip are first words that set no kind apart.
var excludedAdjectiveSkip = stWordSet(`such other known new single further larger smaller given found explicit`)

// excludedNumberRe finds a number of an example: "945", "$945$".
var excludedNumberRe = regexp.MustCompile(`(?:^|[^0-9.,^_{A-Za-z])([0-9]{2,})(?:[^0-9.,^]|$)`)

// excludedNegationRe finds a negation in an example's sentence.
var excludedNegationRe = regexp.MustCompile(`(?i)\b(?:not|no longer|neither|nor|fails?|cannot|never)\b|n't\b`)

// consistencyExampleExcluded asks a person about an example that presents, below the bound the
// record states for a kind, an object with the kind's first word that it does not deny is of
// the kind. It returns the number of findings.
func consistencyExampleExcluded(r *Revision, out *Report, budget int) int {
	if budget <= 0 {
		return 0
	}
	type kind struct {
		adjective, quote, field string
		bound                   float64
	}
	var kinds []kind
	record := []Text{{fieldOpenStrongestKnown, r.OpenStatus.StrongestKnown}}
	for i, e := range r.Exposition {
		if e.Kind == packet.Remark {
			record = append(record, Text{ExpositionField(i, "body"), e.Body})
		}
	}
	if c := r.Computation; c != nil {
		record = append(record, Text{fieldComputationSmallCases, c.SmallCases})
	}
	for _, t := range record {
		for _, m := range excludedKindRe.FindAllStringSubmatch(compared(t.Body), 4) {
			adj := strings.ToLower(m[1])
			if excludedAdjectiveSkip[adj] || stStopWords[adj] {
				continue
			}
			if v, ok := rangeValue(m[3]); ok {
				kinds = append(kinds, kind{adjective: adj, quote: m[0], field: t.Field, bound: v})
			}
		}
	}
	if len(kinds) == 0 {
		return 0
	}
	n := 0
	for i, e := range r.Exposition {
		if e.Kind != packet.Example {
			continue
		}
		field := ExpositionField(i, "body")
		body := compared(e.Body)
	sentences:
		for _, sent := range splitSentences(body) {
			s := body[sent[0]:sent[1]]
			if excludedNegationRe.MatchString(s) {
				continue
			}
			for _, k := range kinds {
				adj := regexp.MustCompile(`(?i)\b` + regexp.QuoteMeta(k.adjective) + `\b`).FindStringIndex(s)
				if adj == nil {
					continue
				}
				for _, m := range excludedNumberRe.FindAllStringSubmatchIndex(s, 8) {
					v, ok := rangeValue(s[m[2]:m[3]])
					if !ok || v >= k.bound || m[2] < adj[0] || v < math.Log10(3) {
						continue
					}
					if n >= budget {
						return n
					}
					sp := SpanOf(field, e.Body, sent[0]+adj[0], sent[0]+m[3])
					out.NeedsHuman(checkConsistencyBounds, sp,
						fmt.Sprintf("%s presents “%s”, below the bound of “%s” that %s states, and does not say that it is not of that kind: the example presents what the record says does not exist, or the record's bound is wrong; a person must compare them.", field, sp.Quote, strings.TrimSpace(k.quote), k.field),
						fmt.Sprintf("Correct the example (say what %s lacks) or the bound in %s.", s[m[2]:m[3]], k.field))
					n++
					continue sentences
				}
			}
		}
	}
	return n
}
