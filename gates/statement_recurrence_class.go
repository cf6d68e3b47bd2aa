package gates

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/theoremdb/theoremdb/packet"
)

// A class is defined recursively as a sequence is: "a graph is a cograph when it is the
// disjoint union or the join of two cographs" says how members make members, and like a
// recurrence it determines nothing without a member to start from (the empty class obeys every
// such rule). What marks it is its shape: "a[n] K is a[n] T when (if, whenever) it is …", where
// the rest of the sentence names T again, and nowhere in the entry is anything said to be a T
// outright ("a single vertex is a cograph") or the class said to be the least one containing
// some members. The rule may also be read as a property, so the finding goes to a person.

// stClassRuleRe finds a conditional definition of a class: group 1 the kind, group 2 the class.
var stClassRuleRe = regexp.MustCompile(`(?i)\b(?:a|an)\s+((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+)\s+is\s+(?:called\s+)?(?:a|an)\s+((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+)\s+(?:when|if|whenever|iff|if and only if)\s+it\s+(?:is|can be written as)\b`)

// stClassStartRe marks an entry that gives the class a start: the least class containing some
// members, a generator, a base case, a trivial or single member.
var stClassStartRe = regexp.MustCompile(`(?i)\b(?:smallest|least|minimal)\s+(?:class|family|set)\b|\b(?:contain|contains|containing|generated|generates|starting|start|base case|trivial|single|one-vertex|one-point|empty)\b`)

// stClassDefinitions asks a person about each definition entry (or the statement) that defines
// a class only by a closure rule. It returns the number of findings.
func stClassDefinitions(a *stAnalysis, out *Report) int {
	texts := []Text{{FieldStatement, a.r.Statement}}
	for i, e := range a.r.Exposition {
		if e.Kind == packet.Definition || e.Kind == packet.Convention {
			texts = append(texts, Text{ExpositionField(i, "body"), e.Body})
		}
	}
	n := 0
	for _, t := range texts {
		if stClassStartRe.MatchString(t.Body) {
			continue
		}
		for _, m := range stClassRuleRe.FindAllStringSubmatchIndex(t.Body, 2) {
			kind, class := strings.ToLower(t.Body[m[2]:m[3]]), strings.ToLower(t.Body[m[4]:m[5]])
			if kind == class || strings.Count(t.Body[:m[0]], "$")%2 == 1 {
				continue
			}
			_, to := sentenceAround(t.Body, m[0])
			if to < m[1] || !stNamesClass(strings.ToLower(t.Body[m[1]:to]), class) || stClassOutright(t.Body, class) {
				continue
			}
			sp := SpanOf(t.Field, t.Body, m[0], to)
			n++
			out.NeedsHuman(stCheckRecurrence, sp,
				fmt.Sprintf("%s defines “%s” only by how members make members (“%s”), and nothing in it is said to be one outright, so like a recurrence without its first terms the class is not determined (the empty class obeys the rule); a person must confirm that the class has a start.", t.Field, class, clipText(sp.Quote, 120)),
				fmt.Sprintf("Say which objects are %s to begin with (for example “a single vertex is a %s”), or define the class as the least one containing them and closed under the rule.", class+"s", class))
			break
		}
	}
	return n
}

// stNamesClass reports whether rest names the class again, in the singular or the plural.
func stNamesClass(rest, class string) bool {
	for i := 0; ; {
		j := strings.Index(rest[i:], class)
		if j < 0 {
			return false
		}
		k := i + j + len(class)
		if (i+j == 0 || !isWordByte(rest[i+j-1])) && (k == len(rest) || !isWordByte(rest[k]) || rest[k] == 's' && (k+1 == len(rest) || !isWordByte(rest[k+1]))) {
			return true
		}
		i = k
	}
}

// stClassOutright reports whether body says something is a member of class outright, outside
// a conditional definition: "… is a cograph," not followed by "when" or "if".
func stClassOutright(body, class string) bool {
	re := regexp.MustCompile(`(?i)\b(?:is|are)\s+(?:(?:a|an)\s+)?` + regexp.QuoteMeta(class) + `s?\b(\s+(?:when|if|whenever|iff)\b)?`)
	for _, m := range re.FindAllStringSubmatchIndex(body, -1) {
		if m[2] < 0 {
			return true
		}
	}
	return false
}

// isWordByte reports whether b continues a word.
func isWordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '-' || b >= 0x80
}
