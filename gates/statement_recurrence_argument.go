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
	return n + stStructuralRecurrences(texts, defs, seen, out) + stStepRules(texts, defs, seen, out)
}

// A function is also defined by its values at the parts of its argument: "h(E ∪ F) =
// max(h(E), h(F)), h(E^*) = h(E) + 1" on expressions, "d(T₁ ∘ T₂) = d(T₁) + d(T₂)" on trees,
// "f(2n) = f(n), f(2n + 1) = f(n) + 1" on integers. The clauses reduce every argument to the
// smallest ones, whose values must be given ("h(∅) = h(ε) = h(a) = 0", "f(0) = 0"). The reader
// finds an application to an argument built from parts on the left of "=" and the function at
// one of those parts on the right, in a sentence that says the definition is recursive or
// inductive (a functional equation such as f(x + y) = f(x) + f(y) is not one) or, for one
// integer part, gives it a range with a lower end; then it looks, outside TeX and in it, for a
// value of the function at an argument free of the parts. With none, a person confirms.

// stStructMaxClauses and stStructMaxParts bound the reading of a long text: the equations read
// in one text, and the applications read on the right of one.
const (
	stStructMaxClauses = 40
	stStructMaxParts   = 12
)

// stStructCueRe marks a sentence that says a definition is recursive.
var stStructCueRe = regexp.MustCompile(`(?i)\b(?:recursive(?:ly)?|inductive(?:ly)?|by (?:structural )?induction|by recursion)\b`)

// stFnApp is one application of a function to a balanced argument.
type stFnApp struct {
	name            string
	start, arg, end int // the name's start, the argument's start, the closing parenthesis's end
}

// stFnAppRe finds a function's name before an opening parenthesis.
var stFnAppRe = regexp.MustCompile(`(?:^|[^\p{L}\\_^{])(\p{L}{1,3})\(`)

// stFnApps lists the applications of short function names in s, each argument balanced and
// at most 60 bytes long.
func stFnApps(s string) []stFnApp {
	var out []stFnApp
	for _, m := range stFnAppRe.FindAllStringSubmatchIndex(s, -1) {
		depth, j := 1, m[1]
		for ; j < len(s) && j < m[1]+60 && depth > 0; j++ {
			switch s[j] {
			case '(':
				depth++
			case ')':
				depth--
			}
		}
		if depth == 0 {
			out = append(out, stFnApp{name: s[m[2]:m[3]], start: m[2], arg: m[1], end: j})
		}
	}
	return out
}

// stStructPart reports whether part is a proper part of arg: a shorter token of it.
func stStructPart(arg, part string) bool {
	part = strings.TrimSpace(part)
	if part == "" || len(part) >= len(strings.TrimSpace(arg)) || strings.ContainsAny(part, "(),") {
		return false
	}
	before := `(?:^|[^\p{L}\p{N}\\])`
	if part[0] == '\\' {
		before = "" // a TeX command ends the token before it: "\neg\varphi"
	}
	return regexp.MustCompile(before + regexp.QuoteMeta(part) + `(?:$|[^\p{L}\p{N}₀₁₂₃₄₅₆₇₈₉])`).MatchString(arg)
}

// stStructuralRecurrences asks a person about each function defined by its values at the parts
// of its argument whose value at a smallest argument no field gives. It returns the number of
// findings.
func stStructuralRecurrences(texts []Text, defs string, seen map[string]bool, out *Report) int {
	n := 0
	for _, t := range texts {
		apps := stFnApps(t.Body)
		read := 0
		for i, l := range apps {
			arg := t.Body[l.arg : l.end-1]
			rest := strings.TrimLeft(t.Body[l.end:], " ")
			if seen[l.name] || !strings.HasPrefix(rest, "=") || strings.HasPrefix(rest, "==") {
				continue
			}
			if read++; read > stStructMaxClauses {
				break
			}
			from, to := sentenceAround(t.Body, l.start)
			// The right side: the chain of equalities up to the clause's end.
			stop := to
			if k := strings.IndexAny(t.Body[l.end:to], "$;"); k >= 0 {
				stop = l.end + k
			}
			var parts []string
			last := l.end
			for _, r := range apps[i+1 : min(len(apps), i+1+stStructMaxParts)] {
				if r.start >= stop {
					break
				}
				if r.name == l.name && stStructPart(arg, t.Body[r.arg:r.end-1]) {
					parts = append(parts, strings.TrimSpace(t.Body[r.arg:r.end-1]))
					last = r.end
				}
			}
			if len(parts) == 0 {
				continue
			}
			sentence := t.Body[from:to]
			ranged := len(parts) == 1 && len(parts[0]) == 1 && stFnFloorRe(parts[0]).MatchString(sentence)
			if !stStructCueRe.MatchString(sentence) && !ranged || stArgExemptRe.MatchString(t.Body[from:l.start]) ||
				stStructInitial(t.Body+"\n"+defs, l.name, parts) {
				continue
			}
			seen[l.name] = true
			sp := SpanOf(t.Field, t.Body, l.start, last)
			n++
			out.NeedsHuman(stCheckRecurrence, sp,
				fmt.Sprintf("%s defines %s by “%s”, from its values at the parts of its argument, and neither it nor the statement's fields gives its value at a smallest argument, one built from no part, so the function is not determined; a person must confirm that the base cases are stated.", t.Field, l.name, sp.Quote),
				fmt.Sprintf("State the values of %s at the smallest arguments (for example “%s(0) = 0”) next to the recursive clauses.", l.name, l.name))
		}
	}
	return n
}

// stStructInitial reports whether text gives name a value at an argument free of the parts:
// "h(\emptyset)=h(\varepsilon)=h(a)=0", "f(0) = 0".
func stStructInitial(text, name string, parts []string) bool {
	for _, b := range stFnApps(text) {
		if b.name != name {
			continue
		}
		rest := strings.TrimLeft(text[b.end:], " $")
		if !strings.HasPrefix(rest, "=") && !strings.HasPrefix(rest, ":=") && !strings.HasPrefix(rest, "is ") {
			continue
		}
		arg := text[b.arg : b.end-1]
		free := strings.TrimSpace(arg) != ""
		for _, p := range parts {
			if strings.Contains(arg, p) {
				free = false // a part, alone or joined to another ("h(EF)")
			}
		}
		if free {
			return true
		}
	}
	return false
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
