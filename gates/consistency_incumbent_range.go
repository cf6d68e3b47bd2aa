package gates

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/theoremdb/theoremdb/packet"
)

// A search asks about a range ("an odd weird number below 10^{21}", "every n ≤ 10^8"); the record
// often says how far the range is already done ("every weird number below 10²¹ is even", "a
// counterexample would exceed 4·10^{18}", "verified up to 2^{60}"). When the requested range ends
// at or below where the recorded search ends, the target asks for what is known. The reading is
// of a search's shape only: a search target, its upper end, and a sentence of the record that
// speaks of a search or of every (or no) object below an end at least as large. It goes to a
// person, who decides whether the two ranges are of one object.

// rangeNumber is an end of a range: "10^{21}", "10²¹", "4·10^{18}", "2^{60}", "5 \cdot 10^8",
// "1000000", "10,000,000".
const rangeNumber = `(?:[0-9]+(?:\.[0-9]+)?\s*(?:·|\\cdot|×|\\times)\s*)?[0-9]+\s*(?:\^\s*\{?\s*[0-9]+\s*\}?|[⁰¹²³⁴⁵⁶⁷⁸⁹]+)|[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+(?:\.[0-9]+)?`

// rangeTargetRe finds the upper end of a requested range: "n < 10^{21}", "below 10²¹", "up to
// 10^8", "at most 10⁸".
var rangeTargetRe = regexp.MustCompile(`(?i)(?:<|≤|\\leq?\b|\\lt\b|\bbelow|\bup to|\bat most|\bless than|\bnot exceeding)\s*\$?\s*(` + rangeNumber + `)`)

// rangeDoneRe finds the end of a recorded search: "below 10²¹", "would exceed 10^{21}", "up to
// 2^{60}", "beyond 4·10^{18}".
var rangeDoneRe = regexp.MustCompile(`(?i)(?:<|≤|\\leq?\b|\\lt\b|\bbelow|\bup to|\bunder|\bless than|\bexceeds?|\bexceeded|\bbeyond|\bto|\bthrough)\s*\$?\s*(` + rangeNumber + `)`)

// rangeSearchWordsRe marks a sentence of the record that speaks of a search done, or of every
// object below an end.
var rangeSearchWordsRe = regexp.MustCompile(`(?i)\b(?:search(?:es|ed)?|verified|checked|computed|computations?|tested|enumerat\w*|excluded|ruled out|covered|every|all|none|no)\b`)

// superscriptDigits are the digits a power is written in without TeX ("10²¹").
const superscriptDigits = "⁰¹²³⁴⁵⁶⁷⁸⁹"

// rangeValue reads an end of a range as its decimal logarithm, so that 10^{1500} is read.
func rangeValue(s string) (float64, bool) {
	s = strings.Join(strings.Fields(s), "")
	s = strings.NewReplacer(`\cdot`, "·", `\times`, "·", "×", "·", "{", "", "}", "", ",", "").Replace(s)
	mult, base, exp, ok := powerParts(s, superscriptDigits)
	if !ok {
		return 0, false
	}
	v, err := strconv.ParseFloat(base, 64)
	if err != nil || v <= 0 || mult <= 0 {
		return 0, false
	}
	e := 1
	if exp != "" {
		if e, err = strconv.Atoi(exp); err != nil || e > 1_000_000 {
			return 0, false
		}
	}
	return math.Log10(mult) + float64(e)*math.Log10(v), true
}

// incumbentSearchedRange asks a person about a search target whose range ends where, or before,
// the record says the search is done. It reports whether it recorded a finding.
func incumbentSearchedRange(r *Revision, out *Report) bool {
	if r.Acceptance.Kind != packet.Search {
		return false
	}
	var targets []Text
	s := compared(r.Statement)
	for _, sent := range askingSentences(s) {
		targets = append(targets, Text{FieldStatement, s[sent[0]:sent[1]]})
	}
	targets = append(targets, Text{fieldOpenUnresolved, r.OpenStatus.UnresolvedTarget})
	record := []Text{{fieldOpenStrongestKnown, r.OpenStatus.StrongestKnown}}
	for i, e := range r.Exposition {
		if e.Kind == packet.Remark {
			record = append(record, Text{ExpositionField(i, "body"), e.Body})
		}
	}
	// The largest end the target asks about: a search range ends at its largest end.
	want, at := math.Inf(-1), Text{}
	var quote string
	for _, t := range targets {
		for _, m := range rangeTargetRe.FindAllStringSubmatch(t.Body, 6) {
			if v, ok := rangeValue(m[1]); ok && v > want {
				want, at, quote = v, t, m[0]
			}
		}
	}
	if want < 2 {
		return false // an end below 100 is a parameter more often than a range searched
	}
	for _, t := range record {
		body := compared(t.Body)
		for _, sent := range splitSentences(body) {
			if !rangeSearchWordsRe.MatchString(body[sent[0]:sent[1]]) {
				continue
			}
			for _, m := range rangeDoneRe.FindAllStringSubmatchIndex(body[sent[0]:sent[1]], 6) {
				v, ok := rangeValue(body[sent[0]+m[2] : sent[0]+m[3]])
				if !ok || v < want-1e-9 {
					continue
				}
				sp := SpanOf(t.Field, t.Body, sent[0]+m[0], sent[0]+m[1])
				out.NeedsHuman(checkConsistencyIncumbent, sp,
					fmt.Sprintf("%s asks about a range ending at “%s”, but %s records “%s”, a search done at least that far: the target asks for what the record already settles, unless the two ranges are of different objects; a person must compare them.", at.Field, strings.TrimSpace(quote), t.Field, sp.Quote),
					"Ask about a range beyond the recorded search (openStatus.strongestKnown), or correct the record.")
				return true
			}
		}
	}
	return false
}

// splitSentences returns the byte ranges of the sentences of s.
func splitSentences(s string) [][2]int {
	var out [][2]int
	start := 0
	for start < len(s) {
		end := len(s)
		if i := sentenceEndRe.FindStringIndex(s[start:]); i != nil {
			end = start + i[1]
		}
		out = append(out, [2]int{start, end})
		start = end
	}
	return out
}
