package gates

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/theoremdb/theoremdb/packet"
)

// A recurrence is also written with TeX's subscripts outside any formula: "n_{k+1} = 2n_k + 1
// for k ≥ 2", "R_{k+1}(b) = b·R_k(b) + 1" (a term carrying a parameter besides its index), "q_{j+1} is the least prime p with n(p) > n(q_j)". The formula reader never sees
// it, nor the Unicode reader. The reader finds a letter at a shifted index on the left of "="
// (or of "is", a recurrence in words) and the same letter at another shift of that index on the
// right, and looks in the entry and the statement's fields for a first value: the letter at a
// numeric index set equal to something ("n₂ = 2", "q_1 = 3", "$q_1 = 3$"). A term named at a
// numeric index without a value ("the graph has n₆ vertices") is what the recurrence should
// compute, not a start. With none, a person confirms that the first terms are stated; the
// sentence may also be a condition on a family ("every sequence satisfying …").

// stBareArg is an argument the indexed term may carry besides its index, a parameter of the
// family: "R_{k+1}(b) = b·R_k(b) + 1", "R_1(b) = 1".
const stBareArg = `(?:\([^()]{1,12}\))?`

// stBareRecRe reads the left side of a bare recurrence, with a shifted index, and its right side
// up to the end of the clause: the letter, the index, the shift, the right side.
var stBareRecRe = regexp.MustCompile(`(?:^|[^\p{L}\\$_^{])(\p{L})_\{\s*([a-z])\s*([+-]\s*\d+)\s*\}` + stBareArg + `\s*(?:=|\bis\b)\s*([^.;=]{1,100})`)

// stBareExemptRe marks a sentence whose recurrence is a condition on a family or a named
// sequence's property; unlike the Unicode reader's, a definite subject that "satisfies" the
// recurrence ("the vertex counts satisfy …") is not one.
var stBareExemptRe = regexp.MustCompile(`(?i)\b(?:satisfying|obeying|whenever|every|any|all|some|fibonacci|lucas|pell|catalan|tribonacci)\b`)

// stBareInitialRe finds a letter at a numeric index given a value: "n₂ = 2", "q_1 = 3",
// "q_{1} := 3", "a_0 is 1".
var stBareInitialRe = regexp.MustCompile(`(?:^|[^\p{L}\\])(\p{L})(?:[₀₁₂₃₄₅₆₇₈₉]+|_\{?\s*[0-9]+\s*\}?)` + stBareArg + `\s*\$?\s*(?:=|:=|\\coloneqq|\bis\s+\$?[0-9])`)

// stBareRecurrences asks a person about each bare recurrence of the statement or an exposition
// entry whose letter no field gives a first value. It returns the number of findings.
func stBareRecurrences(a *stAnalysis, seen map[string]bool, out *Report) int {
	texts, defs := stRecurrenceTexts(a.r)
	n := 0
	for _, t := range texts {
		for _, m := range stBareRecRe.FindAllStringSubmatchIndex(t.Body, 4) {
			if strings.Count(t.Body[:m[2]], "$")%2 == 1 {
				continue // inside a formula, which the formula reader reads
			}
			letter, index, right := t.Body[m[2]:m[3]], t.Body[m[4]:m[5]], t.Body[m[8]:m[9]]
			shift := strings.ReplaceAll(t.Body[m[6]:m[7]], " ", "")
			if seen[letter] || !stBareOtherShift(right, letter, index, shift) {
				continue
			}
			from, to := sentenceAround(t.Body, m[2])
			if stBareExemptRe.MatchString(t.Body[from:m[2]]) || stBareInitial(t.Body+"\n"+defs, letter) {
				continue
			}
			seen[letter] = true
			end := m[8] + len(strings.TrimRight(right, " "))
			if end > to {
				end = to
			}
			sp := SpanOf(t.Field, t.Body, m[2], end)
			n++
			out.NeedsHuman(stCheckRecurrence, sp,
				fmt.Sprintf("%s defines %s by “%s”, a recurrence written outside TeX, and neither it nor the statement's fields gives a value of %s at a fixed index, so the terms are not determined; a person must confirm that the first terms are stated or are those of a sequence the reader knows.", t.Field, letter, sp.Quote, letter),
				fmt.Sprintf("State the first values of %s (for example “%s_1 = 1”) next to the recurrence.", letter, letter))
		}
	}
	return n
}

// stBareOtherShift reports whether right uses letter at index with another shift than shift:
// "n_k", "n_{k}", "n_{k-1}" against "+1".
func stBareOtherShift(right, letter, index, shift string) bool {
	re := regexp.MustCompile(`(?:^|[^\p{L}\\])` + regexp.QuoteMeta(letter) + `_(?:\{\s*` + index + `\s*([+-]\s*\d+)?\s*\}|` + index + `\b)`)
	for _, m := range re.FindAllStringSubmatch(right, -1) {
		if strings.ReplaceAll(m[1], " ", "") != shift {
			return true
		}
	}
	return false
}

// stBareInitial reports whether text gives letter a value at a numeric index.
func stBareInitial(text, letter string) bool {
	for _, m := range stBareInitialRe.FindAllStringSubmatch(text, -1) {
		if m[1] == letter {
			return true
		}
	}
	return false
}

// stRecurrenceTexts are the texts a recurrence written outside TeX is read in, the statement and
// each exposition entry, and defs, the statement with the definitions and conventions, where a
// first value may be given.
func stRecurrenceTexts(r *Revision) (texts []Text, defs string) {
	texts = []Text{{FieldStatement, r.Statement}}
	defs = r.Statement
	for i, e := range r.Exposition {
		texts = append(texts, Text{ExpositionField(i, "body"), e.Body})
		if e.Kind == packet.Definition || e.Kind == packet.Convention {
			defs += "\n" + e.Body
		}
	}
	return texts, defs
}
