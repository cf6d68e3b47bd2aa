package gates

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/theoremdb/theoremdb/packet"
)

// A quantity defined as the least size at which every object has a property (a Ramsey number,
// "the least n such that every colouring of K_n with k colours contains a monochromatic
// triangle") is contradicted by an example that exhibits an object of that size or more without
// the property: a colouring of K₁₇ with three colours and no monochromatic triangle denies
// R₃(3) = 17. What the example shares with the stated value is its shape: a negation ("no",
// "without"), a size at least the value, and the value's parameter among the example's numbers
// (three colours for R₃). Such an example goes to a person with the size quoted.

// thresholdDefRe finds a quantity defined as a least size at which every object has a property.
var thresholdDefRe = regexp.MustCompile(`(?i)\b(?:least|smallest|minimum|minimal)\b[^.;]{0,60}\bsuch that\s+(?:every|all|each|any)\b`)

// thresholdValueRe reads a stated exact value of an indexed quantity: "R_3(3) = 17", "R₃(3) = 17".
var thresholdValueRe = regexp.MustCompile(`\b([A-Z])_?\{?([0-9]{1,2})\}?\s*\(\s*[0-9]{1,3}(?:\s*,\s*[0-9]{1,3})*\s*\)\s*=\s*([0-9]{1,6})\b`)

// thresholdSizeRe reads the size of an example's object: "K_{17}", "K₁₇", "on 17 vertices".
var thresholdSizeRe = regexp.MustCompile(`K_?\{?([0-9]{1,6})\}?|\b([0-9]{1,6}) (?:vertices|points|elements)\b`)

// thresholdNegationRe finds the negation by which an example's object lacks the property.
var thresholdNegationRe = regexp.MustCompile(`(?i)\b(?:no|without|avoiding|free of|not containing|contains no)\b`)

// thresholdPlain writes a text's subscript digits as digits and drops its dollars.
var thresholdPlain = strings.NewReplacer("₀", "0", "₁", "1", "₂", "2", "₃", "3", "₄", "4", "₅", "5", "₆", "6", "₇", "7", "₈", "8", "₉", "9", "$", "")

// consistencyExampleThreshold asks a person about an example whose object, of a size at least a
// stated least size, lacks the property every object of that size has. It returns the number of
// findings.
func consistencyExampleThreshold(r *Revision, out *Report, budget int) int {
	defined := thresholdDefRe.MatchString(r.Statement)
	for _, e := range r.Exposition {
		if e.Kind == packet.Definition || e.Kind == packet.Convention {
			defined = defined || thresholdDefRe.MatchString(e.Body)
		}
	}
	if !defined || budget <= 0 {
		return 0
	}
	type value struct{ param, v int }
	var values []value
	texts := []string{r.OpenStatus.StrongestKnown}
	for _, e := range r.Exposition {
		if e.Kind != packet.Example {
			texts = append(texts, e.Body)
		}
	}
	if r.Computation != nil {
		texts = append(texts, r.Computation.SmallCases)
	}
	for _, t := range texts {
		for _, m := range thresholdValueRe.FindAllStringSubmatch(thresholdPlain.Replace(t), 10) {
			p, _ := strconv.Atoi(m[2])
			v, _ := strconv.Atoi(m[3])
			values = append(values, value{p, v})
		}
	}
	n := 0
	for i, e := range r.Exposition {
		if e.Kind != packet.Example || n >= budget || !thresholdNegationRe.MatchString(e.Body) {
			continue
		}
		nums := map[int]bool{}
		for _, w := range strings.FieldsFunc(strings.ToLower(thresholdPlain.Replace(e.Body)), func(r rune) bool {
			return !('a' <= r && r <= 'z' || '0' <= r && r <= '9')
		}) {
			if v, ok := countWords[w]; ok {
				nums[int(v)] = true
			} else if v, err := strconv.Atoi(w); err == nil {
				nums[v] = true
			}
		}
		field := ExpositionField(i, "body")
		for _, m := range thresholdSizeRe.FindAllStringSubmatchIndex(e.Body, 4) {
			at := 2
			if m[2] < 0 {
				at = 4
			}
			size, _ := strconv.Atoi(e.Body[m[at]:m[at+1]])
			for _, val := range values {
				if !nums[val.param] || size < val.v {
					continue
				}
				n++
				out.NeedsHuman(checkConsistencyBounds, SpanOf(field, e.Body, m[0], m[1]),
					fmt.Sprintf("%s exhibits an object of size %d without the property, but the packet states a least size %d (with parameter %d) at which every object has it: the example and the stated value cannot both hold.", field, size, val.v, val.param),
					"Correct the example (its size or its claim) or the stated value, so that they agree.")
				return n
			}
		}
	}
	return n
}
