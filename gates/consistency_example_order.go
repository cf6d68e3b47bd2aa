package gates

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/theoremdb/theoremdb/packet"
)

// The record may bound the least size of a kind of object from below: "the smallest
// triangle-free 6-chromatic graphs have at least 32 vertices", "the smallest such designs have
// between 40 and 45 points". An example that then exhibits an object of that kind, named in the
// same words, on fewer ("a triangle-free 6-chromatic graph on 30 vertices") contradicts the
// record or claims to beat it, whichever of the two holds the slip. What the two share is their
// shape: the least size of a kind, with a lower bound and a unit, and the same kind's words right
// before "on" or "with" and a smaller number of the same unit. A finding goes to a person with
// both spans.

// orderRecordRe finds a lower bound on the least size of a kind: group 1 the kind, 2 the bound,
// 3 the unit.
var orderRecordRe = regexp.MustCompile(`(?i)\b(?:smallest|least|minimum|minimal)\s+((?:[\p{L}0-9-]+\s+){0,5}?[\p{L}-]+)\s+(?:has|have|must have|contains?)\s+(?:at least|more than|between|≥)\s*\$?\s*([0-9]+)\s*\$?\s+(?:and\s+\$?[0-9]+\$?\s+)?(vertices|points|elements|edges|nodes|faces|facets|blocks|lines|cells|tiles|squares)\b`)

// orderExamplePattern finds an example's object of a kind on a number of a unit, the kind and
// the unit filled in.
const orderExamplePattern = `(?i)(?:^|[^\p{L}0-9-])%s\s+(?:on|with|of order)\s+\$?\s*([0-9]+)\s*\$?\s+%s\b`

// consistencyExampleOrder asks a person about an example whose object of a kind has fewer
// elements than the record's lower bound on the least such object. It returns the number of
// findings.
func consistencyExampleOrder(r *Revision, out *Report, budget int) int {
	texts := []Text{{Field: fieldOpenStrongestKnown, Body: r.OpenStatus.StrongestKnown}}
	for i, e := range r.Exposition {
		if e.Kind != packet.Example {
			texts = append(texts, Text{Field: ExpositionField(i, "body"), Body: e.Body})
		}
	}
	for i, x := range r.References {
		texts = append(texts, Text{Field: ReferenceField(i, "relevance"), Body: x.Relevance})
	}
	n := 0
	seen := map[string]bool{}
	for _, t := range texts {
		body := compared(t.Body)
		for _, m := range orderRecordRe.FindAllStringSubmatchIndex(body, 4) {
			kind := strings.Fields(strings.ToLower(body[m[2]:m[3]]))
			bound, err := strconv.Atoi(body[m[4]:m[5]])
			if err != nil || len(kind) < 2 {
				continue // a lone noun ("the smallest graphs") names no kind
			}
			for j, w := range kind {
				kind[j] = regexp.QuoteMeta(w)
			}
			last := len(kind) - 1
			kind[last] = strings.TrimSuffix(kind[last], "s") + "s?"
			re, err := regexp.Compile(fmt.Sprintf(orderExamplePattern, strings.Join(kind, `\s+`), regexp.QuoteMeta(strings.ToLower(body[m[6]:m[7]]))))
			if err != nil {
				continue
			}
			for i, e := range r.Exposition {
				if e.Kind != packet.Example || n >= budget {
					continue
				}
				eb := compared(e.Body)
				for _, em := range re.FindAllStringSubmatchIndex(eb, 4) {
					v, err := strconv.Atoi(eb[em[2]:em[3]])
					field := ExpositionField(i, "body")
					key := field + "|" + strconv.Itoa(em[0])
					if err != nil || v >= bound || seen[key] {
						continue
					}
					seen[key] = true
					n++
					start := em[0]
					for start < em[1] && !isWordByte(eb[start]) {
						start++
					}
					out.NeedsHuman(checkConsistencyBounds, SpanOf(field, e.Body, start, em[1]),
						fmt.Sprintf("%s exhibits an object of the kind whose least size %s bounds from below (“%s”) with only %d %s, fewer than the bound %d: the example contradicts the record, or claims to beat it; a person must confirm which.", field, t.Field, body[m[0]:m[1]], v, body[m[6]:m[7]], bound),
						"Correct the example's size or the recorded bound so that they agree, or say in the example what other kind of object it speaks of.")
					if t.Field != field {
						out.NeedsHuman(checkConsistencyBounds, SpanOf(t.Field, t.Body, m[0], m[1]),
							fmt.Sprintf("%s bounds the least size of a kind from below by %d, but %s exhibits one on %d; a person must confirm which holds.", t.Field, bound, field, v),
							"Correct the example's size or the recorded bound so that they agree.")
					}
				}
			}
		}
	}
	return n
}
