package gates

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/theoremdb/theoremdb/packet"
)

// The record may state an extremum of a measure over a kind of object outright: "the least
// possible diameter of such a seven-point set is 22270", "the largest girth known to be
// possible is 12". An example that then gives an object of that kind a measure beyond it ("the
// smaller of the two sets has diameter 2227") contradicts the record, whichever of the two holds
// the slip. What the two share is their shape: an extremum word, a measure named by one noun
// and a number in the record; the same noun and a number after "has", "with" or "of" in the
// example. The example may speak of a smaller object than the record's (a five-point set, whose
// least diameter is smaller), so a size the example's clause names goes unread, and a finding
// goes to a person.

// recordExtremumRe finds an extremum of a measure the record states: group 1 the extremum word,
// 2 the measure's noun, 3 the value.
var recordExtremumRe = regexp.MustCompile(`(?i)\b(least|smallest|minimum|minimal|largest|greatest|maximum|maximal)\s+(?:possible\s+)?([a-z]{3,})\s+(?:of\s+[^.;:]{1,80}?\s+)?(?:is|being|equals|=)\s+\$?\s*([0-9]+(?:,[0-9]{3})*)\s*\$?(?:[^0-9.,]|[.,](?:\s|$)|$)`)

// recordExtremumNotMeasure are words after an extremum word that name no measure.
var recordExtremumNotMeasure = stWordSet(`known number value such one possible case example element member term constant
	integer prime exponent index order`)

// exampleMeasurePattern finds a measure an example gives its object, the noun filled in: "has
// diameter $2227$", "with girth 5", "of diameter 98".
const exampleMeasurePattern = `(?i)\b(?:has|have|having|with|of)\s+(?:an?\s+|the\s+)?%s\s+(?:of\s+|only\s+|just\s+)?\$?\s*([0-9]+(?:,[0-9]{3})*)\b`

// exampleSizeRe finds a size an example's clause gives its object: "five points", "a 6-point
// set", "on 12 vertices".
var exampleSizeRe = regexp.MustCompile(`(?i)\b(?:[0-9]+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)[- ](?:points?|vertices|vertex|elements?|lines|edges)\b`)

// consistencyExampleRecord asks a person about an example whose object has a measure beyond the
// extremum the record states for it. It returns the number of findings.
func consistencyExampleRecord(r *Revision, out *Report, budget int) int {
	type extremum struct {
		least      bool
		noun       string
		value      int
		field      string
		start, end int
		quote      string
	}
	var record []extremum
	texts := []Text{{Field: fieldOpenStrongestKnown, Body: r.OpenStatus.StrongestKnown}}
	for i, e := range r.Exposition {
		if e.Kind == packet.Remark {
			texts = append(texts, Text{Field: ExpositionField(i, "body"), Body: e.Body})
		}
	}
	for _, t := range texts {
		body := compared(t.Body)
		for _, m := range recordExtremumRe.FindAllStringSubmatchIndex(body, 6) {
			noun := strings.ToLower(body[m[4]:m[5]])
			v, err := strconv.Atoi(strings.ReplaceAll(body[m[6]:m[7]], ",", ""))
			if err != nil || recordExtremumNotMeasure[noun] {
				continue
			}
			switch strings.ToLower(body[m[2]:m[3]]) {
			case "least", "smallest", "minimum", "minimal":
				record = append(record, extremum{least: true, noun: noun, value: v, field: t.Field, start: m[0], end: m[7], quote: body[m[0]:m[7]]})
			default:
				record = append(record, extremum{noun: noun, value: v, field: t.Field, start: m[0], end: m[7], quote: body[m[0]:m[7]]})
			}
		}
	}
	n := 0
	seen := map[string]bool{}
	for _, x := range record {
		re, err := regexp.Compile(fmt.Sprintf(exampleMeasurePattern, regexp.QuoteMeta(x.noun)))
		if err != nil {
			continue
		}
		for i, e := range r.Exposition {
			if e.Kind != packet.Example || n >= budget {
				continue
			}
			body := compared(e.Body)
			for _, m := range re.FindAllStringSubmatchIndex(body, 4) {
				v, err := strconv.Atoi(strings.ReplaceAll(body[m[2]:m[3]], ",", ""))
				if err != nil || x.least && v >= x.value || !x.least && v <= x.value {
					continue
				}
				s0, _ := arithSentence(body, m[0], m[1])
				clause := body[s0:m[1]]
				if c := strings.LastIndexAny(clause, ",;:"); c >= 0 {
					clause = clause[c+1:]
				}
				if exampleSizeRe.MatchString(clause) {
					continue // the example's object has a size of its own, perhaps another than the record's
				}
				field := ExpositionField(i, "body")
				end := m[1]
				if strings.Contains(body[m[0]:end], "$") && end < len(body) && body[end] == '$' {
					end++
				}
				key := field + "|" + strconv.Itoa(m[0])
				if seen[key] {
					continue
				}
				seen[key] = true
				side := "below the least"
				if !x.least {
					side = "above the largest"
				}
				n++
				out.NeedsHuman(checkConsistencyBounds, SpanOf(field, e.Body, m[0], end),
					fmt.Sprintf("%s gives its object the %s %d, %s value that %s states (“%s”): the example contradicts the record, unless it speaks of another kind of object; a person must confirm which.", field, x.noun, v, side, x.field, x.quote),
					"Correct the example's value or the recorded extremum so that they agree, or say in the example what kind of object it measures.")
				break
			}
		}
	}
	return n
}
