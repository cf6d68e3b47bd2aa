package gates

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/theoremdb/theoremdb/packet"
)

// A statement may define a term in its own words and a definition entry define it again ("A
// transversal of such a square is a set of 11 cells … whose entries are pairwise distinct" over
// an entry "a transversal is a set of n cells, one in each row and one in each column"). When
// the entry allows what the statement's definition does not ("its entries may repeat", "the
// parts need not be disjoint"), or drops a condition of distinctness the statement's definition
// imposes, the two define different objects and a reader cannot tell which one the problem
// asks about. Either may be a harmless paraphrase, so the finding goes to a person.

// stPermissionRe finds a clause that allows what a definition might forbid: "may repeat",
// "need not be distinct", "not necessarily disjoint", "are allowed to coincide".
var stPermissionRe = regexp.MustCompile(`(?i)\b(?:may|need not|needn't|not necessarily|possibly|(?:is|are) allowed to|is permitted|are permitted)\b`)

// stDistinctRe finds a condition of distinctness in a definition.
var stDistinctRe = regexp.MustCompile(`(?i)\b(?:distinct|disjoint|different|pairwise|no two|injective)\b`)

// stCountConditionRe finds a condition of number in a definition: "exactly one infinite
// cluster", "a unique minimiser", "at most one".
var stCountConditionRe = regexp.MustCompile(`(?i)\b(?:exactly (?:one|two|three|\d+)|precisely (?:one|two)|unique|uniquely|at most one|only one|a single)\b`)

// stSymbolTermRe reads a symbol a definition's term names: "p_u", "$p_u(G)$", "\\theta".
var stSymbolTermRe = regexp.MustCompile(`^\$?\s*([^$(\s]+)`)

// stSymbolDefinedIn finds the clause of the statement that defines a symbol: the prose after a
// formula that is the symbol alone (with its arguments), when it opens with "be", "the",
// "denote" or "is" ("let $p_u(G)$ be the infimum …", "and $p_u(G)$ the infimum …"). It returns
// the clause or "".
func stSymbolDefinedIn(t *stText, term string) string {
	m := stSymbolTermRe.FindStringSubmatch(strings.TrimSpace(term))
	if m == nil || !t.ok() {
		return ""
	}
	sym := strings.ReplaceAll(m[1], " ", "")
	for p, tk := range t.toks {
		if tk.kind != 'f' {
			continue
		}
		body := strings.ReplaceAll(t.formula(p).Body(), " ", "")
		if i := strings.IndexByte(body, '('); i > 0 && strings.HasSuffix(body, ")") {
			body = body[:i]
		}
		if body != sym || p+1 >= len(t.toks) {
			continue
		}
		switch t.toks[p+1].text {
		case "be", "the", "denote", "denotes", "is":
		default:
			continue
		}
		end := p + 1
		for end < len(t.toks) && t.toks[end].sent == tk.sent && t.toks[end].clause == tk.clause {
			end++
		}
		return t.src[t.toks[p+1].start:t.toks[end-1].end]
	}
	return ""
}

// stTermDefinedIn finds the sentence of text that defines term with an article: "A transversal
// of such a square is …", "An arrangement is called … if". It returns the sentence or "".
func stTermDefinedIn(text, term string) string {
	re, err := regexp.Compile(`(?i)(?:^|[^\p{L}])(?:a|an)\s+` + regexp.QuoteMeta(term) + `\b[^.;?]{0,80}?\b(?:is|are|means|is called|if)\b`)
	if err != nil {
		return ""
	}
	for _, b := range stSentenceBounds(text) {
		s := text[b[0]:b[1]]
		if re.MatchString(s) {
			return strings.TrimSpace(s)
		}
	}
	return ""
}

// stRedefinedTerms asks a person about each definition entry whose term the statement defines
// too, when the entry allows what the statement's definition does not say, or drops its
// condition of distinctness. It returns the number of findings.
func stRedefinedTerms(a *stAnalysis, out *Report) int {
	n := 0
	for i, e := range a.r.Exposition {
		term := strings.TrimSpace(e.Term)
		if e.Kind != packet.Definition {
			continue
		}
		var def string
		if len([]rune(term)) < 4 || strings.ContainsAny(term, `$\(`) {
			def = stSymbolDefinedIn(a.stmt, term)
		} else {
			def = stTermDefinedIn(a.r.Statement, term)
		}
		if def == "" {
			continue
		}
		body := e.Body
		why := ""
		if m := stCountConditionRe.FindString(def); m != "" && !stCountConditionRe.MatchString(body) {
			why = fmt.Sprintf("the statement's definition asks for “%s” and the entry does not", m)
		} else if m := stPermissionRe.FindStringIndex(body); m != nil && !stPermissionRe.MatchString(def) {
			why = fmt.Sprintf("the entry allows what the statement's definition does not (“%s”)", clipText(body[m[0]:], 60))
		} else if m := stDistinctRe.FindString(def); m != "" && !stDistinctRe.MatchString(body) {
			why = fmt.Sprintf("the statement's definition asks for “%s” entries or parts and the entry does not", m)
		}
		if why == "" {
			continue
		}
		n++
		field := ExpositionField(i, "body")
		out.NeedsHuman(stCheckTerms, Whole(field, body),
			fmt.Sprintf("The statement defines “%s” (“%s”) and exposition entry %d defines it again, but %s, so the two may define different objects; a person must compare them.", term, clipText(def, 120), i+1, why),
			fmt.Sprintf("Make the definition entry for “%s” say exactly what the statement's definition says, or drop one of the two.", term))
		if n >= 3 {
			break
		}
	}
	return n
}
