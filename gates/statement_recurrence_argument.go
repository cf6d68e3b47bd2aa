package gates

import (
	"fmt"
	"regexp"
	"strings"
)

// Two more shapes of a recurrence outside TeX carry the index elsewhere than in a subscript. An
// iterated operation puts it in a superscript after the operation's sign: "K^{#(m+1)} = K^{#m} #
// K", "G^{×(n+1)} = G^{×n} × G", "f^{∘(k+1)} = f ∘ f^{∘k}"; it determines nothing until the
// first power ("K^{#1} = K") is said. A function of an integer is defined from its values at
// other arguments: "for n ≥ 3, g(n) = mex{ g(a) ⊕ g(n − a) : 1 ≤ a < n/2 }"; the range "n ≥ 3"
// leaves the values below it to be given ("g(0) = g(1) = g(2) = 0"). With no such first value in
// the entry or the statement's fields, a person confirms the first terms are stated; a sentence
// about every sequence with the property, or one that names a known sequence, is no definition.

// stIterRecRe reads an iterated operation's recurrence: the letter, the operation, the index,
// the shift, the right side.
var stIterRecRe = regexp.MustCompile(`(?:^|[^\p{L}\\])(\p{L})\^\{\s*(#|×|⊗|⊕|∘|\*|\\#|\\times|\\otimes|\\oplus|\\circ)\s*\(?\s*([a-z])\s*([+-]\s*\d+)\s*\)?\s*\}\s*(?:=|:=)\s*([^.;=]{1,100})`)

// stFnRecRe reads a function of one integer variable set equal to an expression: the name, the
// variable, the right side.
var stFnRecRe = regexp.MustCompile(`(?:^|[^\p{L}\\_^])(\p{L}{1,3})\(\s*([a-z])\s*\)\s*=\s*([^.;=]{1,160})`)

// stArgExemptRe marks a sentence about every object with the property, or a known sequence.
var stArgExemptRe = regexp.MustCompile(`(?i)\b(?:every|any|all|some|exists?|whenever|fibonacci|lucas|pell|catalan|tribonacci)\b`)

// stArgumentRecurrences asks a person about each iterated operation or function of an integer
// defined from its other values whose first value no field gives. It returns the number of
// findings.
func stArgumentRecurrences(a *stAnalysis, seen map[string]bool, out *Report) int {
	texts, defs := stRecurrenceTexts(a.r)
	n := 0
	ask := func(t Text, name string, start, end int, kind string) {
		from, to := sentenceAround(t.Body, start)
		if seen[name] || stArgExemptRe.MatchString(t.Body[from:start]) {
			return
		}
		if end > to {
			end = to
		}
		seen[name] = true
		sp := SpanOf(t.Field, t.Body, start, end)
		n++
		out.NeedsHuman(stCheckRecurrence, sp,
			fmt.Sprintf("%s defines %s by “%s”, %s, and neither it nor the statement's fields gives its first value, so the terms are not determined; a person must confirm that the first terms are stated or are those of a sequence the reader knows.", t.Field, name, sp.Quote, kind),
			fmt.Sprintf("State the first values of %s next to the recurrence.", name))
	}
	for _, t := range texts {
		for _, m := range stIterRecRe.FindAllStringSubmatchIndex(t.Body, 4) {
			letter, op, index, right := t.Body[m[2]:m[3]], t.Body[m[4]:m[5]], t.Body[m[6]:m[7]], t.Body[m[10]:m[11]]
			if strings.Count(t.Body[:m[2]], "$")%2 == 1 || !stIterUses(right, letter, op, index) || stIterInitial(t.Body+"\n"+defs, letter, op) {
				continue
			}
			ask(t, letter, m[2], m[10]+len(strings.TrimRight(right, " ")), "an iterated operation defined from its previous power")
		}
		for _, m := range stFnRecRe.FindAllStringSubmatchIndex(t.Body, 4) {
			name, v, right := t.Body[m[2]:m[3]], t.Body[m[4]:m[5]], t.Body[m[6]:m[7]]
			from, to := sentenceAround(t.Body, m[2])
			if strings.Count(t.Body[:m[2]], "$")%2 == 1 || !stFnOtherArgument(right, name, v) || !stFnFloorRe(v).MatchString(t.Body[from:to]) || stFnInitial(t.Body+"\n"+defs, name) {
				continue
			}
			ask(t, name, m[2], m[6]+len(strings.TrimRight(right, " ")), "a function of an integer defined from its values at other arguments on a range with a lower end")
		}
	}
	return n
}

// stIterUses reports whether right uses letter under the same operation at the bare index:
// "K^{#m}".
func stIterUses(right, letter, op, index string) bool {
	return regexp.MustCompile(`(?:^|[^\p{L}\\])` + regexp.QuoteMeta(letter) + `\^\{\s*` + regexp.QuoteMeta(op) + `\s*\(?\s*` + index + `\s*\)?\s*\}`).MatchString(right)
}

// stIterInitial reports whether text gives letter under op at a numeric power: "K^{#1} = K".
func stIterInitial(text, letter, op string) bool {
	return regexp.MustCompile(`(?:^|[^\p{L}\\])` + regexp.QuoteMeta(letter) + `\^\{\s*` + regexp.QuoteMeta(op) + `\s*\(?\s*[0-9]+\s*\)?\s*\}\s*(?:=|:=|\bis\b)`).MatchString(text)
}

// stFnOtherArgument reports whether right applies name to an argument other than the variable
// alone: "g(a)", "g(n − a)", "f(n/2)".
func stFnOtherArgument(right, name, v string) bool {
	re := regexp.MustCompile(`(?:^|[^\p{L}\\])` + regexp.QuoteMeta(name) + `\(\s*([^()]{1,20})\s*\)`)
	for _, m := range re.FindAllStringSubmatch(right, -1) {
		if strings.TrimSpace(m[1]) != v && !strings.Contains(m[1], ",") {
			return true
		}
	}
	return false
}

// stFnFloorRe finds a lower end of the variable's range: "n ≥ 3", "n > 2", "n \ge 1".
func stFnFloorRe(v string) *regexp.Regexp {
	return regexp.MustCompile(`(?:^|[^\p{L}])` + v + `\s*(?:≥|>|\\geq?\b|\\gt\b)\s*[0-9]+`)
}

// stFnInitial reports whether text gives name a value at a number: "g(0) = 0", "g(1) = g(2) = 0".
func stFnInitial(text, name string) bool {
	return regexp.MustCompile(`(?:^|[^\p{L}\\])` + regexp.QuoteMeta(name) + `\(\s*[0-9]+\s*\)\s*(?:=|:=|\bis\b)`).MatchString(text)
}
