package corpus

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/tex"
)

const nmCheckResolves = "names.resolve"

// namesGate is merge gate 4: names of theorems (K9.3 item 6, rule X07). A
// theorem the prose names ("by the theorem of X and Y", "Zorn's lemma")
// links to a node the draft points to, or to a source it cites. Models
// invent theorems that match what they want to prove, so an agent's name
// that resolves to nothing fails; a person's or an importer's goes to a
// person, since a name can be well known without a node yet.
var namesGate = &mergeGate{
	name: GateNames, position: 4, version: "1",
	checks: map[string]string{
		nmCheckResolves: "A theorem the prose names links to a node or has a source.",
	},
	run: runNames,
}

// Named results: "Zorn's lemma", "the Cantor–Bernstein theorem", "the
// theorem of Hahn and Banach".
var (
	nmResult    = `(?:[Tt]heorem|[Ll]emma|[Cc]onjecture|[Ii]nequality|[Pp]rinciple|[Cc]riterion|[Pp]aradox|[Ff]ormula|[Cc]orollary)`
	nmName      = `\p{Lu}[\p{L}]+(?:(?:\s*[-–—]\s*|\s+and\s+|,\s+)\p{Lu}[\p{L}]+)*`
	nmPossessor = regexp.MustCompile(`(` + nmName + `)(?:'s|’s)?\s+` + nmResult + `\b`)
	nmOf        = regexp.MustCompile(`\b` + nmResult + `\s+of\s+(` + nmName + `)`)
	// nmNotNames start a sentence or name no one.
	nmNotNames = map[string]bool{"The": true, "This": true, "That": true, "A": true, "An": true, "Our": true, "Main": true,
		"Previous": true, "Following": true, "Above": true, "Next": true, "By": true, "Every": true, "Each": true, "Its": true,
		"Their": true, "Last": true, "First": true, "Second": true, "Third": true, "Key": true, "Fundamental": true, "Completeness": true,
		"Compactness": true, "Soundness": true, "Deduction": true, "Recursion": true, "Induction": true, "Representation": true,
		"Incompleteness": true, "Fixed": true, "Diagonal": true, "Substitution": true, "Replacement": true, "Extensionality": true,
		"Proof": true, "Definition": true, "Lemma": true, "Theorem": true, "Proposition": true, "Corollary": true, "Example": true,
		"In": true, "We": true, "Then": true, "Hence": true, "Thus": true, "So": true, "If": true, "Since": true, "Using": true, "Use": true,
		"Apply": true, "Applying": true, "From": true, "Recall": true, "See": true, "Note": true, "Is": true, "Well": true, "Ordering": true}
)

// nmNamed is one named result in a body.
type nmNamed struct {
	name       string // the person's names, as written
	start, end int    // the phrase's bytes
}

// namedResults finds the named results in the prose of body (formulas are
// not prose).
func namedResults(body string) []nmNamed {
	prose := []byte(body)
	if doc, err := tex.Read(body); err == nil {
		for _, f := range doc.Formulas {
			for k := f.Start; k < f.End && k < len(prose); k++ {
				prose[k] = ' '
			}
		}
	}
	var out []nmNamed
	for _, re := range []*regexp.Regexp{nmPossessor, nmOf} {
		for _, m := range re.FindAllSubmatchIndex(prose, -1) {
			name := string(prose[m[2]:m[3]])
			first := strings.FieldsFunc(name, func(r rune) bool { return r == ' ' || r == '-' || r == '–' || r == '—' || r == ',' })
			if len(first) == 0 || nmNotNames[first[0]] {
				continue
			}
			out = append(out, nmNamed{name: name, start: m[0], end: m[1]})
		}
	}
	return out
}

// surnames are the capitalised words of a name ("Hahn and Banach" → Hahn, Banach).
func surnames(name string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(name, func(r rune) bool { return r == ' ' || r == '-' || r == '–' || r == '—' || r == ',' }) {
		if w != "and" {
			out = append(out, strings.ToLower(w))
		}
	}
	return out
}

func runNames(ctx context.Context, st *state) error {
	anyName := false
	for i, d := range st.req.Drafts {
		named := namedResults(d.Body)
		if len(named) == 0 {
			continue
		}
		anyName = true
		linked, err := st.linkedTexts(ctx, i)
		if err != nil {
			return err
		}
		for _, n := range named {
			sp := gates.SpanOf(draftField(i, "body"), d.Body, n.start, n.end)
			if resolvesIn(n.name, linked) {
				st.rep.pass(nmCheckResolves, sp, fmt.Sprintf("Draft %d names %q, which a node it points to or a source it cites carries.", i+1, d.Body[n.start:n.end]))
				continue
			}
			behaviour := fmt.Sprintf("Draft %d names %q, and neither a node it points to nor a source it cites carries the name %s.", i+1, d.Body[n.start:n.end], n.name)
			fix := "Point to the node that states the result (uses), or cite a source that states it, or remove the name."
			if st.req.Writer.Kind == WriterAgent {
				st.rep.fail(nmCheckResolves, sp, "", behaviour, fix)
			} else {
				st.rep.needsHuman(nmCheckResolves, sp, behaviour+" A person must check that the result exists as named.", fix)
			}
		}
	}
	if !anyName {
		st.rep.pass(nmCheckResolves, gates.Absent("nodes"), "No draft names a theorem in its prose.")
	}
	return nil
}

// resolvesIn reports whether every surname of name appears in one of texts.
func resolvesIn(name string, texts []string) bool {
	ss := surnames(name)
	for _, t := range texts {
		t = strings.ToLower(t)
		all := len(ss) > 0
		for _, s := range ss {
			if !strings.Contains(t, s) {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

// linkedTexts are the titles and labels of what draft i points to and is,
// and the citations of the sources it cites.
func (st *state) linkedTexts(ctx context.Context, i int) ([]string, error) {
	d := st.req.Drafts[i]
	out := []string{d.Title, d.Label}
	if r := st.drafts[i].revised; r != nil {
		out = append(out, r.Title, r.Label)
	}
	add := func(t *target) {
		if t == nil {
			return
		}
		if t.node != nil {
			out = append(out, t.node.Title, t.node.Label)
			return
		}
		out = append(out, st.req.Drafts[t.draft].Title, st.req.Drafts[t.draft].Label)
	}
	for k := range st.drafts[i].uses {
		add(&st.drafts[i].uses[k])
	}
	add(st.drafts[i].proves)
	add(st.drafts[i].exampleOf)
	for _, ref := range d.References {
		out = append(out, ref.Citation, ref.Title)
	}
	return out, nil
}
