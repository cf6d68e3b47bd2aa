package graph_test

import (
	"context"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/db/dbtest"
)

const submitStatement = `mutation($statement: String!) {
  submitProblem(input: {title: "Good integers", statement: $statement,
    acceptance: {kind: PROOF, criterion: "A proof or a counterexample."},
    provenance: {kind: ORIGINAL, attribution: "Ada", sourceLocator: "", rightsBasis: "Own words."},
    referenceSearch: {checkedOn: "2026-01-01T00:00:00Z", databases: ["arXiv"], queries: ["good integers"], coverage: "Titles."}}) {
    problem { id } userErrors { field message code }
  }
}`

// TestUnreadableTeXIsAUserError: a statement with an unbalanced $ gets no ID; it is a userError
// on the statement field that says where the TeX cannot be read, and nothing is stored.
func TestUnreadableTeXIsAUserError(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		a := newAPI(t, d)
		tok := a.token("ada")
		var out struct {
			SubmitProblem struct {
				Problem    *struct{ ID string }
				UserErrors []userError
			}
		}
		r := a.do(tok, submitStatement, map[string]any{"statement": "Is every integer $n \\ge 2 good?"}, &out)
		ue := out.SubmitProblem.UserErrors
		if len(r.Errors) > 0 || out.SubmitProblem.Problem != nil || len(ue) != 1 || strings.Join(ue[0].Field, ".") != "statement" ||
			ue[0].Code != "INVALID" || !strings.Contains(ue[0].Message, "TeX that cannot be read at line 1, character 18") {
			t.Fatalf("submitProblem with an unbalanced $ = %s; want one INVALID userError on statement at line 1, character 18", r.Body)
		}
		if n, err := a.svc.Client().Problem.Query().Count(context.Background()); err != nil || n != 0 {
			t.Errorf("problems after the refusal = %d, %v; want none", n, err)
		}
	})
}
