package corpus

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/theoremdb/theoremdb/ent/corpusrevision"
	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/packet"
)

// stKept are the problem statement gate's checks that apply to a corpus
// statement (POLICY.md section 5, gate 5): defined terms and variable
// domains. The others ask what only a problem asks (a determinate target, a
// title that asks the same question) or were read by intake (TeX).
var stKept = []string{"statement.variable-domain", "statement.defined-terms"}

// statementGate is merge gate 5: the statement checks the problems' gate
// already has, applied to each definition, theorem, lemma and proposition
// with the definitions it uses as its exposition.
var statementGate = &mergeGate{
	name: GateStatement, position: 5, version: "1",
	checks: map[string]string{
		"statement.applies": "The statement checks read each definition, theorem, lemma and proposition.",
	},
	run: runStatementChecks,
}

func runStatementChecks(ctx context.Context, st *state) error {
	g, ok := gates.ByName(gates.Statement)
	if !ok {
		return fmt.Errorf("the problems' statement gate is missing")
	}
	ran := false
	for i, d := range st.req.Drafts {
		if !slices.Contains(statementKinds, d.Kind) {
			continue
		}
		ran = true
		exp, uses, err := st.expositionOf(ctx, i)
		if err != nil {
			return err
		}
		rev := &gates.Revision{Title: d.Title, Statement: d.Body, Exposition: exp, Generated: st.req.Writer.Kind == WriterAgent}
		res := gates.RunGate(ctx, g, rev, gates.Env{}, 0)
		for _, f := range res.Findings {
			if !slices.Contains(stKept, f.Check) {
				continue
			}
			f.Span.Field = mapStatementField(i, f.Span.Field, uses)
			if st.req.Writer.Kind == WriterImporter {
				f = importedDoubt(f)
			}
			if f.Verdict == gates.Fail {
				f.Consequence = "blocks merge"
			}
			f.Policy = PolicyVersion
			st.rep.findings = append(st.rep.findings, Finding{Finding: f})
		}
	}
	if !ran {
		st.rep.pass("statement.applies", gates.Absent("nodes"), "No draft states something: the statement checks read definitions, theorems, lemmas and propositions.")
	}
	return nil
}

// expositionOf gives the statement checks the definitions draft i uses, as
// the exposition entries a problem would carry, with the index of the uses
// item each came from.
func (st *state) expositionOf(ctx context.Context, i int) ([]packet.ExpositionEntry, []int, error) {
	var (
		exp  []packet.ExpositionEntry
		from []int
	)
	for j, t := range st.drafts[i].uses {
		switch {
		case t.node != nil && string(t.node.Kind) == Definition && t.node.CurrentRevisionID != nil:
			body, err := st.read.CorpusRevision.Query().Where(corpusrevision.ID(*t.node.CurrentRevisionID)).
				Select(corpusrevision.FieldBody).String(ctx)
			if err != nil {
				return nil, nil, fmt.Errorf("definition %s: %w", t.node.ID, err)
			}
			exp = append(exp, packet.ExpositionEntry{Kind: packet.Definition, Term: termOr(t.node.Term, t.node.Title), Body: body})
			from = append(from, st.useIndex(i, j))
		case t.node == nil && st.req.Drafts[t.draft].Kind == Definition:
			o := st.req.Drafts[t.draft]
			exp = append(exp, packet.ExpositionEntry{Kind: packet.Definition, Term: termOr(o.Term, o.Title), Body: o.Body})
			from = append(from, st.useIndex(i, j))
		}
	}
	return exp, from, nil
}

func termOr(term, title string) string {
	if term != "" {
		return term
	}
	return title
}

// mapStatementField turns a problem gate's field path into the request's.
func mapStatementField(i int, field string, uses []int) string {
	switch {
	case field == gates.FieldStatement:
		return draftField(i, "body")
	case field == gates.FieldTitle:
		return draftField(i, "title")
	case strings.HasPrefix(field, "exposition["):
		var k int
		if _, err := fmt.Sscanf(field, "exposition[%d]", &k); err == nil && k < len(uses) {
			return draftItem(i, "uses", uses[k])
		}
	}
	return draftField(i, "body")
}
