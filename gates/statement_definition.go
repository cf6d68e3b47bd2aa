package gates

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/theoremdb/theoremdb/packet"
)

// stDefinitionNamesTerm checks that each definition entry names its term, and that the term is
// used somewhere in the record.
func stDefinitionNamesTerm(a *stAnalysis, out *Report) {
	r := a.r
	n := 0
	for i, e := range r.Exposition {
		if e.Kind != packet.Definition {
			continue
		}
		n++
		field := ExpositionField(i, "term")
		term := strings.TrimSpace(e.Term)
		if term == "" {
			out.Fail(stCheckDefinition, Absent(field),
				fmt.Sprintf("Exposition entry %d is a DEFINITION but names no term, so a reader cannot tell what it assigns meaning to.", i+1),
				fmt.Sprintf("Set the term of exposition entry %d to the word or symbol it defines, or relabel the entry as a CONVENTION or REMARK if it defines nothing.", i+1))
			continue
		}
		if where := stTermUsed(r, i, term); where != "" {
			out.Pass(stCheckDefinition, Whole(field, e.Term),
				fmt.Sprintf("Exposition entry %d defines \"%s\", which %s uses.", i+1, term, where))
			continue
		}
		out.NeedsHuman(stCheckDefinition, Whole(field, e.Term),
			fmt.Sprintf("Exposition entry %d defines \"%s\", but neither the statement nor any other part of the record uses that term; a person must confirm that the entry names what it defines.", i+1, term),
			fmt.Sprintf("Use \"%s\" where the statement relies on it, or rename the term of entry %d to the word or symbol the statement uses.", term, i+1))
	}
	if n == 0 {
		out.Pass(stCheckDefinition, Absent("exposition"), "The record has no definition entries; definitions are optional.")
	}
}

// stTermUsed returns where the record uses the term of definition entry own, or "".
func stTermUsed(r *Revision, own int, term string) string {
	type place struct{ name, text string }
	places := []place{{"the statement", r.Statement}, {"the title", r.Title}}
	for i, e := range r.Exposition {
		if i != own {
			places = append(places, place{fmt.Sprintf("exposition entry %d", i+1), e.Term + " " + e.Body})
		}
	}
	for _, t := range r.Texts()[1:] {
		if !strings.HasPrefix(t.Field, "exposition") {
			places = append(places, place{t.Field, t.Body})
		}
	}
	var refs strings.Builder
	for _, x := range r.References {
		refs.WriteString(x.Citation + " " + x.Relevance + " ")
	}
	places = append(places, place{"the references", refs.String()},
		place{"the reference search", strings.Join(r.ReferenceSearch.Queries, " ; ")},
		place{"the tags", strings.Join(r.Tags, " ; ")})
	// A symbol ("R(s, t)", "$u(n)$", "$\mathcal{F}$") is looked up as written.
	if m := stTermSymbolRe.FindStringSubmatch(strings.TrimSpace(term)); m != nil && (m[2] != "" || len(m[1]) == 1 || m[1][0] == '\\') {
		head := m[1]
		for _, p := range places {
			for _, form := range []string{head + "(", "$" + head + "$", head + "_", "$" + head + " ", head + "^"} {
				if strings.Contains(p.text, form) {
					return p.name
				}
			}
		}
	}
	want := stKey(stSplitWords(stPlainWords(term)))
	if want == "" {
		return ""
	}
	for _, p := range places {
		if strings.Contains(" "+stKey(stSplitWords(stPlainWords(p.text)))+" ", " "+want+" ") {
			return p.name
		}
	}
	return ""
}

// stPlainWords turns text with formulas into plain words: "a sunflower with $r$ petals" reads
// as "a sunflower with r petals".
func stPlainWords(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '–' || r == '\'' || r == '’' {
			return r
		}
		return ' '
	}, s)
}

// stDefinitionCues make a remark or an example read like a definition.
var stDefinitionCues = []string{"is called", "are called", "we call", "we say that", "is said to be",
	"are said to be", "is defined as", "is defined to be", "are defined as", "we define", "denote by",
	"we denote", ":="}
