package gates

import (
	"fmt"
	"strings"

	"github.com/theoremdb/theoremdb/tex"
)

// A statement that says a thing in prose and again in a formula ("every automaton has a short
// reset word, that is, $\exists w\, \forall \mathcal{A} \dots$") asks two questions when the two
// put their quantifiers in different orders: "every A has some w" (∀∃) lets w depend on A,
// "some w serves every A" (∃∀) does not. The reader compares the order of the first universal
// and the first existential quantifier in the prose of the sentence before the formula with
// their order in the formula; a negation in that prose ("there is no …") turns one into the
// other, so a sentence with one is not read. Which of the two is meant is a person's reading.

// stQuantAll and stQuantSome are the prose words of a universal and of an existential
// quantifier; an existential is also "there is", or a verb of having followed by an article.
var (
	stQuantAll  = stWordSet(`every each all any`)
	stQuantSome = stWordSet(`exists exist some`)
	stQuantHave = stWordSet(`has have admits admit contains contain is are`)
	stQuantNeg  = stWordSet(`no not none never nor without cannot`)
	// stQuantUnbounded follow "arbitrarily" in a phrase that asks for values beyond every bound.
	stQuantUnbounded = stWordSet(`large long high big many small`)
)

// stProseQuantOrder returns 'A' when the prose words put a universal quantifier first, 'E' when
// they put an existential one first, and 0 when they lack one of the two or hold a negation.
func stProseQuantOrder(words []string) byte {
	all, some := -1, -1
	for i, w := range words {
		if stQuantNeg[w] {
			return 0
		}
		// "arbitrarily large n" and "infinitely many n" are ∀N ∃n > N: a universal first.
		if all < 0 && some < 0 && i+1 < len(words) && (w == "arbitrarily" && stQuantUnbounded[words[i+1]] || w == "infinitely" && words[i+1] == "many") {
			return 'A'
		}
		switch {
		case all < 0 && stQuantAll[w]:
			all = i
		case some < 0 && stQuantSome[w]:
			some = i
		case some < 0 && stQuantHave[w] && i+1 < len(words) && (words[i+1] == "a" || words[i+1] == "an") &&
			(w != "is" && w != "are" || i > 0 && words[i-1] == "there"):
			some = i
		}
	}
	switch {
	case all < 0 || some < 0:
		return 0
	case all < some:
		return 'A'
	}
	return 'E'
}

// stFormulaQuantOrder is the same for a formula's \forall and \exists.
func stFormulaQuantOrder(f *tex.Formula) byte {
	for _, a := range f.Atoms {
		if a.Kind != tex.AtomQuant {
			continue
		}
		switch a.Text {
		case `\forall`, "∀":
			if stFormulaHas(f, `\exists`, "∃") {
				return 'A'
			}
			return 0
		case `\exists`, "∃":
			if stFormulaHas(f, `\forall`, "∀") {
				return 'E'
			}
			return 0
		default:
			return 0 // \nexists: a negation
		}
	}
	return 0
}

func stFormulaHas(f *tex.Formula, texts ...string) bool {
	for _, a := range f.Atoms {
		for _, t := range texts {
			if a.Kind == tex.AtomQuant && a.Text == t {
				return true
			}
		}
	}
	return false
}

// stQuantifierOrder asks a person about each formula whose quantifiers come in another order
// than the prose of its sentence puts them. It returns how many it asked about.
func stQuantifierOrder(a *stAnalysis, out *Report) int {
	t := a.stmt
	if !t.ok() {
		return 0
	}
	n := 0
	for fi, p := range t.ftok {
		if p < 0 || n >= 4 {
			continue
		}
		f := &t.tex.Formulas[fi]
		formula := stFormulaQuantOrder(f)
		if formula == 0 {
			continue
		}
		var words []string
		for k := 0; k < p; k++ {
			if x := t.toks[k]; x.sent == t.toks[p].sent && x.kind == 'w' {
				words = append(words, x.text)
			}
		}
		prose := stProseQuantOrder(words)
		if prose == 0 || prose == formula {
			continue
		}
		n++
		order := map[byte]string{'A': "a universal quantifier before an existential one (“every … has a …”)", 'E': "an existential quantifier before a universal one (“some … for every …”)"}
		out.NeedsHuman(stCheckDomain, t.span(f.Start, f.End),
			fmt.Sprintf("The prose of the sentence puts %s, but the formula %s puts them the other way round, so the two may ask different questions; a person must confirm which order is meant.",
				order[prose], strings.TrimSpace(clipText(t.src[f.Start:f.End], 120))),
			"Write the formula's quantifiers in the order the prose states them (or correct the prose), so that what depends on what is the same in both.")
	}
	return n
}
