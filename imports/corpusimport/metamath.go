package corpusimport

import (
	"fmt"
	"strings"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/kernel"
)

// Metamath is the source of a Metamath database of the formal library:
// CC0, as the databases of the Metamath project are.
func Metamath(database string) Source {
	return Source{
		Writer:  corpus.Writer{Kind: corpus.WriterImporter, ID: "importer:metamath", Layer: "metamath"},
		Licence: "CC0-1.0",
		Attribution: func(it Item) string {
			return fmt.Sprintf("The Metamath database %s (CC0 1.0), %s at line %d", database, it.Formal.Label, it.Line)
		},
	}
}

// ReadMetamath reads a parsed database's proved theorems as formal items:
// one THEOREM per $p statement, bound to its label, whose uses are the $p
// labels its proof cites. A citation of an $a statement (an axiom, a
// definition or a syntax constructor) is no corpus node and is counted in
// axiomCites, not made an edge. The database's order puts every cited
// statement first.
func ReadMetamath(db *kernel.Database, database string) (items []Item, axiomCites int) {
	key := func(label string) string { return "metamath:" + database + ":" + label }
	prefix := "mm-" + strings.TrimSuffix(database, ".mm") + "-"
	provable := map[string]bool{}
	taken := labelSet{}
	for _, a := range db.Assertions() {
		if !a.Provable {
			continue
		}
		provable[a.Label] = true
		// Labels differing only in case or punctuation would meet in one slug.
		label := taken.take(slug(prefix, a.Label, corpus.MaxLabel-6))
		var body strings.Builder
		fmt.Fprintf(&body, "The Metamath statement `%s` of `%s`", a.Label, database)
		if len(a.Hypotheses) > 0 {
			body.WriteString(", from the hypotheses\n\n")
			for _, h := range a.Hypotheses {
				fmt.Fprintf(&body, "    %s\n", h)
			}
			body.WriteString("\nasserts\n\n")
		} else {
			body.WriteString(":\n\n")
		}
		fmt.Fprintf(&body, "    %s\n", a.Statement)
		it := Item{Key: key(a.Label), Label: label, Kind: corpus.Theorem, Title: "Metamath " + database + " " + a.Label,
			Body: body.String(), File: database, Line: a.Line,
			Formal: &corpus.Formal{System: corpus.FormalMetamath, Database: database, Label: a.Label}}
		for _, u := range a.Uses {
			if provable[u] {
				it.Refs = append(it.Refs, key(u))
			} else {
				axiomCites++
			}
		}
		items = append(items, it)
	}
	return items, axiomCites
}
