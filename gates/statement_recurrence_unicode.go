package gates

import (
	"fmt"
	"regexp"
	"strings"
)

// A packet written without TeX states a recurrence with Unicode subscripts ("sₙ = 7sₙ₋₁ for
// n ≥ 2", "aₖ₊₁ = aₖ + aₖ₋₁"), which the formula reader never sees. The reader finds a letter
// with a subscript index on the left of "=" and the same letter at another shift of that index
// on the right, and looks in the entry and the statement's fields for the letter at a numeric
// subscript ("s₀ = 1", "$s_0 = 1$"). With none, a person confirms that the first terms are
// stated; the sentence may also describe a sequence it names or a condition on a family.

// stUniRecRe reads the left side of a Unicode recurrence and its right side up to the end of the
// clause: the letter, the index, an optional shift.
var stUniRecRe = regexp.MustCompile(`(\p{L})([ₙₖₘᵢⱼₗ])([₊₋][₀₁₂₃₄₅₆₇₈₉]+)?\s*=\s*([^.;,=]{1,80})`)

// A sequence is also defined at multiples of its index from its terms at the index itself:
// "t₂ₙ = tₙ and t₂ₙ₊₁ = 1 − tₙ", "s₃ₖ₊₁ = sₖ + 1". Such a recurrence computes every term from
// the first one and leaves that one to be given ("t₀ = 0"). stUniScaledRe reads the letter, the
// factor, the index, an optional shift and the right side. A definite subject that "satisfies"
// it names one sequence, not a condition on a family, so only the bare reader's exemptions hold.
var stUniScaledRe = regexp.MustCompile(`(\p{L})([₂₃₄₅₆₇₈₉][₀₁₂₃₄₅₆₇₈₉]*)([ₙₖₘᵢⱼₗ])([₊₋][₀₁₂₃₄₅₆₇₈₉]+)?\s*=\s*([^.;,=]{1,80})`)

// stUniValueRe finds a letter at a numeric subscript given a value, the letter standing alone
// (not a factor of a product or a word of terms, "t₁t₂ = 1 1"): "t₀ = 0", "$t_0=0$".
var stUniValueRe = regexp.MustCompile(`(?:^|[\s,;:(\[$])(\p{L})(?:[₀₁₂₃₄₅₆₇₈₉]+|_\{?\s*[0-9]+\s*\}?)\s*\$?\s*(?:=|:=|\\coloneqq|\bis\s+\$?[0-9])`)

// stUniScaledRecurrences asks a person about each recurrence at multiples of its index whose
// letter no field gives a value at a numeric subscript. It returns the number of findings.
func stUniScaledRecurrences(texts []Text, defs string, seen map[string]bool, out *Report) int {
	n := 0
	for _, t := range texts {
		for _, m := range stUniScaledRe.FindAllStringSubmatchIndex(t.Body, 4) {
			letter, factor, index, right := t.Body[m[2]:m[3]], t.Body[m[4]:m[5]], t.Body[m[6]:m[7]], t.Body[m[10]:m[11]]
			if seen[letter] || !regexp.MustCompile(`(?:^|[^\p{L}])`+regexp.QuoteMeta(letter)+`(?:[₀₁₂₃₄₅₆₇₈₉]*)`+index).MatchString(right) {
				continue
			}
			if regexp.MustCompile(`(?:^|[^\p{L}])` + regexp.QuoteMeta(letter+factor+index) + `(?:$|[^₊₋₀₁₂₃₄₅₆₇₈₉])`).MatchString(right) {
				continue // the same term on both sides: an identity, not a definition
			}
			from, to := sentenceAround(t.Body, m[0])
			if stBareExemptRe.MatchString(t.Body[from:m[0]]) || stUniValueOf(t.Body+"\n"+defs, letter) {
				continue
			}
			seen[letter] = true
			end := min(m[10]+len(strings.TrimRight(right, " ")), to)
			sp := SpanOf(t.Field, t.Body, m[0], end)
			n++
			out.NeedsHuman(stCheckRecurrence, sp,
				fmt.Sprintf("%s defines %s by “%s”, a recurrence from the terms at a fraction of the index, which computes every term from the first, and neither it nor the statement's fields gives %s a value at a fixed index, so the terms are not determined; a person must confirm that the first term is stated or is that of a sequence the reader knows.", t.Field, letter, sp.Quote, letter),
				fmt.Sprintf("State the first value of %s (for example “%s₀ = 0”) next to the recurrence.", letter, letter))
		}
	}
	return n
}

