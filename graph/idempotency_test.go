package graph_test

import (
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/role"
)

const recordDecision = `mutation($pid: String!, $rev: ID!, $key: String!) {
  recordDecision(input: {problemId: $pid, revisionId: $rev, action: KEEP_PROSPECTING, notes: {reason: "The search record misses shifted indexings."},
    revisionRequests: ["Search for n shifted by one in OEIS."], idempotencyKey: $key}) {
    decision { id } userErrors { field message code }
  }
}`

type decisionData struct {
	RecordDecision struct {
		Decision   *struct{ ID string }
		UserErrors []struct {
			Field   []string
			Message string
			Code    string
		}
	}
}

// TestIdempotencyKeyIsPrivateAndPerReviewer: two reviewers can use the same
// key through the mutation, a reviewer's retry replays, and the key is in
// no output, no type and no filter of the schema.
func TestIdempotencyKeyIsPrivateAndPerReviewer(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		a := newAPI(t, d)
		a.token("ada")
		rita, rhea := a.token("rita", role.Reviewer), a.token("rhea", role.Reviewer)
		p1, p2 := a.submit("ada", "Good integers"), a.submit("ada", "Very good integers")
		const key = "reviewer-secret-key-7"

		decide := func(tok, pid string) string {
			t.Helper()
			var out decisionData
			r := a.do(tok, recordDecision, map[string]any{"pid": pid, "rev": a.revision(pid), "key": key}, &out)
			if len(r.Errors) > 0 || len(out.RecordDecision.UserErrors) > 0 || out.RecordDecision.Decision == nil {
				t.Fatalf("recordDecision(%s) = %s; want a decision", pid, r.Body)
			}
			return out.RecordDecision.Decision.ID
		}
		first := decide(rita, p1)
		if second := decide(rhea, p2); second == first {
			t.Errorf("rhea's decision = %s, rita's; want a decision of her own", second)
		}
		if again := decide(rita, p1); again != first {
			t.Errorf("rita's retry = %s; want the replay %s", again, first)
		}

		// Output: every field a decision has, by edge and by node.
		const fields = `id action reasonCode revisionRequests authority policyVersion createdAt reviewer { handle }`
		for _, q := range []string{
			`{ problem(id: "` + p1 + `") { decisions { ` + fields + ` } } }`,
			`{ node(id: "` + first + `") { ... on Decision { ` + fields + ` } } }`,
		} {
			r := a.do(rita, q, nil, nil)
			if len(r.Errors) > 0 {
				t.Fatalf("%s: %s", q, r.Body)
			}
			if strings.Contains(string(r.Body), key) {
				t.Errorf("%s printed the idempotency key: %s", q, r.Body)
			}
		}

		// Schema: no field, no filter, for the reviewer themself either.
		// (The same filter on another field is a valid query.)
		if r := a.do(rita, `{ problems(where: {hasDecisionsWith: {policyVersionNEQ: ""}}) { totalCount } }`, nil, nil); len(r.Errors) > 0 {
			t.Fatalf("filter on policyVersion: %s", r.Body)
		}
		tests := []struct {
			name  string
			query string
		}{
			{"field", `{ problem(id: "` + p1 + `") { decisions { id idempotencyKey } } }`},
			{"filter", `{ problems(where: {hasDecisionsWith: {idempotencyKey: "` + key + `"}}) { totalCount } }`},
		}
		for _, tt := range tests {
			r := a.do(rita, tt.query, nil, nil)
			if len(r.Errors) == 0 || r.Errors[0].Extensions["code"] != "GRAPHQL_VALIDATION_FAILED" {
				t.Errorf("%s: %s; want a validation error", tt.name, r.Body)
			}
		}
		var intro struct {
			Decision struct{ Fields []struct{ Name string } }
			Where    struct{ InputFields []struct{ Name string } }
		}
		r := a.do(rita, `{ Decision: __type(name: "Decision") { fields { name } }
			Where: __type(name: "DecisionWhereInput") { inputFields { name } } }`, nil, &intro)
		if len(r.Errors) > 0 || len(intro.Decision.Fields) == 0 || len(intro.Where.InputFields) == 0 {
			t.Fatalf("introspection: %s", r.Body)
		}
		if strings.Contains(strings.ToLower(string(r.Body)), "idempotency") {
			t.Errorf("Decision or DecisionWhereInput mentions the idempotency key: %s", r.Body)
		}
	})
}
