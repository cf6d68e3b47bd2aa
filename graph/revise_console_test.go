package graph_test

import (
	"context"
	"testing"

	"github.com/theoremdb/theoremdb/role"
)

// TestReviseProblemIsTheProposersPath: an operator may not revise an imported problem through
// GraphQL's reviseProblem; that is the administrator review console's path, whose stored note
// names the administrator.
func TestReviseProblemIsTheProposersPath(t *testing.T) {
	t.Parallel()
	a := newAPI(t, "sqlite3")
	tok := a.token("otto", role.Operator)
	importer, err := a.svc.CreateAccount(context.Background(), "importer", "", []role.Role{role.Operator})
	if err != nil {
		t.Fatal(err)
	}
	p, _, err := a.svc.Import(context.Background(), importer, "erdos:77", "test", problemInput("An imported problem"))
	if err != nil {
		t.Fatal(err)
	}
	var out struct {
		ReviseProblem struct {
			Revision   *struct{ ID string }
			UserErrors []struct{ Code string }
		}
	}
	input := map[string]any{"problemId": p.ID, "note": "the importer is gone", "title": "An imported problem, revised",
		"statement":  "Is every integer $n \\ge 2$ good?",
		"acceptance": map[string]any{"kind": "PROOF", "criterion": "A proof or a counterexample."},
		"provenance": map[string]any{"kind": "REFORMULATION", "attribution": "Folklore", "sourceLocator": "Guy D11", "rightsBasis": "Own words."},
		"references": []any{map[string]any{"identifier": "arXiv:2101.00001", "citation": "A paper.", "locator": "Theorem 1",
			"relevance": "States the question.", "role": "PRIMARY"}},
		"referenceSearch": map[string]any{"checkedOn": "2026-01-01", "databases": []string{"arXiv"}, "queries": []string{"good integers"},
			"coverage": "Titles and abstracts."}}
	a.do(tok, `mutation($in: ReviseProblemInput!) { reviseProblem(input: $in) { revision { id } userErrors { code field message } } }`,
		map[string]any{"in": input}, &out)
	if out.ReviseProblem.Revision != nil || len(out.ReviseProblem.UserErrors) != 1 || out.ReviseProblem.UserErrors[0].Code != "FORBIDDEN" {
		t.Errorf("reviseProblem by an operator = %+v; want FORBIDDEN and no revision", out.ReviseProblem)
	}
}
