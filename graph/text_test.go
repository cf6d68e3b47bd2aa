package graph_test

import (
	"context"
	"testing"

	"github.com/theoremdb/theoremdb/db/dbtest"
)

const submitProblem = `mutation($title: String!) {
  submitProblem(input: {title: $title, statement: "Is every integer $n \\ge 2$ good?",
    acceptance: {kind: PROOF, criterion: "A proof or a counterexample."},
    provenance: {kind: ORIGINAL, attribution: "Ada", sourceLocator: "", rightsBasis: "Own words."},
    referenceSearch: {checkedOn: "2026-01-01T00:00:00Z", databases: ["arXiv"], queries: ["good integers"], coverage: "Titles."}}) {
    problem { id title } userErrors { field message code }
  }
}`

type userError struct {
	Field   []string
	Message string
	Code    string
}

// TestNULInTitleIsAUserError: a NUL byte in a title, which PostgreSQL
// cannot store, is refused where the string is decoded, as BAD_USER_INPUT
// naming the field and the character, not as an INTERNAL error, and is
// stored on neither database; the same title without it is accepted.
func TestNULInTitleIsAUserError(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		a := newAPI(t, d)
		tok := a.token("ada")
		var out struct {
			SubmitProblem struct {
				Problem    *struct{ ID, Title string }
				UserErrors []userError
			}
		}
		r := a.do(tok, submitProblem, map[string]any{"title": "Good\x00 integers"}, &out)
		const want = "submitProblem.input.title: contains U+0000 (NULL) at character 5; remove it"
		if len(r.Errors) != 1 || r.Errors[0].Message != want || r.Errors[0].Extensions["code"] != "BAD_USER_INPUT" ||
			out.SubmitProblem.Problem != nil {
			t.Fatalf("submitProblem with a NUL = %d %s; want one BAD_USER_INPUT error %q", r.Status, r.Body, want)
		}
		if n, err := a.svc.Client().Problem.Query().Count(context.Background()); err != nil || n != 0 {
			t.Errorf("problems after the refusal = %d, %v; want none", n, err)
		}

		out.SubmitProblem.UserErrors = nil
		r = a.do(tok, submitProblem, map[string]any{"title": "Good integers"}, &out)
		if len(r.Errors) > 0 || len(out.SubmitProblem.UserErrors) > 0 || out.SubmitProblem.Problem == nil ||
			out.SubmitProblem.Problem.Title != "Good integers" {
			t.Errorf("submitProblem without the NUL = %s; want the problem", r.Body)
		}
	})
}