// stUniValueOf reports whether text gives letter, standing alone, a value at a numeric subscript.
func stUniValueOf(text, letter string) bool {
	for _, m := range stUniValueRe.FindAllStringSubmatch(text, -1) {
		if m[1] == letter {
			return true
		}
	}
	return false
}

// stUniExemptRe marks a sentence whose recurrence is a condition or a named sequence's property.
var stUniExemptRe = regexp.MustCompile(`(?i)\b(?:satisf\w*|obey\w*|whenever|every|any|all|some|fibonacci|lucas|pell|catalan|tribonacci)\b`)

// stUnicodeRecurrences asks a person about each Unicode recurrence of the statement or an
// exposition entry whose letter no field gives at a numeric subscript. It returns the number of
// findings.
func stUnicodeRecurrences(a *stAnalysis, seen map[string]bool, out *Report) int {
	texts, defs := stRecurrenceTexts(a.r)
	n := 0
	for _, t := range texts {
		for _, m := range stUniRecRe.FindAllStringSubmatchIndex(t.Body, 4) {
			letter, index, shift, right := t.Body[m[2]:m[3]], t.Body[m[4]:m[5]], "", t.Body[m[8]:m[9]]
			if m[6] >= 0 {
				shift = t.Body[m[6]:m[7]]
			}
			if seen[letter] || !stUniOtherShift(right, letter, index, shift) {
				continue
			}
			from, to := sentenceAround(t.Body, m[0])
			if stUniExemptRe.MatchString(t.Body[from:m[0]]) || stUniInitial(t.Body+"\n"+defs, letter) {
				continue
			}
			seen[letter] = true
			end := m[8] + len(strings.TrimRight(right, " "))
			if end > to {
				end = to
			}
			sp := SpanOf(t.Field, t.Body, m[0], end)
			n++
			out.NeedsHuman(stCheckRecurrence, sp,
				fmt.Sprintf("%s defines %s by “%s”, a recurrence written without TeX, and neither it nor the statement's fields gives %s at a fixed index, so the terms are not determined; a person must confirm that the first terms are stated or are those of a sequence the reader knows.", t.Field, letter, sp.Quote, letter),
				fmt.Sprintf("State the first values of %s (for example “%s₀ = 1”) next to the recurrence.", letter, letter))
		}
	}
	return n + stUniScaledRecurrences(texts, defs, seen, out)
}

// stUniOtherShift reports whether right uses letter at index with another shift than shift.
func stUniOtherShift(right, letter, index, shift string) bool {
	for i := 0; i < len(right); {
		j := strings.Index(right[i:], letter+index)
		if j < 0 {
			return false
		}
		k := i + j + len(letter+index)
		rest := right[k:]
		other := ""
		for _, r := range rest {
			if !strings.ContainsRune("₊₋₀₁₂₃₄₅₆₇₈₉", r) {
				break
			}
			other += string(r)
		}
		if other != shift {
			return true
		}
		i = k
	}
	return false
}

// stUniInitialRe finds a letter at a numeric subscript: "s₀", "s_0", "s_{1}", "s(0)".
var stUniInitialRe = regexp.MustCompile(`(?:^|[^\p{L}\\])(\p{L})(?:[₀₁₂₃₄₅₆₇₈₉]|_\{?[0-9]|\([0-9]+\))`)

// stUniInitial reports whether text gives letter at a numeric subscript.
func stUniInitial(text, letter string) bool {
	for _, m := range stUniInitialRe.FindAllStringSubmatch(text, -1) {
		if m[1] == letter {
			return true
		}
	}
	return false
}
