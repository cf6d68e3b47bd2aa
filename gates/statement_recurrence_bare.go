package gates

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/theoremdb/theoremdb/packet"
)

// A recurrence is also written with TeX's subscripts outside any formula: "n_{k+1} = 2n_k + 1
// for k ≥ 2", "R_{k+1}(b) = b·R_k(b) + 1" (a term carrying a parameter besides its index), "q_{j+1} is the least prime p with n(p) > n(q_j)". The formula reader never sees
// it, nor the Unicode reader. The index may be put in parentheses ("a_(k+1) = T(a_k)") and may be
// an ordinal's Greek letter, a transfinite recursion's successor step ("ℵ_(α+1) is the least
// cardinal greater than ℵ_α"), whose first value ("ℵ₀ = ω") is as needed as a sequence's. The reader finds a letter at a shifted index on the left of "="
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
var stBareRecRe = regexp.MustCompile(`(?:^|[^\p{L}\\$_^{])(\p{L})_[{(]\s*([a-zα-ω])\s*([+-]\s*\d+)\s*[})]` + stBareArg + `\s*(?:=|\bis\b)\s*([^.;=]{1,100})`)

// stBareExemptRe marks a sentence whose recurrence is a condition on a family or a named
// sequence's property; unlike the Unicode reader's, a definite subject that "satisfies" the
// recurrence ("the vertex counts satisfy …") is not one.
var stBareExemptRe = regexp.MustCompile(`(?i)\b(?:satisfying|obeying|whenever|every|any|all|some|fibonacci|lucas|pell|catalan|tribonacci)\b`)

// stBareInitialRe finds a letter at a numeric index given a value: "n₂ = 2", "q_1 = 3",
// "q_{1} := 3", "a_0 is 1".
var stBareInitialRe = regexp.MustCompile(`(?:^|[^\p{L}\\])(\p{L})(?:[₀₁₂₃₄₅₆₇₈₉]+|_[{(]?\s*[0-9]+\s*[})]?)` + stBareArg + `\s*\$?\s*(?:=|:=|\\coloneqq|\bis\s+\$?[0-9])`)

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
	return n + stSumRecurrences(texts, defs, seen, out)
}

// A sequence is also defined from its earlier terms through a sum whose upper end is the
// equation's own variable: "Σ_{k=0}^{m} C(m+1, k) B_k = 0 for every m ≥ 1", "$\sum_{i=0}^{m-1}
// w_i w_{m-1-i} = w_m$ for m ≥ 2". The equation at m fixes one term from the earlier ones, so
// when its range starts above the sum's lower end the first terms are left free (the equation
// at m ≥ 1 says nothing of B_0) unless the packet gives them. The reader,
// outside formulas and in them, finds such a sum, the letter summed at its index, the lower end
// and the range's floor, and asks a person when the terms below the floor are given no value.
// Partial sums given in closed form from the sum's own lower end ("Σ_{k=1}^{n} a_k = n² for
// n ≥ 1") determine every term and are not read.

// stSumRecRe reads a sum over an index from a number to a variable, the summand up to "=", and
// the right side: the index, the lower end, the variable, its shift, the summand, the right.
var stSumRecRe = regexp.MustCompile(`(?:Σ|∑|\\sum)\s*_\s*\{?\s*([a-z])\s*=\s*(\d+)\s*\}?\s*\^\s*\{?\s*([a-z])\s*([+-]\s*\d+)?\s*\}?([^=.;$]{1,100}?)=\s*([^.;=$]{1,60})`)

// stSumFloor finds the floor of the sum's variable in the sentence: "m ≥ 1", "m > 0", "m \geq 2".
func stSumFloor(sentence, v string) (int, bool) {
	m := regexp.MustCompile(`(?:^|[^\p{L}])` + v + `\s*(≥|>|\\geq?\b|\\gt\b)\s*([0-9]+)`).FindStringSubmatch(sentence)
	if m == nil {
		return 0, false
	}
	f, _ := strconv.Atoi(m[2])
	if m[1] == ">" || m[1] == `\gt` {
		f++
	}
	return f, true
}

// stSumRecurrences asks a person about each sum recurrence whose first terms no field gives. It
// returns the number of findings.
func stSumRecurrences(texts []Text, defs string, seen map[string]bool, out *Report) int {
	n := 0
	for _, t := range texts {
		for _, m := range stSumRecRe.FindAllStringSubmatchIndex(t.Body, 4) {
			index, v := t.Body[m[2]:m[3]], t.Body[m[6]:m[7]]
			lo, _ := strconv.Atoi(t.Body[m[4]:m[5]])
			shift := 0
			if m[8] >= 0 {
				shift, _ = strconv.Atoi(strings.ReplaceAll(t.Body[m[8]:m[9]], " ", ""))
			}
			if index == v {
				continue
			}
			summand := t.Body[m[10]:m[11]]
			lm := regexp.MustCompile(`(?:^|[^\p{L}\\])(\p{L})(?:_\{?\s*` + index + `\s*\}?|` + stUniSubscript(index) + `)`).FindStringSubmatch(summand)
			if lm == nil {
				continue
			}
			letter := lm[1]
			from, to := sentenceAround(t.Body, m[0])
			floor, ok := stSumFloor(t.Body[m[12]:max(to, m[12])], v)
			if !ok {
				floor, ok = stSumFloor(t.Body[from:m[0]], v)
			}
			// The equation at the floor fixes the term at floor+shift from those before it, which
			// the packet must give when there are any.
			if seen[letter] || !ok || floor+shift <= lo || stBareExemptRe.MatchString(t.Body[from:m[0]]) || stBareInitial(t.Body+"\n"+defs, letter) {
				continue
			}
			seen[letter] = true
			end := m[12] + len(strings.TrimRight(t.Body[m[12]:m[13]], " "))
			if k := strings.Index(t.Body[m[12]:end], " for "); k >= 0 {
				end = m[12] + k // the range is not part of the equation
			}
			sp := SpanOf(t.Field, t.Body, m[0], min(end, to))
			n++
			out.NeedsHuman(stCheckRecurrence, sp,
				fmt.Sprintf("%s defines %s by “%s”, a sum over its terms up to the equation's own index holding from %s ≥ %d on, so the first terms of %s are left free, and neither the entry nor the statement's fields gives one a value, so the terms are not determined; a person must confirm that the first terms are stated or are those of a sequence the reader knows.", t.Field, letter, sp.Quote, v, floor, letter),
				fmt.Sprintf("State the first values of %s (for example “%s_%d = 1”) next to the recurrence.", letter, letter, lo))
		}
	}
	return n
}

// stUniSubscript is the Unicode subscript of an index letter, or a pattern that matches nothing.
func stUniSubscript(index string) string {
	if r, ok := map[string]string{"n": "ₙ", "k": "ₖ", "m": "ₘ", "i": "ᵢ", "j": "ⱼ", "l": "ₗ"}[index]; ok {
		return r
	}
	return `\x00`
}

// stBareOtherShift reports whether right uses letter at index with another shift than shift:
// "n_k", "n_{k}", "n_{k-1}", "ℵ_α", "a_(k)" against "+1".
func stBareOtherShift(right, letter, index, shift string) bool {
	re := regexp.MustCompile(`(?:^|[^\p{L}\\])` + regexp.QuoteMeta(letter) + `_(?:[{(]\s*` + index + `\s*([+-]\s*\d+)?\s*[})]|` + index + `(?:$|[^\p{L}0-9_]))`)
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
