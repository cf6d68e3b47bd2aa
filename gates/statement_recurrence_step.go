package gates

import (
	"fmt"
	"regexp"
	"strings"
)

// An object is also defined by a step rule with no index at all, and the rule determines
// nothing until the object it starts from is said:
//
//   - a map iterated from a seed, "each term is mapped to the next by a ↦ a + R(a)", "every
//     triple is reached by repeating the move (x, y, z) ↦ (x, y, 3xy − z)" (a tree needs its
//     root as a sequence needs its first term);
//   - a prefix operator's recurrence, "!(n + 1) = !n + n!", "#(k+1) = 2·#k" (its value at the
//     first index, "!0 = 0");
//   - a self-describing rule, "the sequence that equals its own run-length sequence", "the
//     sequence that describes itself", satisfied by more than one sequence unless its first
//     terms are fixed.
//
// The reader finds the rule in the statement or an exposition entry and looks in the statement,
// the definitions and the conventions for the starting object: a start word ("starts at",
// "begins", "rooted at", "seed", "initial") followed by a value, or the object at a numeric
// index given a value. With none, a person confirms that the start is stated; a rule about every
// object of a family, or a named sequence's, is no definition.

// stStepCueRe marks a sentence that iterates a map: the map gives each object the next one.
var stStepCueRe = regexp.MustCompile(`(?i)\b(?:repeat(?:s|ed|ing)?|iterat\w*|trajector\w*|orbits?|(?:mapped|sent|taken) to the next|the next (?:term|one|object|triple|number)|successive(?:ly)?|generat(?:es?|ed|ing)|reached|in turn)\b`)

// stStepMapRe finds a map written with "↦": its argument (a letter or a tuple) and its image.
var stStepMapRe = regexp.MustCompile(`(\p{L}|\([^()]{1,40}\))\s*↦\s*([^.;,↦]{1,80}(?:,[^.;↦]{0,40}\))?)`)

// stStepStartRe finds a stated start in a definition: a start word and, close after it, a value.
var stStepStartRe = regexp.MustCompile(`(?i)\b(?:start(?:s|ed|ing)?|begin(?:s|ning)?|began|root(?:s|ed)?|seed(?:s|ed)?|initial(?:ly)?|first (?:term|value|object)s?)\b[^.;]{0,24}?[\p{N}(]`)

// stStepPrefixRe reads a prefix operator's recurrence: the sign, the index, the shift, the right
// side.
var stStepPrefixRe = regexp.MustCompile(`(?:^|[\s(:])([!#])\(\s*([a-z])\s*([+-]\s*\d+)\s*\)\s*=\s*([^.;=]{1,80})`)

// stStepSelfRe marks a self-describing rule.
var stStepSelfRe = regexp.MustCompile(`(?i)\b(?:(?:equals|is) its own [\p{L}-]+(?: [\p{L}-]+)? sequence|describes itself|self-describing|self-generating|generates itself)\b`)

// stStepExemptRe marks a sentence about every object with the property, or a named sequence's.
var stStepExemptRe = regexp.MustCompile(`(?i)\b(?:any|some|whenever|satisfying|fibonacci|lucas|pell|catalan|tribonacci)\b`)

// stStepRules asks a person about each step rule whose starting object no field gives. It returns
// the number of findings.
func stStepRules(texts []Text, defs string, seen map[string]bool, out *Report) int {
	started := stStepStartRe.MatchString(defs)
	n := 0
	ask := func(t Text, name string, start, end int, kind, fix string) {
		from, to := sentenceAround(t.Body, start)
		if seen[name] || stStepExemptRe.MatchString(t.Body[from:start]) {
			return
		}
		end = min(end, to)
		seen[name] = true
		sp := SpanOf(t.Field, t.Body, start, end)
		n++
		out.NeedsHuman(stCheckRecurrence, sp,
			fmt.Sprintf("%s defines %s by “%s”, %s, and neither it nor the statement's fields says what it starts from, so the object is not determined; a person must confirm that the start is stated.", t.Field, name, sp.Quote, kind),
			fix)
	}
	for _, t := range texts {
		for _, m := range stStepMapRe.FindAllStringSubmatchIndex(t.Body, 4) {
			arg, image := t.Body[m[2]:m[3]], t.Body[m[4]:m[5]]
			from, to := sentenceAround(t.Body, m[2])
			if strings.Count(t.Body[:m[2]], "$")%2 == 1 || !stStepCueRe.MatchString(t.Body[from:to]) || !stStepUsesArg(arg, image) || started {
				continue
			}
			if len(arg) == 1 && stBareInitial(defs, arg) {
				continue // "a₀ = 196"
			}
			ask(t, "the objects of “"+arg+" ↦ "+strings.TrimSpace(image)+"”", m[2], m[5], "a map applied again and again",
				"Say what the iteration starts from (for example “started at a₀ = …”, “the tree rooted at …”) next to the map.")
		}
		for _, m := range stStepPrefixRe.FindAllStringSubmatchIndex(t.Body, 4) {
			sign, v, right := t.Body[m[2]:m[3]], t.Body[m[4]:m[5]], t.Body[m[8]:m[9]]
			if strings.Count(t.Body[:m[2]], "$")%2 == 1 || !regexp.MustCompile(regexp.QuoteMeta(sign)+`\(?\s*`+v+`(?:$|[^\p{L}\p{N}])`).MatchString(right) ||
				regexp.MustCompile(`(?:^|[\s(,:])`+regexp.QuoteMeta(sign)+`\(?\s*[0-9]+\s*\)?\s*(?:=|:=|\bis\b)`).MatchString(defs) {
				continue
			}
			ask(t, sign+v, m[2], m[8]+len(strings.TrimRight(right, " ")), "a recurrence of a prefix operator from its value at the previous index",
				fmt.Sprintf("State the value of %s at the first index (for example “%s0 = 0”) next to the recurrence.", sign+v, sign))
		}
		for _, m := range stStepSelfRe.FindAllStringIndex(t.Body, 2) {
			if started || stStepNamedStart(defs) {
				continue
			}
			from, _ := sentenceAround(t.Body, m[0])
			ask(t, "the self-describing sequence", from, m[1], "a rule the sequence satisfies about itself, which other sequences satisfy too",
				"State the first terms of the sequence (for example “it begins 1, 2, 2”) next to the rule.")
		}
	}
	return n
}

// stStepUsesArg reports whether a map's image uses its argument: "a + R(a)" uses a, "(x, y, 3xy
// − z)" uses x, y and z. A map to a constant generates nothing.
func stStepUsesArg(arg, image string) bool {
	for _, v := range strings.FieldsFunc(strings.Trim(arg, "()"), func(r rune) bool { return r == ',' || r == ' ' }) {
		if v != "" && strings.Contains(image, v) {
			return true
		}
	}
	return false
}

// stStepNamedStartRe finds a term of a sequence written as a function given a value at a number:
// "K(1) = 1".
var stStepNamedStartRe = regexp.MustCompile(`(?:^|[^\p{L}\\])\p{L}{1,3}\(\s*[0-9]+\s*\)\s*(?:=|:=|\bis\b)`)

// stStepNamedStart reports whether defs give a term of a sequence a value at a number.
func stStepNamedStart(defs string) bool { return stStepNamedStartRe.MatchString(defs) }
