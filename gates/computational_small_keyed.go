package gates

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/theoremdb/theoremdb/packet"
)

// A small case is often keyed by a parameter in words rather than by a formula: "degree 32:
// 2801324", "order 16: 14 groups", "n = 9: 352". The same count is then quoted elsewhere beside
// the same key: "for degree 32 (2801324 groups)", "the 2801324 transitive groups of degree 32",
// "degree 32: 2801324". When the two counts differ for one key, the small case contradicts the
// packet (a count of another parameter copied into the row, a digit lost), and tests one of two
// formulations; a person decides which, since the two may count different objects.

// keyedCount is a count a field gives for a parameter named by a word and a value.
type keyedCount struct {
	word, key  string
	count      int64
	start, end int
}

// keyedNumber is a count with optional digit groups: "2801324", "2 801 324", "2,801,324",
// "2{,}801{,}324".
const keyedNumber = `[0-9]{1,3}(?:(?:[ ,\x{2009}\x{202F}]|\{,\}|\\,)[0-9]{3})+|[0-9]+`

// smallKeyedRe finds a small case keyed by a word and a value: "degree 32: 2801324", "n = 9:
// 352".
var smallKeyedRe = regexp.MustCompile(`(?i)(?:^|[\s;,(])([a-z][a-z-]{2,}|[a-z])\s*(?:=\s*)?([0-9]+)\s*:\s*(` + keyedNumber + `)\b`)

// keyedStopWords are words before a number that name no parameter.
var keyedStopWords = map[string]bool{"and": true, "the": true, "for": true, "with": true, "than": true, "from": true, "page": true, "pages": true,
	"section": true, "theorem": true, "lemma": true, "table": true, "chapter": true, "step": true, "part": true, "year": true, "vol": true}

// parseKeyedNumber reads a count written with digit groups.
func parseKeyedNumber(s string) (int64, bool) {
	s = strings.NewReplacer(" ", "", ",", "", "\u2009", "", "\u202f", "", "{,}", "", `\,`, "").Replace(s)
	v, err := strconv.ParseInt(s, 10, 64)
	return v, err == nil
}

// smallKeyedCounts reads the small cases keyed by a word and a value.
func smallKeyedCounts(s string) []keyedCount {
	var out []keyedCount
	for _, m := range smallKeyedRe.FindAllStringSubmatchIndex(s, 20) {
		w := strings.ToLower(s[m[2]:m[3]])
		v, ok := parseKeyedNumber(s[m[6]:m[7]])
		if !ok || keyedStopWords[w] {
			continue
		}
		out = append(out, keyedCount{word: w, key: s[m[4]:m[5]], count: v, start: m[2], end: m[7]})
	}
	return out
}

// otherKeyedCounts reads the counts a field gives for one key: "degree 32 (2801324 groups)",
// "the 2801324 transitive groups of degree 32", "degree 32: 2801324".
func otherKeyedCounts(body, word, key string) []int64 {
	k := regexp.QuoteMeta(word) + `\s*(?:=\s*)?` + regexp.QuoteMeta(key)
	n := `(` + keyedNumber + `)`
	var out []int64
	for _, re := range []*regexp.Regexp{
		regexp.MustCompile(`(?i)\b` + k + `\s*(?:\(\s*|:\s*)` + n + `(\s*\)|\s+[\p{L}])`),
		regexp.MustCompile(`(?i)(?:^|[\s(])` + n + `\s+(?:[\p{L}-]+\s+){0,3}(?:of|for|in|with)\s+\b` + k + `(?:[^0-9]|$)`),
	} {
		for _, m := range re.FindAllStringSubmatch(body, 10) {
			v, ok := parseKeyedNumber(m[1])
			if !ok {
				continue
			}
			// A year after the key is a date, not a count: "degree 32 (2008)".
			if len(m) > 2 && strings.TrimSpace(m[2]) == ")" && v >= 1600 && v <= 2100 {
				continue
			}
			out = append(out, v)
		}
	}
	return out
}

// smallCasesKeyedConflicts asks a person about a small case keyed by a word and a value whose
// count another field gives otherwise for the same key. It returns the number of findings.
func smallCasesKeyedConflicts(r *Revision, c *packet.Computation, out *Report, budget int) int {
	if budget <= 0 {
		return 0
	}
	texts := []Text{}
	for _, t := range r.Texts() {
		if t.Field != fieldComputationSmallCases {
			texts = append(texts, t)
		}
	}
	for i, ref := range r.References {
		if ref.Relevance != "" {
			texts = append(texts, Text{ReferenceField(i, "relevance"), ref.Relevance})
		}
	}
	n := 0
	for _, kc := range smallKeyedCounts(c.SmallCases) {
		if n >= budget {
			break
		}
		for _, t := range texts {
			var other int64 = -1
			for _, v := range otherKeyedCounts(t.Body, kc.word, kc.key) {
				if v != kc.count {
					other = v
					break
				}
			}
			if other < 0 {
				continue
			}
			sp := SpanOf(fieldComputationSmallCases, c.SmallCases, kc.start, kc.end)
			out.NeedsHuman(checkCompSmallCases, sp,
				fmt.Sprintf("computation.smallCases gives “%s”, a count of %d for %s %s, but %s gives %d for %s %s: the small case contradicts the packet, unless the two count different objects; a person must compare them.", sp.Quote, kc.count, kc.word, kc.key, t.Field, other, kc.word, kc.key),
				fmt.Sprintf("Correct the small case or %s, so that %s %s has one count.", t.Field, kc.word, kc.key))
			n++
			break
		}
	}
	return n
}
