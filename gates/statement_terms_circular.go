package gates

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/theoremdb/theoremdb/packet"
)

// A definition that uses the term it defines inside its own defining clause ("a character has
// p-defect zero when it lies in a block whose characters have p-defect zero", "G is residually
// finite if … there is a residually finite group F …") defines nothing: the clause presupposes
// what it is meant to fix. The reader finds, in one sentence of a definition entry (for its
// term) or of the statement (for a term it marks and defines: "*T* if …", "\emph{T} when …"),
// the term, then a defining word (if, when, iff, whenever, provided, means), then the term
// again, and asks a person: a recursive definition can be sound, which is a reading of the
// mathematics.

// stMarkedDefinitionRe finds a term the statement marks and defines: "*T* if", "\emph{T} when".
var stMarkedDefinitionRe = regexp.MustCompile(`(?:\*|\\emph\{|\\textit\{|\\textbf\{)([^*{}$]{3,60})(?:\*|\})\s+(?:if|iff|when|whenever|provided)\b`)

// stDefiningClauseRe finds the word that opens a defining clause, in plain words.
var stDefiningClauseRe = regexp.MustCompile(`\b(if|iff|when|whenever|provided|means)\b`)

func stCircularDefinitions(a *stAnalysis, out *Report) int {
	type def struct{ term, field, body string }
	var defs []def
	for i, e := range a.r.Exposition {
		if e.Kind == packet.Definition && strings.TrimSpace(e.Term) != "" {
			defs = append(defs, def{e.Term, fmt.Sprintf("exposition[%d].body", i), e.Body})
		}
	}
	for _, m := range stMarkedDefinitionRe.FindAllStringSubmatch(a.r.Statement, 5) {
		defs = append(defs, def{m[1], FieldStatement, a.r.Statement})
	}
	n := 0
	for _, d := range defs {
		term := stCircularPlain(d.term)
		if len(term) < 6 {
			continue
		}
		body := compared(d.body)
		start := 0
		for _, e := range append(sentenceEndRe.FindAllStringIndex(body, -1), []int{len(body), len(body)}) {
			sent := body[start:e[1]]
			lo, hi := start, e[1]
			start = e[1]
			plain := stCircularPlain(sent)
			first := strings.Index(plain, term)
			if first < 0 {
				continue
			}
			rest := plain[first+len(term)-1:]
			second := strings.Index(rest, term)
			if second < 0 || !stDefiningClauseRe.MatchString(rest[:second]) {
				continue
			}
			n++
			out.NeedsHuman(stCheckTerms, SpanOf(d.field, body, lo, hi),
				fmt.Sprintf("%s defines “%s” by a clause that uses “%s” again, so the definition presupposes what it defines; a person must confirm that the term is defined.", d.field, strings.TrimSpace(d.term), strings.TrimSpace(d.term)),
				fmt.Sprintf("Define “%s” by a condition that does not use the term itself (or, for a recursive definition, say what it recurses on and where it starts).", strings.TrimSpace(d.term)))
			break
		}
	}
	return n
}

// stCircularPlain turns text into lower-case plain words between spaces, a formula joined to
// the word it prefixes: "$p$-defect zero" reads " p-defect zero ".
func stCircularPlain(s string) string {
	w := strings.ToLower(strings.Join(strings.Fields(stPlainWords(s)), " "))
	return " " + strings.ReplaceAll(strings.ReplaceAll(w, " -", "-"), "- ", "-") + " "
}
